/**
 * PostgreSQL through `pg` (pool) and `pg-cursor` (row caps read only what is needed).
 * Cancel runs `pg_cancel_backend(pid)` from a separate connection, so the query stops in the server.
 */
import type pg from 'pg';
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
import { accessDenied, cancelledError, errorCode, errorMessage, networkError, unknownDatabase } from '../errors.js';
import { applyLimitForSyntax } from '../limit.js';
import { serverTarget } from '../targets.js';
import { postgresEditor } from './editor.js';
import { postgresSyntax } from './syntax.js';
import { RELKIND, str, tableMetadata } from './meta.js';
import { BUILTIN_TYPE_NAMES, cellTypes } from './types.js';
import { pgDriver } from './driver.js';
import { dedupeNames, resultColumn } from '../rows.js';
import { buildSelectStar, classifyType, quoteDouble, sortTableRefs } from '../sql-text.js';
import { postgresDialect } from './dialect.js';
import { postgresBulkLoader } from './bulk-load.js';

const DEFAULT_PORT = 5432;

const SQLSTATE: Record<string, EngineError['errorType']> = {
  '42601': 'SYNTAX_ERROR',
  '42P01': 'TABLE_DOES_NOT_EXIST_ERROR',
  '42703': 'COLUMN_DOES_NOT_EXIST_ERROR',
  '57014': 'QUERY_CANCELLED',
  '25006': 'READ_ONLY_ERROR',
};

function toEngineError(e: unknown, uri: ConnectionUri, cancelled = false): EngineError {
  if (e instanceof EngineError) return e;
  const code = errorCode(e);
  if (cancelled || code === '57014') return cancelledError();
  if (code === '28P01' || code === '28000') return accessDenied(uri);
  if (code === '3D000') return unknownDatabase(uri);
  const type = code ? SQLSTATE[code] : undefined;
  if (type) return new EngineError(errorMessage(e), type);
  // five-character SQLSTATE: a database error whose text is meant for the user
  if (code && /^[0-9A-Z]{5}$/.test(code)) return new EngineError(errorMessage(e), 'GENERIC_DB_ENGINE_ERROR');
  const net = networkError(e, uri, DEFAULT_PORT);
  if (net) return net;
  if (/Connection terminated/i.test(errorMessage(e))) {
    return new EngineError('The connection to the database was closed unexpectedly.', 'GENERIC_DB_ENGINE_ERROR');
  }
  return new EngineError('PostgreSQL reported an error.', 'GENERIC_DB_ENGINE_ERROR');
}

const ROW_COUNT_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);

interface PgFieldLike {
  name: string;
  dataTypeID: number;
}

interface PgResultLike {
  fields: PgFieldLike[];
  rows: unknown[];
  rowCount: number | null;
  command: string;
}

