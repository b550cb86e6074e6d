/**
 * DuckDB: embedded, one DuckDBInstance per pool with several connections. The examples database is
 * opened read-only with external access off and the configuration locked, so SQL cannot read files,
 * load extensions or turn either back on (DESIGN.md security rules).
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DuckDBInstance, DuckDBMaterializedResult, ResultReturnType, type DuckDBConnection, type DuckDBResult } from '@duckdb/node-api';
import {
  EngineError,
  type Cell,
  type ConnectOptions,
  type EngineConnection,
  type EnginePool,
  type EngineSpec,
  type RowSink,
  type StatementResult,
  type StreamOutcome,
  type TableRef,
} from '../types.js';
import { str, tableMetadata } from './meta.js';
import { appendChunk, cellConverter } from './values.js';
import { cancelledError, errorMessage, type EngineErrorType } from '../errors.js';
import { applyLimitForSyntax, trailingRowBound } from '../limit.js';
import { fileTarget } from '../targets.js';
import { duckdbEditor } from './editor.js';
import { duckdbSyntax } from './syntax.js';
import { ResourcePool } from '../pool.js';
import { dedupeNames, resultColumn } from '../rows.js';
import { buildSelectStar, classifyType, quoteDouble, sortTableRefs } from '../sql-text.js';
import { duckdbDialect } from './dialect.js';
import { duckdbBulkLoader } from './bulk-load.js';

/** rows handed to a sink at a time while streaming: at first, at most, and about how much text */
const FIRST_SLICE_ROWS = 64;
const MAX_SLICE_ROWS = 2048;
const SLICE_BYTES = 4 * 1024 * 1024;

/** Characters of text in a batch (what its JSON will roughly weigh). */
function textLength(batch: Cell[][]): number {
  let n = 0;
  for (const row of batch) for (const v of row) n += typeof v === 'string' ? v.length : 8;
  return n;
}

function classifyError(message: string): EngineErrorType {
  if (message.startsWith('INTERRUPT Error')) return 'QUERY_CANCELLED';
  if (message.startsWith('Parser Error')) return 'SYNTAX_ERROR';
  if (/^Catalog Error: (Table|Table Function|View) with name .* does not exist/.test(message)) return 'TABLE_DOES_NOT_EXIST_ERROR';
  if (/^Binder Error: (Referenced column|Values list .* does not have a column)/.test(message)) return 'COLUMN_DOES_NOT_EXIST_ERROR';
  if (/read-only mode|read-only database/i.test(message)) return 'READ_ONLY_ERROR';
  return 'GENERIC_DB_ENGINE_ERROR';
}

function toEngineError(e: unknown, cancelled = false): EngineError {
  if (e instanceof EngineError) return e;
  const message = errorMessage(e);
  const type = cancelled ? 'QUERY_CANCELLED' : classifyError(message);
  if (type === 'QUERY_CANCELLED') return cancelledError();
  return new EngineError(message.trim() || 'DuckDB reported an error.', type);
}

function describeResult(result: DuckDBResult) {
  const count = result.columnCount;
  const names = dedupeNames(result.columnNames());
  const converters = [];
  const columns = [];
  for (let i = 0; i < count; i++) {
    const type = result.columnType(i);
    const alias = result.columnLogicalType(i).alias;
    const native = alias ?? type.toString();
    columns.push(resultColumn(names[i], native, classifyType(native)));
    converters.push(cellConverter(type));
  }
  return { columns, converters };
}

/**
 * Rows a statement may return for it to run materialized (errors reported) rather than streamed:
 * a trailing LIMIT of at most this many bounds its memory. A larger bound is no bound on memory
 * (SQL Lab's LIMIT follows SQL_MAX_ROW, up to millions of rows): such a statement streams, and is
 * checked afterwards like an unbounded one.
 */
const MATERIALIZE_ROWS = 200_000;

