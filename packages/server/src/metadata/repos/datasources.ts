/**
 * The dataset and database reads that saved charts, dashboards and embedding make (`tables`,
 * `table_columns`, `sql_metrics`, `dbs`): a database list for the dataset scope, datasets by id or
 * uuid, a dataset's columns and metrics. The datasets and databases features keep their own
 * repositories; these are the reads the chart side needs of them.
 */
import type { Kysely } from 'kysely';
import type { MetadataSchema } from '../schema.js';

type Db = Kysely<MetadataSchema>;

/** Every database's id and name (what `datasetScope` matches permissions against). */
export function databaseRefs(db: Db): Promise<{ id: number; database_name: string }[]> {
  return db.selectFrom('dbs').select(['id', 'database_name']).execute();
}

/** One database's id and name, if it exists. */
export function databaseRef(db: Db, id: number): Promise<{ id: number; database_name: string } | undefined> {
  return db.selectFrom('dbs').select(['id', 'database_name']).where('id', '=', id).executeTakeFirst();
}

/** The stored database row (it must exist: a dataset names it). */
export function databaseRowOf(db: Db, id: number) {
  return db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The stored dataset row, if any. */
export function datasetRowById(db: Db, id: number) {
  return db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Where the datasets are (database and schema), for the dataset scope; none for an empty list. */
export async function datasetLocations(db: Db, ids: number[]): Promise<{ id: number; database_id: number; schema: string | null }[]> {
  return ids.length ? db.selectFrom('tables').select(['id', 'database_id', 'schema']).where('id', 'in', ids).execute() : [];
}

/** The datasets' schema and table names (as chart replies name a chart's dataset). */
export function datasetNamesByIds(db: Db, ids: number[]): Promise<{ id: number; schema: string | null; table_name: string }[]> {
  return db.selectFrom('tables').select(['id', 'schema', 'table_name']).where('id', 'in', ids).execute();
}

/** The datasets with these uuids: id, uuid and location; none for an empty list. */
export async function datasetsByUuids(
  db: Db,
  uuids: string[],
): Promise<{ id: number; uuid: string; database_id: number; schema: string | null }[]> {
  return uuids.length ? db.selectFrom('tables').select(['id', 'uuid', 'database_id', 'schema']).where('uuid', 'in', uuids).execute() : [];
}

/** Dataset id by uuid for these uuids. */
export async function datasetIdsByUuid(db: Db, uuids: string[]): Promise<Map<string, number>> {
  return new Map((await db.selectFrom('tables').select(['id', 'uuid']).where('uuid', 'in', uuids).execute()).map((d) => [d.uuid, d.id]));
}

/** The id of the dataset with this uuid, if any. */
export async function datasetIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('tables').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** The column names of these datasets (one row per column); none for an empty list. */
export async function datasetColumnNames(db: Db, datasetIds: number[]): Promise<{ table_id: number; column_name: string }[]> {
  return datasetIds.length
    ? db.selectFrom('table_columns').select(['table_id', 'column_name']).where('table_id', 'in', datasetIds).execute()
    : [];
}

/** A dataset's columns, stored rows in id order. */
export function datasetColumnRows(db: Db, datasetId: number) {
  return db.selectFrom('table_columns').selectAll().where('table_id', '=', datasetId).orderBy('id').execute();
}

/** A dataset's saved metrics, stored rows in id order. */
export function datasetMetricRows(db: Db, datasetId: number) {
  return db.selectFrom('sql_metrics').selectAll().where('table_id', '=', datasetId).orderBy('id').execute();
}

/** What labels a dataset's columns and metrics: names, verbose names, and each metric's format and currency. */
export async function datasetLabelRows(
  db: Db,
  datasetId: number,
): Promise<{
  metrics: { name: string; verbose_name: string | null; d3format: string | null; currency: string | null }[];
  columns: { name: string; verbose_name: string | null }[];
}> {
  const [metrics, columns] = await Promise.all([
    db
      .selectFrom('sql_metrics')
      .select(['metric_name as name', 'verbose_name', 'd3format', 'currency'])
      .where('table_id', '=', datasetId)
      .execute(),
    db.selectFrom('table_columns').select(['column_name as name', 'verbose_name']).where('table_id', '=', datasetId).execute(),
  ]);
  return { metrics, columns };
}

/** The datasets' table names with their database's name (embedding grants `datasource_access` on them). */
export async function datasetsWithDatabaseNames(
  db: Db,
  ids: number[],
): Promise<{ id: number; table_name: string; database_name: string }[]> {
  return ids.length
    ? db
        .selectFrom('tables as t')
        .innerJoin('dbs as d', 'd.id', 't.database_id')
        .select(['t.id', 't.table_name', 'd.database_name'])
        .where('t.id', 'in', ids)
        .execute()
    : [];
}

/** The SQLAlchemy URI of a dataset's database, if the dataset exists. */
export async function datasetDatabaseUri(db: Db, datasetId: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom('tables as t')
      .innerJoin('dbs as d', 'd.id', 't.database_id')
      .select('d.sqlalchemy_uri')
      .where('t.id', '=', datasetId)
      .executeTakeFirst()
  )?.sqlalchemy_uri;
}
