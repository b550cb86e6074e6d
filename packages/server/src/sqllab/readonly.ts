import type { AppContext } from '../context.js';
import { templatesEnabled } from '../execution/prepare.js';
import type { Principal } from '../security/principal.js';
import { prepareRun, type PreparedRun } from './prepare.js';
import { SqlLabService } from './service.js';

/** What a read-only run asks for: SQL Lab's inputs without CTAS. */
export interface ReadOnlyInput {
  databaseId: number;
  sql: string;
  templateParams: string | null;
  schema: string | null;
  catalog: string | null;
  /** the LIMIT applied to the result statement (null: the database's and SQL_MAX_ROW's) */
  queryLimit: number | null;
  /** the most rows any limit may reach (default SQL_MAX_ROW) */
  maxRows?: number;
}

/**
 * SQL read as `user` through SQL Lab's preparation (the user's grants on the database, the
 * template, RLS in SQL Lab, the row limits), with data-changing statements refused whatever the
 * database allows: what infers a virtual dataset's columns, checks an alert and runs a scheduled
 * query. A database the user may not use answers as one that does not exist.
 */
export async function prepareReadOnlyRun(
  ctx: AppContext,
  user: Principal,
  input: ReadOnlyInput,
): Promise<{ prepared: PreparedRun; timeoutMs: number }> {
  const { row, open } = await new SqlLabService(ctx).openDatabase(user, input.databaseId);
  const timeoutMs = ctx.config.sqllabTimeout * 1000;
  const prepared = await prepareRun(
    ctx.execution,
    open,
    { ...row, allow_dml: 0 },
    user,
    {
      sql: input.sql,
      templateParams: input.templateParams,
      schema: input.schema,
      catalog: input.catalog,
      queryLimit: input.queryLimit,
      selectAsCta: false,
      ctasMethod: 'TABLE',
      tmpTableName: null,
      tmpSchemaName: null,
      urlParams: {},
      templatesEnabled: templatesEnabled(ctx.config),
    },
    input.maxRows ?? ctx.config.sqlMaxRow,
    timeoutMs,
  );
  return { prepared, timeoutMs };
}
