/**
 * ClickHouse through its official Node client (`@clickhouse/client`, HTTP). Tried against
 * ClickHouse 18.16.1; everything sent is also valid on current servers (README, DESIGN.md).
 *
 * HTTP is stateless: a "connection" here is a handle that runs each statement as one request with
 * its own query id, the namespace's `database` and, for read-only databases, `readonly=2` (reads
 * and settings only; a statement cannot lift it). Rows arrive as TabSeparatedWithNamesAndTypes and
 * are read as they stream (values.ts); stop and cancel abort the request and send
 * `KILL QUERY WHERE query_id = …` on a client of their own, so the query stops in the server.
 */
import { randomUUID } from 'node:crypto';
import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';
import {
  EngineError,
  type Cell,
  type ConnectionUri,
  type ConnectOptions,
  type EngineConnection,
  type EnginePool,
  type EngineSpec,
  type ResultColumn,
  type RowSink,
  type StatementResult,
  type StreamOutcome,
} from '../types.js';
import { accessDenied, cancelledError, errorCode, errorMessage, firstLine, networkError, unknownDatabase } from '../errors.js';
import { applyLimitForSyntax } from '../limit.js';
import { tokenize, type Token } from '../lexer.js';
import { serverTarget } from '../targets.js';
import { dedupeNames, resultColumn } from '../rows.js';
import { buildSelectStar, quoteBacktick } from '../sql-text.js';
import { clickhouseDialect, clickhouseStringLiteral } from './dialect.js';
import { clickhouseEditor } from './editor.js';
import { schemaNames, tableMetadata, tableRefs } from './meta.js';
import { clickhouseSyntax } from './syntax.js';
import { refusedTableFunction } from './table-functions.js';
import { cellReader, clickhouseGenericType, readTsvRow, splitTsvLine, unescapeTsv, type CellReader } from './values.js';
import { clickhouseBulkLoader } from './bulk-load.js';
import { LazyDriver } from '../lazy-driver.js';

/** The ClickHouse client, imported on the first ClickHouse connection (see ../lazy-driver.ts). */
const clickhouseDriver = new LazyDriver(() => import('@clickhouse/client'));

const DEFAULT_PORT = 8123;
const DEFAULT_TLS_PORT = 8443;
/** rows handed to a sink at a time when streaming */
const STREAM_BATCH = 2000;
/** No client-side deadline on a statement: Rama's own timeouts cancel (KILL QUERY) what runs too long. */
const REQUEST_TIMEOUT_MS = 24 * 3600 * 1000;

/** ClickHouse error codes (18.16 names none in its messages; newer servers add the name). */
const CODES: Record<string, EngineError['errorType']> = {
  '62': 'SYNTAX_ERROR',
  '60': 'TABLE_DOES_NOT_EXIST_ERROR',
  '47': 'COLUMN_DOES_NOT_EXIST_ERROR',
  '16': 'COLUMN_DOES_NOT_EXIST_ERROR',
  '164': 'READ_ONLY_ERROR',
  '394': 'QUERY_CANCELLED',
};
const AUTH_CODES = new Set(['192', '193', '194', '516']);
const UNKNOWN_DATABASE = '81';

/**
 * The message ClickHouse meant for the user: 18.16 writes `Code: 60, e.displayText() =
 * DB::Exception: Table x doesn't exist., e.what() = DB::Exception`; current servers write
 * `Code: 60. DB::Exception: Table x does not exist. (UNKNOWN_TABLE) (version 24.3…)`.
 */
export function clickhouseMessage(raw: string): string {
  let m = firstLine(raw);
  const old = /e\.displayText\(\) = (?:DB::Exception: )?(.*?)(?:, e\.what\(\) = .*)?$/.exec(m);
  if (old) m = old[1];
  m = m.replace(/^Code: \d+\.\s*(?:DB::Exception:\s*)?/, '').replace(/\s*\(version [^)]*\)\s*$/, '');
  return m.trim() || 'ClickHouse reported an error.';
}

