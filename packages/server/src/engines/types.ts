/**
 * The engine spec contract: every kind of database Rama connects to implements this once.
 * User SQL reaches a database only through an EngineSpec (DESIGN.md, security rules).
 */
import type { FunctionPolicy } from './functions.js';

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

export interface EngineSpec {
  /** registry key: `postgresql`, `mysql`, `duckdb`, `sqlite` */
  engine: string;
  /** human name: PostgreSQL, MySQL, DuckDB, SQLite */
  engineName: string;
  /** URI schemes this spec accepts */
  schemes: string[];
  /** dialect names for node-sql-parser and sql-formatter */
  parserDialect: string;
  formatterDialect: string;
  /** true when the engine stores data in a local file (needs opt-in, DESIGN.md) */
  isFileBased: boolean;
  supportsCatalogs: boolean;
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
  /** Build a SELECT * preview for the table with the given limit. */
  selectStar(table: string, schema: string | null, columns: string[], limit: number): string;

  // --- what the chart data compiler writes (each engine's `<engine>-dialect.ts`) ---

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
