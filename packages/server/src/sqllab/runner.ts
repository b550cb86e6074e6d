/**
 * Runs prepared queries on the engines: one statement after another on one connection, with the
 * per-database concurrency limit, stop (cancelled inside the database), the time limit, a lease so a
 * dead process never leaves a query "running", and the results backend.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { ErrorType, limitingFactor, type StatementOutcome } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { EngineConnection, EnginePool, EngineSpec } from '../engines/types.js';
import { EngineError } from '../engines/types.js';
import type { PreparedRun } from './prepare.js';
import type { QueryRow } from './present.js';
import { failOrphans, getQueryById, renewLeases, transitionQuery } from './queries.js';
import { ResultsBackendError, ROW_SEPARATOR, type ResultsBackend, type StoredResult } from './results.js';
import { rowsToJsonLines, stringifyExact } from './serialize.js';

const STOP_POLL_MS = 400;
/** rows kept for statements of a script that are not the result */
const SIDE_STATEMENT_ROWS = 100;

class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

export interface ResultHeader {
  columns: StoredColumns;
  statements: StatementOutcome[];
  displayLimitReached: boolean;
  rows: number;
}
type StoredColumns = { column_name: string; name: string; type: string; type_generic: number; is_dttm: boolean }[];

export type RunOutcome =
  | { status: 'success'; header: ResultHeader; body: string; resultsKey: string }
  | { status: 'failed' | 'stopped' | 'timed_out'; message: string; errorType: string };

interface Running {
  conn: EngineConnection | null;
  stopped: boolean;
  timedOut: boolean;
}

/** Catalogs each open pool has listed: checked once per pool, not on every run. */
const knownCatalogs = new WeakMap<EnginePool, Set<string>>();

/**
 * The pool to run in the query's catalog: the database's own when no catalog is chosen or the
 * engine has none; a chosen catalog must be one the database lists (no pool for made-up names).
 */
export async function poolForCatalog(spec: EngineSpec, pool: EnginePool, catalog: string | null): Promise<EnginePool> {
  if (!catalog || !spec.supportsCatalogs) return pool;
  let known = knownCatalogs.get(pool);
  if (!known?.has(catalog)) {
    known = new Set(await spec.getCatalogs(pool));
    knownCatalogs.set(pool, known);
    if (!known.has(catalog)) throw new EngineError(`The catalog "${catalog}" does not exist in this database.`, 'GENERIC_DB_ENGINE_ERROR');
  }
  return spec.poolForCatalog?.(pool, catalog) ?? pool;
}

/** Switch the connection to the query's catalog and schema; the returned function switches back. */
async function enterNamespace(spec: EngineSpec, conn: EngineConnection, catalog: string | null, schema: string | null): Promise<() => Promise<void>> {
  const noop = async () => undefined;
  switch (spec.engine) {
    case 'postgresql': {
      // the catalog was chosen with the connection's pool
      if (!schema) return noop;
      await conn.execute(`SET search_path TO ${spec.quoteIdentifier(schema)}, public`);
      return async () => void (await conn.execute('RESET search_path'));
    }
    case 'duckdb': {
      if (!catalog) {
        if (!schema) return noop;
        await conn.execute(`USE ${spec.quoteIdentifier(schema)}`);
        return async () => void (await conn.execute('USE main').catch(() => undefined));
      }
      // another catalog: remember where the pooled connection was, to switch it back
      const [current, currentSchema] = (await conn.execute('SELECT current_database(), current_schema()')).rows[0] ?? [];
      const q = spec.quoteIdentifier;
      await conn.execute(`USE ${schema ? `${q(catalog)}.${q(schema)}` : q(catalog)}`);
      const back = current !== undefined ? `${q(String(current))}.${q(String(currentSchema))}` : 'main';
      return async () => void (await conn.execute(`USE ${back}`).catch(() => undefined));
    }
    default:
      // MySQL: the schema is the database; qualified names work without switching the pooled connection
      return noop;
  }
}