function clientConfig(opts: ConnectOptions): pg.ClientConfig {
  const { uri } = opts;
  const sslmode = uri.query.sslmode;
  const ssl =
    !sslmode || sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer'
      ? undefined
      : { rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca' };
  return {
    host: uri.host ?? 'localhost',
    port: uri.port ?? DEFAULT_PORT,
    user: uri.username ?? undefined,
    password: uri.password ?? undefined,
    database: uri.database ?? undefined,
    connectionTimeoutMillis: opts.connectTimeoutMs,
    application_name: 'rama',
    ssl,
    // set at connection start, before any SQL, on every connection Rama opens (SQL Lab, charts,
    // metadata, other catalogs): a backslash in a plain literal is text, not an escape, so a value
    // like `\' OR …` cannot end one early (string literals are also safe without it: dialect.ts);
    // read-only is a second wall behind the DML checks
    options: `-c standard_conforming_strings=on${opts.readOnly ? ' -c default_transaction_read_only=on' : ''}`,
  };
}

const ignore = (): void => undefined;
/** rows read from a cursor at a time when streaming */
const STREAM_BATCH = 2000;

class PgEngineConnection implements EngineConnection {
  private running = false;
  private cancelled = false;
  private broken = false;
  private discarded = false;

  constructor(
    readonly owner: PgEnginePool,
    readonly client: pg.PoolClient,
  ) {
    // a connection that dies while borrowed must not crash the process
    client.on('error', ignore);
  }

  get cancelId(): string | null {
    const pid: unknown = (this.client as unknown as { processID?: unknown }).processID;
    return typeof pid === 'number' ? String(pid) : null;
  }

  async execute(sql: string, opts: { maxRows?: number } = {}): Promise<StatementResult> {
    this.running = true;
    this.cancelled = false;
    try {
      const result = opts.maxRows === undefined ? await this.runAll(sql) : await this.runCursor(sql, opts.maxRows);
      if (this.cancelled) throw cancelledError();
      return await this.shape(result);
    } catch (e) {
      throw toEngineError(e, this.owner.uri, this.cancelled);
    } finally {
      this.running = false;
    }
  }

  async stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome> {
    this.running = true;
    this.cancelled = false;
    const cursor = this.client.query(new (pgDriver.get().Cursor)(sql, [], { rowMode: 'array', types: cellTypes }));
    const read = (n: number) =>
      new Promise<PgResultLike>((resolve, reject) => {
        cursor.read(n, (err, rows, res) => {
          if (err) reject(err);
          else resolve({ fields: res.fields ?? [], rows, rowCount: res.rowCount, command: res.command });
        });
      });
    let sent = 0;
    let columns: ResultColumn[] | null = null;
    try {
      let last: PgResultLike | null = null;
      for (;;) {
        // pg-cursor reads everything for 0, so always ask for at least one row
        const want = Math.max(1, Math.min(STREAM_BATCH, opts.maxRows - sent));
        const res = await read(want);
        last = res;
        if (columns === null) {
          // the cursor holds this client: unknown type names are looked up on another connection
          columns = await this.owner.columnsOf(null, res.fields);
          sink.columns(columns);
        }
        const batch = (res.rows as Cell[][]).slice(0, Math.max(0, opts.maxRows - sent));
        sent += batch.length;
        const more = batch.length ? await sink.rows(batch) : undefined;
        if (this.cancelled) throw cancelledError();
        if (res.rows.length < want || sent >= opts.maxRows || more === false) break;
      }
      await cursor.close();
      return { rowCount: last && ROW_COUNT_COMMANDS.has(last.command) ? last.rowCount : null, rows: sent };
    } catch (e) {
      // the portal may be half-read; do not hand this connection to anyone else
      this.broken = true;
      await cursor.close().catch(ignore);
      throw toEngineError(e, this.owner.uri, this.cancelled);
    } finally {
      this.running = false;
    }
  }

  private async runAll(sql: string): Promise<PgResultLike> {
    // the extended protocol runs exactly one statement: a string smuggling in a second one fails
    const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
      text: sql,
      rowMode: 'array',
      types: cellTypes,
      queryMode: 'extended',
    };
    const res: unknown = await this.client.query(config);
    const list = (Array.isArray(res) ? res : [res]) as PgResultLike[];
    return list[list.length - 1];
  }

  private async runCursor(sql: string, maxRows: number): Promise<PgResultLike> {
    const cursor = this.client.query(new (pgDriver.get().Cursor)(sql, [], { rowMode: 'array', types: cellTypes }));
    try {
      // pg-cursor reads everything for 0, so read one and drop it
      const want = Math.max(1, maxRows);
      const result = await new Promise<PgResultLike>((resolve, reject) => {
        cursor.read(want, (err, rows, res) => {
          if (err) reject(err);
          else resolve({ fields: res.fields ?? [], rows: rows.slice(0, maxRows), rowCount: res.rowCount, command: res.command });
        });
      });
      await cursor.close();
      return result;
    } catch (e) {
      // the portal may be half-read; do not hand this connection to anyone else
      this.broken = true;
      await cursor.close().catch(ignore);
      throw e;
    }
  }

  private async shape(result: PgResultLike): Promise<StatementResult> {
    const columns = await this.owner.columnsOf(this.client, result.fields ?? []);
    const rowCount = ROW_COUNT_COMMANDS.has(result.command) ? result.rowCount : null;
    // the per-query type parsers already produced Cells
    return { columns, rows: result.rows as Cell[][], rowCount };
  }

  async cancel(): Promise<void> {
    const pid = this.cancelId;
    if (!this.running || pid === null) return;
    this.cancelled = true;
    await this.owner.cancelBackend(Number(pid));
  }

  discard(): void {
    this.discarded = true;
  }

  release(): void {
    this.client.removeListener('error', ignore);
    // true destroys the client: pg closes it and opens a fresh one for the next borrower
    this.client.release(this.broken || this.cancelled || this.discarded);
  }
}

