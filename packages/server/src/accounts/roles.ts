/**
 * Roles and grants (issue 25, part 1): roles CRUD, the (permission, view) pairs a role holds, the
 * users holding it, and the grantable permission views (kept in step with databases and datasets).
 *
 * Every decision reads the metadata store per request (see principal.ts), so a change here holds
 * at once on every server of a deployment.
 */
import type { Kysely } from 'kysely';
import {
  GLOBAL_DATA_PERMISSIONS,
  isAdminRoleName,
  isBuiltinRoleName,
  roleNameProblem,
  type PermissionItem,
  type PermissionResource,
  type RoleDetail,
  type RoleListItem,
} from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { TextMatchMode } from '../metadata/textMatch.js';
import {
  addPermissionViews,
  addRoleUsers,
  deleteRoleRow,
  grantableObjects,
  grantPermissionViews,
  insertRole,
  listPermissionViewRows,
  listRoleRows,
  permissionViewIdsAmong,
  permissionViewsWith,
  removeRoleUsers,
  renamePermissionView,
  renameRoleRow,
  revokePermissionViews,
  roleById,
  roleCounts,
  roleNameTaken,
  rolePermissionViewIds,
  rolePermissionViews,
  roleUserIds,
  type PermissionViewListFilter,
  type RoleListFilter,
} from '../metadata/repos/roles.js';
import { bumpTokenVersions, userIdsAmong } from '../metadata/repos/users.js';
import { deleteSessionsOfUsers } from '../metadata/repos/sessions.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import { MAX_ID, type ListParams } from '../http/rison.js';
import { databasePermView, datasetPermView, schemaPermView } from '../security/permissions.js';

type Db = Kysely<MetadataSchema>;

export const ROLE_ORDER_COLUMNS = ['id', 'name'] as const;
export const PERMISSION_RESOURCE_ORDER_COLUMNS = ['id', 'permission.name', 'view_menu.name'] as const;

const TEXT_OPRS = new Set(['ct', 'sw', 'ew']);

const unprocessable = (message: string) => new HttpError(422, { message });

/** An id a request names: a positive 32-bit integer, or it names nothing (404). */
function checkId(id: number): void {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw notFound();
}

async function roleRow(db: Db, id: number): Promise<{ id: number; name: string }> {
  checkId(id);
  const row = await roleById(db, id);
  if (!row) throw notFound();
  return row;
}

/** GET /api/v1/security/roles/: filters on `name` (eq, ct, sw, ew) and `id` (eq), ordering, paging. */
export async function listRoles(db: Db, p: ListParams): Promise<{ count: number; result: RoleListItem[] }> {
  const filters: RoleListFilter[] = [];
  for (const f of p.filters) {
    if (f.col === 'name' && typeof f.value === 'string' && (f.opr === 'eq' || TEXT_OPRS.has(f.opr))) {
      filters.push({ col: 'name', opr: f.opr as 'eq' | TextMatchMode, value: f.value });
    } else if (f.col === 'id' && f.opr === 'eq' && Number.isInteger(f.value)) {
      filters.push({ col: 'id', value: Math.min(f.value as number, MAX_ID) });
    } else {
      throw unsupportedFilter(f.col, f.opr);
    }
  }
  const { count, rows } = await listRoleRows(db, {
    filters,
    orderBy: (p.orderColumn ?? 'name') as 'name',
    direction: p.orderDirection,
    page: p.page,
    pageSize: p.pageSize,
  });
  const c = await roleCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    count,
    result: rows.map((r) => ({ id: r.id, name: r.name, user_count: c.users.get(r.id) ?? 0, permission_count: c.perms.get(r.id) ?? 0 })),
  };
}

export async function getRole(db: Db, id: number): Promise<RoleDetail> {
  const row = await roleRow(db, id);
  const c = await roleCounts(db, [id]);
  return { id: row.id, name: row.name, user_count: c.users.get(id) ?? 0, permission_count: c.perms.get(id) ?? 0 };
}

/** A valid, free name (trimmed), else 400 naming the field; names are unique regardless of case. */
async function checkName(db: Db, raw: string, exceptId: number | null): Promise<string> {
  const problem = roleNameProblem(raw);
  if (problem) throw invalidFields({ name: [problem] });
  const name = raw.trim();
  if (await roleNameTaken(db, name.toLowerCase(), exceptId)) throw invalidFields({ name: ['A role with this name already exists.'] });
  return name;
}

