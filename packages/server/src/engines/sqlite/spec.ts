/**
 * SQLite through better-sqlite3, one child process per pooled connection (see child.ts for
 * why a process): the event loop never blocks, and cancel kills the process, which stops the
 * statement inside SQLite at once. A fresh process starts on the connection's next use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  EngineError,
  GenericType,
  type Cell,
  type ConnectOptions,
  type EngineConnection,
  type EnginePool,
  type EngineSpec,
  type RowSink,
  type StatementResult,
  type StreamOutcome,
  type TableMetadata,
} from '../types.js';
import { cancelledError, type EngineErrorType } from '../errors.js';
import { applyLimitForSyntax } from '../limit.js';
import { fileTarget } from '../targets.js';
import { sqliteEditor } from './editor.js';
import { sqliteSyntax } from './syntax.js';
import { ResourcePool } from '../pool.js';
import { dedupeNames, resultColumn, sinkResult } from '../rows.js';
import { SQLITE_CHILD_SOURCE } from './child.js';
import { buildSelectStar, classifyType, quoteDouble, shortTypeName, sortTableRefs, type GenericInfo } from '../sql-text.js';
import { sqliteDialect } from './dialect.js';
import { sqliteBulkLoader } from './bulk-load.js';

const SQLITE_MODULE = createRequire(import.meta.url).resolve('better-sqlite3');

interface ChildReply {
  id: number;
  ok: boolean;
  ready?: boolean;
  columns?: Array<{ name: string; type: string | null }>;
  rows?: unknown[];
  rowCount?: number | null;
  error?: { message: string; code: string | null };
}

function isReply(m: unknown): m is ChildReply {
  return typeof m === 'object' && m !== null && 'id' in m && typeof m.id === 'number' && 'ok' in m;
}

function classifyError(message: string, code: string | null): EngineErrorType {
  if (code === 'SQLITE_READONLY') return 'READ_ONLY_ERROR';
  if (/syntax error|incomplete input|unrecognized token/i.test(message)) return 'SYNTAX_ERROR';
  if (/^no such table/i.test(message)) return 'TABLE_DOES_NOT_EXIST_ERROR';
  if (/^no such column/i.test(message)) return 'COLUMN_DOES_NOT_EXIST_ERROR';
  if (code === 'SQLITE_INTERRUPT') return 'QUERY_CANCELLED';
  return 'GENERIC_DB_ENGINE_ERROR';
}

/** One child process with one database handle. */
class SqliteChild {
  private readonly pending = new Map<number, { resolve: (r: ChildReply) => void; reject: (e: unknown) => void }>();
  private nextId = 1;
  private killed = false;

  private constructor(readonly proc: ChildProcess) {
    proc.on('message', (m: unknown) => {
      if (!isReply(m)) return;
      const waiter = this.pending.get(m.id);
      if (!waiter) return;
      this.pending.delete(m.id);
      waiter.resolve(m);
    });
    proc.on('exit', () => {
      const error = this.killed ? cancelledError() : new EngineError('The SQLite process stopped unexpectedly.', 'GENERIC_DB_ENGINE_ERROR');
      for (const w of this.pending.values()) w.reject(error);
      this.pending.clear();
    });
  }

  static start(path: string, readOnly: boolean, noExternal: boolean, timeoutMs: number): Promise<SqliteChild> {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const proc = spawn(process.execPath, ['-e', SQLITE_CHILD_SOURCE, SQLITE_MODULE, path, readOnly ? '1' : '0', noExternal ? '1' : '0'], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
      env,
    });
    const child = new SqliteChild(proc);
    return new Promise<SqliteChild>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          child.kill();
          reject(new EngineError('SQLite did not open the database in time.', 'CONNECTION_DATABASE_TIMEOUT'));
        },
        Math.max(1000, timeoutMs),
      );
      child.pending.set(0, {
        resolve: (r) => {
          clearTimeout(timer);
          if (r.ok && r.ready) {
            resolve(child);
            return;
          }
          child.kill();
          reject(new EngineError(`Unable to open the database file "${path}".`, 'CONNECTION_UNKNOWN_DATABASE_ERROR'));
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(
            e instanceof EngineError && e.errorType !== 'QUERY_CANCELLED'
              ? e
              : new EngineError('SQLite could not be started.', 'GENERIC_DB_ENGINE_ERROR'),
          );
        },
      });
      proc.on('error', () => {
        clearTimeout(timer);
        reject(new EngineError('SQLite could not be started.', 'GENERIC_DB_ENGINE_ERROR'));
      });
    });
  }

  get alive(): boolean {
    return !this.killed && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  request(msg: { sql: string; params: unknown[]; maxRows: number | null; objects: boolean }): Promise<ChildReply> {
    if (!this.alive) return Promise.reject(new EngineError('The SQLite process is not running.', 'GENERIC_DB_ENGINE_ERROR'));
    const id = this.nextId++;
    return new Promise<ChildReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.proc.send({ id, ...msg }, (err) => {
        if (err && this.pending.delete(id)) reject(new EngineError('The SQLite process is not running.', 'GENERIC_DB_ENGINE_ERROR'));
      });
    });
  }

  kill(): void {
    this.killed = true;
    this.proc.kill('SIGKILL');
  }
}

