import type { Kysely } from 'kysely';
import { textMatches } from '../metadata/textMatch.js';
import type { UserCreate, UserListItem, UserUpdate } from '@rama/shared';
import type { MetadataSchema, Row, UserTable } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import { hashPassword } from './passwords.js';
import { BUILTIN_ROLES, ROLE_PERMISSIONS, type PermissionPair } from './permissions.js';
import { invalidFields, notFound } from '../http/errors.js';
import { MAX_ID, type ListParams } from '../http/rison.js';

type Db = Kysely<MetadataSchema>;

/** Make sure a (permission, view) pair exists; returns its id. */
export async function ensurePermissionView(db: Db, [permission, view]: PermissionPair): Promise<number> {
  const found = await db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission', '=', permission)
    .where('view_menu', '=', view)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db.insertInto('ab_permission_view').values({ permission, view_menu: view }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function grantToRole(db: Db, roleName: string, pair: PermissionPair): Promise<void> {
  const role = await db.selectFrom('ab_role').select('id').where('name', '=', roleName).executeTakeFirst();
  if (!role) return;
  const pvId = await ensurePermissionView(db, pair);
  const has = await db
    .selectFrom('ab_permission_view_role')
    .select('role_id')
    .where('role_id', '=', role.id)
    .where('permission_view_id', '=', pvId)
    .executeTakeFirst();
  if (!has) await db.insertInto('ab_permission_view_role').values({ role_id: role.id, permission_view_id: pvId }).execute();
}

/** Create the built-in roles and give them their permissions (idempotent; adds, never removes). */
export async function syncBuiltinRoles(db: Db): Promise<void> {
  for (const name of BUILTIN_ROLES) {
    let role = await db.selectFrom('ab_role').select('id').where('name', '=', name).executeTakeFirst();
    if (!role) role = await db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
    const existing = new Set(
      (await db.selectFrom('ab_permission_view_role').select('permission_view_id').where('role_id', '=', role.id).execute()).map(
        (r) => r.permission_view_id,
      ),
    );
    for (const pair of ROLE_PERMISSIONS[name]) {
      const pvId = await ensurePermissionView(db, pair);
      if (!existing.has(pvId))
        await db.insertInto('ab_permission_view_role').values({ role_id: role.id, permission_view_id: pvId }).execute();
    }
  }
}

async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
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

const USER_COLUMNS = [
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
  let q = db.selectFrom('ab_user');
  for (const f of p.filters) {
    if (['username', 'first_name', 'last_name', 'email'].includes(f.col) && typeof f.value === 'string') {
      const col = f.col as 'username';
      q = f.opr === 'eq' ? q.where(col, '=', f.value) : q.where(textMatches(col, f.value));
    } else if (f.col === 'active' && typeof f.value === 'boolean') {
      q = q.where('active', '=', flag(f.value));
    } else if (f.col === 'roles' && f.opr === 'rel_m_m' && Number.isInteger(f.value)) {
      // the users holding a role (the BI server's many-to-many relation filter)
      const roleId = Math.min(Math.max(f.value as number, 0), MAX_ID);
      q = q.where('id', 'in', (eb) => eb.selectFrom('ab_user_role').select('user_id').where('role_id', '=', roleId));
    } else {
      throw invalidFields({ filters: [`Filter on ${f.col} with ${f.opr} is not supported.`] });
    }
  }
  const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .select([...USER_COLUMNS])
    .orderBy((p.orderColumn ?? 'username') as 'username', p.orderDirection)
    .limit(p.pageSize)
    .offset(p.page * p.pageSize)
    .execute();
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return { count: Number(count), result: rows.map((r) => presentUser(r, roles.get(r.id) ?? [])) };
}

export async function getUser(db: Db, id: number): Promise<UserListItem> {
  const row = await db
    .selectFrom('ab_user')
    .select([...USER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return presentUser(row, (await rolesOf(db, [id])).get(id) ?? []);
}

async function checkUnique(db: Db, body: { username?: string; email?: string }, exceptId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const col of ['username', 'email'] as const) {
    const value = body[col];
    if (value === undefined) continue;
    let q = db.selectFrom('ab_user').select('id').where(col, '=', value);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) errors[col] = [`A user with this ${col} already exists.`];
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
}

async function checkRoles(db: Db, roleIds: number[]): Promise<void> {
  const found = await db.selectFrom('ab_role').select('id').where('id', 'in', roleIds).execute();
  if (found.length !== new Set(roleIds).size) throw invalidFields({ roles: ['One or more roles do not exist.'] });
}

export async function createUser(db: Db, body: UserCreate): Promise<UserListItem> {
  await checkUnique(db, body, null);
  await checkRoles(db, body.roles);
  const now = nowIso();
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ab_user')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ab_user_role')
      .values([...new Set(body.roles)].map((role_id) => ({ user_id: row.id, role_id })))
      .execute();
    return row.id;
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
      const current = (await trx.selectFrom('ab_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id);
      const next = new Set(body.roles);
      rolesChanged = current.length !== next.size || current.some((r) => !next.has(r));
      if (rolesChanged) {
        await trx.deleteFrom('ab_user_role').where('user_id', '=', id).execute();
        await trx
          .insertInto('ab_user_role')
          .values([...next].map((role_id) => ({ user_id: id, role_id })))
          .execute();
      }
    }
    const endSessions = passwordHash !== null || body.active === false || rolesChanged;
    await trx
      .updateTable('ab_user')
      .set((eb) => ({
        ...(body.username !== undefined && { username: body.username }),
        ...(body.first_name !== undefined && { first_name: body.first_name }),
        ...(body.last_name !== undefined && { last_name: body.last_name }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.active !== undefined && { active: flag(body.active) }),
        ...(passwordHash && { password_hash: passwordHash }),
        ...(endSessions && { token_version: eb('token_version', '+', 1) }),
        changed_on: nowIso(),
      }))
      .where('id', '=', id)
      .execute();
    if (endSessions) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  });
  return getUser(db, id);
}

/** Delete a user and their sessions; their tokens stop working because the user row is gone. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await getUser(db, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('ab_user').where('id', '=', id).execute();
  });
}

/** The user a login names, with what the login needs (active or not: the caller decides). */
export async function findUserForLogin(db: Db, username: string) {
  return db
    .selectFrom('ab_user')
    .select(['id', 'password_hash', 'active', 'token_version'])
    .where('username', '=', username)
    .executeTakeFirst();
}

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

/** Create the admin account when it does not exist; returns the generated password, if any. */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<boolean> {
  const existing = await db.selectFrom('ab_user').select('id').where('username', '=', username).executeTakeFirst();
  if (existing) return false;
  const admin = await db.selectFrom('ab_role').select('id').where('name', '=', 'Admin').executeTakeFirstOrThrow();
  await createUser(db, {
    username,
    first_name: username,
    last_name: 'Admin',
    email: `${username}@rama.local`,
    password,
    roles: [admin.id],
    active: true,
  });
  return true;
}
