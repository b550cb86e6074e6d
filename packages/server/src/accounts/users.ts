import type { Kysely } from 'kysely';
import type { UserCreate, UserListItem, UserUpdate } from '@rama/shared';
import type { MetadataSchema, Row, UserTable } from '../metadata/schema.js';
import {
  addUserRoles,
  ensurePermissionView,
  grantPermissionView,
  insertRole,
  removeUserRoles,
  roleHasPermissionView,
  roleIdByName,
  roleIdsAmong,
  rolePermissionViewIds,
  rolesOfUsers,
  userRoleIds,
} from '../metadata/repos/roles.js';
import { deleteSessionsOfUser } from '../metadata/repos/sessions.js';
import {
  deleteUserRow,
  findUserForLogin,
  insertUser,
  listUserRows,
  recordLogin,
  updateUserRow,
  userColumnsById,
  userIdByUsername,
  userValueTaken,
  type UserListFilter,
} from '../metadata/repos/users.js';
import { flag, nowIso } from '../metadata/db.js';
import { hashPassword } from '../security/passwords.js';
import { BUILTIN_ROLES, ROLE_PERMISSIONS, type PermissionPair } from '../security/permissions.js';
import { invalidFields, notFound } from '../http/errors.js';
import { unsupportedFilter } from '../http/list-filters.js';
import { MAX_ID, type ListParams } from '../http/rison.js';

type Db = Kysely<MetadataSchema>;

export { ensurePermissionView };

export async function grantToRole(db: Db, roleName: string, pair: PermissionPair): Promise<void> {
  const roleId = await roleIdByName(db, roleName);
  if (roleId === undefined) return;
  const pvId = await ensurePermissionView(db, pair);
  if (!(await roleHasPermissionView(db, roleId, pvId))) await grantPermissionView(db, roleId, pvId);
}

/** Create the built-in roles and give them their permissions (idempotent; adds, never removes). */
export async function syncBuiltinRoles(db: Db): Promise<void> {
  for (const name of BUILTIN_ROLES) {
    const roleId = (await roleIdByName(db, name)) ?? (await insertRole(db, name)).id;
    const existing = new Set(await rolePermissionViewIds(db, roleId));
    for (const pair of ROLE_PERMISSIONS[name]) {
      const pvId = await ensurePermissionView(db, pair);
      if (!existing.has(pvId)) await grantPermissionView(db, roleId, pvId);
    }
  }
}

type UserRow = Row<UserTable>;

function presentUser(u: Omit<UserRow, 'password_hash' | 'token_version'>, roles: { id: number; name: string }[]): UserListItem {
  return {
    id: u.id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    active: Boolean(u.active),
    roles,
    last_login: u.last_login,
    login_count: u.login_count,
    created_on: u.created_on,
    changed_on: u.changed_on,
  };
}

export const USER_ORDER_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'active',
  'last_login',
  'changed_on',
  'created_on',
] as const;

export async function listUsers(db: Db, p: ListParams): Promise<{ count: number; result: UserListItem[] }> {
  const filters: UserListFilter[] = [];
  for (const f of p.filters) {
    if (['username', 'first_name', 'last_name', 'email'].includes(f.col) && typeof f.value === 'string') {
      // any operator other than eq matches text (as before)
      filters.push({ col: f.col as 'username', opr: f.opr === 'eq' ? 'eq' : 'ct', value: f.value });
    } else if (f.col === 'active' && typeof f.value === 'boolean') {
      filters.push({ col: 'active', value: flag(f.value) });
    } else if (f.col === 'roles' && f.opr === 'rel_m_m' && Number.isInteger(f.value)) {
      // the users holding a role (the BI server's many-to-many relation filter)
      filters.push({ col: 'role', roleId: Math.min(Math.max(f.value as number, 0), MAX_ID) });
    } else {
      throw unsupportedFilter(f.col, f.opr);
    }
  }
  const { count, rows } = await listUserRows(db, {
    filters,
    orderBy: p.orderColumn ?? 'username',
    direction: p.orderDirection,
    page: p.page,
    pageSize: p.pageSize,
  });
  const roles = await rolesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return { count, result: rows.map((r) => presentUser(r, roles.get(r.id) ?? [])) };
}