/** Expressions have no declared type: name one from the first non-null value. */
function inferType(rows: unknown[], index: number): string {
  for (const row of rows) {
    const v = Array.isArray(row) ? row[index] : undefined;
    if (v === null || v === undefined) continue;
    if (typeof v === 'number') return Number.isInteger(v) ? 'INTEGER' : 'REAL';
    if (typeof v === 'bigint') return 'INTEGER';
    return 'TEXT';
  }
  return '';
}

class SqliteEngineConnection implements EngineConnection {
  private child: SqliteChild | null = null;
  private running = false;
  private discarded = false;

  constructor(
    private readonly path: string,
    private readonly readOnly: boolean,
    private readonly noExternal: boolean,
    private readonly timeoutMs: number,
    private readonly onRelease: (c: SqliteEngineConnection, discard: boolean) => void,
  ) {}

  get cancelId(): string | null {
    const pid = this.child?.proc.pid;
    return pid === undefined ? null : String(pid);
  }

  async start(): Promise<void> {
    if (!this.child || !this.child.alive) this.child = await SqliteChild.start(this.path, this.readOnly, this.noExternal, this.timeoutMs);
  }

  private async request(sql: string, params: unknown[], maxRows: number | null, objects: boolean): Promise<ChildReply> {
    await this.start();
    const child = this.child;
    if (!child) throw new EngineError('The SQLite process is not running.', 'GENERIC_DB_ENGINE_ERROR');
    const reply = await child.request({ sql, params, maxRows, objects });
    if (!reply.ok) {
      const message = reply.error?.message ?? 'SQLite reported an error.';
      throw new EngineError(message, classifyError(message, reply.error?.code ?? null));
    }
    return reply;
  }

  async execute(sql: string, opts: { maxRows?: number } = {}): Promise<StatementResult> {
    this.running = true;
    try {
      const reply = await this.request(sql, [], opts.maxRows ?? null, false);
      const rows = (reply.rows ?? []) as Cell[][];
      const cols = reply.columns ?? [];
      const names = dedupeNames(cols.map((c) => c.name));
      const columns = cols.map((c, i) => {
        const type = c.type ?? inferType(rows, i);
        return resultColumn(names[i], type, sqliteGenericType(type));
      });
      return { columns, rows, rowCount: reply.rowCount ?? null };
    } finally {
      this.running = false;
    }
  }

  async stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome> {
    return sinkResult(await this.execute(sql, { maxRows: opts.maxRows }), sink);
  }

  /** Internal metadata queries with bound parameters; rows as objects. */
  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const reply = await this.request(sql, params, null, true);
    return (reply.rows ?? []) as Record<string, unknown>[];
  }

  async cancel(): Promise<void> {
    if (!this.running || !this.child) return;
    this.child.kill();
    this.child = null;
  }

  stop(): void {
    this.child?.kill();
    this.child = null;
  }

  discard(): void {
    this.discarded = true;
  }

  release(): void {
    // a discarded connection's child process is stopped (PRAGMAs and attached files go with it)
    this.onRelease(this, this.discarded);
  }
}

export class SqliteEnginePool implements EnginePool {
  private readonly pool: ResourcePool<SqliteEngineConnection>;

  constructor(path: string, readOnly: boolean, noExternal: boolean, size: number, timeoutMs: number) {
    this.pool = new ResourcePool<SqliteEngineConnection>(
      size,
      async () => {
        const conn = new SqliteEngineConnection(path, readOnly, noExternal, timeoutMs, (c, discard) => this.pool.release(c, discard));
        await conn.start();
        return conn;
      },
      (c) => c.stop(),
    );
  }

  acquire(): Promise<SqliteEngineConnection> {
    return this.pool.acquire();
  }

