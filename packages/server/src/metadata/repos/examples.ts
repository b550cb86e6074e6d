/**
 * The example loader's writes of charts (`slices`) and dashboards (`dashboards`,
 * `dashboard_slices`): found by uuid (or slug), updated in place or inserted. Kept apart from the
 * chart and dashboard repositories of the features, which the loader does not go through: it
 * seeds rows with fixed uuids and no permission checks. Functions that take `db` also take a
 * transaction.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DashboardTable, MetadataSchema, SliceTable } from '../schema.js';

type Db = Kysely<MetadataSchema>;

/** The id of the chart with this uuid, if any. */
export async function chartIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('slices').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** Changes fields of a chart. */
export async function setChartFields(db: Db, id: number, set: Updateable<SliceTable>): Promise<void> {
  await db.updateTable('slices').set(set).where('id', '=', id).execute();
}

/** Inserts a chart and returns its id. */
export async function insertChart(db: Db, values: Insertable<SliceTable>): Promise<number> {
  return (await db.insertInto('slices').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The id of the dashboard with this uuid, if any. */
export async function dashboardIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('dashboards').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** The id of the dashboard with this slug, if any. */
export async function dashboardIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('dashboards').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/** Changes fields of a dashboard. */
export async function setDashboardFields(db: Db, id: number, set: Updateable<DashboardTable>): Promise<void> {
  await db.updateTable('dashboards').set(set).where('id', '=', id).execute();
}

/** Inserts a dashboard and returns its id. */
export async function insertDashboard(db: Db, values: Insertable<DashboardTable>): Promise<number> {
  return (await db.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Takes every chart off the dashboard. */
export async function clearDashboardCharts(db: Db, dashboardId: number): Promise<void> {
  await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).execute();
}

/** Puts the charts on the dashboard (the list must not be empty). */
export async function addDashboardCharts(db: Db, dashboardId: number, chartIds: number[]): Promise<void> {
  await db
    .insertInto('dashboard_slices')
    .values(chartIds.map((slice_id) => ({ dashboard_id: dashboardId, slice_id })))
    .execute();
}
