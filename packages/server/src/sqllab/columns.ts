import type { ResultColumn } from '@rama/shared';
import { ErrorType } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { EngineError } from '../engines/types.js';
import { typedError } from '../http/errors.js';
import { prepareRun } from './prepare.js';
import { SqlLabService } from './service.js';

/**
 * The columns a SELECT returns, found by running it for at most a couple of rows (used to create a
 * virtual dataset from SQL Lab). Data-changing SQL is refused whatever the database allows.
 */
export async function inferQueryColumns(
  ctx: AppContext,
  user: Principal,
  opts: { databaseId: number; catalog: string | null; schema: string | null; sql: string; templateParams: string | null },
): Promise<ResultColumn[]> {
  const { row, open } = await new SqlLabService(ctx).openDatabase(user, opts.databaseId);
  const prepared = await prepareRun(
    open,
    { ...row, allow_dml: 0 },
    user,
    { sql: opts.sql, templateParams: opts.templateParams, schema: opts.schema, queryLimit: 1, selectAsCta: false, ctasMethod: 'TABLE', tmpTableName: null, tmpSchemaName: null, urlParams: {} },
    ctx.config.sqlMaxRow,
  );
  if (prepared.statements.length !== 1 || prepared.resultIndex !== 0) {
    throw typedError(400, 'A dataset needs a single SELECT statement.', ErrorType.INVALID_SQL_ERROR);
  }
  try {
    const res = await open.pool.execute(prepared.statements[0], { maxRows: 1 });
    return res.columns.map((c) => ({ column_name: c.column_name, name: c.name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm }));
  } catch (e) {
    if (e instanceof EngineError) throw typedError(400, e.message, e.errorType as never);
    throw e;
  }
}
