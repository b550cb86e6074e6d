import type { ResultColumn } from '@rama/shared';
import { ErrorType } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { executionHttpError } from '../execution/errors.js';
import { typedError } from '../http/errors.js';
import { prepareReadOnlyRun } from './readonly.js';

/**
 * A virtual dataset's SQL, checked as it will run: its template rendered with the dataset's
 * parameters, one statement, read-only whatever the database allows (400 DML_NOT_ALLOWED_ERROR or
 * INVALID_SQL_ERROR otherwise). Nothing is executed.
 */
export async function checkDatasetSql(
  ctx: AppContext,
  user: Principal,
  opts: { databaseId: number; catalog: string | null; schema: string | null; sql: string; templateParams: string | null },
): Promise<Awaited<ReturnType<typeof prepareReadOnlyRun>>> {
  const run = await prepareReadOnlyRun(ctx, user, {
    databaseId: opts.databaseId,
    sql: opts.sql,
    templateParams: opts.templateParams,
    schema: opts.schema,
    catalog: opts.catalog,
    queryLimit: 1,
  });
  if (run.prepared.statements.length !== 1 || run.prepared.resultIndex !== 0) {
    throw typedError(400, 'A dataset needs a single SELECT statement.', ErrorType.INVALID_SQL_ERROR);
  }
  return run;
}

/**
 * The columns a SELECT returns, found by running it for at most one row through the one
 * execution path, in the given catalog and schema (used to create a virtual dataset from SQL
 * Lab). Data-changing SQL is refused whatever the database allows.
 */
export async function inferQueryColumns(
  ctx: AppContext,
  user: Principal,
  opts: {
    databaseId: number;
    catalog: string | null;
    schema: string | null;
    sql: string;
    templateParams: string | null;
    signal?: AbortSignal;
  },
): Promise<ResultColumn[]> {
  const { prepared, timeoutMs } = await checkDatasetSql(ctx, user, opts);
  let columns: ResultColumn[] = [];
  try {
    await ctx.execution.run({
      databaseId: opts.databaseId,
      catalog: opts.catalog,
      schema: opts.schema,
      timeoutMs,
      signal: opts.signal,
      statements: prepared.statements,
      resultIndex: 0,
      maxRows: 1,
      sink: { columns: (c) => void (columns = c), rows: () => false },
    });
  } catch (e) {
    throw executionHttpError(e);
  }
  // the executor hands over plain result columns already
  return columns;
}
