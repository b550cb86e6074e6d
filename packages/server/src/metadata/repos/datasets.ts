/**
 * Datasets: `tables` with their columns (`table_columns`) and metrics (`sql_metrics`), the
 * `datasource_access` permission named after each dataset, and the charts and dashboards built on
 * one. Functions that take `db` also take a transaction.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { DatasetTable, MetadataSchema, Row, SqlMetricTable, TableColumnTable } from '../schema.js';
import { prepared } from '../prepared.js';

type Db = Kysely<MetadataSchema>;

/** A dataset's identity: one per database, catalog, schema and name. */
export interface DatasetKeyFields {
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  tableName: string;
}

/** The dataset with this id, if any. */
const datasetByIdQuery = prepared((db, id: number) => db.selectFrom('tables').selectAll().where('id', '=', id));

export function datasetById(db: Db, id: number) {
  return datasetByIdQuery.first(db, id);
}

/** The dataset with this uuid, if any (compared as given). */
export function datasetByUuid(db: Db, uuid: string) {
  return db.selectFrom('tables').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The dataset stored under this identity, if any (a null catalog or schema matches only null). */
export function datasetByKey(db: Db, key: DatasetKeyFields) {
  let q = db.selectFrom('tables').selectAll().where('database_id', '=', key.databaseId).where('table_name', '=', key.tableName);
  q = key.catalog === null ? q.where('catalog', 'is', null) : q.where('catalog', '=', key.catalog);
  q = key.schema === null ? q.where('schema', 'is', null) : q.where('schema', '=', key.schema);
  return q.executeTakeFirst();
}

/** The id of the dataset named `tableName` in the database's `schema` (any catalog; a null schema matches only null), if any. */
export async function datasetIdInSchema(db: Db, databaseId: number, schema: string | null, tableName: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tables')
    .select('id')
    .where('database_id', '=', databaseId)
    .where('table_name', '=', tableName)
    .where((eb) => (schema === null ? eb('schema', 'is', null) : eb('schema', '=', schema)))
    .executeTakeFirst();
  return row?.id;
}

/** The names of the datasets in the database's `schema` with no catalog (in no set order). */
export async function datasetNamesInSchema(db: Db, databaseId: number, schema: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tables')
    .select('table_name')
    .where('database_id', '=', databaseId)
    .where('schema', '=', schema)
    .where('catalog', 'is', null)
    .execute();
  return rows.map((t) => t.table_name);
}

/**
 * The physical datasets (no SQL) in the database's `schema` with no catalog on any of `tables`,
 * in id order (several may sit on one table).
 */
export function physicalDatasetsOn(db: Db, databaseId: number, schema: string, tables: string[]) {
  return db
    .selectFrom('tables')
    .select(['id', 'table_name'])
    .where('database_id', '=', databaseId)
    .where('schema', '=', schema)
    .where('catalog', 'is', null)
    .where('sql', 'is', null)
    .where('table_name', 'in', tables)
    .orderBy('id')
    .execute();
}

/** The metric names of the datasets (none for an empty list), with each one's dataset id. */
export async function metricNamesOfDatasets(db: Db, tableIds: number[]): Promise<{ table_id: number; metric_name: string }[]> {
  if (!tableIds.length) return [];
  return db.selectFrom('sql_metrics').select(['table_id', 'metric_name']).where('table_id', 'in', tableIds).execute();
}

/** Inserts a dataset row and returns it. */
export function insertDatasetRow(db: Db, values: Insertable<DatasetTable>): Promise<Row<DatasetTable>> {
  return db.insertInto('tables').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes fields of a dataset. */
export async function setDatasetFields(db: Db, id: number, set: Updateable<DatasetTable>): Promise<void> {
  await db.updateTable('tables').set(set).where('id', '=', id).execute();
}

/** Changes fields of a dataset and returns the changed row (throws when there is none). */
export function setDatasetFieldsReturning(db: Db, id: number, set: Updateable<DatasetTable>): Promise<Row<DatasetTable>> {
  return db.updateTable('tables').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes datasets (columns, metrics and owners go with them: the foreign keys cascade). */
export async function deleteDatasets(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('tables').where('id', 'in', ids).execute();
}

/** The dataset's default datetime column (throws when the dataset is missing). */
export async function mainDttmColOf(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('tables').select('main_dttm_col').where('id', '=', id).executeTakeFirstOrThrow();
  return row.main_dttm_col;
}

/** The dataset's columns in id order. */
export function columnsOf(db: Db, tableId: number) {
  return db.selectFrom('table_columns').selectAll().where('table_id', '=', tableId).orderBy('id').execute();
}

/** What the chart data engine reads of the dataset's columns, in id order. */
const chartDataColumnsQuery = prepared((db, tableId: number) =>
  db
    .selectFrom('table_columns')
    .select(['column_name', 'expression', 'type', 'type_generic', 'is_dttm', 'python_date_format', 'is_active'])
    .where('table_id', '=', tableId)
    .orderBy('id'),
);

export function chartDataColumnsOf(db: Db, tableId: number) {
  return chartDataColumnsQuery.all(db, tableId);
}

/** What the chart data engine reads of the dataset's metrics, in id order. */
const chartDataMetricsQuery = prepared((db, tableId: number) =>
  db.selectFrom('sql_metrics').select(['metric_name', 'expression']).where('table_id', '=', tableId).orderBy('id'),
);

export function chartDataMetricsOf(db: Db, tableId: number) {
  return chartDataMetricsQuery.all(db, tableId);
}

/** The dataset's metrics in id order. */
export function metricsOf(db: Db, tableId: number) {
  return db.selectFrom('sql_metrics').selectAll().where('table_id', '=', tableId).orderBy('id').execute();
}

/** The dataset's column ids and names (in no set order). */
export function columnNamesOf(db: Db, tableId: number) {
  return db.selectFrom('table_columns').select(['id', 'column_name']).where('table_id', '=', tableId).execute();
}

/** The dataset's metric ids and names (in no set order). */
export function metricNamesOf(db: Db, tableId: number) {
  return db.selectFrom('sql_metrics').select(['id', 'metric_name']).where('table_id', '=', tableId).execute();
}

/** What a metadata refresh compares of the stored columns (in no set order). */
export function columnTypesOf(db: Db, tableId: number) {
  return db
    .selectFrom('table_columns')
    .select(['id', 'column_name', 'type_generic', 'is_dttm', 'expression'])
    .where('table_id', '=', tableId)
    .execute();
}

/** The columns' names and whether each is temporal (in no set order). */
export function temporalFlagsOf(db: Db, tableId: number) {
  return db.selectFrom('table_columns').select(['column_name', 'is_dttm']).where('table_id', '=', tableId).execute();
}

/** The name of the dataset's first temporal column (lowest id), if any. */
export async function firstTemporalColumn(db: Db, tableId: number): Promise<string | undefined> {
  const first = await db
    .selectFrom('table_columns')
    .select('column_name')
    .where('table_id', '=', tableId)
    .where('is_dttm', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return first?.column_name;
}

/** The id of the dataset's metric with this name, if any. */
export async function metricIdByName(db: Db, tableId: number, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sql_metrics')
    .select('id')
    .where('table_id', '=', tableId)
    .where('metric_name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

/** Rows per INSERT: keeps every statement under SQLite's bound-parameter limit. */
const CHUNK = 500;

/** Inserts column rows, at most 500 per statement. */
export async function insertColumnRows(db: Db, rows: readonly Insertable<TableColumnTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('table_columns')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** Inserts metric rows, at most 500 per statement. */
export async function insertMetricRows(db: Db, rows: readonly Insertable<SqlMetricTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('sql_metrics')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** Changes fields of one column. */
export async function setColumnFields(db: Db, id: number, set: Updateable<TableColumnTable>): Promise<void> {
  await db.updateTable('table_columns').set(set).where('id', '=', id).execute();
}

/** Changes fields of one metric. */
export async function setMetricFields(db: Db, id: number, set: Updateable<SqlMetricTable>): Promise<void> {
  await db.updateTable('sql_metrics').set(set).where('id', '=', id).execute();
}

/** Deletes columns by id (none when the list is empty). */
export async function deleteColumns(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('table_columns').where('id', 'in', ids).execute();
}

/** Deletes metrics by id (none when the list is empty). */
export async function deleteMetrics(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('sql_metrics').where('id', 'in', ids).execute();
}

/** The `view_menu` pattern of every datasource_access view of dataset `id`, whatever its database's name. */
const anyViewOf = (id: number) => `%](id:${id})`;

/**
 * Deletes the dataset's datasource_access permission: the view named `view`, and any other of
 * the dataset's (under an older database name: the view names the database, which may have been renamed).
 */
export async function deleteDatasetPermission(db: Db, id: number, view: string): Promise<void> {
  await db
    .deleteFrom('ab_permission_view')
    .where('permission', '=', 'datasource_access')
    .where((eb) => eb.or([eb('view_menu', '=', view), eb('view_menu', 'like', anyViewOf(id))]))
    .execute();
}

/** Renames the dataset's datasource_access permission (matched on the id); the grants on it stay. */
export async function renameDatasetPermission(db: Db, id: number, view: string): Promise<void> {
  await db
    .updateTable('ab_permission_view')
    .set({ view_menu: view })
    .where('permission', '=', 'datasource_access')
    .where('view_menu', 'like', anyViewOf(id))
    .execute();
}

/** The charts whose datasource is dataset `id` under one of `types`, in id order. */
export function chartsOnDataset(db: Db, id: number, types: readonly string[]) {
  return db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'viz_type'])
    .where('datasource_id', '=', id)
    .where('datasource_type', 'in', types)
    .orderBy('id')
    .execute();
}

/** A condition on a dashboard row (alias `d`). */
export type DashboardEb = ExpressionBuilder<MetadataSchema & { d: MetadataSchema['dashboards'] }, 'd'>;

/**
 * The dashboards showing any of the charts (none for an empty list), in id order, those `visible`
 * allows (a null condition allows all).
 */
export async function dashboardsShowingCharts(db: Db, chartIds: number[], visible: (eb: DashboardEb) => Expression<SqlBool> | null) {
  if (!chartIds.length) return [];
  return db
    .selectFrom('dashboards as d')
    .select(['d.id', 'd.json_metadata', 'd.slug', 'd.dashboard_title as title'])
    .where((eb) =>
      eb.and([
        eb.exists(
          eb
            .selectFrom('dashboard_slices as ds')
            .select('ds.slice_id')
            .whereRef('ds.dashboard_id', '=', 'd.id')
            .where('ds.slice_id', 'in', chartIds),
        ),
        ...[visible(eb)].filter((c) => c !== null),
      ]),
    )
    .orderBy('d.id')
    .execute();
}

/** The dashboards showing the chart (id and title), in id order. */
export function dashboardsOfChart(db: Db, chartId: number) {
  return db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('dashboards as d', 'd.id', 'ds.dashboard_id')
    .select(['d.id', 'd.dashboard_title'])
    .where('ds.slice_id', '=', chartId)
    .orderBy('d.id')
    .execute();
}

/** A condition on a dataset list row: the dataset `t`, its database `d` and its last editor `cb`. */
export type DatasetListEb = ExpressionBuilder<
  MetadataSchema & { t: MetadataSchema['tables']; d: MetadataSchema['dbs']; cb: MetadataSchema['ab_user'] },
  't' | 'd' | 'cb'
>;
type ListWhere = (eb: DatasetListEb) => Expression<SqlBool>;
/** What the dataset list sorts on. */
export type DatasetListOrderRef = 't.table_name' | 't.catalog' | 't.schema' | 't.changed_on' | 'd.database_name' | 'cb.first_name' | 't.id';
type Page = { page: number; pageSize: number };

function listBase(db: Db, where: ListWhere) {
  return db
    .selectFrom('tables as t')
    .innerJoin('dbs as d', 'd.id', 't.database_id')
    .leftJoin('ab_user as cb', 'cb.id', 't.changed_by_fk')
    .where(where);
}

/**
 * One page of the datasets matching `where`, with their database's name, ordered on `ref` then
 * id (both in `direction`), and how many match in all.
 */
export async function datasetListPage(
  db: Db,
  where: ListWhere,
  order: { ref: DatasetListOrderRef; direction: 'asc' | 'desc' },
  page: Page,
): Promise<{ count: number; rows: (Row<DatasetTable> & { database_name: string })[] }> {
  const base = listBase(db, where);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('t')
    .select('d.database_name as database_name')
    .orderBy(order.ref, order.direction)
    .orderBy('t.id', order.direction)
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/**
 * The distinct non-empty values of `column` over the datasets matching `where`, sorted, one page
 * of them, and how many there are in all.
 */
export async function distinctDatasetValues(
  db: Db,
  where: ListWhere,
  column: 'catalog' | 'schema',
  page: Page,
): Promise<{ count: number; values: string[] }> {
  const ref = `t.${column}` as const;
  const base = listBase(db, where).where((eb) => eb.and([eb(ref, 'is not', null), eb(ref, '!=', '')]));
  const { count } = await base.select((eb) => eb.fn.count<number>(ref).distinct().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(`${ref} as value`)
    .distinct()
    .orderBy('value')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(count), values: rows.map((r) => String(r.value)) };
}
