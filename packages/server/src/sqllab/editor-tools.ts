/** SQL Lab's editor tools: a query's cost estimate (where the database allows it) and SQL formatting. */
import { ErrorType, jsonObject } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { getEngineSpec } from '../engines/registry.js';
import { executionHttpError } from '../execution/errors.js';
import { templatesEnabled } from '../execution/prepare.js';
import { typedError } from '../http/errors.js';
import { formatSqlAsync } from '../sql/offload.js';
import { prepareRun } from './prepare.js';
import { SqlLabService } from './service.js';

export async function estimateQueryCost(
  ctx: AppContext,
  user: Principal,
  databaseId: number,
  sql: string,
  catalog: string | null,
  schema: string | null,
  templateParams: string | null,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const service = new SqlLabService(ctx);
  const { row, open } = await service.openDatabase(user, databaseId);
  const extra = jsonObject(row.extra) as { cost_estimate_enabled?: boolean };
  if (!extra.cost_estimate_enabled || !ctx.config.featureFlags.ESTIMATE_QUERY_COST) {
    throw typedError(400, 'Cost estimation is not enabled for this database.', ErrorType.GENERIC_DB_ENGINE_ERROR);
  }
  const timeoutMs = ctx.config.sqllabTimeout * 1000;
  const prepared = await prepareRun(
    ctx.execution,
    open,
    { ...row, allow_dml: 0 },
    user,
    {
      sql,
      templateParams,
      schema,
      catalog,
      queryLimit: null,
      selectAsCta: false,
      ctasMethod: 'TABLE',
      tmpTableName: null,
      tmpSchemaName: null,
      urlParams: {},
      templatesEnabled: templatesEnabled(ctx.config),
    },
    ctx.config.sqlMaxRow,
    timeoutMs,
  );
  if (prepared.resultIndex < 0) throw typedError(400, 'Only SELECT statements can be estimated.', ErrorType.INVALID_SQL_ERROR);
  const statement = prepared.statements[prepared.resultIndex];
  try {
    return await ctx.execution.withConnection({ databaseId, catalog, schema, timeoutMs, signal }, (conn, db) =>
      db.spec.estimateCost(conn, statement),
    );
  } catch (e) {
    throw executionHttpError(e);
  }
}

export async function formatQuerySql(
  ctx: AppContext,
  user: Principal,
  sql: string,
  databaseId: number | undefined,
  engine: string | undefined,
): Promise<string> {
  const service = new SqlLabService(ctx);
  let language = 'sql';
  if (databaseId !== undefined) {
    const { open } = await service.openDatabase(user, databaseId);
    language = open.spec.formatterDialect;
  } else if (engine) {
    try {
      language = getEngineSpec(engine).formatterDialect;
    } catch {
      language = 'sql';
    }
  }
  try {
    return await formatSqlAsync(sql, language);
  } catch (e) {
    throw typedError(400, e instanceof Error ? e.message : 'The SQL could not be formatted.', ErrorType.INVALID_SQL_ERROR);
  }
}
