/** SQL Lab: execute (sync or async), results by key, stop. CSV export is export.ts; cost estimate and format are editor-tools.ts. */
import { PassThrough, Readable } from 'node:stream';
import { ErrorType, initialQueryState, type ExecutePayload, type QueryRecord } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { canAccessDatabase } from '../access/databases.js';
import type { OpenDatabase } from '../execution/connections.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { nowIso } from '../metadata/db.js';
import { executionHttpError } from '../execution/errors.js';
import { templatesEnabled } from '../execution/prepare.js';
import { invalidFields, notFound, typedError } from '../http/errors.js';
import { tablesForStorage } from './history.js';
import { prepareRun, type PreparedRun } from './prepare.js';
import { presentQueries, type QueryRow } from './present.js';
import { newClientId } from './queries.js';
import {
  getQueryByClientId,
  getQueryById,
  getQueryByResultsKey,
  insertQuery,
  setQueryTables,
  transitionQuery,
} from '../metadata/repos/queries.js';
import { QueueUnavailableError } from '../queue/redis.js';
import { ROW_SEPARATOR, ResultsBackendError, takeRowsStream } from './results.js';
import type { ResultHeader, RunOutcome } from './runner.js';
import { stringifyExact } from '../execution/formats/json.js';
import { databaseById } from '../metadata/repos/databases.js';

export const databaseNotFound = () => typedError(404, 'The database could not be found.', ErrorType.DATABASE_NOT_FOUND_ERROR);

/** A sync reply is sent whole when it stays under this size; a larger one streams as rows arrive. */
const STREAM_AFTER_BYTES = 4 * 1024 * 1024;

/** Everything of a result reply after its rows (the reply starts with `{"data":[`). */
export function resultReplyTail(query: QueryRecord, header: ResultHeader): string {
  const columns = stringifyExact(header.columns);
  return (
    `],"query_id":${query.queryId},"status":${JSON.stringify(query.state)},` +
    `"columns":${columns},"selected_columns":${columns},"expanded_columns":[],` +
    `"query":${stringifyExact(query)},"displayLimitReached":${header.displayLimitReached},"statements":${stringifyExact(header.statements)}}`
  );
}

const errorTail = (query: QueryRecord, message: string, errorType: string): string =>
  `],"query_id":${query.queryId},"status":${JSON.stringify(query.state)},"errors":${stringifyExact([{ message, error_type: errorType, level: 'error', extra: {} }])},"query":${stringifyExact(query)}}`;

export type Reply = { status: number; body: string } | { status: number; stream: Readable };

/**
 * The HTTP side of a sync run: rows are kept in memory while the reply is small, so an error can
 * still be answered with its status; past STREAM_AFTER_BYTES the 200 reply starts and rows flow
 * to the socket as they are read (the socket's pace holds the engine back).
 */
class SyncReply {
  private buffered: string[] = [];
  private size = 0;
  stream: PassThrough | null = null;
  private onCommit: ((s: PassThrough) => void) | null = null;
  readonly committed = new Promise<PassThrough>((resolve) => (this.onCommit = resolve));

  target = async (text: string): Promise<void> => {
    if (!this.stream) {
      this.buffered.push(text);
      this.size += text.length;
      if (this.size < STREAM_AFTER_BYTES) return;
      this.stream = new PassThrough();
      this.stream.write(`{"data":[${this.buffered.join(ROW_SEPARATOR)}`);
      this.buffered = [];
      this.onCommit?.(this.stream);
      return;
    }
    if (!this.stream.write(ROW_SEPARATOR + text)) {
      await new Promise<void>((resolve) => {
        const s = this.stream!;
        const done = () => {
          s.off('drain', done);
          s.off('close', done);
          resolve();
        };
        s.on('drain', done);
        s.on('close', done);
      });
    }
  };

  /** the whole reply text, when it never streamed */
  text(tail: string): string {
    return `{"data":[${this.buffered.join(ROW_SEPARATOR)}${tail}`;
  }
}

