import type { Insertable, Kysely, Updateable } from 'kysely';
import type { UserRef } from '@rama/shared';
import type { Flag, MetadataSchema, UserTable } from '../schema.js';
import { textMatches } from '../textMatch.js';
import { nowIso } from '../db.js';
import { prepared } from '../prepared.js';

type Db = Kysely<MetadataSchema>;

/** Users by id, as list and detail replies name owners, creators and editors. */
export type Users = Map<number, UserRef>;

const distinctIds = (ids: (number | null)[]): number[] => [...new Set(ids.filter((x): x is number => x !== null))];

/** The named users (nulls and repeats skipped), read in one query. */
export async function usersById(db: Db, ids: (number | null)[]): Promise<Users> {
  const wanted = distinctIds(ids);
  const rows: UserRef[] = wanted.length
    ? await db.selectFrom('ab_user').select(['id', 'first_name', 'last_name']).where('id', 'in', wanted).execute()
    : [];
  return new Map(rows.map((u) => [u.id, u]));
}

/** The named users in id order (repeats skipped), for replies that list owners. */
export async function userRefs(db: Db, ids: number[]): Promise<UserRef[]> {
  const wanted = distinctIds(ids);
  if (!wanted.length) return [];
  return db.selectFrom('ab_user').select(['id', 'first_name', 'last_name']).where('id', 'in', wanted).orderBy('id').execute();
}

/** Usernames by id (nulls and repeats skipped). */
export async function usernamesById(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = distinctIds(ids);
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('ab_user').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((u) => [u.id, u.username]));
}

/** Whether every id names a stored user (repeats count once; an empty list is true). */
export async function usersExist(db: Db, ids: number[]): Promise<boolean> {
  const wanted = distinctIds(ids);
  if (!wanted.length) return true;
  const found = await db.selectFrom('ab_user').select('id').where('id', 'in', wanted).execute();
  return found.length === wanted.length;
}

/** The id of the user with this username, if any. */
export async function userIdByUsername(db: Db, username: string): Promise<number | null> {
  const row = await db.selectFrom('ab_user').select('id').where('username', '=', username).executeTakeFirst();
  return row?.id ?? null;
}

/** Active users with each of their roles' names, in user id order (one row per user and role). */
export function activeUserRoles(db: Db): Promise<{ id: number; role: string }[]> {
  return db
    .selectFrom('ab_user as u')
    .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['u.id as id', 'r.name as role'])
    .where('u.active', '=', 1)
    .orderBy('u.id')
    .execute();
}

/** Users whose first or last name contains `filter` (all without one), by first name then id, one page of them. */
export async function searchUsersByName(
  db: Db,
  filter: string | undefined,
  page: { page: number; pageSize: number },
): Promise<{ count: number; rows: UserRef[] }> {
  const base = db
    .selectFrom('ab_user as u')
    .where((eb) => (filter ? eb.or([textMatches('u.first_name', filter), textMatches('u.last_name', filter)]) : eb.lit(true)));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** The stored user row, if any. */
const userByIdQuery = prepared((db, id: number) => db.selectFrom('ab_user').selectAll().where('id', '=', id));

export function userById(db: Db, id: number) {
  return userByIdQuery.first(db, id);
}

// ---- user management and login

/** The columns of a user that user management shows (no password hash or token version). */
export const USER_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'active',
  'created_on',
  'changed_on',
  'last_login',
  'login_count',
  'fail_login_count',
] as const;

/** One filter of the user list. */
export type UserListFilter =
  | { col: 'username' | 'first_name' | 'last_name' | 'email'; opr: 'eq' | 'ct'; value: string }
  | { col: 'active'; value: Flag }
  /** the users holding this role */
  | { col: 'role'; roleId: number };

/** One page of users (no tie-breaker: as before) and the count of all that match. */
export async function listUserRows(
  db: Db,
  o: { filters: UserListFilter[]; orderBy: string; direction: 'asc' | 'desc'; page: number; pageSize: number },
) {
  let q = db.selectFrom('ab_user');
  for (const f of o.filters) {
    if (f.col === 'active') q = q.where('active', '=', f.value);
    else if (f.col === 'role')
      q = q.where('id', 'in', (eb) => eb.selectFrom('ab_user_role').select('user_id').where('role_id', '=', f.roleId));
    else q = f.opr === 'eq' ? q.where(f.col, '=', f.value) : q.where(textMatches(f.col, f.value));
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .select([...USER_COLUMNS])
    .orderBy(o.orderBy as 'username', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** The user's management columns, if the user exists. */
export function userColumnsById(db: Db, id: number) {
  return db
    .selectFrom('ab_user')
    .select([...USER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a user other than `exceptId` has this username (or email). */
export async function userValueTaken(db: Db, col: 'username' | 'email', value: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('ab_user').select('id').where(col, '=', value);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that name users, looked up 500 at a time. */
export async function userIdsAmong(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('ab_user')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Stores a new user and returns its id. */
export async function insertUser(db: Db, values: Insertable<UserTable>): Promise<number> {
  return (await db.insertInto('ab_user').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes a user's columns; `bumpTokenVersion` also invalidates the user's tokens. */
export async function updateUserRow(db: Db, id: number, set: Updateable<UserTable>, bumpTokenVersion: boolean): Promise<void> {
  await db
    .updateTable('ab_user')
    .set((eb) => ({ ...set, ...(bumpTokenVersion && { token_version: eb('token_version', '+', 1) }) }))
    .where('id', '=', id)
    .execute();
}

/** Invalidates the tokens of these users (their token version goes up) and marks them changed. */
export async function bumpTokenVersions(db: Db, userIds: number[]): Promise<void> {
  await db
    .updateTable('ab_user')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), changed_on: nowIso() }))
    .where('id', 'in', userIds)
    .execute();
}

/** Deletes a user row (sessions first: see `sessions.ts`). */
export async function deleteUserRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('ab_user').where('id', '=', id).execute();
}

/** The user a login names, with what the login needs (active or not: the caller decides). */
export function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('ab_user')
    .select(['id', 'password_hash', 'active', 'token_version'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Counts a login: a success sets the last login and resets the failures; a failure is counted. */
export async function recordLogin(db: Db, id: number, ok: boolean): Promise<void> {
  await db
    .updateTable('ab_user')
    .set((eb) =>
      ok
        ? { last_login: nowIso(), login_count: eb('login_count', '+', 1), fail_login_count: 0 }
        : { fail_login_count: eb('fail_login_count', '+', 1) },
    )
    .where('id', '=', id)
    .execute();
}
