/**
 * MySQL and MariaDB through mysql2 (promise pool). Row caps stream rows and stop reading once
 * enough arrived; cancel sends `KILL QUERY <thread id>` from a separate connection.
 */
import type mysql from 'mysql2/promise';
import type { FieldPacket, ResultSetHeader } from 'mysql2';
import {
  EngineError,
  type ConnectionUri,
  type ConnectOptions,
  type EngineConnection,
  type EnginePool,
  type EngineSpec,
  type RowSink,
  type StatementResult,
  type StreamOutcome,
} from '../types.js';
import { accessDenied, cancelledError, errorMessage, errorNumber, networkError, unknownDatabase } from '../errors.js';
import { applyLimitForSyntax } from '../limit.js';
import { serverTarget } from '../targets.js';
import { mysqlEditor } from './editor.js';
import { mariadbSyntax, mysqlSyntax } from './syntax.js';
import { str, tableMetadata } from './meta.js';
import { convertRows, mysqlConverter, mysqlTypeName } from './types.js';
import { dedupeNames, resultColumn, toCell } from '../rows.js';
import { buildSelectStar, classifyType, quoteBacktick, sortTableRefs } from '../sql-text.js';
import { mysqlDialect } from './dialect.js';
import { mysqlBulkLoader } from './bulk-load.js';
import { LazyDriver } from '../lazy-driver.js';

/** mysql2, imported on the first MySQL or MariaDB connection (see ../lazy-driver.ts). */
const mysqlDriver = new LazyDriver(async () => (await import('mysql2/promise')).default);

const DEFAULT_PORT = 3306;

const ERRNO: Record<number, EngineError['errorType']> = {
  1064: 'SYNTAX_ERROR',
  1146: 'TABLE_DOES_NOT_EXIST_ERROR',
  1054: 'COLUMN_DOES_NOT_EXIST_ERROR',
  1317: 'QUERY_CANCELLED',
  1792: 'READ_ONLY_ERROR',
  1290: 'READ_ONLY_ERROR',
};

function toEngineError(e: unknown, uri: ConnectionUri, cancelled = false): EngineError {
  if (e instanceof EngineError) return e;
  const errno = errorNumber(e, 'errno');
  if (cancelled || errno === 1317) return cancelledError();
  if (errno === 1045 || errno === 1044 || errno === 1698) return accessDenied(uri);
  if (errno === 1049) return unknownDatabase(uri);
  const sqlMessage = typeof e === 'object' && e !== null && 'sqlMessage' in e && typeof e.sqlMessage === 'string' ? e.sqlMessage : null;
  if (errno !== undefined && sqlMessage !== null) return new EngineError(sqlMessage, ERRNO[errno] ?? 'GENERIC_DB_ENGINE_ERROR');
  const net = networkError(e, uri, DEFAULT_PORT);
  if (net) return net;
  if (/closed state|connection lost/i.test(errorMessage(e))) {
    return new EngineError('The connection to the database was closed unexpectedly.', 'GENERIC_DB_ENGINE_ERROR');
  }
  return new EngineError('MySQL reported an error.', 'GENERIC_DB_ENGINE_ERROR');
}

/** The callback/event API of the connection under a promise pool connection. */
interface CoreQuery {
  on(event: 'error', listener: (e: unknown) => void): CoreQuery;
  on(event: 'fields', listener: (fields: FieldPacket[]) => void): CoreQuery;
  on(event: 'result', listener: (row: unknown) => void): CoreQuery;
  on(event: 'end', listener: () => void): CoreQuery;
}
interface CoreConnection {
  query(options: { sql: string; rowsAsArray: boolean }): CoreQuery;
  pause(): void;
  resume(): void;
}

/**
 * The session's sql_mode without NO_BACKSLASH_ESCAPES, whatever the server's default: string
 * literals (dialect.ts) escape backslashes, which that mode would read as two characters. The
 * literals end in the same place under either mode, so this is about the value, not safety.
 */
const CLEAR_NO_BACKSLASH_ESCAPES =
  "SET SESSION sql_mode = TRIM(BOTH ',' FROM REPLACE(CONCAT(',', @@SESSION.sql_mode, ','), ',NO_BACKSLASH_ESCAPES,', ','))";

/** rows handed to a sink at a time when streaming */
const STREAM_BATCH = 2000;

