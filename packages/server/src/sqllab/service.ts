/** SQL Lab: execute (sync or async), results by key, stop, estimate and format. */
import { ErrorType, initialQueryState, type ExecutePayload, type QueryRecord } from '@rama/shared';
import { format as formatSql } from 'sql-formatter';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { canAccessDatabase } from '../databases/access.js';
import type { OpenDatabase } from '../databases/connections.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import { nowIso } from '../metadata/db.js';
import { EngineError } from '../engines/types.js';
import { getEngineSpec } from '../engines/registry.js';
import { HttpError, invalidFields, notFound, typedError } from '../http/errors.js';
import { prepareRun, type PreparedRun } from './prepare.js';
import { presentQueries, type QueryRow } from './present.js';
import { getQueryByClientId, getQueryById, newClientId, transitionQuery } from './queries.js';
import { QueueUnavailableError } from './queue.js';
import { takeRows } from './results.js';
import { poolForCatalog, type ResultHeader } from './runner.js';
import { stringifyExact } from './serialize.js';

export const databaseNotFound = () => typedError(404, 'The database could not be found.', ErrorType.DATABASE_NOT_FOUND_ERROR);

/** Reply bodies are assembled as text: the rows are already JSON lines. */
export function resultReplyText(query: QueryRecord, header: ResultHeader, body: string): string {
  const columns = stringifyExact(header.columns);
  return (
    `{"query_id":${query.queryId},"status":${JSON.stringify(query.state)},"data":[${body}],` +
    `"columns":${columns},"selected_columns":${columns},"expanded_columns":[],` +
    `"query":${stringifyExact(query)},"displayLimitReached":${header.displayLimitReached},"statements":${stringifyExact(header.statements)}}`
  );
}