/** A ClickHouse error's code: the client's parsed `code`, else the `Code: N` of its text. */
function clickhouseCode(e: unknown): string | undefined {
  const code = errorCode(e);
  if (code && /^\d+$/.test(code)) return code;
  return /^Code: (\d+)[,.]/.exec(errorMessage(e))?.[1];
}

function toEngineError(e: unknown, uri: ConnectionUri, cancelled = false): EngineError {
  if (e instanceof EngineError) return e;
  if (cancelled) return cancelledError();
  const code = clickhouseCode(e);
  if (code === '394') return cancelledError();
  if (code && AUTH_CODES.has(code)) return accessDenied(uri);
  if (code) return new EngineError(clickhouseMessage(errorMessage(e)), CODES[code] ?? 'GENERIC_DB_ENGINE_ERROR');
  const net = networkError(e, uri, uri.port ?? DEFAULT_PORT);
  if (net) return net;
  return new EngineError('ClickHouse reported an error.', 'GENERIC_DB_ENGINE_ERROR');
}

/** Statements whose answer is rows (`FORMAT` can be appended); anything else runs as a command. */
const ROW_STATEMENTS = new Set(['select', 'with', 'show', 'describe', 'desc', 'exists', 'explain']);

/** Does this statement answer with rows? Read from its first word (comments skipped by the tokenizer). */
export function returnsRows(sql: string, tokens: readonly Token[] = tokenize(sql, clickhouseSyntax.lexer)): boolean {
  const first = tokens[0];
  if (!first) return false;
  if (first.kind === 'punct') return first.text === '(';
  return first.kind === 'word' && ROW_STATEMENTS.has(first.text.toLowerCase());
}

const NEWLINE = 0x0a;

/** The statement with its FORMAT clause, as the client's `query` writes it (trailing semicolons dropped). */
export function withFormat(sql: string, format: string): string {
  return `${sql.trim().replace(/;+$/, '')} \nFORMAT ${format}`;
}

const headerText = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** A 18.16 server writes an exception met after the first rows into the body: `Code: 60, e.displayText() = …`. */
const INLINE_EXCEPTION = /^Code: \d+(, e\.displayText\(\) = |\. DB::Exception)/;

export class ClickHouseConnection implements EngineConnection {
  private running = false;
  private cancelled = false;
  private controller: AbortController | null = null;
  private queryId: string | null = null;
  /** the database (Rama's schema) statements run in; enterNamespace switches it */
  database: string;

  constructor(readonly owner: ClickHousePool) {
    this.database = owner.database;
  }

  get cancelId(): string | null {
    return this.queryId;
  }

  /** Settings sent with every statement of this handle. */
  settings(extra: ClickHouseSettings = {}): ClickHouseSettings {
    // `database` is an HTTP parameter like the settings; the client sends it as one
    const base = { database: this.database } as unknown as ClickHouseSettings;
    return { ...base, ...(this.owner.readOnly ? { readonly: '2' } : {}), ...extra };
  }

  async execute(sql: string, opts: { maxRows?: number } = {}): Promise<StatementResult> {
    let columns: ResultColumn[] = [];
    const rows: Cell[][] = [];
    const out = await this.stream(
      sql,
      {
        columns: (c) => void (columns = c),
        rows: (batch) => void rows.push(...batch),
      },
      { maxRows: opts.maxRows ?? Number.MAX_SAFE_INTEGER },
    );
    return { columns, rows, rowCount: out.rowCount };
  }

  async stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome> {
    // one tokenizing pass serves both checks below
    const tokens = tokenize(sql, clickhouseSyntax.lexer);
    if (this.owner.readOnly) {
      // readonly=2 still runs table functions that reach outside the server (table-functions.ts)
      const refused = refusedTableFunction(sql, tokens);
      if (refused !== null)
        throw new EngineError(
          `The table function ${refused}() is not allowed on a read-only database: it reaches outside ClickHouse.`,
          'READ_ONLY_ERROR',
        );
    }
    this.running = true;
    this.cancelled = false;
    const queryId = randomUUID();
    this.queryId = queryId;
    const controller = new AbortController();
    this.controller = controller;
    try {
      if (!returnsRows(sql, tokens)) {
        const res = await this.owner.client.command({
          query: sql,
          query_id: queryId,
          clickhouse_settings: this.settings(),
          abort_signal: controller.signal,
        });
        if (this.cancelled) throw cancelledError();
        const written = Number(res.summary?.written_rows ?? NaN);
        sink.columns([]);
        return { rowCount: Number.isFinite(written) && written > 0 ? written : null, rows: 0 };
      }
      return await this.readRows(sql, queryId, controller, sink, opts.maxRows);
    } catch (e) {
      throw toEngineError(e, this.owner.uri, this.cancelled);
    } finally {
      this.running = false;
      this.controller = null;
    }
  }

