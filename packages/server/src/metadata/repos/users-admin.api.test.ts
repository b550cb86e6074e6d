/**
 * The user management and login functions of the users repository, and the sessions repository,
 * against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { nowIso } from '../db.js';
import { addUserRoles, roleIdByName } from './roles.js';
import {
  deleteExpiredSessions,
  deleteSessionById,
  deleteSessionsOfUser,
  deleteSessionsOfUsers,
  insertSession,
  sessionById,
} from './sessions.js';
import {
  bumpTokenVersions,
  deleteUserRow,
  findUserForLogin,
  insertUser,
  listUserRows,
  recordLogin,
  updateUserRow,
  userById,
  userColumnsById,
  userIdsAmong,
  userValueTaken,
} from './users.js';

describe('metadata repositories: user management, logins and sessions', () => {
  let server: TestServer;
  let ann: number;
  let bob: number;
  const db = () => server.ctx.store.db;

  const newUser = (username: string, active = 1) =>
    insertUser(db(), {
      username,
      first_name: username[0].toUpperCase() + username.slice(1),
      last_name: 'Tester',
      email: `${username}@example.com`,
      password_hash: 'x',
      active,
      created_on: nowIso(),
      changed_on: nowIso(),
      last_login: null,
      login_count: 0,
      fail_login_count: 0,
    });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    ann = await newUser('ann');
    bob = await newUser('bob', 0);
    await addUserRoles(db(), ann, [(await roleIdByName(db(), 'Gamma')) as number]);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('lists users with filters, order and paging', async () => {
    const list = (filters: Parameters<typeof listUserRows>[1]['filters'], orderBy = 'username') =>
      listUserRows(db(), { filters, orderBy, direction: 'asc', page: 0, pageSize: 10 });
    const all = await list([]);
    expect(all.count).toBe(3);
    expect(all.rows.map((r) => r.username)).toEqual(['admin', 'ann', 'bob']);
    expect(all.rows[1]).not.toHaveProperty('password_hash');
    expect((await list([{ col: 'username', opr: 'ct', value: 'NN' }])).rows.map((r) => r.id)).toEqual([ann]);
    expect((await list([{ col: 'email', opr: 'eq', value: 'bob@example.com' }])).rows.map((r) => r.id)).toEqual([bob]);
    expect((await list([{ col: 'active', value: 0 }])).rows.map((r) => r.id)).toEqual([bob]);
    const gamma = (await roleIdByName(db(), 'Gamma')) as number;
    expect((await list([{ col: 'role', roleId: gamma }])).rows.map((r) => r.id)).toEqual([ann]);
    const paged = await listUserRows(db(), { filters: [], orderBy: 'username', direction: 'desc', page: 1, pageSize: 1 });
    expect(paged).toMatchObject({ count: 3, rows: [{ username: 'ann' }] });
  });

  it('reads, checks, updates and deletes users', async () => {
    expect(await userColumnsById(db(), ann)).toMatchObject({ id: ann, username: 'ann', active: 1, login_count: 0 });
    expect(await userColumnsById(db(), 999_999)).toBeUndefined();
    expect(await userValueTaken(db(), 'username', 'ann', null)).toBe(true);
    expect(await userValueTaken(db(), 'username', 'ann', ann)).toBe(false);
    expect(await userValueTaken(db(), 'email', 'nobody@example.com', null)).toBe(false);
    expect([...(await userIdsAmong(db(), [ann, bob, 999_999]))].sort()).toEqual([ann, bob].sort());

    const before = Number((await userById(db(), ann))?.token_version);
    await updateUserRow(db(), ann, { first_name: 'Annie', changed_on: nowIso() }, false);
    expect(await userById(db(), ann)).toMatchObject({ first_name: 'Annie', token_version: before });
    await updateUserRow(db(), ann, { changed_on: nowIso() }, true);
    expect(Number((await userById(db(), ann))?.token_version)).toBe(before + 1);
    await bumpTokenVersions(db(), [ann, bob]);
    expect(Number((await userById(db(), ann))?.token_version)).toBe(before + 2);

    const carl = await newUser('carl');
    await deleteUserRow(db(), carl);
    expect(await userById(db(), carl)).toBeUndefined();
  });

  it('finds the user a login names and counts logins', async () => {
    expect(await findUserForLogin(db(), 'bob')).toMatchObject({ id: bob, password_hash: 'x', active: 0 });
    expect(await findUserForLogin(db(), 'nobody')).toBeUndefined();
    await recordLogin(db(), bob, false);
    await recordLogin(db(), bob, false);
    expect(await userColumnsById(db(), bob)).toMatchObject({ fail_login_count: 2, login_count: 0, last_login: null });
    await recordLogin(db(), bob, true);
    const after = await userColumnsById(db(), bob);
    expect(after).toMatchObject({ fail_login_count: 0, login_count: 1 });
    expect(after?.last_login).not.toBeNull();
  });

  it('stores, reads and deletes sessions', async () => {
    const session = (id: string, userId: number, expires: string) =>
      insertSession(db(), { id, user_id: userId, created_at: nowIso(), expires_at: expires });
    await session('s-live', ann, '2999-01-01T00:00:00.000Z');
    await session('s-old', ann, '2000-01-01T00:00:00.000Z');
    await session('s-bob', bob, '2999-01-01T00:00:00.000Z');
    await session('s-bob-2', bob, '2999-01-01T00:00:00.000Z');
    expect(await sessionById(db(), 's-live')).toEqual({ user_id: ann, expires_at: '2999-01-01T00:00:00.000Z' });

    await deleteExpiredSessions(db(), nowIso());
    expect(await sessionById(db(), 's-old')).toBeUndefined();
    expect(await sessionById(db(), 's-live')).toBeDefined();

    await deleteSessionById(db(), 's-live');
    expect(await sessionById(db(), 's-live')).toBeUndefined();
    await deleteSessionsOfUser(db(), bob);
    expect(await sessionById(db(), 's-bob')).toBeUndefined();
    await session('s-again', ann, '2999-01-01T00:00:00.000Z');
    await deleteSessionsOfUsers(db(), [ann]);
    expect(await sessionById(db(), 's-again')).toBeUndefined();
  });
});