function isHeader(v: unknown): v is ResultSetHeader {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'affectedRows' in v;
}

function shape(fields: FieldPacket[] | undefined, rows: unknown[][], header: ResultSetHeader | null): StatementResult {
  if (!fields || !fields.length) return { columns: [], rows: [], rowCount: header ? header.affectedRows : null };
  const names = dedupeNames(fields.map((f) => f.name));
  const columns = fields.map((f, i) => {
    const type = mysqlTypeName(f);
    return resultColumn(names[i], type, classifyType(type));
  });
  return { columns, rows: convertRows(rows, fields.map(mysqlConverter)), rowCount: null };
}

class MysqlEngineConnection implements EngineConnection {
  private running = false;
  private cancelled = false;
  private destroyed = false;
  private discarded = false;

  constructor(
    readonly owner: MysqlEnginePool,
    readonly conn: mysql.PoolConnection,
  ) {}

  /** Close this connection on release instead of pooling it. */
  discard(): void {
    this.discarded = true;
  }

  get cancelId(): string {
    return String(this.conn.threadId);
  }

  async execute(sql: string, opts: { maxRows?: number } = {}): Promise<StatementResult> {
    this.running = true;
    this.cancelled = false;
    try {
      const result = opts.maxRows === undefined ? await this.runAll(sql) : await this.runStream(sql, opts.maxRows);
      // a killed SLEEP() returns normally in MySQL: the cancel flag is the truth
      if (this.cancelled) throw cancelledError();
      return result;
    } catch (e) {
      throw toEngineError(e, this.owner.uri, this.cancelled);
    } finally {
      this.running = false;
    }
  }

  stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome> {
    const core = this.conn.connection as unknown as CoreConnection;
    this.running = true;
    this.cancelled = false;
    return new Promise<StreamOutcome>((resolve, reject) => {
      let fields: FieldPacket[] | undefined;
      let converters: ReturnType<typeof mysqlConverter>[] = [];
      let header: ResultSetHeader | null = null;
      let batch: unknown[][] = [];
      let sent = 0;
      let done = false;
      let flushing: Promise<void> = Promise.resolve();
      const fail = (e: unknown): void => {
        if (done) return;
        done = true;
        this.running = false;
        reject(toEngineError(e, this.owner.uri, this.cancelled));
      };
      const succeed = (): void => {
        if (done) return;
        done = true;
        this.running = false;
        if (this.cancelled) reject(cancelledError());
        else resolve({ rowCount: fields ? null : (header?.affectedRows ?? null), rows: sent });
      };
      /** hand the batch over; the connection pauses while the sink is busy */
      const flush = (): Promise<void> => {
        if (!batch.length) return flushing;
        const rows = convertRows(batch, converters);
        batch = [];
        sent += rows.length;
        flushing = flushing.then(async () => {
          if (done) return;
          const more = sink.rows(rows);
          if (more instanceof Promise) {
            core.pause();
            try {
              if ((await more) === false) stop();
            } finally {
              if (!this.destroyed) core.resume();
            }
          } else if (more === false) stop();
        });
        flushing.catch(fail);
        return flushing;
      };
      /** enough rows: drop the connection instead of reading the rest (the server stops on its next write) */
      const stop = (): void => {
        if (this.destroyed) return;
        this.destroyed = true;
        this.conn.destroy();
        succeed();
      };
      core
        .query({ sql, rowsAsArray: true })
        .on('error', fail)
        .on('fields', (f: FieldPacket[] | undefined) => {
          // a statement without a result set (SET, DO, INSERT) reports no fields: a throw here
          // would be lost inside the driver and leave this run, and its query slot, hanging
          if (!f) return;
          try {
            fields = f;
            const names = dedupeNames(f.map((x) => x.name));
            converters = f.map(mysqlConverter);
            sink.columns(
              f.map((x, i) => {
                const type = mysqlTypeName(x);
                return resultColumn(names[i], type, classifyType(type));
              }),
            );
          } catch (e) {
            fail(e);
          }
        })
        .on('result', (row) => {
          if (done || this.destroyed) return;
          if (isHeader(row)) {
            header = row;
            return;
          }
          if (sent + batch.length >= opts.maxRows) {
            void flush().then(stop, fail);
            return;
          }
          batch.push(row as unknown[]);
          if (batch.length >= STREAM_BATCH) void flush();
        })
        .on('end', () => {
          void flush().then(succeed, fail);
        });
    });
  }

