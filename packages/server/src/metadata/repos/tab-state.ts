/** SQL Lab tabs kept on the server (`tab_state`) and the tables shown in their left bar (`table_schema`). */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { MetadataSchema, Row, TableSchemaTable, TabStateTable } from '../schema.js';

type Db = Kysely<MetadataSchema>;
type TabStateRow = Row<TabStateTable>;
type TableSchemaRow = Row<TableSchemaTable>;

// ---- tabs

/** The user's tab with this id, if any. */
export function userTab(db: Db, userId: number, id: number): Promise<TabStateRow | undefined> {
  return db.selectFrom('tab_state').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's tabs (id, label, latest query), in id order. */
export function userTabs(db: Db, userId: number): Promise<{ id: number; label: string; latest_query_id: string | null }[]> {
  return db.selectFrom('tab_state').select(['id', 'label', 'latest_query_id']).where('user_id', '=', userId).orderBy('id').execute();
}

/** The user's active tab, or (none marked active) the latest changed one, if any. */
export function activeUserTab(db: Db, userId: number): Promise<TabStateRow | undefined> {
  return db
    .selectFrom('tab_state')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('active', 'desc')
    .orderBy('changed_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The labels of the user's tabs. */
export async function userTabLabels(db: Db, userId: number): Promise<string[]> {
  return (await db.selectFrom('tab_state').select('label').where('user_id', '=', userId).execute()).map((l) => l.label);
}

/** Marks the user's active tabs other than `exceptId` inactive. */
export async function deactivateUserTabs(db: Db, userId: number, exceptId?: number): Promise<void> {
  let q = db.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', userId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  await q.where('active', '=', 1).execute();
}

/** Stores a new tab and returns its id. */
export async function insertTab(db: Db, values: Insertable<TabStateTable>): Promise<number> {
  return (await db.insertInto('tab_state').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a tab's columns. */
export async function updateTab(db: Db, id: number, set: Updateable<TabStateTable>): Promise<void> {
  await db.updateTable('tab_state').set(set).where('id', '=', id).execute();
}

/** Deletes a tab (its table schemas first: see `deleteTabTableSchemas`). */
export async function deleteTab(db: Db, id: number): Promise<void> {
  await db.deleteFrom('tab_state').where('id', '=', id).execute();
}

// ---- table schemas

/** A tab's table schemas, in id order. */
export function tabTableSchemas(db: Db, tabId: number): Promise<TableSchemaRow[]> {
  return db.selectFrom('table_schema').selectAll().where('tab_state_id', '=', tabId).orderBy('id').execute();
}

/** The table schema with this id when its tab is the user's, if any. */
export function userTableSchema(db: Db, userId: number, id: number): Promise<TableSchemaRow | undefined> {
  return db
    .selectFrom('table_schema as t')
    .innerJoin('tab_state as s', 's.id', 't.tab_state_id')
    .selectAll('t')
    .where('t.id', '=', id)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
}

/** Removes a tab's table of this database, catalog, schema and name (null catalog or schema: none). */
export async function deleteTabTable(
  db: Db,
  t: { tabId: number; databaseId: number; catalog: string | null; schema: string | null; table: string },
): Promise<void> {
  await db
    .deleteFrom('table_schema')
    .where('tab_state_id', '=', t.tabId)
    .where('database_id', '=', t.databaseId)
    .where((eb) => (t.catalog === null ? eb('catalog', 'is', null) : eb('catalog', '=', t.catalog)))
    .where((eb) => (t.schema === null ? eb('schema', 'is', null) : eb('schema', '=', t.schema)))
    .where('table', '=', t.table)
    .execute();
}

/** Stores a new table schema and returns its id. */
export async function insertTableSchema(db: Db, values: Insertable<TableSchemaTable>): Promise<number> {
  return (await db.insertInto('table_schema').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a table schema's columns. */
export async function updateTableSchema(db: Db, id: number, set: Updateable<TableSchemaTable>): Promise<void> {
  await db.updateTable('table_schema').set(set).where('id', '=', id).execute();
}

/** Deletes a table schema. */
export async function deleteTableSchema(db: Db, id: number): Promise<void> {
  await db.deleteFrom('table_schema').where('id', '=', id).execute();
}

/** Deletes all of a tab's table schemas. */
export async function deleteTabTableSchemas(db: Db, tabId: number): Promise<void> {
  await db.deleteFrom('table_schema').where('tab_state_id', '=', tabId).execute();
}
