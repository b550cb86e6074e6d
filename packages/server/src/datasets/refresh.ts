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
import {
  columnTypesOf,
  deleteColumns,
  firstTemporalColumn,
  mainDttmColOf,
  metricIdByName,
  setColumnFields,
  setDatasetFields,
} from '../metadata/repos/datasets.js';

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
  const stored = await columnTypesOf(db, row.id);
  const plan = refreshPlan(
    stored.map((c) => ({ ...c, is_dttm: Boolean(c.is_dttm) })),
    discovered,
  );
  const now = nowIso();
  await deleteColumns(db, plan.deletes);
  for (const u of plan.updates) {
    await setColumnFields(db, u.id, { type: u.type, type_generic: u.type_generic, is_dttm: flag(u.is_dttm), changed_on: now });
  }
  await insertColumns(db, row.id, plan.inserts);

  if ((await mainDttmColOf(db, row.id)) === null) {
    const first = await firstTemporalColumn(db, row.id);
    if (first !== undefined) await setDatasetFields(db, row.id, { main_dttm_col: first });
  }
  const count = await metricIdByName(db, row.id, COUNT_METRIC.metric_name);
  if (count === undefined) await insertMetrics(db, row.id, [{ ...COUNT_METRIC }]);
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
    await setDatasetFields(trx, row.id, { changed_on: nowIso(), changed_by_fk: user.id });
  });
}