  private async runAll(sql: string): Promise<StatementResult> {
    const [rows, fields] = await this.conn.query({ sql, rowsAsArray: true });
    if (isHeader(rows)) return shape(undefined, [], rows);
    return shape(fields, rows as unknown as unknown[][], null);
  }

  private runStream(sql: string, maxRows: number): Promise<StatementResult> {
    const core = this.conn.connection as unknown as CoreConnection;
    return new Promise<StatementResult>((resolve, reject) => {
      let fields: FieldPacket[] | undefined;
      let header: ResultSetHeader | null = null;
      const rows: unknown[][] = [];
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        try {
          resolve(shape(fields, rows, header));
        } catch (e) {
          reject(e);
        }
      };
      core
        .query({ sql, rowsAsArray: true })
        .on('error', (e) => {
          if (!done) {
            done = true;
            reject(e);
          }
        })
        .on('fields', (f) => {
          fields = f;
        })
        .on('result', (row) => {
          if (done) return;
          if (isHeader(row)) {
            header = row;
          } else if (rows.length < maxRows) {
            rows.push(row as unknown[]);
          } else {
            // enough rows: drop the connection instead of reading the rest (the server stops on its next write)
            this.destroyed = true;
            this.conn.destroy();
            finish();
          }
        })
        .on('end', finish);
    });
  }

  async cancel(): Promise<void> {
    if (!this.running) return;
    this.cancelled = true;
    await this.owner.killQuery(this.conn.threadId);
  }

  release(): void {
    if (this.destroyed) return;
    if (this.cancelled || this.discarded) {
      this.conn.destroy();
      return;
    }
    this.conn.release();
  }
}

export class MysqlEnginePool implements EnginePool {
  readonly pool: mysql.Pool;
  private readonly prepared = new WeakSet<object>();

  constructor(
    readonly uri: ConnectionUri,
    private readonly config: mysql.ConnectionOptions,
    private readonly readOnly: boolean,
    size: number,
  ) {
    const { createPool } = mysqlDriver.get();
    this.pool = createPool({ ...config, connectionLimit: Math.max(1, size), maxIdle: Math.max(1, size), idleTimeout: 60_000 });
  }

  async acquire(): Promise<MysqlEngineConnection> {
    let conn: mysql.PoolConnection;
    try {
      conn = await this.pool.getConnection();
    } catch (e) {
      throw toEngineError(e, this.uri);
    }
    const core: object = conn.connection;
    if (!this.prepared.has(core)) {
      try {
        // once per session, before any user SQL: backslashes escape in literals, as Rama writes them
        await conn.query(CLEAR_NO_BACKSLASH_ESCAPES);
        // a second wall behind the DML checks
        if (this.readOnly) await conn.query('SET SESSION TRANSACTION READ ONLY');
        this.prepared.add(core);
      } catch (e) {
        conn.destroy();
        throw toEngineError(e, this.uri);
      }
    }
    return new MysqlEngineConnection(this, conn);
  }

  async execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult> {
    const conn = await this.acquire();
    try {
      return await conn.execute(sql, opts);
    } finally {
      conn.release();
    }
  }

