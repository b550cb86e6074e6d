/**
 * THE one path that runs SQL for every caller (SQL Lab sync and async, CSV export, dataset
 * columns, cost estimate, and next chart data and alerts): open the database, choose the catalog's
 * pool, take a query slot, borrow a connection, switch catalog and schema, run the statements with
 * the time limit and cancellation (a stop, a client that left, shutdown), stream the result rows to
 * the caller's sink, map engine errors — once. Callers never open a pool or pick a namespace.
 */
import type { StatementOutcome } from '@rama/shared';
import type { DatabaseConnections, OpenDatabase } from './connections.js';
import {
  EngineError,
  type Cell,
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

export interface NamespaceSpec {
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  /** milliseconds from the call, waiting for a slot included */
  timeoutMs: number;
  /** aborting cancels the run inside the database */
  signal?: AbortSignal;
  /** a key under which `cancel(key)` finds this run (SQL Lab: the query's client_id) */
  key?: string;
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
   * Borrow a connection in the namespace, under the slot, time limit and cancellation, and hand
   * it to `fn` (cost estimates, the engine's own read-only check). `fn` must only run statements.
   */
  async withConnection<T>(
    ns: NamespaceSpec,
    fn: (conn: EngineConnection, db: OpenDatabase, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (this.closing) throw new QueryCancelledError('The server is shutting down.');
    const active: Active = { controller: new AbortController(), conn: null };
    const { signal } = active.controller;
    const onOuterAbort = () => active.controller.abort(ns.signal?.reason ?? new QueryCancelledError());
    if (ns.signal?.aborted) onOuterAbort();
    ns.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const timer = setTimeout(() => active.controller.abort(new QueryTimeoutError(ns.timeoutMs)), ns.timeoutMs);
    const onAbort = () => void active.conn?.cancel().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    this.active.add(active);
    if (ns.key) this.byKey.set(ns.key, active);
    let release: (() => void) | null = null;
    let conn: EngineConnection | null = null;
    try {
      const db = await this.connections.get(ns.databaseId);
      const pool = await poolForCatalog(db.spec, db.pool, ns.catalog);
      release = await this.slots.take(db.id, db.spec.usesThreadPool, signal);
      conn = await pool.acquire();
      active.conn = conn;
      if (signal.aborted) throw signal.reason;
      const restore = await db.spec.enterNamespace(conn, ns.catalog, ns.schema);
      try {
        const out = await fn(conn, db, signal);
        if (signal.aborted) throw signal.reason;
        return out;
      } finally {
        await restore().catch(() => undefined);
      }
    } catch (e) {
      // a cancel shows up as an engine error: report why it was cancelled
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new QueryCancelledError();
      throw e;
    } finally {
      clearTimeout(timer);
      ns.signal?.removeEventListener('abort', onOuterAbort);
      signal.removeEventListener('abort', onAbort);
      conn?.release();
      release?.();
      this.active.delete(active);
      if (ns.key && this.byKey.get(ns.key) === active) this.byKey.delete(ns.key);
    }
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