export class QueryRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<string, Running>();
  private readonly semaphores = new Map<number, Semaphore>();
  /** queries this process holds a lease on (running, or queued in the in-process queue) */
  readonly leased = new Set<number>();
  /** result writes still in flight (sync queries answer before the write ends) */
  readonly pendingWrites = new Map<string, Promise<void>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly results: ResultsBackend,
    private readonly perDatabaseLimit: number,
    private readonly resultsTtlSeconds: number,
  ) {}

  /** Start lease renewal and the orphan sweep (marks queries of dead processes failed). */
  start(): void {
    const db = this.ctx.store.db;
    const tick = async () => {
      await renewLeases(db, [...this.leased], this.leaseUntil()).catch(() => undefined);
      await failOrphans(db).catch(() => undefined);
    };
    void tick();
    this.timers.push(setInterval(() => void tick(), Math.max(250, (this.ctx.config.queryLeaseSeconds * 1000) / 3)));
    for (const t of this.timers) t.unref();
  }

  stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  leaseUntil(): number {
    return Date.now() + this.ctx.config.queryLeaseSeconds * 1000;
  }

  private semaphore(dbId: number): Semaphore {
    let s = this.semaphores.get(dbId);
    if (!s) this.semaphores.set(dbId, (s = new Semaphore(this.perDatabaseLimit)));
    return s;
  }

  /** Cancel a query running in this process (inside the database). Returns whether it was here. */
  async cancel(clientId: string): Promise<boolean> {
    const r = this.running.get(clientId);
    if (!r) return false;
    r.stopped = true;
    await r.conn?.cancel().catch(() => undefined);
    return true;
  }

  /** Execute a query record (pending or running) with its prepared run. */
  async run(row: QueryRow, prepared: PreparedRun, timeoutMs: number): Promise<RunOutcome> {
    const db = this.ctx.store.db;
    const entry: Running = { conn: null, stopped: false, timedOut: false };
    this.running.set(row.client_id, entry);
    this.leased.add(row.id);
    const sem = this.semaphore(row.database_id);
    await sem.acquire();
    let conn: EngineConnection | null = null;
    let timer: NodeJS.Timeout | null = null;
    let poll: NodeJS.Timeout | null = null;
    try {
      const moved = await transitionQuery(db, row.id, 'running', { start_running_time: Date.now(), worker_id: this.workerId, lease_until: this.leaseUntil() }, ['pending', 'running', 'scheduled', 'started']);
      if (!moved) return this.outcomeOf(row.id);
      const open = await this.ctx.connections.get(row.database_id);
      conn = await (await poolForCatalog(open.spec, open.pool, row.catalog)).acquire();
      entry.conn = conn;
      const activeConn = conn;
      timer = setTimeout(() => {
        entry.timedOut = true;
        void activeConn.cancel();
      }, timeoutMs);
      // a stop recorded by another process (the web server while a worker runs it)
      poll = setInterval(() => {
        void getQueryById(db, row.id).then((r) => {
          if (r?.status === 'stopped' && !entry.stopped) {
            entry.stopped = true;
            void activeConn.cancel();
          }
        });
      }, STOP_POLL_MS);
      if (entry.stopped) throw new EngineError('Query was stopped.', 'QUERY_CANCELLED');
      const restore = await enterNamespace(open.spec, conn, row.catalog, row.schema);
      const outcomes: StatementOutcome[] = [];
      let result: { columns: StoredColumns; lines: string[]; fetched: number } | null = null;
      try {
        for (let i = 0; i < prepared.statements.length; i++) {
          const sql = prepared.statements[i];
          const isResult = i === prepared.resultIndex;
          const res = await conn.execute(sql, { maxRows: isResult ? prepared.limit + 1 : SIDE_STATEMENT_ROWS });
          if (entry.stopped || entry.timedOut) throw new EngineError('Query was stopped.', 'QUERY_CANCELLED');
          const columns = res.columns.map((c) => ({ column_name: c.column_name, name: c.name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));
          if (isResult) {
            result = { columns, lines: rowsToJsonLines(res.columns, res.rows, prepared.limit), fetched: res.rows.length };
            outcomes.push({ index: i, sql, is_result: true, columns, data: null, rowcount: Math.min(res.rows.length, prepared.limit) });
          } else {
            const data = res.columns.length ? (JSON.parse(`[${rowsToJsonLines(res.columns, res.rows).join(',')}]`) as Record<string, unknown>[]) : null;
            outcomes.push({ index: i, sql, is_result: false, columns, data, rowcount: res.columns.length ? res.rows.length : res.rowCount });
          }
        }
      } finally {
        await restore().catch(() => undefined);
      }
      const rowCount = result?.lines.length ?? 0;
      const body = result ? result.lines.join(ROW_SEPARATOR) : '';
      result = result && { ...result, lines: [] };
      const header: ResultHeader = {
        columns: result?.columns ?? [],
        statements: outcomes,
        displayLimitReached: result ? result.fetched > prepared.limit : false,
        rows: rowCount,
      };
      const resultsKey = randomBytes(16).toString('hex');
      const factor = result ? limitingFactor(prepared.sqlLimit, prepared.limit, result.fetched) : 'NOT_LIMITED';
      const stored: StoredResult = { header: stringifyExact(header), body };
      if (row.run_async) await this.results.set(resultsKey, stored, this.resultsTtlSeconds);
      // a sync query answers first; its copy is written right after the reply
      else this.trackWrite(resultsKey, new Promise((r) => setImmediate(r)).then(() => this.results.set(resultsKey, stored, this.resultsTtlSeconds)));
      const finished = await transitionQuery(db, row.id, 'success', {
        progress: 100,
        rows: rowCount,
        end_time: Date.now(),
        results_key: resultsKey,
        limiting_factor: factor,
        tmp_table_name: prepared.ctas?.table ?? row.tmp_table_name,
        tmp_schema_name: prepared.ctas?.schema ?? row.tmp_schema_name,
        error_message: null,
      });
      if (!finished) return this.outcomeOf(row.id);
      return { status: 'success', header, body, resultsKey };
    } catch (e) {
      return this.finishWithError(row, entry, e);
    } finally {
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      conn?.release();
      sem.release();
      this.running.delete(row.client_id);
      this.leased.delete(row.id);
    }
  }

  private trackWrite(key: string, write: Promise<void>): void {
    const tracked = write
      .catch((e: unknown) => this.ctx.log.warn({ err: e, key }, 'storing query results failed'))
      .finally(() => this.pendingWrites.delete(key));
    this.pendingWrites.set(key, tracked);
  }

  private async finishWithError(row: QueryRow, entry: Running, e: unknown): Promise<RunOutcome> {
    const db = this.ctx.store.db;
    const end = Date.now();
    if (entry.timedOut) {
      const message = `The query exceeded the ${Math.round((this.ctx.config.sqllabTimeout * 1000) / 1000)} seconds timeout and was stopped.`;
      await transitionQuery(db, row.id, 'timed_out', { end_time: end, error_message: message, error_type: ErrorType.SQLLAB_TIMEOUT_ERROR });
      return this.outcomeOf(row.id);
    }
    if (entry.stopped || (e instanceof EngineError && e.errorType === 'QUERY_CANCELLED')) {
      await transitionQuery(db, row.id, 'stopped', { end_time: end, error_message: 'Query was stopped.', error_type: 'QUERY_CANCELLED' });
      return this.outcomeOf(row.id);
    }
    const message =
      e instanceof EngineError || e instanceof ResultsBackendError ? e.message : 'The query failed because of an internal error. The details were logged on the server.';
    const errorType = e instanceof EngineError ? e.errorType : e instanceof ResultsBackendError ? ErrorType.RESULTS_BACKEND_ERROR : ErrorType.GENERIC_BACKEND_ERROR;
    if (!(e instanceof EngineError) && !(e instanceof ResultsBackendError)) this.ctx.log.error({ err: e, queryId: row.id }, 'query run failed');
    await transitionQuery(db, row.id, 'failed', { end_time: end, error_message: message, error_type: errorType });
    return this.outcomeOf(row.id);
  }

  /** The outcome as recorded (another actor, such as a stop, may have decided it). */
  private async outcomeOf(id: number): Promise<RunOutcome> {
    const r = await getQueryById(this.ctx.store.db, id);
    const status = r?.status;
    if (status === 'stopped' || status === 'timed_out' || status === 'failed') {
      return { status, message: r?.error_message ?? (status === 'stopped' ? 'Query was stopped.' : 'The query failed.'), errorType: r?.error_type ?? ErrorType.GENERIC_DB_ENGINE_ERROR };
    }
    return { status: 'failed', message: 'The query ended in an unexpected state.', errorType: ErrorType.GENERIC_BACKEND_ERROR };
  }
}