export async function createRole(db: Db, rawName: string): Promise<{ id: number; name: string }> {
  const name = await checkName(db, rawName, null);
  return insertRole(db, name);
}

export async function renameRole(db: Db, id: number, rawName: string): Promise<{ id: number; name: string }> {
  const role = await roleRow(db, id);
  if (isBuiltinRoleName(role.name) && rawName.trim() !== role.name)
    throw unprocessable(`${role.name} is a built-in role: Rama re-creates it by name at every start, so it cannot be renamed.`);
  const name = await checkName(db, rawName, id);
  await renameRoleRow(db, id, name);
  return { id, name };
}

/** End the sessions and tokens of users whose roles changed (as a user update does). */
async function endSessionsOf(db: Db, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    await bumpTokenVersions(db, chunk);
    await deleteSessionsOfUsers(db, chunk);
  }
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  const role = await roleRow(db, id);
  if (isBuiltinRoleName(role.name))
    throw unprocessable(`${role.name} is a built-in role: Rama re-creates it by name at every start, so it cannot be deleted.`);
  await db.transaction().execute(async (trx) => {
    await endSessionsOf(trx, await roleUserIds(trx, id));
    await deleteRoleRow(trx, id);
  });
}

export async function rolePermissions(db: Db, roleId: number): Promise<PermissionItem[]> {
  await roleRow(db, roleId);
  const rows = await rolePermissionViews(db, roleId);
  return rows.map((r) => ({ id: r.id, permission_name: r.permission, view_menu_name: r.view_menu }));
}

function missingMessage(what: string, missing: number[]): string {
  const shown = missing.slice(0, 20).join(', ');
  return `${missing.length === 1 ? `This ${what} does not exist` : `These ${what}s do not exist`}: ${shown}${missing.length > 20 ? ', …' : ''}.`;
}

/**
 * POST /api/v1/security/roles/{id}/permissions: the role holds exactly these permission views.
 * The Admin role may gain permissions but never lose one: it is admin by its name anyway, and a
 * shorter list would only mislead whoever reads it.
 */
export async function setRolePermissions(db: Db, roleId: number, ids: number[]): Promise<number[]> {
  const role = await roleRow(db, roleId);
  const wanted = [...new Set(ids)];
  const found = await permissionViewIdsAmong(db, wanted);
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length) throw invalidFields({ permission_view_menu_ids: [missingMessage('permission', missing)] });
  await db.transaction().execute(async (trx) => {
    const current = await rolePermissionViewIds(trx, roleId);
    const next = new Set(wanted);
    const removed = current.filter((id) => !next.has(id));
    if (removed.length && isAdminRoleName(role.name))
      throw unprocessable(`${role.name} may do everything whatever it lists: its permissions can be added to but not reduced.`);
    const have = new Set(current);
    const added = wanted.filter((id) => !have.has(id));
    await revokePermissionViews(trx, roleId, removed);
    await grantPermissionViews(trx, roleId, added);
  });
  return wanted;
}

/**
 * PUT /api/v1/security/roles/{id}/users: exactly these users hold the role. Users who gain or lose
 * it have their sessions and tokens ended, as when their roles change through the users API. An
 * admin cannot take themselves out of an admin role here (they would lock themselves out).
 */
export async function setRoleUsers(db: Db, roleId: number, userIds: number[], actorId: number): Promise<number[]> {
  const role = await roleRow(db, roleId);
  const wanted = [...new Set(userIds)];
  const found = await userIdsAmong(db, wanted);
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length) throw invalidFields({ user_ids: [missingMessage('user', missing)] });
  await db.transaction().execute(async (trx) => {
    const current = await roleUserIds(trx, roleId);
    const next = new Set(wanted);
    const removed = current.filter((id) => !next.has(id));
    if (isAdminRoleName(role.name) && removed.includes(actorId))
      throw unprocessable(`You cannot remove yourself from the ${role.name} role.`);
    const have = new Set(current);
    const added = wanted.filter((id) => !have.has(id));
    await removeRoleUsers(trx, roleId, removed);
    await addRoleUsers(trx, roleId, added);
    await endSessionsOf(trx, [...removed, ...added]);
  });
  return wanted;
}

