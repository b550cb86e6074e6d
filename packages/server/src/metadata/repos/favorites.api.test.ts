/** The favorites repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { loggedInUser } from '../../test-support/users.js';
import { nowIso } from '../db.js';
import { insertChart, listChartRows } from './charts.js';
import { dashboardIdsWhere } from './dashboards.js';
import {
  addStar,
  addStarIfMissing,
  chartStarred,
  dashboardStarred,
  isStarred,
  removeStar,
  removeStarsOf,
  starredAmong,
} from './favorites.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: favorites', () => {
  let server: TestServer;
  let admin: number;
  let finn: number;
  const db = () => server.ctx.store.db;
  /** A dashboard made through the API; its id. */
  const dashboard = async (title: string) => {
    const r = await (await server.admin()).post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, owners: [] });
    expect(r.status).toBe(201);
    return r.body.id;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = (await userIdByUsername(db(), 'admin')) as number;
    finn = (await loggedInUser(server, await server.admin(), 'finn', ['Gamma'])).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('stars, reads and unstars objects of a class', async () => {
    await addStar(db(), finn, 'Dashboard', 1);
    await addStar(db(), finn, 'Dashboard', 2);
    await addStar(db(), admin, 'Dashboard', 2);
    await addStar(db(), finn, 'slice', 3);
    // a second star of the same object breaks the unique index; the "if missing" form does not
    await expect(addStar(db(), finn, 'Dashboard', 1)).rejects.toThrow();
    await addStarIfMissing(db(), finn, 'slice', 3);
    await addStarIfMissing(db(), finn, 'slice', 4);

    expect([...(await starredAmong(db(), finn, 'Dashboard', [1, 2, 3]))].sort()).toEqual([1, 2]);
    expect([...(await starredAmong(db(), finn, 'slice', [1, 2, 3, 4]))].sort()).toEqual([3, 4]);
    expect((await starredAmong(db(), finn, 'slice', [])).size).toBe(0);
    expect(await isStarred(db(), finn, 'Dashboard', 1)).toBe(true);
    expect(await isStarred(db(), admin, 'Dashboard', 1)).toBe(false);
    expect(await isStarred(db(), finn, 'slice', 1)).toBe(false);

    await removeStar(db(), finn, 'Dashboard', 1);
    expect(await isStarred(db(), finn, 'Dashboard', 1)).toBe(false);
    expect(await isStarred(db(), finn, 'Dashboard', 2)).toBe(true);

    // every user's stars of deleted objects
    await removeStarsOf(db(), 'Dashboard', [2]);
    expect(await isStarred(db(), finn, 'Dashboard', 2)).toBe(false);
    expect(await isStarred(db(), admin, 'Dashboard', 2)).toBe(false);
    expect(await isStarred(db(), finn, 'slice', 3)).toBe(true);
  });

  it('filters the dashboard and chart lists to what a user starred', async () => {
    const now = nowIso();
    const [starred, plain] = [await dashboard('Starred'), await dashboard('Plain')];
    await addStar(db(), finn, 'Dashboard', starred);
    expect(await dashboardIdsWhere(db(), [starred, plain], (eb) => dashboardStarred(eb, 'Dashboard', finn))).toEqual([starred]);
    expect(await dashboardIdsWhere(db(), [starred, plain], (eb) => dashboardStarred(eb, 'Dashboard', admin))).toEqual([]);

    const tag = randomUUID().slice(0, 8);
    const chart = (name: string) => insertChart(db(), chartRow(`${tag} ${name}`, { last_saved_at: now, created_on: now, changed_on: now }));
    const [liked, other] = [await chart('liked'), await chart('other')];
    await addStarIfMissing(db(), finn, 'slice', liked);
    const list = (on: boolean) =>
      listChartRows(
        db(),
        (eb) => eb.and([eb('s.slice_name', 'like', `${tag}%`), chartStarred(eb, 'slice', finn, on)]),
        { ref: 's.id', direction: 'asc' },
        { limit: 10, offset: 0 },
      );
    expect((await list(true)).rows.map((r) => r.id)).toEqual([liked]);
    expect((await list(false)).rows.map((r) => r.id)).toEqual([other]);
  });
});
