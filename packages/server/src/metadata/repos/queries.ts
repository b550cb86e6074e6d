/**
 * SQL Lab query records (`query`): reads, inserts, guarded state changes (final states stay
 * final), worker leases and the history list.
 */
import { IN_PROGRESS_STATES, type QueryState } from '@rama/shared';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { MetadataSchema, QueryTable, Row } from '../schema.js';
import { nowIso } from '../db.js';
import { textMatches } from '../textMatch.js';

type Db = Kysely<MetadataSchema>;
type QueryRow = Row<QueryTable>;

/** The query with this id, if any. */
export async function getQueryById(db: Db, id: number): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The query with this client id, if any. */
export async function getQueryByClientId(db: Db, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** The query whose results are stored under `key`, if any. */
export async function getQueryByResultsKey(db: Db, key: string): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('results_key', '=', key).executeTakeFirst();
}

/** Stores a new query record and returns it. */
export async function insertQuery(db: Db, values: Insertable<QueryTable>): Promise<QueryRow> {
  return db.insertInto('query').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets the `sql_tables` text of a query. */
export async function setQueryTables(db: Db, id: number, tables: string): Promise<void> {
  await db.updateTable('query').set({ sql_tables: tables }).where('id', '=', id).execute();
}

/** Sets the `sql_tables` text of a query only where it is still empty (a value written meanwhile wins). */
export async function fillQueryTables(db: Db, id: number, tables: string): Promise<void> {
  await db.updateTable('query').set({ sql_tables: tables }).where('id', '=', id).where('sql_tables', 'is', null).execute();
}

/**
 * Move a query to `state` with extra fields, only if it is not already final (a success that
 * arrives after a stop is ignored). `from` narrows the allowed source states. Returns whether it moved.
 */
export async function transitionQuery(
  db: Db,
  id: number,
  state: QueryState,
  fields: Updateable<QueryTable> = {},
  from: readonly QueryState[] = IN_PROGRESS_STATES,
): Promise<boolean> {
  const res = await db
    .updateTable('query')
    .set({ ...fields, status: state, changed_on: nowIso() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Extend the lease of queries this process is responsible for. */
export async function renewLeases(db: Db, ids: number[], until: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('query')
    .set({ lease_until: until })
    .where('id', 'in', ids)
    .where('status', 'in', [...IN_PROGRESS_STATES])
    .execute();
}

/**
 * Queries whose lease ran out (their worker or server died mid-query) become failed, so nothing
 * stays "running" forever. Returns how many were marked.
 */
export async function failOrphans(db: Db, now = Date.now()): Promise<number> {
  const res = await db
    .updateTable('query')
    .set({
      status: 'failed',
      error_message: 'The query was interrupted because the process running it stopped (a worker or server restart). Please run it again.',
      error_type: 'ASYNC_WORKERS_ERROR',
      end_time: now,
      changed_on: nowIso(),
    })
    .where('status', 'in', [...IN_PROGRESS_STATES])
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** One filter of the query history list, applied in the order given. */
export type QueryListFilter =
  | { col: 'database_id' | 'user_id'; value: number }
  | { col: 'status'; value: string }
  | { col: 'status_in'; value: string[] }
  | { col: 'sql'; text: string }
  | { col: 'start_time'; op: '>' | '<'; value: number }
  | { col: 'changed_on'; op: '>' | '<'; value: string }
  | { col: 'sql_editor_id'; value: string };

export interface QueryListOptions {
  /** only this user's queries; null for everyone's */
  userId: number | null;
  filters: QueryListFilter[];
  /** a `query.` column, `dbs.database_name` or `ab_user.first_name`; null sorts by `query.changed_on` descending */
  orderBy: string | null;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * One page of the query history with its database's name and URI and its user's names, and the
 * count of all matching queries; ties are broken by id, newest first.
 */
export async function listQueryRows(db: Db, o: QueryListOptions) {
  let q = db.selectFrom('query').innerJoin('dbs', 'dbs.id', 'query.database_id').leftJoin('ab_user', 'ab_user.id', 'query.user_id');
  if (o.userId !== null) q = q.where('query.user_id', '=', o.userId);
  for (const f of o.filters) {
    if (f.col === 'database_id') q = q.where('query.database_id', '=', f.value);
    else if (f.col === 'status') q = q.where('query.status', '=', f.value);
    else if (f.col === 'status_in') q = q.where('query.status', 'in', f.value);
    else if (f.col === 'user_id') q = q.where('query.user_id', '=', f.value);
    else if (f.col === 'sql') q = q.where(textMatches('query.sql', f.text));
    else if (f.col === 'start_time') q = q.where('query.start_time', f.op, f.value);
    else if (f.col === 'changed_on') q = q.where('query.changed_on', f.op, f.value);
    else if (f.col === 'sql_editor_id') q = q.where('query.sql_editor_id', '=', f.value);
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('query')
    .select(['dbs.database_name', 'dbs.sqlalchemy_uri', 'ab_user.first_name', 'ab_user.last_name', 'ab_user.username'])
    .orderBy((o.orderBy ?? 'query.changed_on') as 'query.changed_on', o.orderBy ? o.direction : 'desc')
    .orderBy('query.id', 'desc')
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** The query with its database's name, if any. */
export function queryWithDatabaseName(db: Db, id: number) {
  return db
    .selectFrom('query')
    .innerJoin('dbs', 'dbs.id', 'query.database_id')
    .selectAll('query')
    .select(['dbs.database_name'])
    .where('query.id', '=', id)
    .executeTakeFirst();
}

/** The user's queries changed after `sinceIso`, oldest first, at most 1000. */
export function queriesChangedSince(db: Db, userId: number, sinceIso: string): Promise<QueryRow[]> {
  return db
    .selectFrom('query')
    .selectAll()
    .where('user_id', '=', userId)
    .where('changed_on', '>', sinceIso)
    .orderBy('changed_on', 'asc')
    .limit(1000)
    .execute();
}

// ---- queries of SQL Lab tabs (`sql_editor_id` is the tab's id as text)

/** The user's newest queries of these tabs (newest first, ties by id), at most `limit`. */
export function recentTabQueries(db: Db, userId: number, tabIds: string[], limit: number): Promise<QueryRow[]> {
  return db
    .selectFrom('query')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sql_editor_id', 'in', tabIds)
    .orderBy('changed_on', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The user's queries with these client ids. */
export function userQueriesByClientIds(db: Db, userId: number, clientIds: string[]): Promise<QueryRow[]> {
  return db.selectFrom('query').selectAll().where('user_id', '=', userId).where('client_id', 'in', clientIds).execute();
}

/** The user's query with this client id, if any. */
export function userQueryByClientId(db: Db, userId: number, clientId: string): Promise<QueryRow | undefined> {
  return db.selectFrom('query').selectAll().where('client_id', '=', clientId).where('user_id', '=', userId).executeTakeFirst();
}

/** Unlinks every query from the tab (they stay in the history). */
export async function unlinkTabQueries(db: Db, tabId: string): Promise<void> {
  await db.updateTable('query').set({ sql_editor_id: null }).where('sql_editor_id', '=', tabId).execute();
}

/** Links the user's query with this client id to the tab; returns whether there was one. */
export async function linkQueryToTab(db: Db, userId: number, clientId: string, tabId: string): Promise<boolean> {
  const result = await db
    .updateTable('query')
    .set({ sql_editor_id: tabId })
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the user's query with this client id from the tab (nothing when there is none). */
export async function deleteTabQuery(db: Db, userId: number, tabId: string, clientId: string): Promise<void> {
  await db.deleteFrom('query').where('client_id', '=', clientId).where('user_id', '=', userId).where('sql_editor_id', '=', tabId).execute();
}
