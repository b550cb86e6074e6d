/**
 * Dashboards (`dashboards`), their chart links (`dashboard_slices`) and their roles
 * (`dashboard_roles`): rows by id, slug or uuid, the list page's query, writes, and the conditions
 * the visibility rule (access/dashboards.ts) is made of. Who may see or change a dashboard is
 * decided by the caller.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, Selectable, SqlBool, Updateable } from 'kysely';
import type { ChartDashboardRef } from '@rama/shared';
import type { DashboardTable, MetadataSchema, SliceTable } from '../schema.js';
import { textMatches } from '../textMatch.js';
import { removeOwners } from './owners.js';
import { DATASET_DATASOURCE_TYPES } from './charts.js';

type Db = Kysely<MetadataSchema>;

/** A dashboard query's condition builder, the dashboard row aliased `d`. */
export type DashboardEb = ExpressionBuilder<MetadataSchema & { d: MetadataSchema['dashboards'] }, 'd'>;
/** A condition on the dataset row aliased `t`. */
export type DatasetEb = ExpressionBuilder<MetadataSchema & { t: MetadataSchema['tables'] }, 't'>;

export type DashboardRow = Selectable<DashboardTable>;

// ---- conditions for the visibility rule ----

/** The dashboard (`d`) is embedded under one of these uuids. */
export function embeddedUnder(eb: DashboardEb, uuids: string[]): Expression<SqlBool> {
  return eb.exists(
    eb.selectFrom('embedded_dashboards as e').select('e.uuid').whereRef('e.dashboard_id', '=', 'd.id').where('e.uuid', 'in', uuids),
  );
}

/** The dashboard (`d`) has a chart on a dataset (`t`) meeting `dataset`. */
export function hasChartOnDataset(eb: DashboardEb, dataset: (eb: DatasetEb) => Expression<SqlBool>): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('dashboard_slices as ds')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .innerJoin('tables as t', 't.id', 's.datasource_id')
      .select('ds.slice_id')
      .whereRef('ds.dashboard_id', '=', 'd.id')
      .where('s.datasource_type', 'in', DATASET_DATASOURCE_TYPES)
      .where((inner) => dataset(inner)),
  );
}

/** The dashboard (`d`) names at least one role. */
export function hasDashboardRoles(eb: DashboardEb): Expression<SqlBool> {
  return eb.exists(eb.selectFrom('dashboard_roles as r').select('r.role_id').whereRef('r.dashboard_id', '=', 'd.id'));
}

/** The dashboard (`d`) names a role with one of these names. */
export function namesRoleCalled(eb: DashboardEb, roleNames: string[]): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('dashboard_roles as r')
      .innerJoin('ab_role as ar', 'ar.id', 'r.role_id')
      .select('r.role_id')
      .whereRef('r.dashboard_id', '=', 'd.id')
      .where('ar.name', 'in', roleNames),
  );
}

/** The dashboard (`d`) names a role the user holds. */
export function namesRoleHeldBy(eb: DashboardEb, userId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('dashboard_roles as r')
      .innerJoin('ab_user_role as ur', 'ur.role_id', 'r.role_id')
      .select('r.role_id')
      .whereRef('r.dashboard_id', '=', 'd.id')
      .where('ur.user_id', '=', userId),
  );
}

// ---- reads ----

/** The dashboard's id and title, if it exists. */
export function dashboardRef(db: Db, id: number) {
  return db.selectFrom('dashboards').select(['id', 'dashboard_title']).where('id', '=', id).executeTakeFirst();
}

/** The ids and titles of the dashboards with these ids (none for an empty list). */
export async function dashboardTitles(db: Db, ids: number[]) {
  return ids.length ? db.selectFrom('dashboards').select(['id', 'dashboard_title']).where('id', 'in', ids).execute() : [];
}

/** The dashboard with this id or slug that meets `where`, if any. */
export function findDashboard(
  db: Db,
  key: { id: number } | { slug: string },
  where: (eb: DashboardEb) => Expression<SqlBool>,
): Promise<DashboardRow | undefined> {
  return db
    .selectFrom('dashboards as d')
    .selectAll('d')
    .where('id' in key ? 'd.id' : 'd.slug', '=', 'id' in key ? key.id : key.slug)
    .where((eb) => where(eb))
    .executeTakeFirst();
}

/** The ids among `ids` of dashboards that meet `where`. */
export async function dashboardIdsWhere(db: Db, ids: number[], where: (eb: DashboardEb) => Expression<SqlBool>): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboards as d')
    .select('d.id')
    .where('d.id', 'in', ids)
    .where((eb) => where(eb))
    .execute();
  return rows.map((r) => r.id);
}

