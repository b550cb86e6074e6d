/**
 * The engine spec contract: every kind of database Rama connects to implements this once.
 * User SQL reaches a database only through an EngineSpec (DESIGN.md, security rules).
 */
import type { Readable } from 'node:stream';
import type { AlreadyExists, EditorDialectInfo, StoredValue, UploadColumnKind } from '@rama/shared';
import type { FunctionPolicy } from './functions.js';
import type { LexRules } from './lexer.js';

/** Generic column types, as the API reports them (`type_generic`, `coltypes`). */
export const GenericType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericType = (typeof GenericType)[keyof typeof GenericType];

/** A parsed connection URI (`postgresql://user:pass@host:5432/db?x=y`, `duckdb:///path`). */
export interface ConnectionUri {
  /** scheme as written, e.g. `postgresql`, `postgresql+psycopg2`, `mysql`, `duckdb`, `sqlite` */
  scheme: string;
  /** normalized backend name: `postgresql`, `mysql`, `duckdb`, `sqlite` */
  backend: string;
  username: string | null;
  password: string | null;
  host: string | null;
  port: number | null;
  /** database name, or the file path for file engines (`/abs/path.duckdb`, `:memory:`) */
  database: string | null;
  query: Record<string, string>;
}

export interface ResultColumn {
  column_name: string;
  name: string;
  /** native type name as the database reports it */
  type: string;
  type_generic: GenericType;
  is_dttm: boolean;
}

/** Cell values are JSON-safe: integers beyond 2^53 come back as `bigint`, dates as ISO strings. */
export type Cell = string | number | boolean | null | bigint;

export interface StatementResult {
  columns: ResultColumn[];
  rows: Cell[][];
  /** rows changed by a DML statement, when the driver reports it */
  rowCount: number | null;
}

export interface TableRef {
  value: string;
  type: 'table' | 'view' | 'materialized_view';
  extra: null;
}

export interface ColumnMeta {
  name: string;
  type: string;
  longType: string;
  nullable: boolean;
  default: string | null;
  comment: string | null;
  type_generic: GenericType;
  is_dttm: boolean;
}

export interface IndexMeta {
  name: string;
  column_names: string[];
  unique: boolean;
  type: string | null;
}

export interface ForeignKeyMeta {
  name: string | null;
  constrained_columns: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  catalog: string | null;
  columns: ColumnMeta[];
  primaryKey: { constrained_columns: string[]; name: string | null };
  foreignKeys: ForeignKeyMeta[];
  indexes: IndexMeta[];
  comment: string | null;
  /** engine-specific extra metadata (`table_metadata/extra/`), e.g. partitions, engine, row estimate */
  extra: Record<string, unknown>;
}

/**
 * What a URI connects to, its defaults filled in: a local file, or one database on a server.
 * Tells whether a URI reaches Rama's own metadata store (databases/uri-policy.ts).
 */
export type ConnectionTarget =
  { kind: 'file'; path: string } | { kind: 'server'; host: string; port: number | null; database: string | null };

/**
 * How Rama reads an engine's SQL text: the node-sql-parser grammar(s) and the tokenizer's rules.
 * Plain data (it crosses to the parse workers, sql/offload.ts), never an engine name to switch on.
 */
export interface SqlSyntax {
  /** node-sql-parser `database` option for this engine */
  parser: string;
  /**
   * Grammars to try, in order, when checking one SQL expression (sql/expression.ts), each with the
   * identifier quote it reads: the engine's own first, then a sibling grammar that knows forms the
   * first misses (e.g. window functions). Defaults to `[{ grammar: parser, identQuote: '"' }]`.
   */
  expressionGrammars: readonly { grammar: string; identQuote: string }[];
  /** tokenizer rules: quotes, escapes, comments (engines/lexer.ts) */
  lexer: LexRules;
  /**
   * The parser's grammar lacks some spellings the engine has: `castsAndOperators` rewrites `IS NOT
   * DISTINCT FROM`, `TRY_CAST`, `//`, `**`, `^` and list literals `[…]`; `nullSafeEquals` drops
   * `<=>` to `=` (engines/expression-parse.ts). Only the parse sees the rewritten text.
   */
  parserRewrites: 'castsAndOperators' | 'nullSafeEquals' | 'none';
}

