/**
 * Roles (`ab_role`), permission views (`ab_permission_view`, a permission on a view), the grants
 * of permission views to roles (`ab_permission_view_role`) and the roles users hold
 * (`ab_user_role`). Long id lists are written and looked up in chunks, so bound parameters stay few.
 */
import { sql, type Kysely } from 'kysely';
import type { MetadataSchema } from '../schema.js';
import { prepared } from '../prepared.js';
import { textMatches, type TextMatchMode } from '../textMatch.js';

type Db = Kysely<MetadataSchema>;

/** Runs `step` on `ids` 500 at a time, so a statement binds few parameters however long the list. */
async function inChunks(ids: number[], step: (chunk: number[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await step(ids.slice(i, i + 500));
}

/** A (permission, view) pair. */
export type PermissionViewPair = readonly [permission: string, view: string];

/** A text filter of the role and permission view lists: equal, or contains / starts / ends with (any case). */
export type NameFilter = { opr: 'eq' | TextMatchMode; value: string };

// ---- roles

/** The role with this id, if any. */
export function roleById(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('ab_role').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The id of the role with this name, if any. */
export async function roleIdByName(db: Db, name: string): Promise<number | undefined> {
  return (await db.selectFrom('ab_role').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

/** Whether a role other than `exceptId` has this name in any case (`name` given in lower case). */
export async function roleNameTaken(db: Db, lowerName: string, exceptId: number | null): Promise<boolean> {
  let q = db
    .selectFrom('ab_role')
    .select('id')
    .where(sql<boolean>`lower(name) = ${lowerName}`);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that name roles. */
export async function roleIdsAmong(db: Db, ids: number[]): Promise<number[]> {
  return (await db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** Stores a new role. */
export function insertRole(db: Db, name: string): Promise<{ id: number; name: string }> {
  return db.insertInto('ab_role').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

/** Renames a role. */
export async function renameRoleRow(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('ab_role').set({ name }).where('id', '=', id).execute();
}

/** Deletes a role. */
export async function deleteRoleRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('ab_role').where('id', '=', id).execute();
}

/** How many users and how many permission views each of these roles has (roles with none are absent). */
export async function roleCounts(db: Db, roleIds: number[]): Promise<{ users: Map<number, number>; perms: Map<number, number> }> {
  if (!roleIds.length) return { users: new Map(), perms: new Map() };
  const users = await db
    .selectFrom('ab_user_role')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  const perms = await db
    .selectFrom('ab_permission_view_role')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  return { users: new Map(users.map((r) => [r.role_id, Number(r.n)])), perms: new Map(perms.map((r) => [r.role_id, Number(r.n)])) };
}

/** One filter of the role list. */
export type RoleListFilter = ({ col: 'name' } & NameFilter) | { col: 'id'; value: number };

/** One page of roles (ties by id) and the count of all that match. */
export async function listRoleRows(
  db: Db,
  o: { filters: RoleListFilter[]; orderBy: 'id' | 'name'; direction: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ count: number; rows: { id: number; name: string }[] }> {
  let q = db.selectFrom('ab_role');
  for (const f of o.filters) {
    if (f.col === 'name') q = f.opr === 'eq' ? q.where('name', '=', f.value) : q.where(textMatches('name', f.value, f.opr));
    else q = q.where('id', '=', f.value);
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'name'])
    .orderBy(o.orderBy, o.direction)
    .orderBy('id')
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

// ---- permission views

/** The id of the permission view, if it exists. */
export async function permissionViewId(db: Db, [permission, view]: PermissionViewPair): Promise<number | undefined> {
  const found = await db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission', '=', permission)
    .where('view_menu', '=', view)
    .executeTakeFirst();
  return found?.id;
}

/** Make sure a (permission, view) pair exists; returns its id. */
export async function ensurePermissionView(db: Db, pair: PermissionViewPair): Promise<number> {
  const found = await permissionViewId(db, pair);
  if (found !== undefined) return found;
  const [permission, view] = pair;
  const row = await db.insertInto('ab_permission_view').values({ permission, view_menu: view }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The ids among `ids` that name permission views, looked up 500 at a time. */
export async function permissionViewIdsAmong(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  await inChunks(ids, async (chunk) => {
    for (const r of await db.selectFrom('ab_permission_view').select('id').where('id', 'in', chunk).execute()) found.add(r.id);
  });
  return found;
}

/** The permission views with one of these permissions. */
export function permissionViewsWith(db: Db, permissions: string[]): Promise<{ id: number; permission: string; view_menu: string }[]> {
  return db.selectFrom('ab_permission_view').select(['id', 'permission', 'view_menu']).where('permission', 'in', permissions).execute();
}

/** Renames a permission view's view. */
export async function renamePermissionView(db: Db, id: number, view: string): Promise<void> {
  await db.updateTable('ab_permission_view').set({ view_menu: view }).where('id', '=', id).execute();
}

/** Adds permission views, 300 at a time, skipping pairs that exist (another server may have just added them). */
export async function addPermissionViews(db: Db, views: { permission: string; view_menu: string }[]): Promise<void> {
  for (let i = 0; i < views.length; i += 300)
    await db
      .insertInto('ab_permission_view')
      .values(views.slice(i, i + 300))
      .onConflict((oc) => oc.columns(['permission', 'view_menu']).doNothing())
      .execute();
}

/** One filter of the permission view list. */
export type PermissionViewListFilter = ({ col: 'permission' | 'view_menu' } & NameFilter) | { col: 'id'; value: number };

/** One page of permission views (ties by id) and the count of all that match. */
export async function listPermissionViewRows(
  db: Db,
  o: {
    filters: PermissionViewListFilter[];
    orderBy: 'id' | 'permission' | 'view_menu';
    direction: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
): Promise<{ count: number; rows: { id: number; permission: string; view_menu: string }[] }> {
  let q = db.selectFrom('ab_permission_view');
  for (const f of o.filters) {
    if (f.col === 'id') q = q.where('id', '=', f.value);
    else q = f.opr === 'eq' ? q.where(f.col, '=', f.value) : q.where(textMatches(f.col, f.value, f.opr));
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'permission', 'view_menu'])
    .orderBy(o.orderBy, o.direction)
    .orderBy('id')
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/**
 * What the data permissions name: every database (id, name) and every dataset (id, table name,
 * schema, database). Read to keep `database_access`, `schema_access` and `datasource_access` views
 * in step with them.
 */
export async function grantableObjects(db: Db): Promise<{
  databases: { id: number; database_name: string }[];
  datasets: { id: number; table_name: string; schema: string | null; database_id: number }[];
}> {
  const databases = await db.selectFrom('dbs').select(['id', 'database_name']).execute();
  const datasets = await db.selectFrom('tables').select(['id', 'table_name', 'schema', 'database_id']).execute();
  return { databases, datasets };
}

// ---- grants

/** The permission views a role holds, by view then permission. */
export function rolePermissionViews(db: Db, roleId: number): Promise<{ id: number; permission: string; view_menu: string }[]> {
  return db
    .selectFrom('ab_permission_view_role as pvr')
    .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .select(['pv.id', 'pv.permission', 'pv.view_menu'])
    .where('pvr.role_id', '=', roleId)
    .orderBy('pv.view_menu')
    .orderBy('pv.permission')
    .execute();
}

/** The ids of the permission views a role holds. */
export async function rolePermissionViewIds(db: Db, roleId: number): Promise<number[]> {
  return (await db.selectFrom('ab_permission_view_role').select('permission_view_id').where('role_id', '=', roleId).execute()).map(
    (r) => r.permission_view_id,
  );
}

/** Whether the role holds the permission view. */
export async function roleHasPermissionView(db: Db, roleId: number, permissionViewId: number): Promise<boolean> {
  const has = await db
    .selectFrom('ab_permission_view_role')
    .select('role_id')
    .where('role_id', '=', roleId)
    .where('permission_view_id', '=', permissionViewId)
    .executeTakeFirst();
  return has !== undefined;
}

/** Grants a permission view to a role (the caller makes sure it is not granted yet). */
export async function grantPermissionView(db: Db, roleId: number, permissionViewId: number): Promise<void> {
  await db.insertInto('ab_permission_view_role').values({ role_id: roleId, permission_view_id: permissionViewId }).execute();
}

/** Takes these permission views from the role. */
export async function revokePermissionViews(db: Db, roleId: number, ids: number[]): Promise<void> {
  await unlinkFromRole(db, PERMISSION_VIEWS, roleId, ids);
}

/** Grants these permission views to the role; those it holds already are skipped. */
export async function grantPermissionViews(db: Db, roleId: number, ids: number[]): Promise<void> {
  await linkToRole(db, PERMISSION_VIEWS, roleId, ids);
}

/** The (permission, view) pairs the named roles hold (repeats possible). */
export function permissionPairsOfRoles(db: Db, roleNames: string[]): Promise<{ permission: string; view: string }[]> {
  return db
    .selectFrom('ab_role as r')
    .innerJoin('ab_permission_view_role as pvr', 'pvr.role_id', 'r.id')
    .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .select(['pv.permission as permission', 'pv.view_menu as view'])
    .where('r.name', 'in', roleNames)
    .execute();
}

// ---- users' roles

/** The user's roles with their permission views: one row per pair, and one with nulls for a role without any. */
const userRolePermissionsQuery = prepared((db, userId: number) =>
  db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .leftJoin('ab_permission_view_role as pvr', 'pvr.role_id', 'r.id')
    .leftJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .select(['r.name as role', 'pv.permission as permission', 'pv.view_menu as view'])
    .where('ur.user_id', '=', userId),
);

export function userRolePermissions(db: Db, userId: number): Promise<{ role: string; permission: string | null; view: string | null }[]> {
  return userRolePermissionsQuery.all(db, userId);
}

/** The roles of each of these users, by role name; users without roles are absent. */
export async function rolesOfUsers(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>();
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.name'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.name')
    .execute();
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.user_id, list);
  }
  return map;
}

/** The ids of the roles the user holds. */
export async function userRoleIds(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
}

/** Gives the user these roles (the caller makes sure the user holds none of them). */
export async function addUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db
    .insertInto('ab_user_role')
    .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
    .execute();
}

/** Takes every role from the user. */
export async function removeUserRoles(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('ab_user_role').where('user_id', '=', userId).execute();
}

/** The ids of the users holding the role. */
export async function roleUserIds(db: Db, roleId: number): Promise<number[]> {
  return (await db.selectFrom('ab_user_role').select('user_id').where('role_id', '=', roleId).execute()).map((r) => r.user_id);
}

/** Takes the role from these users. */
export async function removeRoleUsers(db: Db, roleId: number, userIds: number[]): Promise<void> {
  await unlinkFromRole(db, USERS, roleId, userIds);
}

/** Gives the role to these users; those holding it already are skipped. */
export async function addRoleUsers(db: Db, roleId: number, userIds: number[]): Promise<void> {
  await linkToRole(db, USERS, roleId, userIds);
}

// ---- the two tables linking a role to what it is given

/** A table linking roles to permission views or to users, and its column naming the one given. */
type RoleLink = { table: 'ab_permission_view_role'; member: 'permission_view_id' } | { table: 'ab_user_role'; member: 'user_id' };

const PERMISSION_VIEWS: RoleLink = { table: 'ab_permission_view_role', member: 'permission_view_id' };
const USERS: RoleLink = { table: 'ab_user_role', member: 'user_id' };

/** Deletes the links of the role to these ids. */
async function unlinkFromRole(db: Db, link: RoleLink, roleId: number, ids: number[]): Promise<void> {
  await inChunks(ids, (chunk) => db.deleteFrom(link.table).where('role_id', '=', roleId).where(link.member, 'in', chunk).execute());
}

/** Links the role to these ids; the links it has already are skipped. */
async function linkToRole(db: Db, link: RoleLink, roleId: number, ids: number[]): Promise<void> {
  await inChunks(ids, (chunk) =>
    db
      .insertInto(link.table)
      .values(chunk.map((id) => ({ role_id: roleId, [link.member]: id })))
      .onConflict((oc) => oc.columns(['role_id', link.member]).doNothing())
      .execute(),
  );
}

/** Roles whose name contains `filter` (all without one), by name, one page of them, and their count. */
export async function searchRolesByName(
  db: Db,
  filter: string | null,
  page: { page: number; pageSize: number },
): Promise<{ count: number; rows: { id: number; name: string }[] }> {
  const base = db.selectFrom('ab_role as r').where((eb) => (filter ? textMatches('r.name', filter) : eb.lit(true)));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['r.id', 'r.name'])
    .orderBy('r.name')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  return { count: Number(n), rows };
}
