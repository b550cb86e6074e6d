/**
 * SQL Lab's side of running a query: the query record's life (running, success, failed, stopped,
 * timed out), a lease so a dead process never leaves a query "running", stop requests from other
 * processes, and the stored result. The statements themselves run through `execution/`, whose
 * rows stream into the results store (and, for a sync run, into the HTTP reply) as they arrive.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { ErrorType, limitingFactor, type StatementOutcome } from '@rama/shared';
import type { AppContext } from '../context.js';
import { EngineError, type ResultColumn } from '../engines/types.js';
import { QueryCancelledError, QueryTimeoutError } from '../execution/executor.js';
import type { PreparedRun } from './prepare.js';
import type { QueryRow } from './present.js';
import { failOrphans, getQueryById, renewLeases, transitionQuery } from '../metadata/repos/queries.js';
import { ResultsBackendError, type ResultsBackend } from './results.js';
import { JsonRowsSink, type RowsTarget } from './sink.js';
import { stringifyExact } from '../execution/formats/json.js';
import { databaseById } from '../metadata/repos/databases.js';

const STOP_POLL_MS = 400;

/** What the results store keeps beside the rows (and what a reply needs besides them). */
export interface ResultHeader {
  columns: ResultColumn[];
  statements: StatementOutcome[];
  displayLimitReached: boolean;
  rows: number;
}

export type RunOutcome =
  | { status: 'success'; header: ResultHeader; resultsKey: string }
  | { status: 'failed' | 'stopped' | 'timed_out'; message: string; errorType: string };

export interface RunOptions {
  timeoutMs: number;
  /** also receives the rows as they are read (a sync run's HTTP reply) */
  target?: RowsTarget;
  /** aborting stops the query (a sync client that went away) */
  signal?: AbortSignal;
}