  private async readRows(
    sql: string,
    queryId: string,
    controller: AbortController,
    sink: RowSink,
    maxRows: number,
  ): Promise<StreamOutcome> {
    // `exec` with the FORMAT written here (as `query` would append it): the response's own byte
    // stream, split into lines below, instead of the client's row stream (a Transform in a pipeline
    // making an object a line, read through an async iterator), which cost about half a
    // millisecond a request more for a chart's few hundred rows
    const res = await this.owner.client.exec({
      query: withFormat(sql, 'TabSeparatedWithNamesAndTypes'),
      query_id: queryId,
      clickhouse_settings: this.settings(),
      abort_signal: controller.signal,
    });
    const stream = res.stream;
    // ClickHouse 25.11 on: an exception met after the first rows ends the body after this tag
    const exceptionTag = headerText(res.response_headers[clickhouseDriver.get().EXCEPTION_TAG_HEADER_NAME]);
    let names: string[] | null = null;
    let readers: CellReader[] | null = null;
    let batch: Cell[][] = [];
    let sent = 0;
    let stopped = false;
    let complete = false;
    const flush = async (): Promise<boolean> => {
      if (!batch.length) return true;
      const rows = batch;
      batch = [];
      sent += rows.length;
      return (await sink.rows(rows)) !== false;
    };
    /** One line of the body; false: enough rows. */
    const line = (text: string): boolean => {
      if (names === null) {
        names = splitTsvLine(text).map(unescapeTsv);
      } else if (readers === null) {
        const types = splitTsvLine(text).map(unescapeTsv);
        readers = types.map(cellReader);
        const unique = dedupeNames(names);
        sink.columns(types.map((t, i) => resultColumn(unique[i], t, clickhouseGenericType(t))));
      } else if (INLINE_EXCEPTION.test(text)) {
        throw new EngineError(clickhouseMessage(text), 'GENERIC_DB_ENGINE_ERROR');
      } else if (sent + batch.length >= maxRows) {
        return false;
      } else {
        batch.push(readTsvRow(text, readers));
      }
      return true;
    };
    try {
      // bytes of a line that began in an earlier chunk (split on bytes: a UTF-8 character is never cut)
      let partial: Buffer[] = [];
      outer: for await (const chunk of stream as AsyncIterable<Buffer>) {
        const lastNewline = chunk.lastIndexOf(NEWLINE);
        if (lastNewline === -1) {
          partial.push(chunk);
        } else {
          // the chunk's complete lines, decoded at once and split as text
          const head = chunk.subarray(0, lastNewline);
          const bytes = partial.length ? Buffer.concat([...partial, head]) : head;
          partial = lastNewline + 1 < chunk.length ? [chunk.subarray(lastNewline + 1)] : [];
          for (const text of bytes.toString('utf8').split('\n')) {
            if (exceptionTag !== undefined && text.endsWith('\r'))
              throw clickhouseDriver.get().extractErrorAtTheEndOfChunk(chunk, exceptionTag);
            if (!line(text)) {
              stopped = true;
              break outer;
            }
            if (batch.length >= STREAM_BATCH && !(await flush())) {
              stopped = true;
              break outer;
            }
          }
        }
        if (this.cancelled) throw cancelledError();
      }
      // the body ends with a newline: a rest without one is an exception's text, or nothing to read
      const rest = partial.length ? Buffer.concat(partial).toString('utf8') : '';
      if (!stopped && INLINE_EXCEPTION.test(rest)) throw new EngineError(clickhouseMessage(rest), 'GENERIC_DB_ENGINE_ERROR');
      if (!(await flush())) stopped = true;
      if (this.cancelled) throw cancelledError();
      if (readers === null) sink.columns([]);
      complete = true;
      return { rowCount: null, rows: sent };
    } finally {
      if (!complete) {
        // enough rows (or a failure): drop the response and stop the query in the server
        stream.destroy();
        if (stopped) await this.owner.kill(queryId).catch(() => undefined);
      }
    }
  }

