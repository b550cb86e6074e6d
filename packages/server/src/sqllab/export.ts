/** SQL Lab's CSV export of a query: its stored result while kept, else the query run again. */
import { PassThrough, Readable } from 'node:stream';
import { ErrorType, jsonObject } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import type { ResultColumn } from '../engines/types.js';
import { executionHttpError } from '../execution/errors.js';
import { typedError } from '../http/errors.js';
import { csvLine, rowJsonToCsv, rowsTextToCsv } from '../execution/formats/csv-lines.js';
import { getQueryByClientId } from '../metadata/repos/queries.js';
import type { PreparedRun } from './prepare.js';
import type { QueryRow } from './present.js';
import { ROW_SEPARATOR } from './results.js';
import type { ResultHeader } from './runner.js';
import { JsonRowsSink } from './sink.js';
import { SqlLabService } from './service.js';

/**
 * CSV of a successful query: its stored result when still kept, else the query run again under
 * the same rules as any run (read-only queries only; time limit, slot, stop and a client that
 * leaves cancel it inside the database).
 */
export async function exportQueryCsv(
  ctx: AppContext,
  user: Principal,
  clientId: string,
  signal: AbortSignal,
): Promise<{ name: string; stream: Readable }> {
  const service = new SqlLabService(ctx);
  const row = await service.visibleQuery(user, await getQueryByClientId(ctx.store.db, clientId));
  if (row.status !== 'success')
    throw typedError(400, 'Only a query that finished successfully can be exported.', ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
  const name = `${(row.tab_name || 'query').replace(/[^A-Za-z0-9_.-]+/g, '_')}_${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}.csv`;
  const stored = row.results_key ? await service.openStored(row.results_key) : null;
  if (stored) {
    const header = JSON.parse(stored.meta) as ResultHeader;
    async function* lines(): AsyncGenerator<string> {
      yield '\ufeff' + csvLine(header.columns.map((c) => c.name));
      yield* rowsTextToCsv(stored!.rows);
    }
    return { name, stream: Readable.from(lines()) };
  }
  const extra = jsonObject(row.extra_json);
  if (!extra.exportable || !row.prepared)
    throw typedError(400, 'Only queries that only read data can be exported.', ErrorType.INVALID_SQL_ERROR);
  await service.openDatabase(user, row.database_id);
  const prepared = JSON.parse(row.prepared) as PreparedRun;
  if (prepared.resultIndex < 0) throw typedError(400, 'This query returns no rows to export.', ErrorType.INVALID_SQL_ERROR);
  return { name, stream: rerunCsv(ctx, row, prepared, signal) };
}

function rerunCsv(ctx: AppContext, row: QueryRow, prepared: PreparedRun, signal: AbortSignal): Readable {
  const out = new PassThrough();
  let header = '';
  const sink = new JsonRowsSink(prepared.limit, ctx.config.sqlMaxResultBytes, [
    async (text) => {
      let csv = header;
      header = '';
      for (const line of text.split(ROW_SEPARATOR)) csv += rowJsonToCsv(line);
      if (!out.write(csv)) await new Promise<void>((r) => out.once('drain', r));
    },
  ]);
  const columnsSink = {
    columns: (c: ResultColumn[]) => {
      header = '\ufeff' + csvLine(c.map((x) => x.name));
      sink.columns(c);
    },
    rows: (b: Parameters<JsonRowsSink['rows']>[0]) => sink.rows(b),
  };
  ctx.execution
    .run({
      databaseId: row.database_id,
      catalog: row.catalog,
      schema: row.schema,
      timeoutMs: ctx.config.sqllabTimeout * 1000,
      signal,
      key: row.client_id,
      statements: prepared.statements,
      resultIndex: prepared.resultIndex,
      maxRows: prepared.limit,
      sink: columnsSink,
    })
    .then(
      () => out.end(header),
      (e: unknown) => {
        ctx.log.info({ err: executionHttpError(e) }, 'CSV export stopped');
        out.destroy(executionHttpError(e));
      },
    );
  return out;
}
