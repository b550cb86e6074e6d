/** The dashboards repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRow, dashboardRow, datasetRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { loggedInUser } from '../../test-support/users.js';
import { nowIso } from '../db.js';
import type { SliceTable } from '../schema.js';
import { insertChart } from './charts.js';
import {
  addDashboardRoles,
  chartDashboardIds,
  chartsOfDashboards,
  dashboardChartIds,
  dashboardChartNames,
  dashboardChartRows,
  dashboardIdByUuid,
  dashboardIdsWhere,
  dashboardMetadataText,
  dashboardMetadataTexts,
  dashboardRoleIds,
  dashboardRoles,
  dashboardsOfCharts,
  deleteDashboards,
  embeddedUnder,
  existingDashboardIds,
  findDashboard,
  hasChartOnDataset,
  hasDashboardRoles,
  insertDashboard,
  linkChartToDashboards,
  listDashboardRows,
  namesRoleCalled,
  namesRoleHeldBy,
  rolesAmong,
  searchRoles,
  setDashboardRoles,
  slugInUse,
  syncDashboardCharts,
  unlinkChartFromDashboards,
  updateDashboardIfMetadata,
  updateDashboardRow,
  type DashboardEb,
} from './dashboards.js';
import { saveEmbedding } from './embedded.js';
import { ownersOf, setOwners } from './owners.js';

const all = () => sql<SqlBool>`1 = 1`;

const dashboardValues = dashboardRow;

const chartValues = (name: string, datasetId: number): Insertable<SliceTable> =>
  chartRow(name, { datasource_id: datasetId, params: '{"viz_type":"table"}' });

describe('metadata repositories: dashboards', () => {
  let server: TestServer;
  let dataset: number;
  let gamma: number;
  let alpha: number;
  let gina: number;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    const admin = await server.admin();
    gina = (await loggedInUser(server, admin, 'gina', ['Gamma'])).id;
    const roles = await db().selectFrom('ab_role').select(['id', 'name']).where('name', 'in', ['Gamma', 'Alpha']).execute();
    gamma = roles.find((r) => r.name === 'Gamma')!.id;
    alpha = roles.find((r) => r.name === 'Alpha')!.id;
    const database = await insertDatabase(server, 'shop');
    dataset = (
      await db()
        .insertInto('tables')
        .values(datasetRow('orders', database, { schema: 'sales' }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('stores, finds and changes dashboards', async () => {
    const values = dashboardValues('Sales', { slug: 'sales-board', json_metadata: '{"a":1}' });
    const id = await insertDashboard(db(), values);
    const other = await insertDashboard(db(), dashboardValues('Costs'));
    expect(await findDashboard(db(), { id }, all)).toMatchObject({ id, dashboard_title: 'Sales', slug: 'sales-board' });
    expect((await findDashboard(db(), { slug: 'sales-board' }, all))?.id).toBe(id);
    expect(await findDashboard(db(), { id }, (eb) => eb('d.published', '=', 1))).toBeUndefined();
    expect(await findDashboard(db(), { slug: 'nope' }, all)).toBeUndefined();
    expect((await dashboardIdsWhere(db(), [id, other, 999_999], all)).sort((a, b) => a - b)).toEqual([id, other]);
    expect(await dashboardIdsWhere(db(), [id, other], (eb) => eb('d.dashboard_title', '=', 'Costs'))).toEqual([other]);
    expect((await existingDashboardIds(db(), [id, 999_999])).sort()).toEqual([id]);
    expect(await dashboardIdByUuid(db(), values.uuid)).toBe(id);
    expect(await dashboardIdByUuid(db(), randomUUID())).toBeUndefined();
    expect(await dashboardMetadataText(db(), id)).toBe('{"a":1}');
    expect(await dashboardMetadataText(db(), other)).toBeNull();
    expect(await dashboardMetadataText(db(), 999_999)).toBeUndefined();
    expect(await dashboardMetadataTexts(db(), [id, other])).toEqual(
      expect.arrayContaining([
        { id, json_metadata: '{"a":1}' },
        { id: other, json_metadata: null },
      ]),
    );

    expect(await slugInUse(db(), 'sales-board')).toBe(true);
    expect(await slugInUse(db(), 'sales-board', id)).toBe(false);
    expect(await slugInUse(db(), 'sales-board', other)).toBe(true);
    expect(await slugInUse(db(), 'free')).toBe(false);

    await updateDashboardRow(db(), id, { dashboard_title: 'Sales 2' });
    expect((await findDashboard(db(), { id }, all))?.dashboard_title).toBe('Sales 2');
    // compare-and-set on json_metadata
    expect(await updateDashboardIfMetadata(db(), id, '{"a":2}', { json_metadata: '{"b":1}' })).toBe(false);
    expect(await updateDashboardIfMetadata(db(), id, '{"a":1}', { json_metadata: '{"b":1}' })).toBe(true);
    expect(await dashboardMetadataText(db(), id)).toBe('{"b":1}');
    expect(await updateDashboardIfMetadata(db(), other, '{}', { json_metadata: '{"c":1}' })).toBe(false);
    expect(await updateDashboardIfMetadata(db(), other, null, { json_metadata: '{"c":1}' })).toBe(true);
    expect(await dashboardMetadataText(db(), other)).toBe('{"c":1}');
  });

  it("keeps a dashboard's roles and matches them in conditions", async () => {
    const id = await insertDashboard(db(), dashboardValues('Roles'));
    const plain = await insertDashboard(db(), dashboardValues('No roles'));
    await addDashboardRoles(db(), id, []);
    expect(await dashboardRoleIds(db(), id)).toEqual([]);
    await addDashboardRoles(db(), id, [alpha, gamma]);
    expect(await dashboardRoleIds(db(), id)).toEqual([alpha, gamma].sort((a, b) => a - b));
    expect((await dashboardRoles(db(), id)).map((r) => r.name).sort()).toEqual(['Alpha', 'Gamma']);
    await setDashboardRoles(db(), id, [gamma]);
    expect(await dashboardRoles(db(), id)).toEqual([{ id: gamma, name: 'Gamma' }]);

    const ids = [id, plain];
    expect(await dashboardIdsWhere(db(), ids, hasDashboardRoles)).toEqual([id]);
    expect(await dashboardIdsWhere(db(), ids, (eb) => namesRoleCalled(eb, ['Gamma']))).toEqual([id]);
    expect(await dashboardIdsWhere(db(), ids, (eb) => namesRoleCalled(eb, ['Alpha']))).toEqual([]);
    expect(await dashboardIdsWhere(db(), ids, (eb) => namesRoleHeldBy(eb, gina))).toEqual([id]);
    expect(await dashboardIdsWhere(db(), ids, (eb) => namesRoleHeldBy(eb, 999_999))).toEqual([]);

    expect((await rolesAmong(db(), [gamma, 999_999])).sort()).toEqual([gamma]);
    expect(await rolesAmong(db(), [])).toEqual([]);
    const found = await searchRoles(db(), 'AMM', { limit: 10, offset: 0 });
    expect(found).toEqual({ count: 1, rows: [{ id: gamma, name: 'Gamma' }] });
    const page = await searchRoles(db(), undefined, { limit: 1, offset: 0 });
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.rows).toHaveLength(1);
  });

  it("links charts and reads a dashboard's charts", async () => {
    const id = await insertDashboard(db(), dashboardValues('Charts'));
    const [a, b, c] = [
      await insertChart(db(), chartValues('A', dataset)),
      await insertChart(db(), chartValues('B', dataset)),
      await insertChart(db(), chartValues('C', 999_999)),
    ];
    await syncDashboardCharts(db(), id, [a, b]);
    expect((await dashboardChartIds(db(), id)).sort((x, y) => x - y)).toEqual([a, b]);
    await syncDashboardCharts(db(), id, [b, c]);
    expect((await dashboardChartIds(db(), id)).sort((x, y) => x - y)).toEqual([b, c]);
    expect(await dashboardChartNames(db(), id)).toEqual(['B', 'C']);
    expect((await dashboardChartRows(db(), id)).map((r) => r.slice_name)).toEqual(['B', 'C']);
    const links = await chartsOfDashboards(db(), [id]);
    expect(links.map((l) => l.id).sort((x, y) => x - y)).toEqual([b, c]);
    expect(links.find((l) => l.id === b)).toMatchObject({ dashboard_id: id, datasource_id: dataset, params: '{"viz_type":"table"}' });

    const other = await insertDashboard(db(), dashboardValues('Other'));
    await linkChartToDashboards(db(), a, [id, other]);
    await linkChartToDashboards(db(), a, []);
    expect((await chartDashboardIds(db(), a)).sort((x, y) => x - y)).toEqual([id, other]);
    const byChart = await dashboardsOfCharts(db(), [a, b, 999_999]);
    expect(byChart.get(a)).toEqual([
      { id, dashboard_title: 'Charts', json_metadata: null },
      { id: other, dashboard_title: 'Other', json_metadata: null },
    ]);
    expect(byChart.get(b)?.map((d) => d.id)).toEqual([id]);
    expect(byChart.has(999_999)).toBe(false);
    expect((await dashboardsOfCharts(db(), [])).size).toBe(0);
    await unlinkChartFromDashboards(db(), a, [other]);
    await unlinkChartFromDashboards(db(), a, []);
    expect(await chartDashboardIds(db(), a)).toEqual([id]);

    // a chart on a dataset meeting the condition (chart C names no dataset)
    const onOrders = (eb: DashboardEb) => hasChartOnDataset(eb, (t) => t('t.table_name', '=', 'orders'));
    expect(await dashboardIdsWhere(db(), [id, other], onOrders)).toEqual([id]);
    const onNothing = (eb: DashboardEb) => hasChartOnDataset(eb, (t) => t('t.table_name', '=', 'nothing'));
    expect(await dashboardIdsWhere(db(), [id, other], onNothing)).toEqual([]);
  });

  it('matches embedded dashboards by uuid', async () => {
    const id = await insertDashboard(db(), dashboardValues('Embedded'));
    const plain = await insertDashboard(db(), dashboardValues('Plain'));
    await saveEmbedding(db(), id, { allowed_domains: '[]', changed_on: nowIso(), changed_by_fk: null });
    const uuid = (await db().selectFrom('embedded_dashboards').select('uuid').where('dashboard_id', '=', id).executeTakeFirstOrThrow())
      .uuid;
    expect(await dashboardIdsWhere(db(), [id, plain], (eb) => embeddedUnder(eb, [uuid]))).toEqual([id]);
    expect(await dashboardIdsWhere(db(), [id, plain], (eb) => embeddedUnder(eb, [randomUUID()]))).toEqual([]);
  });

  it('lists a page of the dashboards meeting a condition, in order, with the count', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = [
      await insertDashboard(db(), dashboardValues(`${tag} b`, { changed_on: '2024-01-02T00:00:00.000Z' })),
      await insertDashboard(db(), dashboardValues(`${tag} a`, { changed_on: '2024-01-03T00:00:00.000Z' })),
      await insertDashboard(db(), dashboardValues(`${tag} c`, { changed_on: '2024-01-01T00:00:00.000Z' })),
    ];
    const mine = (eb: DashboardEb) => eb('d.dashboard_title', 'like', `${tag}%`);
    const byTitle = await listDashboardRows(db(), mine, { ref: 'd.dashboard_title', direction: 'asc' }, { limit: 2, offset: 0 });
    expect(byTitle.count).toBe(3);
    expect(byTitle.rows.map((r) => r.dashboard_title)).toEqual([`${tag} a`, `${tag} b`]);
    const newest = await listDashboardRows(db(), mine, { ref: 'd.changed_on', direction: 'desc' }, { limit: 10, offset: 1 });
    expect(newest.rows.map((r) => r.id)).toEqual([ids[0], ids[2]]);
  });

  it('deletes dashboards with their links, owners and roles', async () => {
    const id = await insertDashboard(db(), dashboardValues('Doomed'));
    const kept = await insertDashboard(db(), dashboardValues('Kept'));
    const chart = await insertChart(db(), chartValues('Stays', dataset));
    await syncDashboardCharts(db(), id, [chart]);
    await syncDashboardCharts(db(), kept, [chart]);
    await setOwners(db(), 'dashboard', id, [gina]);
    await addDashboardRoles(db(), id, [gamma]);
    await deleteDashboards(db(), [id]);
    expect(await findDashboard(db(), { id }, all)).toBeUndefined();
    expect(await dashboardChartIds(db(), id)).toEqual([]);
    expect(await ownersOf(db(), 'dashboard', id)).toEqual([]);
    expect(await dashboardRoleIds(db(), id)).toEqual([]);
    expect(await dashboardChartIds(db(), kept)).toEqual([chart]);
    expect(await chartDashboardIds(db(), chart)).toEqual([kept]);
  });
});
