/** Saved queries (`saved_query`): reads by id, uuid and owner, the list page, writes and deletes. */
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { MetadataSchema, Row, SavedQueryTable } from '../schema.js';
import { textMatches } from '../textMatch.js';

type Db = Kysely<MetadataSchema>;
type SavedQueryRow = Row<SavedQueryTable>;

/** The saved query, if it exists and (unless `userId` is null) belongs to `userId`. */
export function savedQueryOf(db: Db, id: number, userId: number | null): Promise<SavedQueryRow | undefined> {
  let q = db.selectFrom('saved_query').selectAll().where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

/** The saved queries among `ids` that (unless `userId` is null) belong to `userId`, in id order. */
export function savedQueriesOf(db: Db, ids: number[], userId: number | null): Promise<SavedQueryRow[]> {
  let q = db.selectFrom('saved_query').selectAll().where('id', 'in', ids);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return q.orderBy('id').execute();
}

/** The saved query with this uuid, if any. */
export async function savedQueryByUuid(db: Db, uuid: string): Promise<SavedQueryRow | null> {
  return (await db.selectFrom('saved_query').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
}

/** One filter of the saved query list, applied in the order given. */
export type SavedQueryListFilter =
  | { col: 'all_text'; text: string }
  | { col: 'label_ct'; text: string }
  | { col: 'label' | 'schema'; value: string }
  | { col: 'db_id' | 'created_by_fk' | 'id'; value: number }
  | { col: 'id_in'; ids: number[] }
  /** a condition on `sq.id` built elsewhere (the tag filters) */
  | { col: 'where'; condition: Expression<SqlBool> };

export interface SavedQueryListOptions {
  /** only this user's saved queries; null for everyone's */
  userId: number | null;
  filters: SavedQueryListFilter[];
  /** an `sq.` column or `d.database_name` (the joined database) */
  orderBy: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of saved queries (ties by id in the same direction) and the count of all that match. */
export async function listSavedQueryRows(db: Db, o: SavedQueryListOptions): Promise<{ count: number; rows: SavedQueryRow[] }> {
  let q = db.selectFrom('saved_query as sq').leftJoin('dbs as d', 'd.id', 'sq.db_id');
  if (o.userId !== null) q = q.where('sq.user_id', '=', o.userId);
  for (const f of o.filters) {
    if (f.col === 'all_text')
      q = q.where((eb) => eb.or([textMatches('sq.label', f.text), textMatches('sq.sql', f.text), textMatches('sq.description', f.text)]));
    else if (f.col === 'label_ct') q = q.where(textMatches('sq.label', f.text));
    else if (f.col === 'label') q = q.where('sq.label', '=', f.value);
    else if (f.col === 'schema') q = q.where('sq.schema', '=', f.value);
    else if (f.col === 'db_id') q = q.where('sq.db_id', '=', f.value);
    else if (f.col === 'created_by_fk') q = q.where('sq.created_by_fk', '=', f.value);
    else if (f.col === 'id') q = q.where('sq.id', '=', f.value);
    else if (f.col === 'id_in') q = f.ids.length ? q.where('sq.id', 'in', f.ids) : q.where(sql<SqlBool>`1 = 0`);
    else if (f.col === 'where') q = q.where(f.condition);
  }
  const counted = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('sq')
    .orderBy(o.orderBy as 'sq.changed_on', o.direction)
    .orderBy('sq.id', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(counted.n), rows };
}

/** Stores a new saved query and returns it. */
export function insertSavedQuery(db: Db, values: Insertable<SavedQueryTable>): Promise<SavedQueryRow> {
  return db.insertInto('saved_query').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a saved query's columns. */
export async function updateSavedQuery(db: Db, id: number, set: Updateable<SavedQueryTable>): Promise<void> {
  await db.updateTable('saved_query').set(set).where('id', '=', id).execute();
}

/** The ids among `ids` of saved queries that exist and (unless `userId` is null) belong to `userId`. */
export async function savedQueryIdsOf(db: Db, ids: number[], userId: number | null): Promise<number[]> {
  let q = db.selectFrom('saved_query').select('id').where('id', 'in', ids);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return (await q.execute()).map((r) => r.id);
}

/** Deletes these saved queries. */
export async function deleteSavedQueries(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('saved_query').where('id', 'in', ids).execute();
}

/** The ids and labels of these saved queries. */
export function savedQueryLabels(db: Db, ids: number[]): Promise<{ id: number; label: string }[]> {
  return db.selectFrom('saved_query').select(['id', 'label']).where('id', 'in', ids).execute();
}

/** Whether the saved query exists and (unless `userId` is null) belongs to `userId`. */
export async function savedQueryExists(db: Db, id: number, userId: number | null): Promise<boolean> {
  let q = db.selectFrom('saved_query').select('id').where('id', '=', id);
  if (userId !== null) q = q.where('user_id', '=', userId);
  return Boolean(await q.executeTakeFirst());
}
