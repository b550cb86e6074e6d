/**
 * Databases (`dbs`) and the permissions named after them: `database_access` on the database and
 * `schema_access` on each of its schemas (`[name].[schema]`). Functions that take `db` also take a
 * transaction.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DatabaseTable, MetadataSchema, Row } from '../schema.js';
import { prepared } from '../prepared.js';
import { textMatches } from '../textMatch.js';

type Db = Kysely<MetadataSchema>;

/** The database with this id, if any. */
const databaseByIdQuery = prepared((db, id: number) => db.selectFrom('dbs').selectAll().where('id', '=', id));

export function databaseById(db: Db, id: number) {
  return databaseByIdQuery.first(db, id);
}

/** The database with this id; throws when there is none (a dataset's database: the foreign key keeps it). */
export function databaseByIdOrThrow(db: Db, id: number) {
  return db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The database with this name, if any. */
export function databaseByName(db: Db, name: string) {
  return db.selectFrom('dbs').selectAll().where('database_name', '=', name).executeTakeFirst();
}

/** The id, name and stored URI of the database with this id, if any. */
export function databaseRef(db: Db, id: number) {
  return db.selectFrom('dbs').select(['id', 'database_name', 'sqlalchemy_uri']).where('id', '=', id).executeTakeFirst();
}

/** The id, name and stored URI of the database with this id; throws when there is none. */
const databaseRefQuery = prepared((db, id: number) =>
  // allow_dml, cache_timeout and changed_on too: chart data reads the dataset's database once
  // (chartdata/datasource.ts), and the executor opens it by the version read here
  db.selectFrom('dbs').select(['id', 'database_name', 'sqlalchemy_uri', 'allow_dml', 'cache_timeout', 'changed_on']).where('id', '=', id),
);

export function databaseRefOrThrow(db: Db, id: number) {
  return databaseRefQuery.firstOrThrow(db, id);
}

/** The databases with these ids (in no set order; none for no ids). */
export async function databasesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('dbs').selectAll().where('id', 'in', ids).execute();
}

/** The databases SQL Lab lists (`expose_in_sqllab`), by name. */
export function sqlLabDatabases(db: Db) {
  return db.selectFrom('dbs').selectAll().where('expose_in_sqllab', '=', 1).orderBy('database_name').execute();
}

/** The database's id and name, if it exists. */
export function databaseName(db: Db, id: number) {
  return db.selectFrom('dbs').select(['id', 'database_name']).where('id', '=', id).executeTakeFirst();
}

/** Every database's id and name (in no set order), as dataset scopes are worked out from them. */
export function databaseNames(db: Db) {
  return db.selectFrom('dbs').select(['id', 'database_name']).execute();
}

/** What a bundle import compares with the databases here (in no set order). */
export function databasesForImport(db: Db) {
  return db.selectFrom('dbs').select(['id', 'uuid', 'database_name', 'sqlalchemy_uri', 'password_encrypted', 'is_examples']).execute();
}

/** The examples database's id and URI, if it is registered. */
export function examplesDatabase(db: Db) {
  return db.selectFrom('dbs').select(['id', 'sqlalchemy_uri']).where('is_examples', '=', 1).executeTakeFirst();
}

/** Whether a database other than `exceptId` (null: any) has this name. */
export async function databaseNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('dbs').select('id').where('database_name', '=', name);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A filter of the database list. */
export type DatabaseListFilter =
  | { column: 'database_name'; exact: boolean; value: string }
  | {
      column: 'expose_in_sqllab' | 'allow_run_async' | 'allow_dml' | 'allow_file_upload' | 'allow_ctas' | 'allow_cvas';
      value: number;
    }
  | { column: 'id'; value: number };

/** Columns the database list sorts on. */
export type DatabaseOrderColumn =
  'database_name' | 'changed_on' | 'allow_run_async' | 'allow_dml' | 'allow_file_upload' | 'expose_in_sqllab' | 'id';

/**
 * The databases matching every filter (a name not `exact` is matched as a contains, any case),
 * ordered on `order` then id.
 */