export class QueryRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  /** queries this process holds a lease on (running, or queued in the in-process queue) */
  readonly leased = new Set<number>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly results: ResultsBackend,
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

  /** Cancel a query running in this process (inside the database). Returns whether it was here. */
  cancel(clientId: string): boolean {
    return this.ctx.execution.cancel(clientId);
  }

  /** Execute a query record (pending or running) with its prepared run. */
  async run(row: QueryRow, prepared: PreparedRun, opts: RunOptions): Promise<RunOutcome> {
    const db = this.ctx.store.db;
    this.leased.add(row.id);
    const resultsKey = randomBytes(16).toString('hex');
    const writer = this.results.create(resultsKey, this.resultsTtlSeconds);
    // a sync run answers its client even when the results store is down: its copy is then not kept
    let storing = true;
    const keep = async <T>(step: () => Promise<T>): Promise<void> => {
      if (!storing) return;
      try {
        await step();
      } catch (e) {
        if (!opts.target) throw e;
        storing = false;
        this.ctx.log.warn({ err: e, queryId: row.id }, 'the results store failed; the sync result is not kept');
        await writer.abort().catch(() => undefined);
      }
    };
    const targets: RowsTarget[] = [(text) => keep(() => writer.write(text))];
    if (opts.target) targets.push(opts.target);
    const sink = new JsonRowsSink(prepared.limit, this.ctx.config.sqlMaxResultBytes, targets);
    // a stop recorded by another process (the web server while a worker runs it)
    const poll = setInterval(() => {
      void getQueryById(db, row.id)
        .then((r) => {
          if (r?.status === 'stopped') this.ctx.execution.cancel(row.client_id);
        })
        .catch(() => undefined);
    }, STOP_POLL_MS);
    try {
      // user SQL on a session that is not read-only (the database allows DML, CTAS or CVAS) may
      // change it for the next borrower (SET, set_config, sql_mode): that connection is closed
      const writable = await databaseById(db, row.database_id);
      const run = await this.ctx.execution.run({
        databaseId: row.database_id,
        catalog: row.catalog,
        schema: row.schema,
        timeoutMs: opts.timeoutMs,
        signal: opts.signal,
        key: row.client_id,
        statements: prepared.statements,
        resultIndex: prepared.resultIndex,
        // one row more than shown tells whether more rows were available
        maxRows: prepared.resultIndex >= 0 ? prepared.limit + 1 : 0,
        sink,
        discardAfter: !writable || Boolean(writable.allow_dml || writable.allow_ctas || writable.allow_cvas),
        onStart: async () =>
          Boolean(
            await transitionQuery(
              db,
              row.id,
              'running',
              { start_running_time: Date.now(), worker_id: this.workerId, lease_until: this.leaseUntil() },
              ['pending', 'running', 'scheduled', 'started'],
            ),
          ),
      });
      const header: ResultHeader = {
        columns: run.columns ?? [],
        statements: run.statements.map((s) => (s.is_result ? { ...s, rowcount: sink.rowCount } : s)),
        displayLimitReached: sink.fetched > prepared.limit || sink.bytesLimited,
        rows: sink.rowCount,
      };
      await keep(() => writer.finish(stringifyExact(header)));
      const factor = sink.bytesLimited
        ? 'BYTES'
        : prepared.resultIndex >= 0
          ? limitingFactor(prepared.sqlLimit, prepared.limit, sink.fetched)
          : 'NOT_LIMITED';
      const finished = await transitionQuery(db, row.id, 'success', {
        progress: 100,
        rows: sink.rowCount,
        end_time: Date.now(),
        results_key: storing ? resultsKey : null,
        limiting_factor: factor,
        tmp_table_name: prepared.ctas?.table ?? row.tmp_table_name,
        tmp_schema_name: prepared.ctas?.schema ?? row.tmp_schema_name,
        error_message: null,
      });
      if (!finished) {
        await this.results.delete(resultsKey).catch(() => undefined);
        return this.outcomeOf(row.id);
      }
      return { status: 'success', header, resultsKey };
    } catch (e) {
      await writer.abort().catch(() => undefined);
      return this.finishWithError(row, e);
    } finally {
      clearInterval(poll);
      this.leased.delete(row.id);
    }
  }

  private async finishWithError(row: QueryRow, e: unknown): Promise<RunOutcome> {
    const db = this.ctx.store.db;
    const end = Date.now();
    if (e instanceof QueryTimeoutError) {
      await transitionQuery(db, row.id, 'timed_out', {
        end_time: end,
        error_message: e.message,
        error_type: ErrorType.SQLLAB_TIMEOUT_ERROR,
      });
      return this.outcomeOf(row.id);
    }
    if (e instanceof QueryCancelledError || (e instanceof EngineError && e.errorType === 'QUERY_CANCELLED')) {
      const message = e instanceof QueryCancelledError ? e.message : 'Query was stopped.';
      await transitionQuery(db, row.id, 'stopped', { end_time: end, error_message: message, error_type: 'QUERY_CANCELLED' });
      return this.outcomeOf(row.id);
    }
    const known = e instanceof EngineError || e instanceof ResultsBackendError;
    const message = known ? e.message : 'The query failed because of an internal error. The details were logged on the server.';
    const errorType =
      e instanceof EngineError
        ? e.errorType
        : e instanceof ResultsBackendError
          ? ErrorType.RESULTS_BACKEND_ERROR
          : ErrorType.GENERIC_BACKEND_ERROR;
    if (!known) this.ctx.log.error({ err: e, queryId: row.id }, 'query run failed');
    await transitionQuery(db, row.id, 'failed', { end_time: end, error_message: message, error_type: errorType });
    return this.outcomeOf(row.id);
  }

  /** The outcome as recorded (another actor, such as a stop, may have decided it). */
  private async outcomeOf(id: number): Promise<RunOutcome> {
    const r = await getQueryById(this.ctx.store.db, id);
    const status = r?.status;
    if (status === 'stopped' || status === 'timed_out' || status === 'failed') {
      return {
        status,
        message: r?.error_message ?? (status === 'stopped' ? 'Query was stopped.' : 'The query failed.'),
        errorType: r?.error_type ?? ErrorType.GENERIC_DB_ENGINE_ERROR,
      };
    }
    return { status: 'failed', message: 'The query ended in an unexpected state.', errorType: ErrorType.GENERIC_BACKEND_ERROR };
  }
}