/**
 * Run materialized when the statement bounds its own rows to at most MATERIALIZE_ROWS:
 * @duckdb/node-api ends a streamed result that failed part-way (a value refused by a cast or
 * error(), out of memory) exactly like one that is done, with no error, so a stream must be
 * checked afterwards (streamFinished). Materialized, SQL Lab's 1M-row bench result (10 columns)
 * held about 140 MB of DuckDB memory for the whole read (the server's peak went past 500 MB).
 */
function materialize(bound: number | null, maxRows: number | undefined): boolean {
  if (maxRows === undefined) return true;
  return bound !== null && bound <= MATERIALIZE_ROWS;
}

/**
 * A stream that ended before its row cap after more than one chunk may have failed silently (the
 * first chunk's errors are reported): count the statement's rows again and refuse a short read.
 * One that read all the rows of its own LIMIT (`bound`) is whole.
 */
async function streamFinished(
  connection: DuckDBConnection,
  sql: string,
  bound: number | null,
  chunks: number,
  rows: number,
): Promise<void> {
  if (chunks <= 1 || (bound !== null && rows >= bound)) return;
  let expected: number;
  try {
    const counted = await connection.runAndReadAll(`SELECT count(*) FROM (${sql}) AS rama_check`);
    expected = Number(counted.getRows()[0]?.[0]);
  } catch (e) {
    // not a statement that can be counted (SHOW, PRAGMA…): those return a few rows, read at once
    if (/^Parser Error/.test(e instanceof Error ? e.message : '')) return;
    throw e;
  }
  if (expected !== rows)
    throw new EngineError(
      `The query stopped after ${rows} of its ${expected} rows (DuckDB ran out of memory or refused a value on the way, without saying). Add a LIMIT or narrow the query, and run it again.`,
      'GENERIC_DB_ENGINE_ERROR',
    );
}

async function readResult(
  result: DuckDBResult,
  maxRows: number | undefined,
  check: (chunks: number, rows: number) => Promise<void>,
): Promise<StatementResult> {
  const { columns, converters } = describeResult(result);
  const rows: Cell[][] = [];
  const limit = maxRows ?? Number.POSITIVE_INFINITY;
  if (result.returnType === ResultReturnType.QUERY_RESULT) {
    if (result instanceof DuckDBMaterializedResult) {
      for (let i = 0; i < result.chunkCount && rows.length < limit; i++) {
        appendChunk(result.getChunk(i), converters, rows, limit - rows.length);
      }
    } else {
      let chunks = 0;
      let read = 0;
      let ended = false;
      while (rows.length < limit) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) {
          ended = true;
          break;
        }
        chunks++;
        read += chunk.rowCount;
        appendChunk(chunk, converters, rows, limit - rows.length);
      }
      if (ended) await check(chunks, read);
    }
  }
  const rowCount = result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : null;
  return { columns, rows, rowCount };
}

class DuckDBEngineConnection implements EngineConnection {
  readonly cancelId = null;
  private running = false;
  private cancelled = false;
  private discarded = false;

  constructor(
    readonly connection: DuckDBConnection,
    private readonly onRelease: (c: DuckDBEngineConnection, discard: boolean) => void,
    /** the one directory this database may read files in: where uploads are put for it to load (or null) */
    readonly loadsDir: string | null,
  ) {}

  async execute(sql: string, opts: { maxRows?: number } = {}): Promise<StatementResult> {
    this.running = true;
    this.cancelled = false;
    try {
      // materialize (DuckDB runs it in parallel, errors are reported) unless a row cap on an
      // unbounded statement asks to read chunks lazily and stop early
      const bound = trailingRowBound(sql, duckdbSyntax);
      const streaming = !materialize(bound, opts.maxRows);
      const result = streaming ? await this.connection.stream(sql) : await this.connection.run(sql);
      const out = await readResult(result, opts.maxRows, (chunks, rows) => streamFinished(this.connection, sql, bound, chunks, rows));
      if (this.cancelled) throw cancelledError();
      return out;
    } catch (e) {
      throw toEngineError(e, this.cancelled);
    } finally {
      this.running = false;
    }
  }