  async cancel(): Promise<void> {
    const queryId = this.queryId;
    if (!this.running || queryId === null) return;
    this.cancelled = true;
    this.controller?.abort();
    await this.owner.kill(queryId);
  }

  /** Nothing lasts between statements (no HTTP session): there is nothing to throw away. */
  discard(): void {}

  release(): void {
    this.database = this.owner.database;
  }
}

export class ClickHousePool implements EnginePool {
  readonly client: ClickHouseClient;
  private killer: ClickHouseClient | null = null;
  readonly database: string;

  constructor(
    readonly uri: ConnectionUri,
    private readonly url: string,
    /** statements run with `readonly=2`: reads and settings, nothing written */
    readonly readOnly: boolean,
    size: number,
    private readonly connectTimeoutMs: number,
  ) {
    this.database = uri.database ?? 'default';
    this.client = this.makeClient(Math.max(1, size), REQUEST_TIMEOUT_MS);
  }

  private makeClient(connections: number, timeoutMs: number): ClickHouseClient {
    const { createClient, ClickHouseLogLevel } = clickhouseDriver.get();
    return createClient({
      url: this.url,
      username: this.uri.username ?? 'default',
      password: this.uri.password ?? '',
      // the database goes with each statement (ClickHousePool.settings), so namespaces can switch
      database: 'default',
      max_open_connections: connections,
      request_timeout: timeoutMs,
      application: 'rama',
      log: { level: ClickHouseLogLevel.OFF },
    });
  }

  async acquire(): Promise<ClickHouseConnection> {
    return new ClickHouseConnection(this);
  }

  async execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult> {
    const conn = await this.acquire();
    try {
      return await conn.execute(sql, opts);
    } finally {
      conn.release();
    }
  }

  /** Internal metadata queries: rows as objects of text (NULL as null). */
  async rows(sql: string): Promise<Record<string, string | null>[]> {
    const conn = await this.acquire();
    let columns: ResultColumn[] = [];
    const out: Record<string, string | null>[] = [];
    await conn.stream(
      sql,
      {
        columns: (c) => void (columns = c),
        rows: (batch) => {
          for (const r of batch) out.push(Object.fromEntries(columns.map((c, i) => [c.name, r[i] === null ? null : String(r[i])])));
        },
      },
      { maxRows: Number.MAX_SAFE_INTEGER },
    );
    return out;
  }

  /** A connection test: the server answers, the user may log in and the database exists. */
  async check(): Promise<void> {
    try {
      const rs = await this.client.query({
        query: 'SELECT 1',
        format: 'TabSeparated',
        clickhouse_settings: { database: this.database } as unknown as ClickHouseSettings,
      });
      await rs.text();
    } catch (e) {
      if (clickhouseCode(e) === UNKNOWN_DATABASE) throw unknownDatabase(this.uri);
      throw toEngineError(e, this.uri);
    }
  }

  /** `KILL QUERY` on a client of its own: the pool's sockets may all be busy with the very query. */
  async kill(queryId: string): Promise<void> {
    this.killer ??= this.makeClient(2, Math.max(1000, this.connectTimeoutMs));
    try {
      await this.killer.command({ query: `KILL QUERY WHERE query_id = ${clickhouseStringLiteral(queryId)} ASYNC` });
    } catch (e) {
      throw toEngineError(e, this.uri);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.client.close(), this.killer?.close()]);
  }
}

function asClickHousePool(pool: EnginePool): ClickHousePool {
  if (pool instanceof ClickHousePool) return pool;
  throw new EngineError('This pool does not belong to a ClickHouse database.', 'GENERIC_DB_ENGINE_ERROR');
}