export async function getUser(db: Db, id: number): Promise<UserListItem> {
  const row = await userColumnsById(db, id);
  if (!row) throw notFound();
  return presentUser(row, (await rolesOfUsers(db, [id])).get(id) ?? []);
}

async function checkUnique(db: Db, body: { username?: string; email?: string }, exceptId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const col of ['username', 'email'] as const) {
    const value = body[col];
    if (value === undefined) continue;
    if (await userValueTaken(db, col, value, exceptId)) errors[col] = [`A user with this ${col} already exists.`];
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
}

async function checkRoles(db: Db, roleIds: number[]): Promise<void> {
  const found = await roleIdsAmong(db, roleIds);
  if (found.length !== new Set(roleIds).size) throw invalidFields({ roles: ['One or more roles do not exist.'] });
}

export async function createUser(db: Db, body: UserCreate): Promise<UserListItem> {
  await checkUnique(db, body, null);
  await checkRoles(db, body.roles);
  const now = nowIso();
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      username: body.username,
      first_name: body.first_name,
      last_name: body.last_name,
      email: body.email,
      password_hash: passwordHash,
      active: flag(body.active ?? true),
      created_on: now,
      changed_on: now,
      last_login: null,
      login_count: 0,
      fail_login_count: 0,
    });
    await addUserRoles(trx, userId, [...new Set(body.roles)]);
    return userId;
  });
  return getUser(db, id);
}

/**
 * Update a user. A new password, a deactivation or a different set of roles ends every session
 * and token of the user: `token_version` is bumped (tokens carry it) and the sessions are deleted,
 * in the same transaction as the change.
 */
export async function updateUser(db: Db, id: number, body: UserUpdate): Promise<UserListItem> {
  await getUser(db, id);
  await checkUnique(db, body, id);
  if (body.roles) await checkRoles(db, body.roles);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  await db.transaction().execute(async (trx) => {
    let rolesChanged = false;
    if (body.roles) {
      const current = await userRoleIds(trx, id);
      const next = new Set(body.roles);
      rolesChanged = current.length !== next.size || current.some((r) => !next.has(r));
      if (rolesChanged) {
        await removeUserRoles(trx, id);
        await addUserRoles(trx, id, [...next]);
      }
    }
    const endSessions = passwordHash !== null || body.active === false || rolesChanged;
    await updateUserRow(
      trx,
      id,
      {
        ...(body.username !== undefined && { username: body.username }),
        ...(body.first_name !== undefined && { first_name: body.first_name }),
        ...(body.last_name !== undefined && { last_name: body.last_name }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.active !== undefined && { active: flag(body.active) }),
        ...(passwordHash && { password_hash: passwordHash }),
        changed_on: nowIso(),
      },
      endSessions,
    );
    if (endSessions) await deleteSessionsOfUser(trx, id);
  });
  return getUser(db, id);
}

/** Delete a user and their sessions; their tokens stop working because the user row is gone. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await getUser(db, id);
  await db.transaction().execute(async (trx) => {
    await deleteSessionsOfUser(trx, id);
    await deleteUserRow(trx, id);
  });
}

export { findUserForLogin, recordLogin };

/** Create the admin account when it does not exist; returns the generated password, if any. */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<boolean> {
  if ((await userIdByUsername(db, username)) !== null) return false;
  const adminRoleId = await roleIdByName(db, 'Admin');
  if (adminRoleId === undefined) throw new Error('The Admin role does not exist.');
  await createUser(db, {
    username,
    first_name: username,
    last_name: 'Admin',
    email: `${username}@rama.local`,
    password,
    roles: [adminRoleId],
    active: true,
  });
  return true;
}
