import type { Kysely } from 'kysely';
import type { UserRef } from '@rama/shared';
import type { MetadataSchema } from '../schema.js';
import { textMatches } from '../textMatch.js';

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
export function userById(db: Db, id: number) {
  return db.selectFrom('ab_user').selectAll().where('id', '=', id).executeTakeFirst();
}
