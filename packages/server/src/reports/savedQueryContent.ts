/**
 * What a scheduled query sends (issue 26 item 6): its saved query's SQL run as the report's user
 * through SQL Lab's own preparation (templates with the query's parameters, the DML refusal,
 * RLS in SQL Lab, the row limit) and executor, in the query's catalog and schema; the rows as a
 * CSV file, and as a table in the message when the schedule asks for it.
 */
import { SCHEDULED_QUERY_MESSAGES } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Cell, ResultColumn } from '../engines/types.js';
import type { Principal } from '../security/principal.js';
import { prepareReadOnlyRun } from '../sqllab/readonly.js';
import { csvLine } from '../execution/formats/csv-lines.js';
import type { ReportContent } from './content.js';
import { parseStored, type ReportRow } from './present.js';
import { savedQueryOf } from '../metadata/repos/saved-queries.js';

/** What a scheduled query's report keeps in its `extra`. */
export interface SavedQueryReportExtra {
  saved_query?: { include_table?: boolean };
}

/** The most CSV a scheduled query sends (an email attachment beyond this rarely arrives). */
export const SCHEDULED_QUERY_MAX_CSV_BYTES = 20 * 1024 * 1024;

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'query';

export async function savedQueryContent(ctx: AppContext, user: Principal, report: ReportRow): Promise<ReportContent> {
  const sq = await savedQueryOf(ctx.store.db, report.saved_query_id as number, null);
  if (!sq || sq.db_id === null) throw new Error('The saved query or its database no longer exists.');
  // the owner's grants decide (a database they may not use answers as one that does not exist),
  // and a schedule only reads: data-changing statements are refused as SQL Lab refuses them
  const { prepared, timeoutMs } = await prepareReadOnlyRun(ctx, user, {
    databaseId: sq.db_id,
    sql: sq.sql,
    templateParams: sq.template_parameters,
    schema: sq.schema,
    catalog: sq.catalog,
    queryLimit: null,
  });
  if (prepared.resultIndex < 0) throw new Error(SCHEDULED_QUERY_MESSAGES.noRows);
  const includeTable = parseStored<SavedQueryReportExtra>(report.extra, {}).saved_query?.include_table === true;
  const tableLimit = ctx.config.reports.textRowLimit;
  let columns: string[] = [];
  const chunks: string[] = [];
  let bytes = 0;
  let total = 0;
  let truncated = false;
  const tableRows: unknown[][] = [];
  await ctx.execution.run({
    databaseId: sq.db_id,
    catalog: sq.catalog,
    schema: sq.schema,
    timeoutMs,
    statements: prepared.statements,
    resultIndex: prepared.resultIndex,
    maxRows: prepared.limit,
    sink: {
      columns: (c: ResultColumn[]) => {
        columns = c.map((x) => x.name);
        const head = '\ufeff' + csvLine(columns);
        chunks.push(head);
        bytes += Buffer.byteLength(head);
      },
      rows: (batch: Cell[][]) => {
        for (const r of batch) {
          const line = csvLine(r);
          bytes += Buffer.byteLength(line);
          if (bytes > SCHEDULED_QUERY_MAX_CSV_BYTES) {
            truncated = true;
            return false;
          }
          chunks.push(line);
          total++;
          if (includeTable && tableRows.length < tableLimit) tableRows.push(r.map((v) => (typeof v === 'bigint' ? v.toString() : v)));
        }
        return true;
      },
    },
  });
  if (truncated) ctx.log.warn({ report: report.id, rows: total }, 'scheduled query CSV cut at its size limit');
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return {
    format: 'CSV',
    file: { filename: `${safeName(sq.label)}_${stamp}.csv`, contentType: 'text/csv', data: Buffer.from(chunks.join(''), 'utf8') },
    table: includeTable ? { columns, rows: tableRows, total } : null,
    url: `${ctx.config.publicUrl}/sqllab/?savedQueryId=${sq.id}`,
  };
}