const DATABASE_ID = /\.\(id:(\d{1,10})\)$/;
const DATASET_ID = /\]\(id:(\d{1,10})\)$/;

/**
 * Make every grantable data permission exist under its current name: `database_access` per
 * database, `schema_access` per schema that holds a dataset, `datasource_access` per dataset and
 * the global `all_*` forms. Views that name an object by id (databases, datasets) are renamed when
 * the object's name changed; grants on them stay. Idempotent and safe to run on several servers
 * at once (inserts ignore a pair another server just created).
 */
export async function syncGrantablePermissions(db: Db): Promise<void> {
  const { databases, datasets } = await grantableObjects(db);
  const pvs = await permissionViewsWith(db, ['database_access', 'schema_access', 'datasource_access', ...GLOBAL_DATA_PERMISSIONS]);
  const byPair = new Set(pvs.map((p) => `${p.permission}\u0000${p.view_menu}`));
  const byId = (permission: string, re: RegExp) => {
    const m = new Map<number, { id: number; view_menu: string }[]>();
    for (const p of pvs) {
      if (p.permission !== permission) continue;
      const id = re.exec(p.view_menu)?.[1];
      if (id === undefined) continue;
      const list = m.get(Number(id)) ?? [];
      list.push(p);
      m.set(Number(id), list);
    }
    return m;
  };
  const dbViews = byId('database_access', DATABASE_ID);
  const dsViews = byId('datasource_access', DATASET_ID);
  const toInsert: { permission: string; view_menu: string }[] = [];
  const renames: { id: number; view_menu: string }[] = [];
  const want = (permission: string, view: string, existing: { id: number; view_menu: string }[] | undefined) => {
    if (byPair.has(`${permission}\u0000${view}`)) return;
    byPair.add(`${permission}\u0000${view}`);
    if (existing?.length) renames.push({ id: existing[0].id, view_menu: view });
    else toInsert.push({ permission, view_menu: view });
  };
  for (const p of GLOBAL_DATA_PERMISSIONS) want(p, p, undefined);
  const dbName = new Map(databases.map((d) => [d.id, d.database_name]));
  for (const d of databases) want('database_access', databasePermView(d.database_name, d.id), dbViews.get(d.id));
  for (const ds of datasets) {
    const name = dbName.get(ds.database_id);
    if (name === undefined) continue;
    want('datasource_access', datasetPermView(name, ds.table_name, ds.id), dsViews.get(ds.id));
    if (ds.schema) want('schema_access', schemaPermView(name, ds.schema), undefined);
  }
  for (const r of renames) await renamePermissionView(db, r.id, r.view_menu);
  await addPermissionViews(db, toInsert);
}

/**
 * GET /api/v1/security/permissions-resources/: filters on `permission` and `view_menu` names
 * (eq, ct, sw, ew) and `id` (eq), ordering on id, permission.name or view_menu.name, paging.
 */
export async function listPermissionResources(db: Db, p: ListParams): Promise<{ count: number; result: PermissionResource[] }> {
  const filters: PermissionViewListFilter[] = [];
  for (const f of p.filters) {
    const col = f.col === 'permission' ? 'permission' : f.col === 'view_menu' ? 'view_menu' : null;
    if (col && typeof f.value === 'string' && (f.opr === 'eq' || TEXT_OPRS.has(f.opr))) {
      filters.push({ col, opr: f.opr as 'eq' | TextMatchMode, value: f.value });
    } else if (f.col === 'id' && f.opr === 'eq' && Number.isInteger(f.value)) {
      filters.push({ col: 'id', value: Math.min(f.value as number, MAX_ID) });
    } else {
      throw unsupportedFilter(f.col, f.opr);
    }
  }
  const order = p.orderColumn === 'permission.name' ? 'permission' : p.orderColumn === 'view_menu.name' ? 'view_menu' : 'id';
  const { count, rows } = await listPermissionViewRows(db, {
    filters,
    orderBy: order,
    direction: p.orderDirection,
    page: p.page,
    pageSize: p.pageSize,
  });
  return {
    count,
    result: rows.map((r) => ({ id: r.id, permission: { name: r.permission }, view_menu: { name: r.view_menu } })),
  };
}