export class SqlLabService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  /** The database row and its open pool, when the user may use it; 404 otherwise. */
  async openDatabase(user: Principal, id: number): Promise<{ row: Row<DatabaseTable>; open: OpenDatabase }> {
    const row = await databaseById(this.db, id);
    if (!row || !canAccessDatabase(user, row)) throw databaseNotFound();
    try {
      return { row, open: await this.ctx.connections.get(id) };
    } catch (e) {
      throw executionHttpError(e);
    }
  }

  async present(row: QueryRow): Promise<QueryRecord> {
    return (await presentQueries(this.db, [row]))[0];
  }

  /** Run the editor's SQL. Sync: the result (200, streamed when large) or an error; async: 202 with the pending query. */
  async execute(user: Principal, p: ExecutePayload, urlParams: Record<string, string>, signal?: AbortSignal): Promise<Reply> {
    const { row: dbRow, open } = await this.openDatabase(user, p.database_id);
    const clientId = p.client_id ?? newClientId();
    // another user's id answers like a missing object; one's own is a conflict in the request
    const existing = await getQueryByClientId(this.db, clientId);
    if (existing)
      throw existing.user_id === user.id ? invalidFields({ client_id: ['A query with this client_id already exists.'] }) : notFound();
    const catalog = p.catalog || null;
    const schema = p.schema || null;
    const prepared: PreparedRun = await prepareRun(
      this.ctx.execution,
      open,
      dbRow,
      user,
      {
        sql: p.sql,
        templateParams: p.templateParams ?? null,
        schema,
        catalog,
        queryLimit: p.queryLimit ?? null,
        selectAsCta: Boolean(p.select_as_cta),
        ctasMethod: p.ctas_method ?? 'TABLE',
        tmpTableName: p.tmp_table_name ?? null,
        tmpSchemaName: p.tmp_schema_name ?? null,
        urlParams,
        templatesEnabled: templatesEnabled(this.ctx.config),
      },
      this.ctx.config.sqlMaxRow,
      this.ctx.config.sqllabTimeout * 1000,
    );
    const runAsync = Boolean(p.runAsync) && Boolean(dbRow.allow_run_async);
    const state = initialQueryState(runAsync);
    const runner = this.ctx.sqllab.runner;
    const inserted = await insertQuery(this.db, {
      client_id: clientId,
      database_id: dbRow.id,
      user_id: user.id,
      status: state,
      tab_name: p.tab ?? null,
      sql_editor_id: p.sql_editor_id === null || p.sql_editor_id === undefined ? null : String(p.sql_editor_id),
      // an empty name means none (form posts and older clients send '')
      catalog,
      schema,
      sql: p.sql,
      executed_sql: prepared.statements.join(';\n'),
      prepared: JSON.stringify(prepared),
      template_params: p.templateParams ?? null,
      limit: prepared.limit,
      limiting_factor: 'UNKNOWN',
      select_as_cta: p.select_as_cta ? 1 : 0,
      ctas_method: p.ctas_method ?? 'TABLE',
      tmp_table_name: prepared.ctas?.table ?? null,
      tmp_schema_name: prepared.ctas?.schema ?? null,
      run_async: runAsync ? 1 : 0,
      progress: 0,
      rows: null,
      error_message: null,
      error_type: null,
      results_key: null,
      start_time: Date.now(),
      start_running_time: null,
      end_time: null,
      extra_json: JSON.stringify({ exportable: prepared.readOnly }),
      worker_id: runner.workerId,
      lease_until: runAsync && this.ctx.sqllab.queue.kind === 'bullmq' ? Date.now() + 10 * 60 * 1000 : runner.leaseUntil(),
      changed_on: nowIso(),
    });
    // the tables it reads, for the history list: found off the main thread while the query runs
    void tablesForStorage(prepared.statements.join(';\n'), open.spec.syntax.parser)
      .then((tables) => setQueryTables(this.db, inserted.id, tables))
      .catch(() => undefined);

    if (runAsync) {
      // the reply shows the query as accepted (pending); a worker may pick it up at once
      const pending = await this.present(inserted);
      try {
        await this.ctx.sqllab.queue.enqueue(inserted.id);
      } catch (e) {
        const message = e instanceof QueueUnavailableError ? e.message : 'The query could not be queued.';
        await transitionQuery(this.db, inserted.id, 'failed', {
          error_message: message,
          error_type: ErrorType.ASYNC_WORKERS_ERROR,
          end_time: Date.now(),
        });
        throw typedError(503, message, ErrorType.ASYNC_WORKERS_ERROR);
      }
      return { status: 202, body: stringifyExact({ query: pending }) };
    }

    const reply = new SyncReply();
    const run = runner.run(inserted, prepared, { timeoutMs: this.ctx.config.sqllabTimeout * 1000, target: reply.target, signal });
    const first = await Promise.race([run.then((outcome) => ({ outcome })), reply.committed.then((stream) => ({ stream }))]);
    if ('outcome' in first) return this.finishedReply(inserted.id, first.outcome, reply);
    // streaming: the rest of the rows follow, then the tail once the run has ended
    const stream = first.stream;
    void run
      .then(async (outcome) => {
        const query = await this.present((await getQueryById(this.db, inserted.id))!);
        stream.end(
          outcome.status === 'success' ? resultReplyTail(query, outcome.header) : errorTail(query, outcome.message, outcome.errorType),
        );
      })
      .catch((e: unknown) => {
        this.ctx.log.error({ err: e }, 'streamed query reply failed');
        stream.destroy();
      });
    return { status: 200, stream };
  }

  private async finishedReply(id: number, outcome: RunOutcome, reply: SyncReply): Promise<Reply> {
    const query = await this.present((await getQueryById(this.db, id))!);
    if (outcome.status === 'success') return { status: 200, body: reply.text(resultReplyTail(query, outcome.header)) };
    const status = outcome.status === 'timed_out' ? 408 : 400;
    return {
      status,
      body: stringifyExact({
        errors: [{ message: outcome.message, error_type: outcome.errorType, level: 'error', extra: {} }],
        status: outcome.status,
        query,
      }),
    };
  }

  /** A query the user may see: their own, or any for admins. */
  async visibleQuery(user: Principal, row: QueryRow | undefined): Promise<QueryRow> {
    if (!row) throw notFound();
    if (row.user_id !== user.id && !user.isAdmin && !user.can('all_query_access', 'all_query_access')) throw notFound();
    return row;
  }

  /** The stored result under this key, or null when expired; 503 when the results backend fails. */
  async openStored(key: string) {
    try {
      return await this.ctx.sqllab.results.open(key);
    } catch (e) {
      throw typedError(
        503,
        e instanceof ResultsBackendError ? e.message : 'The results backend is unavailable.',
        ErrorType.RESULTS_BACKEND_ERROR,
      );
    }
  }

  /** Stored results by key, capped to `rows`, streamed. 404: no query has that key; 410: expired. */
  async results(user: Principal, key: string, rows: number | null): Promise<Readable> {
    const row = await this.visibleQuery(user, await getQueryByResultsKey(this.db, key));
    const stored = await this.openStored(key);
    if (!stored) {
      throw typedError(
        410,
        'Data could not be retrieved from the results backend. You need to re-run the original query.',
        ErrorType.RESULTS_BACKEND_ERROR,
      );
    }
    const header = JSON.parse(stored.meta) as ResultHeader;
    const query = await this.present(row);
    const state = { truncated: false };
    async function* body(): AsyncGenerator<string> {
      yield '{"data":[';
      yield* takeRowsStream(stored!.rows, rows, state);
      yield resultReplyTail(query, { ...header, displayLimitReached: header.displayLimitReached || state.truncated });
    }
    return Readable.from(body());
  }

  /** Stop a query: recorded as stopped, and cancelled inside the database wherever it runs. */
  async stop(user: Principal, clientId: string): Promise<void> {
    const row = await this.visibleQuery(user, await getQueryByClientId(this.db, clientId));
    await transitionQuery(this.db, row.id, 'stopped', {
      end_time: Date.now(),
      error_message: 'Query was stopped.',
      error_type: 'QUERY_CANCELLED',
      results_key: null,
    });
    // also a re-run for an export, which leaves the (successful) record as it is
    this.ctx.sqllab.runner.cancel(clientId);
  }
}