/** Options for opening a database connection pool. */
export interface ConnectOptions {
  uri: ConnectionUri;
  /** open the connection read-only where the engine supports it (DuckDB examples) */
  readOnly: boolean;
  /** DuckDB: forbid reading files / extensions from SQL (`enable_external_access=false`) */
  disableExternalAccess: boolean;
  /** maximum pooled connections */
  poolSize: number;
  /** connect timeout in ms */
  connectTimeoutMs: number;
}

/**
 * Where streamed rows go. `columns` comes once, before any rows; `rows` gets batches (a few
 * thousand rows at most). A promise returned by `rows` holds back reading until it settles, so a
 * slow consumer (a client's socket, the results store) never makes rows pile up in memory;
 * returning `false` (or a promise of it) stops reading: the consumer has had enough.
 */
export interface RowSink {
  columns(columns: ResultColumn[]): void;
  rows(batch: Cell[][]): void | boolean | Promise<void | boolean>;
}

export interface StreamOutcome {
  /** rows changed by a DML statement, when the driver reports it */
  rowCount: number | null;
  /** rows handed to the sink */
  rows: number;
}

/** One borrowed connection; execution and cancellation happen on it. */
export interface EngineConnection {
  /**
   * Run one statement. When `maxRows` is set, at most `maxRows` rows are read from the cursor
   * (the SQL itself is limited by the caller). Rejects with EngineError on database errors.
   */
  execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult>;
  /**
   * Run one statement and hand its rows to `sink` in batches as the engine produces them, never
   * holding the whole result: at most `maxRows` rows are read, then the statement is abandoned.
   */
  stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome>;
  /** Cancel whatever this connection is running, inside the database. Safe to call any time. */
  cancel(): Promise<void>;
  /** A value identifying the running session in the database (pg backend pid, mysql thread id). */
  readonly cancelId: string | null;
  /**
   * Close this connection on release instead of returning it to the pool: it ran SQL that may
   * have changed the session (settings, search path, temporary objects), which must not carry
   * over to another user's queries. Safe to call any time before release.
   */
  discard(): void;
  release(): void;
}

export interface EnginePool {
  acquire(): Promise<EngineConnection>;
  /** borrow, run, release */
  execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult>;
  close(): Promise<void>;
}

/**
 * Everything Rama knows about one kind of database lives in its folder, `engines/<engine>/`, and
 * reaches the rest of the server only through this contract (registered in engines/registry.ts):
 * code outside asks the spec for a capability, never compares an engine's name.
 */
