/** The roles and permissions repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { storeGammaUser } from '../../test-support/users.js';
import {
  addPermissionViews,
  addRoleUsers,
  addUserRoles,
  deleteRoleRow,
  ensurePermissionView,
  grantableObjects,
  grantPermissionView,
  grantPermissionViews,
  insertRole,
  listPermissionViewRows,
  listRoleRows,
  permissionPairsOfRoles,
  permissionViewId,
  permissionViewIdsAmong,
  permissionViewsWith,
  removeRoleUsers,
  removeUserRoles,
  renamePermissionView,
  renameRoleRow,
  revokePermissionViews,
  roleById,
  roleCounts,
  roleHasPermissionView,
  roleIdByName,
  roleIdsAmong,
  roleNameTaken,
  rolePermissionViewIds,
  rolePermissionViews,
  rolesOfUsers,
  roleUserIds,
  searchRolesByName,
  userRoleIds,
  userRolePermissions,
} from './roles.js';

describe('metadata repositories: roles and permissions', () => {
  let server: TestServer;
  let ann: number;
  let bob: number;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    ann = await storeGammaUser(server, 'ann');
    bob = await storeGammaUser(server, 'bob');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('creates, finds, renames, counts and deletes roles', async () => {
    const role = await insertRole(db(), 'Analysts');
    expect(role).toEqual({ id: role.id, name: 'Analysts' });
    expect(await roleById(db(), role.id)).toEqual(role);
    expect(await roleById(db(), 999_999)).toBeUndefined();
    expect(await roleIdByName(db(), 'Analysts')).toBe(role.id);
    expect(await roleIdByName(db(), 'Nobody')).toBeUndefined();
    expect(await roleNameTaken(db(), 'analysts', null)).toBe(true);
    expect(await roleNameTaken(db(), 'analysts', role.id)).toBe(false);
    expect(await roleIdsAmong(db(), [role.id, 999_999])).toEqual([role.id]);

    await renameRoleRow(db(), role.id, 'Analysts 2');
    expect((await roleById(db(), role.id))?.name).toBe('Analysts 2');

    const pv = await ensurePermissionView(db(), ['can_read', 'RepoTest']);
    await grantPermissionView(db(), role.id, pv);
    await addRoleUsers(db(), role.id, [ann]);
    const counts = await roleCounts(db(), [role.id]);
    expect(counts.users.get(role.id)).toBe(1);
    expect(counts.perms.get(role.id)).toBe(1);
    expect((await roleCounts(db(), [])).users.size).toBe(0);

    await removeRoleUsers(db(), role.id, [ann]);
    await revokePermissionViews(db(), role.id, [pv]);
    await deleteRoleRow(db(), role.id);
    expect(await roleById(db(), role.id)).toBeUndefined();
  });

  it('lists and searches roles', async () => {
    const all = await listRoleRows(db(), { filters: [], orderBy: 'name', direction: 'asc', page: 0, pageSize: 100 });
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Admin', 'Gamma']));
    const gamma = await listRoleRows(db(), {
      filters: [{ col: 'name', opr: 'sw', value: 'GAM' }],
      orderBy: 'id',
      direction: 'desc',
      page: 0,
      pageSize: 10,
    });
    expect(gamma.rows.map((r) => r.name)).toEqual(['Gamma']);
    const byId = await listRoleRows(db(), {
      filters: [
        { col: 'id', value: gamma.rows[0].id },
        { col: 'name', opr: 'eq', value: 'Gamma' },
      ],
      orderBy: 'name',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(byId.count).toBe(1);

    const found = await searchRolesByName(db(), 'amm', { page: 0, pageSize: 10 });
    expect(found.rows.map((r) => r.name)).toEqual(['Gamma']);
    const page = await searchRolesByName(db(), null, { page: 0, pageSize: 1 });
    expect(page.count).toBe(all.count);
    expect(page.rows).toHaveLength(1);
  });

  it('makes, finds, renames and lists permission views', async () => {
    const id = await ensurePermissionView(db(), ['can_write', 'RepoView']);
    expect(await ensurePermissionView(db(), ['can_write', 'RepoView'])).toBe(id);
    expect(await permissionViewId(db(), ['can_write', 'RepoView'])).toBe(id);
    expect(await permissionViewId(db(), ['can_write', 'Nowhere'])).toBeUndefined();
    expect([...(await permissionViewIdsAmong(db(), [id, 999_999]))]).toEqual([id]);

    await addPermissionViews(db(), [
      { permission: 'repo_access', view_menu: 'one' },
      { permission: 'repo_access', view_menu: 'two' },
    ]);
    // again: the pairs that exist are skipped
    await addPermissionViews(db(), [{ permission: 'repo_access', view_menu: 'one' }]);
    const views = await permissionViewsWith(db(), ['repo_access']);
    expect(views.map((v) => v.view_menu).sort()).toEqual(['one', 'two']);
    await renamePermissionView(db(), views.find((v) => v.view_menu === 'one')!.id, 'three');
    expect((await permissionViewsWith(db(), ['repo_access'])).map((v) => v.view_menu).sort()).toEqual(['three', 'two']);

    const listed = await listPermissionViewRows(db(), {
      filters: [{ col: 'permission', opr: 'eq', value: 'repo_access' }],
      orderBy: 'view_menu',
      direction: 'desc',
      page: 0,
      pageSize: 10,
    });
    expect(listed.count).toBe(2);
    expect(listed.rows.map((r) => r.view_menu)).toEqual(['two', 'three']);
    const contains = await listPermissionViewRows(db(), {
      filters: [
        { col: 'view_menu', opr: 'ct', value: 'REPOVIEW' },
        { col: 'id', value: id },
      ],
      orderBy: 'id',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(contains.rows).toEqual([{ id, permission: 'can_write', view_menu: 'RepoView' }]);
  });

  it('grants permission views to roles and reads them back', async () => {
    const role = await insertRole(db(), 'Granted');
    const a = await ensurePermissionView(db(), ['can_read', 'Zeta']);
    const b = await ensurePermissionView(db(), ['can_read', 'Alpha']);
    expect(await roleHasPermissionView(db(), role.id, a)).toBe(false);
    await grantPermissionView(db(), role.id, a);
    expect(await roleHasPermissionView(db(), role.id, a)).toBe(true);
    await grantPermissionViews(db(), role.id, [a, b]);
    expect((await rolePermissionViewIds(db(), role.id)).sort()).toEqual([a, b].sort());
    expect((await rolePermissionViews(db(), role.id)).map((p) => p.view_menu)).toEqual(['Alpha', 'Zeta']);
    expect(await permissionPairsOfRoles(db(), ['Granted'])).toEqual(
      expect.arrayContaining([
        { permission: 'can_read', view: 'Zeta' },
        { permission: 'can_read', view: 'Alpha' },
      ]),
    );
    await revokePermissionViews(db(), role.id, [a]);
    expect(await rolePermissionViewIds(db(), role.id)).toEqual([b]);
    await grantPermissionViews(db(), role.id, []);
    await revokePermissionViews(db(), role.id, []);
  });

  it('gives users roles and reads them with their permissions', async () => {
    const role = await insertRole(db(), 'Readers');
    const pv = await ensurePermissionView(db(), ['can_read', 'Readers']);
    await grantPermissionView(db(), role.id, pv);
    await addUserRoles(db(), ann, [role.id]);
    expect(await userRoleIds(db(), ann)).toContain(role.id);
    expect((await rolesOfUsers(db(), [ann, bob])).get(ann)?.map((r) => r.name)).toEqual(['Gamma', 'Readers']);
    expect((await rolesOfUsers(db(), [])).size).toBe(0);
    expect(await userRolePermissions(db(), ann)).toContainEqual({ role: 'Readers', permission: 'can_read', view: 'Readers' });

    await addRoleUsers(db(), role.id, [ann, bob]); // ann holds it already: skipped
    expect((await roleUserIds(db(), role.id)).sort()).toEqual([ann, bob].sort());
    await removeRoleUsers(db(), role.id, [bob]);
    expect(await roleUserIds(db(), role.id)).toEqual([ann]);

    await removeUserRoles(db(), ann);
    expect(await userRoleIds(db(), ann)).toEqual([]);
    // a role without permission views still shows, with nulls
    const empty = await insertRole(db(), 'Empty');
    await addUserRoles(db(), ann, [empty.id]);
    expect(await userRolePermissions(db(), ann)).toEqual([{ role: 'Empty', permission: null, view: null }]);
  });

  it('reads the databases and datasets that data permissions name', async () => {
    const id = await insertDatabase(server, 'Granted DB');
    const { databases, datasets } = await grantableObjects(db());
    expect(databases).toContainEqual({ id, database_name: 'Granted DB' });
    expect(Array.isArray(datasets)).toBe(true);
  });
});