export class PgEnginePool implements EnginePool {
  readonly pool: pg.Pool;
  private readonly catalogPools = new Map<string, PgEnginePool>();
  private readonly names = new Map<number, string>(Object.entries(BUILTIN_TYPE_NAMES).map(([k, v]) => [Number(k), v]));

  constructor(
    readonly uri: ConnectionUri,
    private readonly config: pg.ClientConfig,
    size: number,
    /** sessions are read-only: user SQL also runs inside a READ ONLY transaction (see enterNamespace) */
    readonly readOnly = false,
  ) {
    this.pool = new (pgDriver.get().pg.Pool)({ ...config, max: Math.max(1, size), idleTimeoutMillis: 60_000, allowExitOnIdle: true });
    // an idle connection dropped by the server is replaced on next use; it must not crash the process
    this.pool.on('error', ignore);
  }

  async acquire(): Promise<PgEngineConnection> {
    try {
      return new PgEngineConnection(this, await this.pool.connect());
    } catch (e) {
      throw toEngineError(e, this.uri);
    }
  }

  async execute(sql: string, opts?: { maxRows?: number }): Promise<StatementResult> {
    const conn = await this.acquire();
    try {
      return await conn.execute(sql, opts);
    } finally {
      conn.release();
    }
  }

  /** Internal metadata queries with bound parameters (pg's default type parsing). */
  async query(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
    try {
      const config: pg.QueryConfig & { queryMode: 'extended' } = { text: sql, values: params, queryMode: 'extended' };
      const res = await this.pool.query(config);
      return res.rows as Record<string, unknown>[];
    } catch (e) {
      throw toEngineError(e, this.uri);
    }
  }

  /** Result columns for a row description (type names looked up on `client`, else on the pool). */
  async columnsOf(client: pg.PoolClient | null, fields: PgFieldLike[]): Promise<ResultColumn[]> {
    const typeNames = await this.typeNames(
      client,
      fields.map((f) => f.dataTypeID),
    );
    const names = dedupeNames(fields.map((f) => f.name));
    return fields.map((f, i) => {
      const type = typeNames.get(f.dataTypeID) ?? 'UNKNOWN';
      return resultColumn(names[i], type, classifyType(type));
    });
  }

  /** Display names for type oids, looking up the ones not seen before on the given client. */
  async typeNames(client: pg.PoolClient | null, oids: number[]): Promise<Map<number, string>> {
    const missing = [...new Set(oids.filter((o) => !this.names.has(o)))];
    if (missing.length) {
      const res = await (client ?? this.pool).query(
        'SELECT oid::int AS oid, upper(format_type(oid, NULL)) AS name FROM pg_type WHERE oid = ANY($1::oid[])',
        [missing],
      );
      for (const row of res.rows as Array<{ oid: number; name: string }>) this.names.set(row.oid, row.name);
    }
    return this.names;
  }