  async execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult> {
    const conn = await this.acquire();
    try {
      return await conn.execute(sql, opts);
    } finally {
      conn.release();
    }
  }

  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    const conn = await this.acquire();
    try {
      return await conn.query(sql, params);
    } finally {
      conn.release();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

function asSqlitePool(pool: EnginePool): SqliteEnginePool {
  if (pool instanceof SqliteEnginePool) return pool;
  throw new EngineError('This pool does not belong to a SQLite database.', 'GENERIC_DB_ENGINE_ERROR');
}

/** Declared types first by name, then by SQLite's own affinity rules (`UNSIGNED BIG INT` → INTEGER). */
export function sqliteGenericType(nativeType: string): GenericInfo {
  const info = classifyType(nativeType);
  if (info.type_generic !== GenericType.STRING || !nativeType.trim()) return info;
  const t = nativeType.toUpperCase();
  if (/CHAR|CLOB|TEXT|BLOB|JSON/.test(t)) return info;
  if (/INT|REAL|FLOA|DOUB|NUM|DEC/.test(t)) return { type_generic: GenericType.NUMERIC, is_dttm: false };
  return info;
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

async function tableMetadata(pool: SqliteEnginePool, table: string, schema: string | null): Promise<TableMetadata> {
  const sch = schema ?? 'main';
  const [info] = await pool.query(`SELECT type, sql FROM ${quoteDouble(sch)}.sqlite_master WHERE type IN ('table', 'view') AND name = ?`, [
    table,
  ]);
  if (!info) throw new EngineError(`Table ${sch}.${table} does not exist.`, 'TABLE_DOES_NOT_EXIST_ERROR');
  const cols = (
    await pool.query('SELECT name, type, "notnull" AS nn, dflt_value, pk, hidden FROM pragma_table_xinfo(?, ?) ORDER BY cid', [table, sch])
  ).filter((c) => Number(c.hidden) !== 1);
  const fks = await pool.query(
    'SELECT id, seq, "table" AS ref_table, "from" AS col, "to" AS ref_col FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq',
    [table, sch],
  );
  const idx = await pool.query('SELECT name, "unique" AS is_unique, origin FROM pragma_index_list(?, ?) ORDER BY name', [table, sch]);
  const indexes = [];
  for (const i of idx) {
    if (i.origin === 'pk') continue;
    const icols = await pool.query('SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno', [str(i.name), sch]);
    indexes.push({ name: str(i.name), column_names: icols.map((c) => str(c.name)), unique: Number(i.is_unique) === 1, type: null });
  }
  const fkMap = new Map<number, TableMetadata['foreignKeys'][number]>();
  for (const f of fks) {
    const id = Number(f.id);
    let fk = fkMap.get(id);
    if (!fk) {
      fk = { name: null, constrained_columns: [], referred_schema: sch, referred_table: str(f.ref_table), referred_columns: [] };
      fkMap.set(id, fk);
    }
    fk.constrained_columns.push(str(f.col));
    fk.referred_columns.push(str(f.ref_col));
  }
  const pk = cols.filter((c) => Number(c.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk));
  return {
    name: table,
    schema: sch,
    catalog: null,
    columns: cols.map((c) => {
      const longType = str(c.type).toUpperCase();
      return {
        name: str(c.name),
        type: shortTypeName(longType),
        longType,
        nullable: Number(c.nn) === 0 && Number(c.pk) === 0,
        default: strOrNull(c.dflt_value),
        comment: null,
        ...sqliteGenericType(longType),
      };
    }),
    primaryKey: { constrained_columns: pk.map((c) => str(c.name)), name: null },
    foreignKeys: [...fkMap.values()],
    indexes,
    comment: null,
    extra: { kind: info.type === 'view' ? 'view' : 'table' },
  };
}

export const sqliteSpec: EngineSpec = {
  bulkLoader: sqliteBulkLoader,
  engine: 'sqlite',
  backend: 'sqlite',
  engineName: 'SQLite',
  schemes: ['sqlite'],
  sqlalchemyUriPlaceholder: 'sqlite:////path/to/database.db',
  syntax: sqliteSyntax,
  formatterDialect: 'sqlite',
  editor: sqliteEditor,
  isFileBased: true,
  connectionTarget: fileTarget,
  supportsCatalogs: false,
  supportsIlike: false,
  quoteIdentifier: quoteDouble,
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, sqliteSyntax),

  async connect(opts: ConnectOptions) {
    const path = opts.uri.database ?? ':memory:';
    // every process has its own in-memory database: share one
    const size = path === ':memory:' ? 1 : opts.poolSize;
    const pool = new SqliteEnginePool(path, opts.readOnly, opts.disableExternalAccess, size, opts.connectTimeoutMs);
    try {
      // fail here, not on first use, when the file cannot be opened
      (await pool.acquire()).release();
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  },

  async getCatalogs() {
    return ['main'];
  },

  async getSchemas(pool) {
    const rows = await asSqlitePool(pool).query('SELECT name FROM pragma_database_list ORDER BY seq');
    return rows.map((r) => str(r.name));
  },

  async getTables(pool, schema) {
    const rows = await asSqlitePool(pool).query(
      `SELECT name, type FROM ${quoteDouble(schema)}.sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
    );
    return sortTableRefs(rows.map((r) => ({ value: str(r.name), type: r.type === 'view' ? 'view' : 'table', extra: null })));
  },

  getTableMetadata: (pool, table, schema) => tableMetadata(asSqlitePool(pool), table, schema),

  genericType: sqliteGenericType,

  async estimateCost(conn, sql) {
    const res = await conn.execute(`EXPLAIN QUERY PLAN ${sql}`);
    return res.rows.map((r) => Object.fromEntries(res.columns.map((c, i) => [c.name, r[i]])));
  },

  selectStar: (table, schema, columns, limit) => buildSelectStar(quoteDouble, table, schema, columns, limit),

  async enterNamespace() {
    return async () => undefined;
  },

  // one child process per connection: the statement never holds a libuv thread
  usesThreadPool: false,
  backslashEscapes: false,
  ...sqliteDialect,
};