/** The ids among `ids` that name a dashboard. */
export async function existingDashboardIds(db: Db, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('dashboards').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** The id of the dashboard with this uuid, if any. */
export async function dashboardIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('dashboards').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** A dashboard's stored json_metadata (undefined when there is no such dashboard). */
export async function dashboardMetadataText(db: Db, id: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('dashboards').select('json_metadata').where('id', '=', id).executeTakeFirst();
  return row ? row.json_metadata : undefined;
}

/** Whether a dashboard other than `exceptId` holds the slug. */
export async function slugInUse(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('dashboards').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The dashboard's roles (id and name), by id. */
export function dashboardRoles(db: Db, dashboardId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('ab_role as r', 'r.id', 'dr.role_id')
    .select(['r.id', 'r.name'])
    .where('dr.dashboard_id', '=', dashboardId)
    .orderBy('r.id')
    .execute();
}

/** The dashboard's role ids, ascending. */
export async function dashboardRoleIds(db: Db, dashboardId: number): Promise<number[]> {
  return (
    await db.selectFrom('dashboard_roles').select('role_id').where('dashboard_id', '=', dashboardId).orderBy('role_id').execute()
  ).map((r) => r.role_id);
}

/** The ids among `ids` that name a role. */
export async function rolesAmong(db: Db, ids: number[]): Promise<number[]> {
  return ids.length ? (await db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id) : [];
}

/** Roles whose name contains `filter` (all without one), by name, one page of them. */
export async function searchRoles(
  db: Db,
  filter: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: { id: number; name: string }[] }> {
  const base = db.selectFrom('ab_role as r').where((eb) => (filter ? textMatches('r.name', filter) : eb.lit(true)));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base.select(['r.id', 'r.name']).orderBy('r.name').limit(page.limit).offset(page.offset).execute();
  return { count: Number(count), rows };
}

/** The names of the dashboard's charts, by chart id. */
export async function dashboardChartNames(db: Db, dashboardId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select('s.slice_name')
    .where('ds.dashboard_id', '=', dashboardId)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.slice_name);
}

/** The charts linked to the dashboard, stored rows by id. */
export function dashboardChartRows(db: Db, dashboardId: number): Promise<Selectable<SliceTable>[]> {
  return db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .selectAll('s')
    .where('ds.dashboard_id', '=', dashboardId)
    .orderBy('s.id')
    .execute();
}

/** The ids of the charts linked to the dashboard. */
export async function dashboardChartIds(db: Db, dashboardId: number): Promise<number[]> {
  return (await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboardId).execute()).map(
    (r) => r.slice_id,
  );
}

/** The charts linked to these dashboards, one row per link: what embedding grants a guest reads of them. */
export function chartsOfDashboards(
  db: Db,
  dashboardIds: number[],
): Promise<
  { dashboard_id: number; id: number; datasource_id: number; datasource_type: string; params: string; query_context: string | null }[]
> {
  return db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select(['ds.dashboard_id', 's.id', 's.datasource_id', 's.datasource_type', 's.params', 's.query_context'])
    .where('ds.dashboard_id', 'in', dashboardIds)
    .execute();
}

/** The dashboards' stored json_metadata, by dashboard. */
export function dashboardMetadataTexts(db: Db, ids: number[]): Promise<{ id: number; json_metadata: string | null }[]> {
  return db.selectFrom('dashboards').select(['id', 'json_metadata']).where('id', 'in', ids).execute();
}

/** The charts' dashboards (id, title, metadata) by chart id, each list by dashboard id. */
export async function dashboardsOfCharts(db: Db, sliceIds: number[]): Promise<Map<number, ChartDashboardRef[]>> {
  if (!sliceIds.length) return new Map();
  const rows = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('dashboards as d', 'd.id', 'ds.dashboard_id')
    .select(['ds.slice_id', 'd.id', 'd.dashboard_title', 'd.json_metadata'])
    .where('ds.slice_id', 'in', sliceIds)
    .orderBy('d.id')
    .execute();
  const map = new Map<number, ChartDashboardRef[]>();
  for (const r of rows)
    map.set(r.slice_id, [...(map.get(r.slice_id) ?? []), { id: r.id, dashboard_title: r.dashboard_title, json_metadata: r.json_metadata }]);
  return map;
}