  async stream(sql: string, sink: RowSink, opts: { maxRows: number }): Promise<StreamOutcome> {
    this.running = true;
    this.cancelled = false;
    try {
      const bound = trailingRowBound(sql, duckdbSyntax);
      const streamed = !materialize(bound, opts.maxRows);
      const result = streamed ? await this.connection.stream(sql) : await this.connection.run(sql);
      const { columns, converters } = describeResult(result);
      sink.columns(columns);
      let sent = 0;
      if (result.returnType === ResultReturnType.QUERY_RESULT) {
        let perSlice = FIRST_SLICE_ROWS;
        let more = true;
        let chunks = 0;
        let read = 0;
        const materialized = result instanceof DuckDBMaterializedResult ? result : null;
        while (more && sent < opts.maxRows && !this.cancelled) {
          const chunk = materialized
            ? chunks < materialized.chunkCount
              ? materialized.getChunk(chunks)
              : null
            : await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) {
            if (!materialized && !this.cancelled) await streamFinished(this.connection, sql, bound, chunks, read);
            break;
          }
          chunks++;
          read += chunk.rowCount;
          // a chunk (2048 rows) of wide rows could be hundreds of MB as JS values: hand it over in
          // slices of about SLICE_BYTES, sized from the text of the slice before
          for (let start = 0; more && start < chunk.rowCount && sent < opts.maxRows;) {
            const batch: Cell[][] = [];
            const n = appendChunk(chunk, converters, batch, Math.min(perSlice, opts.maxRows - sent), start);
            start += n;
            sent += n;
            perSlice = Math.max(1, Math.min(MAX_SLICE_ROWS, Math.floor((SLICE_BYTES * n) / Math.max(1, textLength(batch)))));
            more = (await sink.rows(batch)) !== false;
          }
        }
      }
      if (this.cancelled) throw cancelledError();
      return { rowCount: result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : null, rows: sent };
    } catch (e) {
      throw toEngineError(e, this.cancelled);
    } finally {
      this.running = false;
    }
  }

  /** Internal metadata queries with bound parameters; rows as plain objects. */
  async query(sql: string, params: (string | null)[] = []): Promise<Record<string, unknown>[]> {
    try {
      const reader = await this.connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS();
    } catch (e) {
      throw toEngineError(e);
    }
  }

  async cancel(): Promise<void> {
    if (!this.running) return;
    this.cancelled = true;
    this.connection.interrupt();
  }

  discard(): void {
    this.discarded = true;
  }

  release(): void {
    // a discarded connection is closed (its session settings and temporary objects go with it);
    // settings DuckDB keeps per instance are not the connection's to undo
    this.onRelease(this, this.discarded);
  }
}

export class DuckDBEnginePool implements EnginePool {
  private readonly pool: ResourcePool<DuckDBEngineConnection>;

  constructor(
    readonly instance: DuckDBInstance,
    private readonly releaseInstance: () => void,
    size: number,
    loadsDir: string | null,
  ) {
    this.pool = new ResourcePool<DuckDBEngineConnection>(
      size,
      async () => new DuckDBEngineConnection(await instance.connect(), (c, discard) => this.pool.release(c, discard), loadsDir),
      (c) => c.connection.closeSync(),
    );
  }

