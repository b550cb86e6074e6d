/** The example loader's chart and dashboard writes against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import {
  addDashboardCharts,
  chartIdByUuid,
  clearDashboardCharts,
  dashboardIdBySlug,
  dashboardIdByUuid,
  insertChart,
  insertDashboard,
  setChartFields,
  setDashboardFields,
} from './examples.js';

const NOW = '2026-01-01T00:00:00';

describe('metadata repositories: example charts and dashboards', () => {
  let server: TestServer;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('inserts, finds and changes charts and dashboards, and sets their charts', async () => {
    const chartUuid = randomUUID();
    const chart = (uuid: string, slice_name: string) =>
      insertChart(db(), {
        uuid,
        slice_name,
        datasource_id: 1,
        datasource_type: 'table',
        viz_type: 'table',
        params: '{}',
        is_managed_externally: 0,
        created_on: NOW,
        changed_on: NOW,
      });
    const a = await chart(chartUuid, 'A');
    const b = await chart(randomUUID(), 'B');
    expect(await chartIdByUuid(db(), chartUuid)).toBe(a);
    expect(await chartIdByUuid(db(), randomUUID())).toBeUndefined();
    await setChartFields(db(), a, { slice_name: 'A2', viz_type: 'pie' });
    expect(await db().selectFrom('slices').select(['slice_name', 'viz_type']).where('id', '=', a).executeTakeFirst()).toEqual({
      slice_name: 'A2',
      viz_type: 'pie',
    });

    const dashboardUuid = randomUUID();
    const d = await insertDashboard(db(), {
      uuid: dashboardUuid,
      dashboard_title: 'Board',
      slug: 'board',
      published: 1,
      is_managed_externally: 0,
      created_on: NOW,
      changed_on: NOW,
    });
    expect(await dashboardIdByUuid(db(), dashboardUuid)).toBe(d);
    expect(await dashboardIdByUuid(db(), randomUUID())).toBeUndefined();
    expect(await dashboardIdBySlug(db(), 'board')).toBe(d);
    expect(await dashboardIdBySlug(db(), 'nope')).toBeUndefined();
    await setDashboardFields(db(), d, { dashboard_title: 'Board 2', slug: null });
    expect(await dashboardIdBySlug(db(), 'board')).toBeUndefined();
    expect((await db().selectFrom('dashboards').select('dashboard_title').where('id', '=', d).executeTakeFirst())?.dashboard_title).toBe(
      'Board 2',
    );

    const charts = async () =>
      (await db().selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', d).orderBy('slice_id').execute()).map(
        (r) => r.slice_id,
      );
    await addDashboardCharts(db(), d, [b, a]);
    expect(await charts()).toEqual([a, b].sort((x, y) => x - y));
    await clearDashboardCharts(db(), d);
    expect(await charts()).toEqual([]);
  });
});
