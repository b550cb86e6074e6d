/**
 * THE one path that runs SQL for every caller (SQL Lab sync and async, CSV export, dataset
 * columns, cost estimate, and next chart data and alerts): open the database, choose the catalog's
 * pool, take a query slot, borrow a connection, switch catalog and schema, run the statements with
 * the time limit and cancellation (a stop, a client that left, shutdown), stream the result rows to
 * the caller's sink, map engine errors — once. Callers never open a pool or pick a namespace.
 * Metadata calls (browsing, a table's columns) and a database form's test connection go through
 * it too, under the same slots, time limit and cancellation.
 */
import type { StatementOutcome } from '@rama/shared';
import { ConnectionFailedError, type DatabaseConnections, type OpenDatabase } from './connections.js';
import {
  EngineError,
  type Cell,
  type ConnectOptions,
  type EngineConnection,
  type EnginePool,
  type EngineSpec,
  type ResultColumn,
  type RowSink,
} from '../engines/types.js';
import { rowsToRecords } from './formats/json.js';
import { QuerySlots } from './slots.js';

/** rows kept for statements of a script that are not the result */
export const SIDE_STATEMENT_ROWS = 100;

/** The run went past its time limit and was cancelled inside the database. */
export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The query exceeded the ${Math.round(timeoutMs / 1000)} seconds timeout and was stopped.`);
    this.name = 'QueryTimeoutError';
  }
}

/** The run was cancelled: stopped by the user, its client went away, or the server is shutting down. */
export class QueryCancelledError extends Error {
  constructor(message = 'Query was stopped.') {
    super(message);
    this.name = 'QueryCancelledError';
  }
}

/** The time limit and cancellation every run of the executor has. */
export interface RunLimits {
  /** milliseconds from the call, waiting for a slot included */
  timeoutMs: number;
  /** aborting cancels the run inside the database (or abandons it where it cannot be reached) */
  signal?: AbortSignal;
  /** a key under which `cancel(key)` finds this run (SQL Lab: the query's client_id) */
  key?: string;
}

export interface NamespaceSpec extends RunLimits {
  databaseId: number;
  /** the database's version (connections.ts databaseVersion) as the caller read it in this request, if it did */
  databaseVersion?: string;
  catalog: string | null;
  schema: string | null;
}

export interface MetadataSpec extends RunLimits {
  databaseId: number;
}

/**
 * The slots of connections tested before they are saved: they share one database's worth, so a
 * burst of tests is bounded like the queries of one database. Stored database ids start at 1.
 */
const UNSAVED_DATABASE = 0;

/** The work's result, or the abort's reason as soon as the signal aborts (the work goes on unawaited). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface RunSpec extends NamespaceSpec {
  statements: string[];
  /** index of the statement whose rows go to `sink`; -1 when none */
  resultIndex: number;
  /** rows read from the result statement */
  maxRows: number;
  sink: RowSink;
  /** called once the slot and connection are held, before any statement; false cancels the run */
  onStart?: () => Promise<boolean>;
  /**
   * Close the connection after the run instead of returning it to the pool: the statements are
   * user-written SQL on a session that can be changed (`SET standard_conforming_strings = off`,
   * `set_config`, `sql_mode`, `search_path`), and the next borrower is another user's chart.
   */
  discardAfter?: boolean;
}

export interface RunResult {
  statements: StatementOutcome[];
  /** columns of the result statement (null when no statement returned rows) */
  columns: ResultColumn[] | null;
}

interface Active {
  controller: AbortController;
  conn: EngineConnection | null;
}

/** Catalogs each open pool has listed: checked once per pool, not on every run. */
const knownCatalogs = new WeakMap<EnginePool, Set<string>>();

/**
 * The pool to run in the query's catalog: the database's own when no catalog is chosen or the
 * engine has none; a chosen catalog must be one the database lists (no pool for made-up names).
 */
async function poolForCatalog(spec: EngineSpec, pool: EnginePool, catalog: string | null): Promise<EnginePool> {
  if (!catalog || !spec.supportsCatalogs) return pool;
  let known = knownCatalogs.get(pool);
  if (!known?.has(catalog)) {
    known = new Set(await spec.getCatalogs(pool));
    knownCatalogs.set(pool, known);
    if (!known.has(catalog)) throw new EngineError(`The catalog "${catalog}" does not exist in this database.`, 'GENERIC_DB_ENGINE_ERROR');
  }
  return spec.poolForCatalog?.(pool, catalog) ?? pool;
}

/** Collects the capped rows of a statement that is not the result. */
function sideSink(): RowSink & { columns_: ResultColumn[]; rows_: Cell[][] } {
  const out = {
    columns_: [] as ResultColumn[],
    rows_: [] as Cell[][],
    columns(c: ResultColumn[]) {
      out.columns_ = c;
    },
    rows(batch: Cell[][]) {
      out.rows_.push(...batch.slice(0, SIDE_STATEMENT_ROWS - out.rows_.length));
      return out.rows_.length < SIDE_STATEMENT_ROWS;
    },
  };
  return out;
}

const plainColumns = (columns: ResultColumn[]): ResultColumn[] =>
  columns.map((c) => ({ column_name: c.column_name, name: c.name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));

export class Executor {
  private readonly slots: QuerySlots;
  private readonly active = new Set<Active>();
  private readonly byKey = new Map<string, Active>();
  private closing = false;

  constructor(
    private readonly connections: DatabaseConnections,
    opts: { perDatabase: number; threadPoolQueries: number },
  ) {
    this.slots = new QuerySlots(opts.perDatabase, opts.threadPoolQueries);
  }

  /** Cancel the run registered under `key` in this process. Returns whether one was found. */
  cancel(key: string, message = 'Query was stopped.'): boolean {
    const a = this.byKey.get(key);
    if (!a) return false;
    a.controller.abort(new QueryCancelledError(message));
    return true;
  }

  /** Shutdown: refuse new runs and cancel every running one inside its database. */
  cancelAll(message = 'The server is shutting down; the query was stopped.'): void {
    this.closing = true;
    for (const a of this.active) a.controller.abort(new QueryCancelledError(message));
  }

  get runningCount(): number {
    return this.active.size;
  }

  /**
   * What every run shares: refused while shutting down, one controller that the caller's signal,
   * the time limit (waiting for a slot included), `cancel(key)` and shutdown abort, and a cancel
   * that reaches the connection the run has borrowed (`active.conn`) inside the database. A
   * failure after an abort is reported as the abort's reason.
   */
  private async guarded<T>(limits: RunLimits, body: (active: Active, signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closing) throw new QueryCancelledError('The server is shutting down.');
    const active: Active = { controller: new AbortController(), conn: null };
    const { signal } = active.controller;
    const onOuterAbort = () => active.controller.abort(limits.signal?.reason ?? new QueryCancelledError());
    if (limits.signal?.aborted) onOuterAbort();
    limits.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const timer = setTimeout(() => active.controller.abort(new QueryTimeoutError(limits.timeoutMs)), limits.timeoutMs);
    const onAbort = () => void active.conn?.cancel().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    this.active.add(active);
    if (limits.key) this.byKey.set(limits.key, active);
    try {
      return await body(active, signal);
    } catch (e) {
      // a cancel shows up as an engine error: report why it was cancelled
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new QueryCancelledError();
      throw e;
    } finally {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onOuterAbort);
      signal.removeEventListener('abort', onAbort);
      this.active.delete(active);
      if (limits.key && this.byKey.get(limits.key) === active) this.byKey.delete(limits.key);
    }
  }

  /**
   * Borrow a connection in the namespace, under the slot, time limit and cancellation, and hand
   * it to `fn` (cost estimates, the engine's own read-only check). `fn` must only run statements.
   */
  withConnection<T>(ns: NamespaceSpec, fn: (conn: EngineConnection, db: OpenDatabase, signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.guarded(ns, async (active, signal) => {
      let release: (() => void) | null = null;
      let conn: EngineConnection | null = null;
      try {
        const db = await this.connections.get(ns.databaseId, ns.databaseVersion);
        const pool = await poolForCatalog(db.spec, db.pool, ns.catalog);
        release = await this.slots.take(db.id, db.spec.usesThreadPool, signal);
        const borrowed = await pool.acquire().catch((e: unknown) => Promise.reject(new ConnectionFailedError(e)));
        conn = active.conn = borrowed;
        if (signal.aborted) throw signal.reason;
        const restore = await db.spec.enterNamespace(borrowed, ns.catalog, ns.schema);
        try {
          const out = await fn(borrowed, db, signal);
          if (signal.aborted) throw signal.reason;
          return out;
        } finally {
          await restore().catch(() => undefined);
        }
      } finally {
        // forgotten before it goes back: a late abort must not cancel the next borrower's statement
        active.conn = null;
        conn?.release();
        release?.();
      }
    });
  }

  /**
   * Ask the engine about a stored database (its catalogs, schemas, tables, a table's metadata)
   * under the rules SQL runs by: a query slot, the time limit, cancellation. The engine's
   * metadata calls borrow connections of their own that the executor cannot reach, so a cancel
   * abandons the call (the caller is answered at once) instead of stopping it in the database;
   * its slot stays taken until the call settles, so the database never runs more than its slots.
   */
  metadata<T>(req: MetadataSpec, call: (db: OpenDatabase) => Promise<T>): Promise<T> {
    return this.guarded(req, async (_active, signal) => {
      const db = await this.connections.get(req.databaseId);
      const release = await this.slots.take(db.id, db.spec.usesThreadPool, signal);
      const running = Promise.resolve().then(() => call(db));
      void running.then(release, release);
      return untilAborted(running, signal);
    });
  }

  /**
   * Connect with a URI that is not saved yet and run a trivial query (a database form's "Test
   * connection"), under a slot shared by every such test, the time limit and cancellation. Any
   * failure is the connection's (ConnectionFailedError). The pool is closed once the connect
   * settles, also when the caller has gone.
   */
  testConnection(spec: EngineSpec, connect: ConnectOptions, limits: RunLimits): Promise<void> {
    return this.guarded(limits, async (active, signal) => {
      const release = await this.slots.take(UNSAVED_DATABASE, spec.usesThreadPool, signal);
      const trial = (async () => {
        const pool = await spec.connect(connect);
        try {
          if (signal.aborted) return;
          const conn = await pool.acquire();
          active.conn = conn;
          try {
            if (!signal.aborted) await conn.execute('SELECT 1', { maxRows: 1 });
          } finally {
            active.conn = null;
            conn.release();
          }
        } finally {
          await pool.close().catch(() => undefined);
        }
      })().catch((e: unknown) => Promise.reject(new ConnectionFailedError(e)));
      void trial.then(release, release);
      return untilAborted(trial, signal);
    });
  }

  /** Run the statements in order on one connection; the result statement's rows go to the sink. */
  run(spec: RunSpec): Promise<RunResult> {
    return this.withConnection(spec, async (conn, _db, signal) => {
      // marked before anything runs: a statement that fails may have changed the session already
      if (spec.discardAfter) conn.discard();
      if (spec.onStart && !(await spec.onStart())) throw new QueryCancelledError();
      const outcomes: StatementOutcome[] = [];
      let columns: ResultColumn[] | null = null;
      for (let i = 0; i < spec.statements.length; i++) {
        if (signal.aborted) throw signal.reason;
        const sql = spec.statements[i];
        if (i === spec.resultIndex) {
          let rows = 0;
          const sink: RowSink = {
            columns: (c) => {
              columns = plainColumns(c);
              spec.sink.columns(columns);
            },
            rows: (batch) => {
              rows += batch.length;
              return spec.sink.rows(batch);
            },
          };
          await conn.stream(sql, sink, { maxRows: spec.maxRows });
          outcomes.push({ index: i, sql, is_result: true, columns: columns ?? [], data: null, rowcount: rows });
        } else {
          const side = sideSink();
          const res = await conn.stream(sql, side, { maxRows: SIDE_STATEMENT_ROWS });
          const cols = plainColumns(side.columns_);
          const data = cols.length ? rowsToRecords(cols, side.rows_) : null;
          outcomes.push({ index: i, sql, is_result: false, columns: cols, data, rowcount: cols.length ? side.rows_.length : res.rowCount });
        }
      }
      return { statements: outcomes, columns };
    });
  }
}