/** The columns the dashboard list sorts on. */
export type DashboardListOrder =
  'd.dashboard_title' | 'd.slug' | 'd.published' | 'd.changed_on' | 'cb.first_name' | 'crb.first_name' | 'd.id';

/**
 * One page of the dashboards meeting `where` (with their changer `cb` and creator `crb` joined
 * for sorting), ordered by `order` then id, and how many there are in all.
 */
export async function listDashboardRows(
  db: Db,
  where: (eb: DashboardEb) => Expression<SqlBool>,
  order: { ref: DashboardListOrder; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: DashboardRow[] }> {
  const base = db
    .selectFrom('dashboards as d')
    .leftJoin('ab_user as cb', 'cb.id', 'd.changed_by_fk')
    .leftJoin('ab_user as crb', 'crb.id', 'd.created_by_fk')
    .where((eb) => where(eb));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('d')
    .orderBy(order.ref, order.direction)
    .orderBy('d.id', order.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(count), rows };
}

// ---- writes ----

/** Stores a new dashboard; answers its id. */
export async function insertDashboard(db: Db, values: Insertable<DashboardTable>): Promise<number> {
  return (await db.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a dashboard's fields. */
export async function updateDashboardRow(db: Db, id: number, set: Updateable<DashboardTable>): Promise<void> {
  await db.updateTable('dashboards').set(set).where('id', '=', id).execute();
}

/**
 * Changes a dashboard's fields only while its json_metadata is still `expected` (compare-and-set);
 * whether it was changed.
 */
export async function updateDashboardIfMetadata(
  db: Db,
  id: number,
  expected: string | null,
  set: Updateable<DashboardTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('dashboards')
    .set(set)
    .where('id', '=', id)
    .where((eb) => (expected === null ? eb('json_metadata', 'is', null) : eb('json_metadata', '=', expected)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives the dashboard these roles (none: nothing written). */
export async function addDashboardRoles(db: Db, dashboardId: number, roleIds: number[]): Promise<void> {
  if (roleIds.length)
    await db
      .insertInto('dashboard_roles')
      .values(roleIds.map((r) => ({ dashboard_id: dashboardId, role_id: r })))
      .execute();
}

/** Replaces the dashboard's roles with `roleIds`. */
export async function setDashboardRoles(db: Db, dashboardId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('dashboard_roles').where('dashboard_id', '=', dashboardId).execute();
  await addDashboardRoles(db, dashboardId, roleIds);
}

/** Makes the dashboard's chart links (`dashboard_slices`) exactly these charts. */
export async function syncDashboardCharts(db: Db, dashboardId: number, chartIds: readonly number[]): Promise<void> {
  const current = new Set(await dashboardChartIds(db, dashboardId));
  const wanted = new Set(chartIds);
  const drop = [...current].filter((id) => !wanted.has(id));
  const add = [...wanted].filter((id) => !current.has(id));
  if (drop.length) await db.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).where('slice_id', 'in', drop).execute();
  if (add.length)
    await db
      .insertInto('dashboard_slices')
      .values(add.map((slice_id) => ({ dashboard_id: dashboardId, slice_id })))
      .execute();
}

/**
 * Deletes dashboards with their chart links, owners and roles (the charts stay). Pass the
 * transaction of the delete.
 */
export async function deleteDashboards(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('dashboard_slices').where('dashboard_id', 'in', ids).execute();
  await removeOwners(db, 'dashboard', ids);
  await db.deleteFrom('dashboard_roles').where('dashboard_id', 'in', ids).execute();
  await db.deleteFrom('dashboards').where('id', 'in', ids).execute();
}

/** The ids of the dashboards a chart is linked to. */
export async function chartDashboardIds(db: Db, sliceId: number): Promise<number[]> {
  return (await db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', sliceId).execute()).map(
    (r) => r.dashboard_id,
  );
}

/** Links a chart to these dashboards (none: nothing written). */
export async function linkChartToDashboards(db: Db, sliceId: number, dashboardIds: number[]): Promise<void> {
  if (dashboardIds.length)
    await db
      .insertInto('dashboard_slices')
      .values(dashboardIds.map((dashboard_id) => ({ dashboard_id, slice_id: sliceId })))
      .execute();
}

/** Removes a chart from these dashboards (none: nothing written). */
export async function unlinkChartFromDashboards(db: Db, sliceId: number, dashboardIds: number[]): Promise<void> {
  if (dashboardIds.length)
    await db.deleteFrom('dashboard_slices').where('slice_id', '=', sliceId).where('dashboard_id', 'in', dashboardIds).execute();
}