/** `http(s)://host:port` for a URI: TLS with `?secure=true` / `?protocol=https` or on port 8443. */
export function httpUrl(uri: ConnectionUri): string {
  const tls = uri.query.secure === 'true' || uri.query.protocol === 'https' || uri.port === DEFAULT_TLS_PORT;
  const port = uri.port ?? (tls ? DEFAULT_TLS_PORT : DEFAULT_PORT);
  const host = uri.host ?? 'localhost';
  return `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export const clickhouseSpec: EngineSpec = {
  bulkLoader: clickhouseBulkLoader,
  engine: 'clickhouse',
  backend: 'clickhouse',
  engineName: 'ClickHouse',
  schemes: ['clickhousedb', 'clickhouse', 'clickhouse+http', 'clickhouse+https', 'clickhousedb+connect'],
  sqlalchemyUriPlaceholder: 'clickhousedb://user:password@host:8123/database',
  syntax: clickhouseSyntax,
  formatterDialect: 'sql',
  editor: clickhouseEditor,
  isFileBased: false,
  connectionTarget: (uri) => serverTarget(uri, { port: DEFAULT_PORT, database: 'default' }),
  supportsCatalogs: false,
  // 18.16 has no ILIKE: chart filters compare lower-cased text
  supportsIlike: false,
  quoteIdentifier: quoteBacktick,
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, clickhouseSyntax),

  async connect(opts: ConnectOptions) {
    await clickhouseDriver.load();
    const pool = new ClickHousePool(opts.uri, httpUrl(opts.uri), opts.readOnly, opts.poolSize, opts.connectTimeoutMs);
    try {
      // fail here, not on first use, for a wrong host, password or database
      await pool.check();
    } catch (e) {
      await pool.close().catch(() => undefined);
      throw e;
    }
    return pool;
  },

  async getCatalogs() {
    return [];
  },

  getSchemas: (pool) => schemaNames(asClickHousePool(pool)),
  getTables: (pool, schema) => tableRefs(asClickHousePool(pool), schema),
  getTableMetadata: (pool, table, schema) => tableMetadata(asClickHousePool(pool), table, schema),

  genericType: clickhouseGenericType,

  // ClickHouse 18.16 has no EXPLAIN (it came in 20.6), and none with costs since
  async estimateCost() {
    return [];
  },

  selectStar: (table, schema, columns, limit) => buildSelectStar(quoteBacktick, table, schema, columns, limit),

  async enterNamespace(conn, _catalog, schema) {
    // a ClickHouse database is Rama's schema; each statement names the database it runs in
    const ch = conn as ClickHouseConnection;
    const before = ch.database;
    if (schema) ch.database = schema;
    return async () => void (ch.database = before);
  },

  /**
   * ClickHouse's own parser, used only to allow: `DESCRIBE TABLE (…)` accepts nothing but a
   * SELECT (or a UNION of them) and only works out its columns, without running it; `readonly=2`
   * keeps even that from writing (`readonly=1` would also refuse table functions such as `numbers`).
   */
  async confirmsReadOnly(conn, statement) {
    const ch = conn as ClickHouseConnection;
    // never described: working out the columns of url(…) or s3(…) may already fetch it
    if (refusedTableFunction(statement) !== null) return false;
    try {
      await ch.owner.client
        .query({
          query: `DESCRIBE TABLE (\n${statement}\n)`,
          format: 'TabSeparated',
          clickhouse_settings: { ...ch.settings(), readonly: '2' },
        })
        .then((rs) => rs.text());
      return true;
    } catch {
      return false;
    }
  },

  usesThreadPool: false,
  backslashEscapes: true,
  // a table needs a storage engine: MergeTree without a sorting key (18.16 and current versions)
  createAs: (method, target, select) =>
    method === 'TABLE' ? `CREATE TABLE ${target} ENGINE = MergeTree ORDER BY tuple() AS\n${select}` : `CREATE VIEW ${target} AS\n${select}`,
  // JOIN ON takes only equalities here: NULL and '' (or 0) are told apart by isNull
  nullSafeEquals: (left, right) => `isNull(${left}) = isNull(${right}) AND assumeNotNull(${left}) = assumeNotNull(${right})`,
  selectAliasesShadowColumns: true,
  ...clickhouseDialect,
};
