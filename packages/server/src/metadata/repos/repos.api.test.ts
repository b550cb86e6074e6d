/** The owners and users repositories against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../test-support/server.js';
import { loggedInUser } from '../../test-support/users.js';
import {
  addOwners,
  isOwner,
  ownedAmong,
  ownedBy,
  ownersByObject,
  ownersOf,
  ownersWithNames,
  removeOwners,
  setOwners,
  type OwnedKind,
} from './owners.js';
import { activeUserRoles, searchUsersByName, userById, userIdByUsername, usernamesById, userRefs, usersById, usersExist } from './users.js';

describe('metadata repositories: owners and users', () => {
  let server: TestServer;
  let admin: Client;
  let adminId: number;
  let ann: number;
  let zed: number;
  let first: number;
  let second: number;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = await server.admin();
    adminId = (await userIdByUsername(db(), 'admin')) as number;
    // created in this order so that zed's id is lower than ann's: replies still list owners by id
    zed = (await loggedInUser(server, admin, 'zed', ['Gamma'])).id;
    ann = (await loggedInUser(server, admin, 'ann', ['Alpha'])).id;
    const made = await Promise.all(
      ['First', 'Second'].map((title) => admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, owners: [] })),
    );
    [first, second] = made.map((r) => {
      expect(r.status).toBe(201);
      return r.body.id;
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('sets, adds, reads and removes the owners of an object', async () => {
    await setOwners(db(), 'dashboard', first, [ann, zed]);
    expect(await ownersOf(db(), 'dashboard', first)).toEqual([zed, ann].sort((a, b) => a - b));
    expect(await ownersOf(db(), 'dashboard', second)).toEqual([]);

    // replacing, not adding
    await setOwners(db(), 'dashboard', first, [ann]);
    expect(await ownersOf(db(), 'dashboard', first)).toEqual([ann]);
    await addOwners(db(), 'dashboard', second, [zed]);
    await addOwners(db(), 'dashboard', second, []);

    const map = await ownersByObject(db(), 'dashboard', [first, second, 999_999]);
    expect([...map.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [first, [ann]],
      [second, [zed]],
    ]);
    expect((await ownersByObject(db(), 'dashboard', [])).size).toBe(0);

    expect(await isOwner(db(), 'dashboard', first, ann)).toBe(true);
    expect(await isOwner(db(), 'dashboard', first, zed)).toBe(false);
    expect([...(await ownedAmong(db(), 'dashboard', [first, second], zed))]).toEqual([second]);
    expect((await ownedAmong(db(), 'dashboard', [], zed)).size).toBe(0);

    await removeOwners(db(), 'dashboard', [first, second]);
    expect((await ownersByObject(db(), 'dashboard', [first, second])).size).toBe(0);
    await removeOwners(db(), 'dashboard', []);
  });

  it('names the owners, in user id order', async () => {
    await setOwners(db(), 'dashboard', first, [ann, zed]);
    const owners = await ownersWithNames(db(), 'dashboard', first);
    expect(owners.map((o) => o.id)).toEqual([zed, ann].sort((a, b) => a - b));
    expect(owners.find((o) => o.id === ann)).toEqual({ id: ann, first_name: 'Ann', last_name: 'Tester', username: 'ann' });
    expect(await ownersWithNames(db(), 'dashboard', second)).toEqual([]);
  });

  it('filters a query to the objects a user owns', async () => {
    await setOwners(db(), 'dashboard', first, [ann]);
    await setOwners(db(), 'dashboard', second, [ann, zed]);
    const owned = async (userId: number) =>
      (
        await db()
          .selectFrom('dashboards as d')
          .select('d.id')
          .where(ownedBy('dashboard', 'd.id', userId))
          .orderBy('d.id')
          .execute()
      ).map((r) => r.id);
    expect(await owned(ann)).toEqual([first, second]);
    expect(await owned(zed)).toEqual([second]);
    expect(await owned(adminId)).toEqual([]);
  });

  it.each<OwnedKind>(['dataset', 'chart', 'dashboard', 'report'])('reads the %s owner table', async (kind) => {
    expect((await ownersByObject(db(), kind, [999_999])).size).toBe(0);
    expect(await ownersWithNames(db(), kind, 999_999)).toEqual([]);
    expect(
      await db()
        .selectFrom('ab_user as u')
        .select('u.id')
        .where(ownedBy(kind, 'u.id', 999_999))
        .execute(),
    ).toEqual([]);
  });

  it('reads users by id, by username and by name', async () => {
    expect(await usersExist(db(), [])).toBe(true);
    expect(await usersExist(db(), [ann, zed, ann])).toBe(true);
    expect(await usersExist(db(), [ann, 999_999])).toBe(false);

    const byId = await usersById(db(), [ann, null, ann, 999_999]);
    expect([...byId.values()]).toEqual([{ id: ann, first_name: 'Ann', last_name: 'Tester' }]);
    expect(await userRefs(db(), [ann, zed, ann])).toEqual(
      [
        { id: ann, first_name: 'Ann', last_name: 'Tester' },
        { id: zed, first_name: 'Zed', last_name: 'Tester' },
      ].sort((a, b) => a.id - b.id),
    );
    expect(await userRefs(db(), [])).toEqual([]);
    expect(await usernamesById(db(), [zed, null])).toEqual(new Map([[zed, 'zed']]));
    expect(await userIdByUsername(db(), 'ann')).toBe(ann);
    expect(await userIdByUsername(db(), 'nobody')).toBeNull();
    expect(await userById(db(), ann)).toMatchObject({ id: ann, username: 'ann', email: 'ann@example.com', active: 1 });
    expect(await userById(db(), 999_999)).toBeUndefined();

    const found = await searchUsersByName(db(), 'ZE', { page: 0, pageSize: 10 });
    expect(found).toEqual({ count: 1, rows: [{ id: zed, first_name: 'Zed', last_name: 'Tester' }] });
    const all = await searchUsersByName(db(), undefined, { page: 0, pageSize: 1 });
    expect(all.count).toBe(3);
    expect(all.rows).toHaveLength(1);

    const roles = await activeUserRoles(db());
    expect(roles).toContainEqual({ id: ann, role: 'Alpha' });
    expect(roles).toContainEqual({ id: zed, role: 'Gamma' });
    expect(roles.map((r) => r.id)).toEqual([...roles.map((r) => r.id)].sort((a, b) => a - b));
  });
});