export interface EngineSpec {
  /** registry key: `postgresql`, `mysql`, `duckdb`, `sqlite` */
  engine: string;
  /**
   * The backend name a URI of this spec reports (`ConnectionUri.backend`, the API's `backend`):
   * the engine key, except for a flavour sharing another engine's backend (MariaDB reports `mysql`).
   */
  backend: string;
  /** human name: PostgreSQL, MySQL, DuckDB, SQLite */
  engineName: string;
  /** URI schemes this spec accepts; the part before `+` selects the spec, any driver after it is accepted */
  schemes: string[];
  /** an example URI, shown in messages about a URI this engine cannot use */
  sqlalchemyUriPlaceholder: string;
  /** How the SQL text is parsed and tokenized (`syntax.parser`: node-sql-parser's dialect). */
  syntax: SqlSyntax;
  /** sql-formatter's language for this engine */
  formatterDialect: string;
  /** How SQL Lab's editor highlights, tokenizes and completes this engine's SQL (sent to the web app). */
  editor: EditorDialectInfo;
  /** true when the engine stores data in a local file (needs opt-in, DESIGN.md) */
  isFileBased: boolean;
  /**
   * What a URI of this engine connects to, defaults filled in (a file engine's path; a server's
   * host, port and database); null when it connects to nothing lasting (`:memory:`).
   */
  connectionTarget(uri: ConnectionUri): ConnectionTarget | null;
  supportsCatalogs: boolean;
  /** `ILIKE` is a case-insensitive LIKE here; chart filters on other engines compare lower-cased text. */
  supportsIlike: boolean;
  /** identifier quoting */
  quoteIdentifier(name: string): string;
  /** Add or tighten a row limit on a SELECT (engines differ: LIMIT vs TOP). */
  applyLimit(sql: string, limit: number): string;
  connect(opts: ConnectOptions): Promise<EnginePool>;
  getCatalogs(pool: EnginePool): Promise<string[]>;
  /**
   * The pool whose connections run in `catalog`, for engines where a catalog needs its own
   * connection (PostgreSQL: one database per connection). Engines that switch catalogs on a
   * connection (DuckDB's USE) leave this out.
   */
  poolForCatalog?(pool: EnginePool, catalog: string): EnginePool;
  getSchemas(pool: EnginePool, catalog: string | null): Promise<string[]>;
  getTables(pool: EnginePool, schema: string, catalog: string | null): Promise<TableRef[]>;
  getTableMetadata(pool: EnginePool, table: string, schema: string | null, catalog: string | null): Promise<TableMetadata>;
  /** Map a native type name to a generic type. */
  genericType(nativeType: string): { type_generic: GenericType; is_dttm: boolean };
  /** EXPLAIN-based cost estimate, one row per plan line (`[{"Total cost": ...}]`), on a borrowed connection. */
  estimateCost(conn: EngineConnection, sql: string): Promise<Record<string, unknown>[]>;
  /**
   * Switch a borrowed connection to the query's catalog and schema (the catalog's pool was already
   * chosen by `poolForCatalog` where the engine needs one); the returned function switches back
   * before the connection goes back to its pool.
   */
  enterNamespace(conn: EngineConnection, catalog: string | null, schema: string | null): Promise<() => Promise<void>>;
  /**
   * A second opinion, used only to allow: does the engine's own parser read this text as a plain
   * query? (DuckDB syntax that node-sql-parser does not know.) Engines without one leave it out.
   */
  confirmsReadOnly?(conn: EngineConnection, statement: string): Promise<boolean>;
  /**
   * The driver blocks one of Node's libuv threads while a statement runs (DuckDB): such queries
   * are capped process-wide below the thread pool size, so file, crypto and DNS work never starves.
   */
  usesThreadPool: boolean;
  /** Backslash is an escape character inside string literals (MySQL/MariaDB): templates escape it too. */
  backslashEscapes: boolean;
  /**
   * The statement that keeps a query's rows as a new table or view (SQL Lab's CTAS / CVAS); `target`
   * is already quoted. Left out: `CREATE TABLE|VIEW target AS select` (engines/sql-text.ts
   * `createAsStatement`); an engine whose tables need more (a storage engine clause) writes its own.
   */
  createAs?(method: 'TABLE' | 'VIEW', target: string, select: string): string;
  /**
   * A join condition true when `left` and `right` are equal or both NULL (the chart compiler's series
   * limit joins on it). Left out: `(left = right OR (left IS NULL AND right IS NULL))` (engines/sql-text.ts
   * `nullSafeEqualsSql`); an engine whose JOIN ON takes only equalities writes its own.
   */
  nullSafeEquals?(left: string, right: string): string;
  /**
   * A SELECT's aliases are visible in its own WHERE, GROUP BY and HAVING and win over the table's
   * columns (ClickHouse): `toStartOfMonth(ts) AS ts` would make every other `ts` the bucket. The chart
   * compiler then names its select list with internal aliases and gives the labels in an outer SELECT.
   */
  selectAliasesShadowColumns?: boolean;
  /**
   * How an uploaded file's rows get into a table (`/api/v1/database/{id}/csv_upload/` and the others)
   * through the engine's fastest path, all or nothing. Left out: the engine takes no uploads
   * (`engine_information.supports_file_upload` is false).
   */
  bulkLoader?: BulkLoader;
  /** Build a SELECT * preview for the table with the given limit. */
  selectStar(table: string, schema: string | null, columns: string[], limit: number): string;