export class SqlLabService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.store.db;
  }

  /** The database row and its open pool, when the user may use it; 404 otherwise. */
  async openDatabase(user: Principal, id: number): Promise<{ row: Row<DatabaseTable>; open: OpenDatabase }> {
    const row = await this.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !canAccessDatabase(user, row)) throw databaseNotFound();
    try {
      return { row, open: await this.ctx.connections.get(id) };
    } catch (e) {
      if (e instanceof EngineError) throw typedError(422, e.message, e.errorType as never);
      if (e instanceof HttpError) throw e;
      throw typedError(422, 'The database could not be reached. Please check its connection settings.', ErrorType.GENERIC_DB_ENGINE_ERROR);
    }
  }

  async present(row: QueryRow): Promise<QueryRecord> {
    return (await presentQueries(this.db, [row]))[0];
  }

  /** Run the editor's SQL. Sync: the reply text (200) or an error; async: 202 with the pending query. */
  async execute(user: Principal, p: ExecutePayload, urlParams: Record<string, string>): Promise<{ status: number; body: string }> {
    const { row: dbRow, open } = await this.openDatabase(user, p.database_id);
    const clientId = p.client_id ?? newClientId();
    if (await getQueryByClientId(this.db, clientId)) throw invalidFields({ client_id: ['A query with this client_id already exists.'] });
    const prepared: PreparedRun = await prepareRun(
      open,
      dbRow,
      user,
      {
        sql: p.sql,
        templateParams: p.templateParams ?? null,
        schema: p.schema || null,
        queryLimit: p.queryLimit ?? null,
        selectAsCta: Boolean(p.select_as_cta),
        ctasMethod: p.ctas_method ?? 'TABLE',
        tmpTableName: p.tmp_table_name ?? null,
        tmpSchemaName: p.tmp_schema_name ?? null,
        urlParams,
      },
      this.ctx.config.sqlMaxRow,
    );
    const runAsync = Boolean(p.runAsync) && Boolean(dbRow.allow_run_async);
    const state = initialQueryState(runAsync);
    const runner = this.ctx.sqllab.runner;
    const inserted = await this.db
      .insertInto('query')
      .values({
        client_id: clientId,
        database_id: dbRow.id,
        user_id: user.id,
        status: state,
        tab_name: p.tab ?? null,
        sql_editor_id: p.sql_editor_id === null || p.sql_editor_id === undefined ? null : String(p.sql_editor_id),
        // an empty name means none (form posts and older clients send '')
        catalog: p.catalog || null,
        schema: p.schema || null,
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    if (runAsync) {
      // the reply shows the query as accepted (pending); a worker may pick it up at once
      const pending = await this.present(inserted);
      try {
        await this.ctx.sqllab.queue.enqueue(inserted.id);
      } catch (e) {
        const message = e instanceof QueueUnavailableError ? e.message : 'The query could not be queued.';
        await transitionQuery(this.db, inserted.id, 'failed', { error_message: message, error_type: ErrorType.ASYNC_WORKERS_ERROR, end_time: Date.now() });
        throw typedError(503, message, ErrorType.ASYNC_WORKERS_ERROR);
      }
      return { status: 202, body: stringifyExact({ query: pending }) };
    }

    const outcome = await runner.run(inserted, prepared, this.ctx.config.sqllabTimeout * 1000);
    const query = await this.present((await getQueryById(this.db, inserted.id))!);
    if (outcome.status === 'success') return { status: 200, body: resultReplyText(query, outcome.header, outcome.body) };
    const status = outcome.status === 'timed_out' ? 408 : 400;
    return {
      status,
      body: stringifyExact({ errors: [{ message: outcome.message, error_type: outcome.errorType, level: 'error', extra: {} }], status: outcome.status, query }),
    };
  }

  /** A query the user may see: their own, or any for admins. */
  async visibleQuery(user: Principal, row: QueryRow | undefined): Promise<QueryRow> {
    if (!row) throw notFound();
    if (row.user_id !== user.id && !user.isAdmin && !user.can('all_query_access', 'all_query_access')) throw notFound();
    return row;
  }

  /** Stored results by key, capped to `rows`. 404: no query has that key; 410: expired. */
  async results(user: Principal, key: string, rows: number | null): Promise<string> {
    const row = await this.visibleQuery(user, await this.db.selectFrom('query').selectAll().where('results_key', '=', key).executeTakeFirst());
    await this.ctx.sqllab.runner.pendingWrites.get(key);
    let stored;
    try {
      stored = await this.ctx.sqllab.results.get(key);
    } catch (e) {
      throw typedError(503, e instanceof Error ? e.message : 'The results backend is unavailable.', ErrorType.RESULTS_BACKEND_ERROR);
    }
    if (!stored) {
      throw typedError(410, 'Data could not be retrieved from the results backend. You need to re-run the original query.', ErrorType.RESULTS_BACKEND_ERROR);
    }
    const header = JSON.parse(stored.header) as ResultHeader;
    const { body, truncated } = takeRows(stored.body, rows);
    const query = await this.present(row);
    return resultReplyText(query, { ...header, displayLimitReached: header.displayLimitReached || truncated }, body);
  }

  /** Stop a query: recorded as stopped, and cancelled inside the database wherever it runs. */
  async stop(user: Principal, clientId: string): Promise<void> {
    const row = await this.visibleQuery(user, await getQueryByClientId(this.db, clientId));
    const stopped = await transitionQuery(this.db, row.id, 'stopped', { end_time: Date.now(), error_message: 'Query was stopped.', error_type: 'QUERY_CANCELLED', results_key: null });
    if (stopped) await this.ctx.sqllab.runner.cancel(clientId);
  }

  async estimate(user: Principal, databaseId: number, sql: string, catalog: string | null, schema: string | null, templateParams: string | null): Promise<Record<string, unknown>[]> {
    const { row, open } = await this.openDatabase(user, databaseId);
    const extra = (() => {
      try {
        return JSON.parse(row.extra || '{}') as { cost_estimate_enabled?: boolean };
      } catch {
        return {};
      }
    })();
    if (!extra.cost_estimate_enabled || !this.ctx.config.featureFlags.ESTIMATE_QUERY_COST) {
      throw typedError(400, 'Cost estimation is not enabled for this database.', ErrorType.GENERIC_DB_ENGINE_ERROR);
    }
    const prepared = await prepareRun(open, { ...row, allow_dml: 0 }, user, {
      sql,
      templateParams,
      schema,
      queryLimit: null,
      selectAsCta: false,
      ctasMethod: 'TABLE',
      tmpTableName: null,
      tmpSchemaName: null,
      urlParams: {},
    }, this.ctx.config.sqlMaxRow);
    if (prepared.resultIndex < 0) throw typedError(400, 'Only SELECT statements can be estimated.', ErrorType.INVALID_SQL_ERROR);
    try {
      return await open.spec.estimateCost(await poolForCatalog(open.spec, open.pool, catalog), prepared.statements[prepared.resultIndex]);
    } catch (e) {
      if (e instanceof EngineError) throw typedError(400, e.message, e.errorType as never);
      throw e;
    }
  }

  async format(user: Principal, sql: string, databaseId: number | undefined, engine: string | undefined): Promise<string> {
    let language = 'sql';
    if (databaseId !== undefined) {
      const { open } = await this.openDatabase(user, databaseId);
      language = open.spec.formatterDialect;
    } else if (engine) {
      try {
        language = getEngineSpec(engine).formatterDialect;
      } catch {
        language = 'sql';
      }
    }
    try {
      return formatSql(sql, { language: language as 'sql', keywordCase: 'upper' });
    } catch {
      // text the formatter cannot read is returned unchanged rather than refused
      return sql;
    }
  }
}
