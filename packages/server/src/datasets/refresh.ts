import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { MetadataSchema } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import type { Principal } from '../security/principal.js';
import { discoverColumns, type DiscoveredColumn } from './columns.js';
import { insertColumns, insertMetrics } from './rows.js';
import { COUNT_METRIC, refreshPlan } from './rules.js';
import type { DatasetRow } from './present.js';
import type { DatasetService } from './service.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** The columns a dataset's source has now: its SQL run when virtual, its table read when physical. */
export function sourceColumns(ctx: AppContext, user: Principal, row: DatasetRow, signal?: AbortSignal): Promise<DiscoveredColumn[]> {
  return discoverColumns(ctx, user, {
    databaseId: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    tableName: row.table_name,
    sql: row.sql,
    templateParams: row.template_params,
    signal,
  });
}

/**
 * Bring the stored columns in line with the source (the rule is `refreshPlan`), give a dataset
 * without a default datetime column the first temporal one, and add the `count` metric when the
 * dataset has none of that name, as the BI server's metadata refresh does.
 */
export async function applyRefresh(db: Db, row: DatasetRow, discovered: readonly DiscoveredColumn[]): Promise<void> {
  const stored = await db
    .selectFrom('table_columns')
    .select(['id', 'column_name', 'type_generic', 'is_dttm', 'expression'])
    .where('table_id', '=', row.id)
    .execute();
  const plan = refreshPlan(
    stored.map((c) => ({ ...c, is_dttm: Boolean(c.is_dttm) })),
    discovered,
  );
  const now = nowIso();
  if (plan.deletes.length) await db.deleteFrom('table_columns').where('id', 'in', plan.deletes).execute();
  for (const u of plan.updates) {
    await db
      .updateTable('table_columns')
      .set({ type: u.type, type_generic: u.type_generic, is_dttm: flag(u.is_dttm), changed_on: now })
      .where('id', '=', u.id)
      .execute();
  }
  await insertColumns(db, row.id, plan.inserts);

  const current = await db.selectFrom('tables').select('main_dttm_col').where('id', '=', row.id).executeTakeFirstOrThrow();
  if (current.main_dttm_col === null) {
    const first = await db
      .selectFrom('table_columns')
      .select('column_name')
      .where('table_id', '=', row.id)
      .where('is_dttm', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (first) await db.updateTable('tables').set({ main_dttm_col: first.column_name }).where('id', '=', row.id).execute();
  }
  const count = await db
    .selectFrom('sql_metrics')
    .select('id')
    .where('table_id', '=', row.id)
    .where('metric_name', '=', COUNT_METRIC.metric_name)
    .executeTakeFirst();
  if (!count) await insertMetrics(db, row.id, [{ ...COUNT_METRIC }]);
}

/** PUT /api/v1/dataset/{id}/refresh: owners and admins re-read the columns from the source. */
export async function refreshDataset(
  ctx: AppContext,
  service: DatasetService,
  user: Principal,
  id: number,
  signal?: AbortSignal,
): Promise<void> {
  const { row } = await service.editable(user, id);
  // the source is read before anything is written: a failure leaves the dataset as it was
  const discovered = await sourceColumns(ctx, user, row, signal);
  await ctx.store.db.transaction().execute(async (trx) => {
    await applyRefresh(trx, row, discovered);
    await trx.updateTable('tables').set({ changed_on: nowIso(), changed_by_fk: user.id }).where('id', '=', row.id).execute();
  });
}