  /** Cancel a backend from a connection of its own: the pool may be exhausted by the very query. */
  async cancelBackend(pid: number): Promise<void> {
    const client = new (pgDriver.get().pg.Client)(this.config);
    client.on('error', ignore);
    try {
      await client.connect();
      await client.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch (e) {
      throw toEngineError(e, this.uri);
    } finally {
      await client.end().catch(ignore);
    }
  }

  /**
   * A PostgreSQL connection sees one database: browsing another catalog needs a pool of its own
   * (small, opened on first use, closed with this one).
   */
  forCatalog(catalog: string | null): PgEnginePool {
    const own = this.config.database ?? this.uri.username ?? null;
    if (catalog === null || catalog === own) return this;
    let pool = this.catalogPools.get(catalog);
    if (!pool) {
      pool = new PgEnginePool({ ...this.uri, database: catalog }, { ...this.config, database: catalog }, 2, this.readOnly);
      this.catalogPools.set(catalog, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    const others = [...this.catalogPools.values()];
    this.catalogPools.clear();
    await Promise.all([this.pool.end(), ...others.map((p) => p.close())]);
  }
}

function asPgPool(pool: EnginePool): PgEnginePool {
  if (pool instanceof PgEnginePool) return pool;
  throw new EngineError('This pool does not belong to a PostgreSQL database.', 'GENERIC_DB_ENGINE_ERROR');
}

export const postgresSpec: EngineSpec = {
  bulkLoader: postgresBulkLoader,
  engine: 'postgresql',
  backend: 'postgresql',
  engineName: 'PostgreSQL',
  schemes: ['postgresql', 'postgres', 'postgresql+psycopg2', 'postgresql+psycopg', 'postgresql+pg8000'],
  sqlalchemyUriPlaceholder: 'postgresql://user:password@host:5432/database',
  syntax: postgresSyntax,
  formatterDialect: 'postgresql',
  editor: postgresEditor,
  isFileBased: false,
  // libpq's defaults: port 5432, the database named after the user, else `postgres`
  connectionTarget: (uri) => serverTarget(uri, { port: 5432, database: uri.username ?? 'postgres' }),
  supportsCatalogs: true,
  supportsIlike: true,
  quoteIdentifier: quoteDouble,
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, postgresSyntax),

  async connect(opts) {
    await pgDriver.load();
    const config = clientConfig(opts);
    const pool = new PgEnginePool(opts.uri, config, opts.poolSize, opts.readOnly);
    try {
      // fail here, not on first use, for a wrong host, password or database
      (await pool.acquire()).release();
    } catch (e) {
      await pool.close().catch(ignore);
      throw e;
    }
    return pool;
  },

  async getCatalogs(pool) {
    const rows = await asPgPool(pool).query('SELECT datname FROM pg_database WHERE NOT datistemplate AND datallowconn ORDER BY datname');
    return rows.map((r) => str(r.datname));
  },

  poolForCatalog: (pool, catalog) => asPgPool(pool).forCatalog(catalog),

  async getSchemas(pool, catalog) {
    const rows = await asPgPool(pool)
      .forCatalog(catalog)
      .query(
        `SELECT nspname FROM pg_namespace
       WHERE nspname !~ '^pg_toast' AND nspname !~ '^pg_temp_' ORDER BY nspname`,
      );
    return rows.map((r) => str(r.nspname));
  },

  async getTables(pool, schema, catalog) {
    const rows = await asPgPool(pool)
      .forCatalog(catalog)
      .query(
        `SELECT c.relname, c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f', 'v', 'm') AND NOT c.relispartition`,
        [schema],
      );
    return sortTableRefs(rows.map((r) => ({ value: str(r.relname), type: RELKIND[str(r.kind)] ?? 'table', extra: null })));
  },

  getTableMetadata: (pool, table, schema, catalog) => tableMetadata(asPgPool(pool).forCatalog(catalog), table, schema),

  genericType: classifyType,

  async estimateCost(conn, sql) {
    const res = await conn.execute(`EXPLAIN (FORMAT JSON) ${sql}`);
    const plans = res.rows.map((r) => {
      const cell = r[0];
      return typeof cell === 'string' ? (JSON.parse(cell) as unknown) : cell;
    });
    return plans
      .flatMap((p) => (Array.isArray(p) ? p : [p]))
      .map((entry) => {
        const plan = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).Plan : null;
        const node = typeof plan === 'object' && plan !== null ? (plan as Record<string, unknown>) : {};
        return {
          'Startup cost': node['Startup Cost'] ?? null,
          'Total cost': node['Total Cost'] ?? null,
          'Plan rows': node['Plan Rows'] ?? null,
        };
      });
  },

  selectStar: (table, schema, columns, limit) => buildSelectStar(quoteDouble, table, schema, columns, limit),

  async enterNamespace(conn, catalog, schema) {
    // the catalog was chosen with the connection's pool
    const pgConn = conn as PgEngineConnection;
    if (pgConn.owner.readOnly) {
      // The session default (default_transaction_read_only) is a setting a statement could change;
      // a READ ONLY transaction whose snapshot is taken cannot be made writable by anything inside it.
      await conn.execute('BEGIN TRANSACTION READ ONLY');
      try {
        if (schema) await conn.execute(`SET LOCAL search_path TO ${quoteDouble(schema)}, public`);
        await conn.execute('SELECT 1');
      } catch (e) {
        await conn.execute('ROLLBACK').catch(ignore);
        throw e;
      }
      return async () => void (await conn.execute('ROLLBACK'));
    }
    if (!schema) return async () => undefined;
    await conn.execute(`SET search_path TO ${quoteDouble(schema)}, public`);
    return async () => void (await conn.execute('RESET search_path'));
  },

  usesThreadPool: false,
  backslashEscapes: false,
  ...postgresDialect,
};
