/** The version history repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { nowIso } from '../db.js';
import { userIdByUsername } from './users.js';
import {
  adoptHistory,
  deleteHistory,
  hasVersions,
  insertVersion,
  lastDeletedVersion,
  latestVersionNumber,
  latestVersionState,
  listDeletedVersions,
  listVersions,
  markVersionsDeleted,
  objectRowById,
  previousVersionNumber,
  pruneVersions,
  purgeDeletedBefore,
  versionDb,
  versionRow,
} from './versions.js';

describe('metadata repositories: version history', () => {
  let server: TestServer;
  let admin: number;
  const db = () => server.ctx.store.db;
  /** A version of a chart (`type` 'chart') with this number, saved by the admin. */
  const keep = (id: number, version: number, type = 'chart') =>
    insertVersion(db(), {
      object_type: type,
      object_id: id,
      version,
      created_on: `2024-01-0${version}T00:00:00.000Z`,
      created_by_fk: admin,
      summary: `v${version}`,
      title: `Title ${version}`,
      state: JSON.stringify({ n: version }),
      deleted_on: null,
      deleted_by_fk: null,
    });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = (await userIdByUsername(db(), 'admin')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("reads an object's row from its own table", async () => {
    const r = await (await server.admin()).post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'Versioned', owners: [] });
    expect(r.status).toBe(201);
    const id = r.body.id;
    expect(await objectRowById(db(), 'dashboards', id)).toMatchObject({ id, dashboard_title: 'Versioned' });
    expect(await objectRowById(db(), 'dashboards', 999_999)).toBeUndefined();
  });

  it('keeps, reads and prunes the versions of an object', async () => {
    expect(await hasVersions(db(), 'chart', 10)).toBe(false);
    expect(await latestVersionState(db(), 'chart', 10)).toBeUndefined();
    expect(await latestVersionNumber(db(), 'chart', 10)).toBe(0);
    for (const v of [1, 2, 3]) await keep(10, v);
    await keep(11, 1);
    // the version number is unique per object
    await expect(keep(10, 3)).rejects.toThrow();

    expect(await hasVersions(db(), 'chart', 10)).toBe(true);
    expect(await hasVersions(db(), 'dashboard', 10)).toBe(false);
    expect(await latestVersionState(db(), 'chart', 10)).toEqual({ version: 3, state: '{"n":3}' });
    expect(await latestVersionNumber(db(), 'chart', 10)).toBe(3);
    expect(await previousVersionNumber(db(), 'chart', 10, 3)).toBe(2);
    expect(await previousVersionNumber(db(), 'chart', 10, 1)).toBeNull();
    expect(await versionRow(db(), 'chart', 10, 2)).toMatchObject({ version: 2, summary: 'v2', title: 'Title 2', created_by_fk: admin });
    expect(await versionRow(db(), 'chart', 10, 9)).toBeUndefined();

    const page = await listVersions(db(), 'chart', 10, { limit: 2, offset: 0 });
    expect(page.count).toBe(3);
    expect(page.rows).toEqual([
      { version: 3, created_on: '2024-01-03T00:00:00.000Z', created_by_fk: admin, summary: 'v3' },
      { version: 2, created_on: '2024-01-02T00:00:00.000Z', created_by_fk: admin, summary: 'v2' },
    ]);
    expect((await listVersions(db(), 'chart', 10, { limit: 2, offset: 2 })).rows.map((r) => r.version)).toEqual([1]);

    await pruneVersions(db(), 'chart', 10, 1);
    expect((await listVersions(db(), 'chart', 10, { limit: 10, offset: 0 })).rows.map((r) => r.version)).toEqual([3, 2]);
    expect(await latestVersionNumber(db(), 'chart', 11)).toBe(1);

    await deleteHistory(db(), 'chart', 10);
    expect(await hasVersions(db(), 'chart', 10)).toBe(false);
    expect(await hasVersions(db(), 'chart', 11)).toBe(true);
  });

  it('marks the history of deleted objects, lists it, hands it over and purges it', async () => {
    for (const v of [1, 2]) await keep(20, v, 'dashboard');
    await keep(21, 1, 'dashboard');
    await keep(22, 1, 'dashboard');
    await markVersionsDeleted(db(), 'dashboard', [], admin, nowIso());
    await markVersionsDeleted(db(), 'dashboard', [20], admin, '2024-02-01T00:00:00.000Z');
    await markVersionsDeleted(db(), 'dashboard', [21], null, '2024-03-01T00:00:00.000Z');
    // marked once: a second delete keeps the first mark
    await markVersionsDeleted(db(), 'dashboard', [20], null, '2024-04-01T00:00:00.000Z');

    expect(await versionRow(db(), 'dashboard', 20, 2)).toBeUndefined();
    expect((await listVersions(db(), 'dashboard', 20, { limit: 10, offset: 0 })).count).toBe(0);
    expect(await lastDeletedVersion(db(), 'dashboard', 20)).toMatchObject({
      version: 2,
      deleted_on: '2024-02-01T00:00:00.000Z',
      deleted_by_fk: admin,
    });
    expect(await lastDeletedVersion(db(), 'dashboard', 22)).toBeUndefined();

    const deleted = await listDeletedVersions(db(), 'dashboard', { limit: 10, offset: 0 });
    expect(deleted.count).toBe(2);
    expect(deleted.rows).toEqual([
      { object_id: 21, title: 'Title 1', deleted_on: '2024-03-01T00:00:00.000Z', deleted_by_fk: null, version: 1 },
      { object_id: 20, title: 'Title 2', deleted_on: '2024-02-01T00:00:00.000Z', deleted_by_fk: admin, version: 2 },
    ]);
    expect((await listDeletedVersions(db(), 'chart', { limit: 10, offset: 0 })).count).toBe(0);

    // a re-created object takes the history over
    await adoptHistory(db(), 'dashboard', 20, 30);
    expect(await lastDeletedVersion(db(), 'dashboard', 20)).toBeUndefined();
    expect((await listVersions(db(), 'dashboard', 30, { limit: 10, offset: 0 })).rows.map((r) => r.version)).toEqual([2, 1]);

    await purgeDeletedBefore(db(), '2024-03-15T00:00:00.000Z');
    expect(await lastDeletedVersion(db(), 'dashboard', 21)).toBeUndefined();
    expect(await hasVersions(db(), 'dashboard', 22)).toBe(true);
    expect(await hasVersions(db(), 'dashboard', 30)).toBe(true);
    const left = await versionDb(db())
      .selectFrom('object_version')
      .select('object_id')
      .where('object_type', '=', 'dashboard')
      .where('object_id', '>=', 20)
      .execute();
    expect(new Set(left.map((r) => r.object_id))).toEqual(new Set([22, 30]));
  });
});