export function databasesMatching(
  db: Db,
  filters: readonly DatabaseListFilter[],
  order: { column: DatabaseOrderColumn; direction: 'asc' | 'desc' },
): Promise<Row<DatabaseTable>[]> {
  let q = db.selectFrom('dbs');
  for (const f of filters) {
    if (f.column === 'database_name') q = f.exact ? q.where('database_name', '=', f.value) : q.where(textMatches('database_name', f.value));
    else if (f.column === 'id') q = q.where('id', '=', f.value);
    else q = q.where(f.column, '=', f.value);
  }
  return q.selectAll().orderBy(order.column, order.direction).orderBy('id').execute();
}

/** Inserts a database and returns its row. */
export function insertDatabase(db: Db, values: Insertable<DatabaseTable>): Promise<Row<DatabaseTable>> {
  return db.insertInto('dbs').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes fields of a database. */
export async function setDatabaseFields(db: Db, id: number, set: Updateable<DatabaseTable>): Promise<void> {
  await db.updateTable('dbs').set(set).where('id', '=', id).execute();
}

/**
 * After a database was renamed from `oldName` to `newName`: its database_access view becomes
 * `newView` (from `oldView`), and its schema views (`[oldName].[schema]`) take the new name. When
 * the new name's schema view exists already, the old one's grants join it and the old view goes.
 */
export async function renameDatabasePermissions(
  trx: Db,
  names: { oldName: string; newName: string; oldView: string; newView: string },
): Promise<void> {
  await trx
    .updateTable('ab_permission_view')
    .set({ view_menu: names.newView })
    .where('permission', '=', 'database_access')
    .where('view_menu', '=', names.oldView)
    .execute();
  const oldPrefix = `[${names.oldName}].[`;
  const schemaViews = await trx
    .selectFrom('ab_permission_view')
    .select(['id', 'view_menu'])
    .where('permission', '=', 'schema_access')
    .execute();
  for (const v of schemaViews.filter((x) => x.view_menu.startsWith(oldPrefix) && x.view_menu.endsWith(']'))) {
    const renamed = `[${names.newName}].[${v.view_menu.slice(oldPrefix.length)}`;
    const taken = await trx
      .selectFrom('ab_permission_view')
      .select('id')
      .where('permission', '=', 'schema_access')
      .where('view_menu', '=', renamed)
      .executeTakeFirst();
    if (!taken) {
      await trx.updateTable('ab_permission_view').set({ view_menu: renamed }).where('id', '=', v.id).execute();
      continue;
    }
    const roles = await trx.selectFrom('ab_permission_view_role').select('role_id').where('permission_view_id', '=', v.id).execute();
    if (roles.length)
      await trx
        .insertInto('ab_permission_view_role')
        .values(roles.map((r) => ({ role_id: r.role_id, permission_view_id: taken.id })))
        .onConflict((oc) => oc.columns(['role_id', 'permission_view_id']).doNothing())
        .execute();
    await trx.deleteFrom('ab_permission_view').where('id', '=', v.id).execute();
  }
}

/**
 * Deletes a database with its database_access view (`view`) and its schema views
 * (`[name].[schema]`), so a later database of the same name inherits no grants.
 */
export async function deleteDatabase(trx: Db, id: number, name: string, view: string): Promise<void> {
  await trx.deleteFrom('ab_permission_view').where('permission', '=', 'database_access').where('view_menu', '=', view).execute();
  const prefix = `[${name}].[`;
  const schemaViews = await trx
    .selectFrom('ab_permission_view')
    .select(['id', 'view_menu'])
    .where('permission', '=', 'schema_access')
    .execute();
  const stale = schemaViews.filter((v) => v.view_menu.startsWith(prefix) && v.view_menu.endsWith(']')).map((v) => v.id);
  if (stale.length) await trx.deleteFrom('ab_permission_view').where('id', 'in', stale).execute();
  await trx.deleteFrom('dbs').where('id', '=', id).execute();
}
