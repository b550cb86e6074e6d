import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import type { Cell } from '../engines/types.js';
import { prepareReadOnlyRun } from '../sqllab/readonly.js';

/**
 * An alert's SQL through the one execution path, as its owner, read-only whatever the database
 * allows (an alert only reads). Two rows are read so "more than one row" can be told.
 */
export async function runAlertQuery(
  ctx: AppContext,
  user: Principal,
  databaseId: number,
  sql: string,
  signal?: AbortSignal,
): Promise<{ rows: Cell[][]; columnCount: number }> {
  const { prepared, timeoutMs } = await prepareReadOnlyRun(ctx, user, {
    databaseId,
    sql,
    templateParams: null,
    schema: null,
    catalog: null,
    queryLimit: 2,
    maxRows: 2,
  });
  if (prepared.resultIndex < 0) throw new Error('The alert query returns no rows to check.');
  let columnCount = 0;
  const rows: Cell[][] = [];
  await ctx.execution.run({
    databaseId,
    catalog: null,
    schema: null,
    timeoutMs,
    signal,
    statements: prepared.statements,
    resultIndex: prepared.resultIndex,
    maxRows: 2,
    sink: {
      columns: (c) => void (columnCount = c.length),
      rows: (batch) => {
        rows.push(...batch.slice(0, 2 - rows.length));
        return rows.length < 2;
      },
    },
  });
  return { rows, columnCount };
}