  acquire(): Promise<DuckDBEngineConnection> {
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

  async query(sql: string, params: (string | null)[] = []): Promise<Record<string, unknown>[]> {
    const conn = await this.acquire();
    try {
      return await conn.query(sql, params);
    } finally {
      conn.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
    this.releaseInstance();
  }
}

function asDuckPool(pool: EnginePool): DuckDBEnginePool {
  if (pool instanceof DuckDBEnginePool) return pool;
  throw new EngineError('This pool does not belong to a DuckDB database.', 'GENERIC_DB_ENGINE_ERROR');
}

function instanceOptions(opts: ConnectOptions, path: string): Record<string, string> {
  const options: Record<string, string> = {};
  if (opts.readOnly && path !== ':memory:') options.access_mode = 'READ_ONLY';
  if (opts.disableExternalAccess) {
    options.enable_external_access = 'false';
    options.autoload_known_extensions = 'false';
    options.autoinstall_known_extensions = 'false';
    // last: nothing in SQL can turn the options above back on
    options.lock_configuration = 'true';
  }
  return options;
}

/**
 * Settings DuckDB takes only in SQL, before the locking ones: the upload directory must be allowed
 * before external access is turned off, and the configuration locked after both.
 */
const LOCKING = ['enable_external_access', 'lock_configuration'];

interface OpenedInstance {
  instance: DuckDBInstance;
  /** a private directory the database may read files in, for uploads (null for a read-only or in-memory one) */
  loadsDir: string | null;
}

/**
 * Pools on the same file with the same options share one instance (DuckDB must not open a file
 * twice in one process for writing); the instance closes when its last pool does.
 */
const shared = new Map<string, { instance: Promise<OpenedInstance>; refs: number }>();

function sharedKey(path: string, options: Record<string, string>): string | null {
  if (path === ':memory:' || path === '') return null;
  return JSON.stringify([resolve(path), options]);
}

function closeOpened(opened: OpenedInstance): void {
  opened.instance.closeSync();
  if (opened.loadsDir) rmSync(opened.loadsDir, { recursive: true, force: true });
}

async function acquireInstance(opts: ConnectOptions): Promise<{ opened: OpenedInstance; release: () => void }> {
  const path = opts.uri.database ?? ':memory:';
  const options = instanceOptions(opts, path);
  const key = sharedKey(path, options);
  if (key === null) {
    const opened = await openInstance(path, options, false);
    return { opened, release: () => closeOpened(opened) };
  }
  let entry = shared.get(key);
  if (!entry) {
    entry = { instance: openInstance(path, options, !opts.readOnly), refs: 0 };
    shared.set(key, entry);
  }
  const held = entry;
  held.refs++;
  try {
    const opened = await held.instance;
    let released = false;
    return {
      opened,
      release: () => {
        if (released) return;
        released = true;
        held.refs--;
        if (held.refs === 0 && shared.get(key) === held) {
          shared.delete(key);
          closeOpened(opened);
        }
      },
    };
  } catch (e) {
    held.refs--;
    if (shared.get(key) === held) shared.delete(key);
    throw e;
  }
}

/**
 * Open the instance. One that takes uploads gets a private directory (0700, a random name, removed
 * with the instance) as the only place it may read files even without external access: an upload
 * is linked there while DuckDB's own `read_csv` loads it, and removed after.
 */
async function openInstance(path: string, options: Record<string, string>, takesUploads: boolean): Promise<OpenedInstance> {
  const locked = options.lock_configuration === 'true';
  const early = Object.fromEntries(Object.entries(options).filter(([k]) => !(locked && LOCKING.includes(k))));
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(path, early);
  } catch (e) {
    const message = errorMessage(e);
    if (/lock/i.test(message)) {
      throw new EngineError(`The database file "${path}" is locked by another process.`, 'GENERIC_DB_ENGINE_ERROR');
    }
    if (/Cannot open|No such file|does not exist/i.test(message)) {
      throw new EngineError(`Unable to open the database file "${path}".`, 'CONNECTION_UNKNOWN_DATABASE_ERROR');
    }
    throw toEngineError(e);
  }
  let loadsDir: string | null = null;
  try {
    if (takesUploads) loadsDir = await mkdtemp(join(tmpdir(), 'rama-duckdb-loads-'));
    if (locked || loadsDir) {
      const c = await instance.connect();
      try {
        if (loadsDir) await c.run(`SET allowed_directories = ['${loadsDir.replace(/'/g, "''")}/']`);
        for (const k of LOCKING) if (locked && options[k] !== undefined) await c.run(`SET ${k} = ${options[k]}`);
      } finally {
        c.closeSync();
      }
    }
  } catch (e) {
    instance.closeSync();
    if (loadsDir) rmSync(loadsDir, { recursive: true, force: true });
    throw toEngineError(e);
  }
  return { instance, loadsDir };
}

export const duckdbSpec: EngineSpec = {
  bulkLoader: duckdbBulkLoader,
  engine: 'duckdb',
  backend: 'duckdb',
  engineName: 'DuckDB',
  schemes: ['duckdb'],
  sqlalchemyUriPlaceholder: 'duckdb:////path/to/database.duckdb',
  syntax: duckdbSyntax,
  formatterDialect: 'duckdb',
  editor: duckdbEditor,
  isFileBased: true,
  connectionTarget: fileTarget,
  supportsCatalogs: true,
  supportsIlike: true,
  quoteIdentifier: quoteDouble,
  applyLimit: (sql, limit) => applyLimitForSyntax(sql, limit, duckdbSyntax),

  async connect(opts) {
    const { opened, release } = await acquireInstance(opts);
    const pool = new DuckDBEnginePool(opened.instance, release, opts.poolSize, opened.loadsDir);
    try {
      // fail here, not on first use, when the database cannot be queried
      await pool.execute('SELECT 1');
    } catch (e) {
      await pool.close();
      throw e;
    }
    return pool;
  },

  async getCatalogs(pool) {
    const rows = await asDuckPool(pool).query('SELECT database_name FROM duckdb_databases() WHERE NOT internal ORDER BY database_name');
    return rows.map((r) => str(r.database_name));
  },

  async getSchemas(pool, catalog) {
    const rows = await asDuckPool(pool).query(
      'SELECT DISTINCT schema_name FROM information_schema.schemata WHERE catalog_name = coalesce($1, current_database()) ORDER BY schema_name',
      [catalog],
    );
    return rows.map((r) => str(r.schema_name));
  },

  async getTables(pool, schema, catalog) {
    const rows = await asDuckPool(pool).query(
      `SELECT table_name, table_type FROM information_schema.tables
       WHERE table_schema = $1 AND table_catalog = coalesce($2, current_database())`,
      [schema, catalog],
    );
    const refs: TableRef[] = rows.map((r) => ({ value: str(r.table_name), type: r.table_type === 'VIEW' ? 'view' : 'table', extra: null }));
    return sortTableRefs(refs);
  },

  getTableMetadata: (pool, table, schema, catalog) => tableMetadata(asDuckPool(pool), table, schema, catalog),

  genericType: classifyType,

  async estimateCost(conn, sql) {
    const result = await conn.execute(`EXPLAIN ${sql}`);
    const text = result.rows.map((r) => String(r[1] ?? '')).join('\n');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => ({ Plan: line }));
  },