  // --- what the chart data compiler writes (each engine's `<engine>/dialect.ts`) ---

  /**
   * The time grain keys this engine can group by, in the order a grain picker lists them:
   * `PT1S PT5S PT30S PT1M PT5M PT10M PT15M PT30M PT1H PT6H P1D P1W P1M P3M P1Y`, then the weeks
   * starting Sunday/Monday (`1969-12-28T00:00:00Z/P1W`, `1969-12-29T00:00:00Z/P1W`) and ending
   * Saturday/Sunday (`P1W/1970-01-03T00:00:00Z`, `P1W/1970-01-04T00:00:00Z`).
   */
  timeGrains(): string[];
  /**
   * SQL truncating a temporal column (`columnSql` is already quoted) to the start of its grain
   * bucket — for the "week ending" grains, the last day of the week at midnight. `P1W` weeks start
   * on Monday. The result is a timestamp without time zone (SQLite: text `YYYY-MM-DD HH:MM:SS`),
   * on the session's wall clock; null when the engine lacks the grain.
   */
  timeGrainExpression(grain: string, columnSql: string): string | null;
  /**
   * A literal to compare a temporal column of `nativeType` (null: unknown) with a time bound, the
   * bound read as UTC calendar time, e.g. `TIMESTAMP '2024-01-01 00:00:00.000000'`. Years outside
   * 1–9999 are clamped to them; an invalid Date throws a RangeError.
   */
  dttmLiteral(value: Date, nativeType: string | null): string;
  /**
   * A single-quoted string literal holding `value`, escaped for this engine (quotes doubled, and
   * backslashes where `backslashEscapes`; PostgreSQL writes text with a backslash as `E'…'`, which
   * reads the same under either `standard_conforming_strings`). NUL characters are dropped and
   * unpaired surrogates become U+FFFD, as no engine can hold them in text.
   */
  stringLiteral(value: string): string;
  /**
   * The functions an analyst's SQL expression (metric, column, filter) may call on this engine,
   * and how the engine reads dotted and attribute calls (engines/functions.ts). An allow-list:
   * anything not on it is refused (sql/expression.ts), as a deny-list is never complete.
   */
  expressionFunctions: FunctionPolicy;
}

// --- the bulk loader contract (`EngineSpec.bulkLoader`; shared helpers in engines/bulk-load.ts) ---

/*
 * How an uploaded file's rows get into a table, through each engine's fastest path (DuckDB's
 * appender, PostgreSQL's COPY, MySQL's batched inserts). A load is all or nothing: a failure leaves
 * the database as it was (no new table, the replaced table intact, no appended rows).
 */

export interface BulkColumn {
  /** the column's name as the table gets it (checked by the caller: no control characters, bounded) */
  name: string;
  kind: UploadColumnKind;
}

export interface BulkTable {
  /** null: the connection's current schema */
  schema: string | null;
  name: string;
  columns: BulkColumn[];
}

export interface BulkLoadRequest {
  /** a borrowed connection, already in the target namespace; the loader may change its session */
  conn: EngineConnection;
  spec: EngineSpec;
  table: BulkTable;
  mode: AlreadyExists;
  /** rows in the columns' order, each value already of its column's kind */
  batches: AsyncIterable<StoredValue[][]>;
  signal: AbortSignal;
  /** called after each batch is written, with the rows written so far */
  onProgress?: (rows: number) => void;
}