  /** Internal metadata queries with bound parameters; rows as objects. */
  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    // through acquire(), so these run in the same (read-only) session setup as user SQL
    const conn = await this.acquire();
    try {
      const [rows] = await conn.conn.query(sql, params);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    } catch (e) {
      throw toEngineError(e, this.uri);
    } finally {
      conn.release();
    }
  }

  /** KILL QUERY from a connection of its own: the pool may be exhausted by the very query. */
  async killQuery(threadId: number): Promise<void> {
    let conn: mysql.Connection | null = null;
    try {
      conn = await mysqlDriver.get().createConnection(this.config);
      await conn.query('KILL QUERY ?', [threadId]);
    } catch (e) {
      // the query may have finished (and the thread gone) in the meantime
      if (errorNumber(e, 'errno') !== 1094) throw toEngineError(e, this.uri);
    } finally {
      if (conn) await conn.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function asMysqlPool(pool: EnginePool): MysqlEnginePool {
  if (pool instanceof MysqlEnginePool) return pool;
  throw new EngineError('This pool does not belong to a MySQL database.', 'GENERIC_DB_ENGINE_ERROR');
}

function connectionConfig(opts: ConnectOptions): mysql.ConnectionOptions {
  const { uri } = opts;
  return {
    host: uri.host ?? 'localhost',
    port: uri.port ?? DEFAULT_PORT,
    user: uri.username ?? undefined,
    password: uri.password ?? undefined,
    database: uri.database ?? undefined,
    connectTimeout: opts.connectTimeoutMs,
    charset: uri.query.charset ?? 'utf8mb4',
    ssl: uri.query.ssl === 'true' || uri.query.ssl_mode === 'REQUIRED' ? {} : undefined,
    // values arrive as text where a JS value would lose something; rows.ts makes them Cells
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    jsonStrings: true,
    multipleStatements: false,
  };
}

export const mysqlSpec: EngineSpec = {
  bulkLoader: mysqlBulkLoader,
  engine: 'mysql',
  backend: 'mysql',
  engineName: 'MySQL',
  schemes: ['mysql', 'mysql+mysqldb', 'mysql+pymysql', 'mysql+mysqlconnector'],
  sqlalchemyUriPlaceholder: 'mysql://user:password@host:3306/database',
  syntax: mysqlSyntax,
  formatterDialect: 'mysql',
  editor: mysqlEditor,
  isFileBased: false,
  connectionTarget: (uri) => serverTarget(uri, { port: 3306, database: null }),
  supportsCatalogs: false,
  supportsIlike: false,
  quoteIdentifier: quoteBacktick,
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, mysqlSyntax),

  async connect(opts) {
    await mysqlDriver.load();
    const pool = new MysqlEnginePool(opts.uri, connectionConfig(opts), opts.readOnly, opts.poolSize);
    try {
      // fail here, not on first use, for a wrong host, password or database
      (await pool.acquire()).release();
    } catch (e) {
      await pool.close().catch(() => undefined);
      throw e;
    }
    return pool;
  },

  async getCatalogs() {
    return [];
  },

  async getSchemas(pool) {
    const rows = await asMysqlPool(pool).query('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME');
    return rows.map((r) => str(r.name));
  },

  async getTables(pool, schema) {
    const rows = await asMysqlPool(pool).query(
      'SELECT TABLE_NAME AS name, TABLE_TYPE AS table_type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
      [schema],
    );
    return sortTableRefs(rows.map((r) => ({ value: str(r.name), type: /VIEW/.test(str(r.table_type)) ? 'view' : 'table', extra: null })));
  },

  getTableMetadata: (pool, table, schema) => tableMetadata(asMysqlPool(pool), table, schema),

  genericType: classifyType,

  async estimateCost(conn, sql) {
    const res = await conn.execute(`EXPLAIN ${sql}`);
    return res.rows.map((r) => Object.fromEntries(res.columns.map((c, i) => [c.name, toCell(r[i])])));
  },

  async enterNamespace(conn, _catalog, schema) {
    // MySQL: the schema is the database the connection uses
    const own = (conn as MysqlEngineConnection).owner.uri.database;
    if (!schema || schema === own) return async () => undefined;
    await conn.execute(`USE ${quoteBacktick(schema)}`);
    return async () => {
      if (own) await conn.execute(`USE ${quoteBacktick(own)}`);
      // no database to go back to: this connection is not handed to anyone else
      else (conn as MysqlEngineConnection).discard();
    };
  },

  usesThreadPool: false,
  backslashEscapes: true,
  ...mysqlDialect,

  selectStar: (table, schema, columns, limit) => buildSelectStar(quoteBacktick, table, schema, columns, limit),
};

/**
 * MariaDB: the same driver and spec, its own parser and formatter dialects; its URIs report the
 * `mysql` backend, and SQL Lab's editor treats it as MySQL.
 */
export const mariadbSpec: EngineSpec = {
  bulkLoader: mysqlBulkLoader,
  ...mysqlSpec,
  engine: 'mariadb',
  engineName: 'MariaDB',
  schemes: ['mariadb', 'mariadb+mariadbconnector', 'mariadb+pymysql'],
  sqlalchemyUriPlaceholder: 'mariadb://user:password@host:3306/database',
  syntax: mariadbSyntax,
  formatterDialect: 'mariadb',
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, mariadbSyntax),
};