  selectStar: (table, schema, columns, limit) => buildSelectStar(quoteDouble, table, schema, columns, limit),

  async enterNamespace(conn, catalog, schema) {
    const q = quoteDouble;
    if (!catalog) {
      if (!schema) return async () => undefined;
      await conn.execute(`USE ${q(schema)}`);
      return async () => void (await conn.execute('USE main').catch(() => undefined));
    }
    // another catalog: remember where the pooled connection was, to switch it back
    const [current, currentSchema] = (await conn.execute('SELECT current_database(), current_schema()')).rows[0] ?? [];
    await conn.execute(`USE ${schema ? `${q(catalog)}.${q(schema)}` : q(catalog)}`);
    const back = current !== undefined ? `${q(String(current))}.${q(String(currentSchema))}` : 'main';
    return async () => void (await conn.execute(`USE ${back}`).catch(() => undefined));
  },

  async confirmsReadOnly(conn, statement) {
    try {
      const literal = `'${statement.replace(/'/g, "''")}'`;
      const res = await conn.execute(`SELECT json_serialize_sql(${literal}) AS ast`, { maxRows: 1 });
      const ast: unknown = JSON.parse(String(res.rows[0]?.[0] ?? '{}'));
      return typeof ast === 'object' && ast !== null && (ast as { error?: unknown }).error === false;
    } catch {
      return false;
    }
  },

  usesThreadPool: true,
  backslashEscapes: false,
  ...duckdbDialect,
};
