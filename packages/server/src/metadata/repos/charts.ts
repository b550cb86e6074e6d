/**
 * Saved charts (`slices`): rows by id or uuid, the chart list's query, writes, and the users the
 * list's owner and creator filters offer. Who may see or change a chart is decided by the caller.
 */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { MetadataSchema, SliceTable } from '../schema.js';
import { likePattern, textMatches } from '../textMatch.js';

type Db = Kysely<MetadataSchema>;

export type SliceRow = Selectable<SliceTable>;

/** The datasource types whose `datasource_id` names a Rama dataset (the others are not supported). */
export const DATASET_DATASOURCE_TYPES: readonly string[] = ['table', 'dataset', 'sl_table'];

/** The chart list's condition builder: the chart `s`, its dataset `t`, its changer `cb` and last saver `lsb`. */
export type ChartListEb = ExpressionBuilder<
  MetadataSchema & {
    s: MetadataSchema['slices'];
    t: MetadataSchema['tables'];
    cb: MetadataSchema['ab_user'];
    lsb: MetadataSchema['ab_user'];
  },
  's' | 't' | 'cb' | 'lsb'
>;

/** The columns the chart list sorts on. */
export type ChartListOrder =
  's.slice_name' | 's.viz_type' | 't.table_name' | 's.changed_on' | 'cb.first_name' | 's.last_saved_at' | 'lsb.first_name' | 's.id';

// ---- reads ----

/** The stored chart, if any. */
export function chartById(db: Db, id: number): Promise<SliceRow | undefined> {
  return db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The chart's own cache timeout, if the chart exists and reads this dataset. */
export function chartCacheTimeout(db: Db, id: number, datasetId: number) {
  return db.selectFrom('slices').select('cache_timeout').where('id', '=', id).where('datasource_id', '=', datasetId).executeTakeFirst();
}

/** The chart's id, name and type, if it exists. */
export function chartRef(db: Db, id: number) {
  return db.selectFrom('slices').select(['id', 'slice_name', 'viz_type']).where('id', '=', id).executeTakeFirst();
}

/** The ids and names of the charts with these ids (none for an empty list). */
export async function chartNames(db: Db, ids: number[]) {
  return ids.length ? db.selectFrom('slices').select(['id', 'slice_name']).where('id', 'in', ids).execute() : [];
}

/** What the chart reads: its datasource id and type, if it exists. */
export function chartDatasource(db: Db, id: number) {
  return db.selectFrom('slices').select(['datasource_id', 'datasource_type']).where('id', '=', id).executeTakeFirst();
}

/** Whether the chart is on the dashboard and reads this dataset. */
export async function chartOnDashboardReads(db: Db, dashboardId: number, chartId: number, datasetId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .select('s.id')
    .where('ds.dashboard_id', '=', dashboardId)
    .where('ds.slice_id', '=', chartId)
    .where('s.datasource_id', '=', datasetId)
    .where('s.datasource_type', 'in', DATASET_DATASOURCE_TYPES)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored charts with these ids (none for an empty list). */
export async function chartsByIds(db: Db, ids: number[]): Promise<SliceRow[]> {
  return ids.length ? db.selectFrom('slices').selectAll().where('id', 'in', ids).execute() : [];
}

/** The stored chart with this uuid, if any. */
export function chartByUuid(db: Db, uuid: string): Promise<SliceRow | undefined> {
  return db.selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The stored charts with these uuids (none for an empty list). */
export async function chartsByUuids(db: Db, uuids: string[]): Promise<SliceRow[]> {
  return uuids.length ? db.selectFrom('slices').selectAll().where('uuid', 'in', uuids).execute() : [];
}

/** Chart id by uuid for these uuids. */
export async function chartIdsByUuid(db: Db, uuids: string[]): Promise<Map<string, number>> {
  return new Map(
    uuids.length
      ? (await db.selectFrom('slices').select(['id', 'uuid']).where('uuid', 'in', uuids).execute()).map((c) => [c.uuid, c.id])
      : [],
  );
}

/** The chart (`s`) is on the dashboard. */
export function chartOnDashboard(eb: ChartListEb, dashboardId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('dashboard_slices as ds')
      .select('ds.slice_id')
      .whereRef('ds.slice_id', '=', 's.id')
      .where('ds.dashboard_id', '=', dashboardId),
  );
}

/**
 * One page of the charts meeting `where` (with their dataset `t`, changer `cb` and last saver
 * `lsb` joined), ordered by `order` then id, and how many there are in all.
 */
export async function listChartRows(
  db: Db,
  where: (eb: ChartListEb) => Expression<SqlBool>,
  order: { ref: ChartListOrder; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: SliceRow[] }> {
  const base = db
    .selectFrom('slices as s')
    .leftJoin('tables as t', (join) => join.onRef('t.id', '=', 's.datasource_id').on('s.datasource_type', 'in', DATASET_DATASOURCE_TYPES))
    .leftJoin('ab_user as cb', 'cb.id', 's.changed_by_fk')
    .leftJoin('ab_user as lsb', 'lsb.id', 's.last_saved_by_fk')
    .where((eb) => where(eb));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('s')
    .orderBy(order.ref, order.direction)
    .orderBy('s.id', order.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(count), rows };
}

/**
 * Users whose first name, last name, username or full name contains `filter` (any case; all
 * without one), by first name, last name and id, one page of them, and how many there are.
 */
export async function searchUsersByAnyName(
  db: Db,
  filter: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: { id: number; first_name: string; last_name: string; active: number }[] }> {
  const base = db
    .selectFrom('ab_user as u')
    .where((eb) =>
      filter
        ? eb.or([
            textMatches('u.first_name', filter),
            textMatches('u.last_name', filter),
            textMatches('u.username', filter),
            sql<SqlBool>`lower(${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}) like ${likePattern(filter, 'ct')} escape '!'`,
          ])
        : sql<SqlBool>`1 = 1`,
    );
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.active'])
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(count), rows };
}

// ---- writes ----

/** Stores a new chart; answers its id. */
export async function insertChart(db: Db, values: Insertable<SliceTable>): Promise<number> {
  return (await db.insertInto('slices').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a chart's fields. */
export async function updateChartRow(db: Db, id: number, set: Updateable<SliceTable>): Promise<void> {
  await db.updateTable('slices').set(set).where('id', '=', id).execute();
}

/** Deletes charts (owners and dashboard links go with them: the foreign keys cascade). */
export async function deleteCharts(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('slices').where('id', 'in', ids).execute();
}