export interface BulkLoader {
  /** Create (or replace, or append to) the table and write every batch, all or nothing. */
  load(req: BulkLoadRequest): Promise<{ rows: number }>;
  /**
   * Load a plain CSV file through the engine's own reader (no parsing in JavaScript), all or
   * nothing; throws when the engine would read the file differently from the exact path.
   */
  loadCsvFile?(req: CsvFileLoadRequest): Promise<{ rows: number }>;
}

/**
 * An uploaded file on disk, which may still be arriving when the load begins: `whole()` resolves
 * once all of it is at `path`; `stream()` reads it as it arrives and ends at its end. Both fail
 * when the upload does (the client left, the file was too large), so a load fails with it.
 */
export interface UploadSource {
  readonly path: string;
  whole(): Promise<void>;
  stream(start?: number): Readable;
}

/**
 * Rama's reading of a whole CSV file checked byte by byte (uploads/csv-check.ts): every value is
 * one an engine's plain reading agrees with (a plain whole number, decimal float or ISO datetime;
 * no quote inside an unquoted value), with the count of data records and, per column, whether a
 * text column holds a null spelling; or why not.
 */
export type CsvCheck = { ok: true; records: number; spelled: boolean[] } | { ok: false; reason: string };

/**
 * A plain CSV file the engine may read itself (its own bulk path, no parsing in JavaScript): the
 * options are the simple ones (one-character delimiter, `"` quotes, an optional header on the
 * first line, no rows skipped or columns dropped) and the columns' kinds were read from the file's
 * first rows. The engine must refuse (throw) anything it would read differently from the exact
 * path — a value that does not fit its column's kind as Rama reads it, a ragged row, a null
 * spelling it cannot tell — so the caller can roll back and load the file the exact way.
 */
export interface CsvFileLoadRequest extends Omit<BulkLoadRequest, 'batches' | 'onProgress'> {
  file: {
    /** the file (read it with `source.stream()`, or at `source.path` once `source.whole()` resolves) */
    source: UploadSource;
    delimiter: string;
    /** the first line names the columns (skipped) */
    header: boolean;
    /** the texts read as null (always holds the empty text) */
    nullValues: readonly string[];
    /** `DD/MM/YYYY` rather than `MM/DD/YYYY` */
    dayFirst: boolean;
    /** the first rows hold a null spelling other than the empty text in a column that is not text */
    typedNullSpellings: boolean;
    /**
     * per table column: the first rows hold no value in it, so its kind (text) was not read from
     * values; a value after them could make it another kind, so the engine refuses any value there
     */
    valueless: readonly boolean[];
    /**
     * Start the byte check of the whole file in a worker (it waits for the file to be whole), for an
     * engine whose own reading of CSV text is not Rama's: it never rejects (a check that could not
     * run has failed). Per column as the table's, which are the file's.
     */
    check(): Promise<CsvCheck>;
  };
}

/** A database error with a client-safe message (no stack, no driver internals). */
export class EngineError extends Error {
  constructor(
    message: string,
    public readonly errorType:
      | 'GENERIC_DB_ENGINE_ERROR'
      | 'CONNECTION_INVALID_HOSTNAME_ERROR'
      | 'CONNECTION_PORT_CLOSED_ERROR'
      | 'CONNECTION_ACCESS_DENIED_ERROR'
      | 'CONNECTION_UNKNOWN_DATABASE_ERROR'
      | 'CONNECTION_DATABASE_TIMEOUT'
      | 'SYNTAX_ERROR'
      | 'COLUMN_DOES_NOT_EXIST_ERROR'
      | 'TABLE_DOES_NOT_EXIST_ERROR'
      | 'QUERY_CANCELLED'
      | 'READ_ONLY_ERROR' = 'GENERIC_DB_ENGINE_ERROR',
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
