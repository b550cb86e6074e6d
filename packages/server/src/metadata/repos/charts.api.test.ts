/** The saved charts repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRow, dashboardRow, databaseRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { loggedInUser } from '../../test-support/users.js';
import { nowIso } from '../db.js';
import type { SliceTable } from '../schema.js';
import {
  DATASET_DATASOURCE_TYPES,
  chartById,
  chartByUuid,
  chartCacheTimeout,
  chartDatasource,
  chartNames,
  chartOnDashboardReads,
  chartRef,
  chartIdsByUuid,
  chartOnDashboard,
  chartsByIds,
  chartsByUuids,
  deleteCharts,
  insertChart,
  listChartRows,
  searchUsersByAnyName,
  updateChartRow,
  type ChartListEb,
} from './charts.js';
import { dashboardRef, dashboardTitles, insertDashboard, linkChartToDashboards } from './dashboards.js';
import { databaseName, insertDatabase } from './databases.js';

/** A chart's stored fields, changed at `changedOn` (its dataset need not exist). */
const chartValues = (name: string, changedOn = nowIso()): Insertable<SliceTable> =>
  chartRow(name, { last_saved_at: changedOn, created_on: changedOn, changed_on: changedOn });

describe('metadata repositories: saved charts', () => {
  let server: TestServer;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('names the datasource types that are datasets', () => {
    expect(DATASET_DATASOURCE_TYPES).toContain('table');
    expect(DATASET_DATASOURCE_TYPES).not.toContain('query');
  });

  it('stores, reads, changes and deletes charts', async () => {
    const values = chartValues('Sales');
    const id = await insertChart(db(), values);
    const other = await insertChart(db(), chartValues('Costs'));
    expect(await chartById(db(), id)).toMatchObject({ id, uuid: values.uuid, slice_name: 'Sales' });
    expect(await chartById(db(), 999_999)).toBeUndefined();
    expect((await chartsByIds(db(), [id, other, 999_999])).map((c) => c.id).sort((a, b) => a - b)).toEqual([id, other]);
    expect(await chartsByIds(db(), [])).toEqual([]);
    expect((await chartByUuid(db(), values.uuid as string))?.id).toBe(id);
    expect(await chartByUuid(db(), randomUUID())).toBeUndefined();
    expect((await chartsByUuids(db(), [values.uuid as string])).map((c) => c.id)).toEqual([id]);
    expect(await chartsByUuids(db(), [])).toEqual([]);
    expect(await chartIdsByUuid(db(), [values.uuid as string, randomUUID()])).toEqual(new Map([[values.uuid as string, id]]));
    expect((await chartIdsByUuid(db(), [])).size).toBe(0);

    await updateChartRow(db(), id, { slice_name: 'Sales by city', description: 'per city' });
    expect(await chartById(db(), id)).toMatchObject({ slice_name: 'Sales by city', description: 'per city', viz_type: 'table' });
    expect((await chartById(db(), other))?.slice_name).toBe('Costs');

    await deleteCharts(db(), [id, other]);
    expect(await chartsByIds(db(), [id, other])).toEqual([]);
  });

  it('reads the few fields of charts, dashboards and databases that reports and chart data name', async () => {
    const id = await insertChart(db(), { ...chartValues('Timed'), datasource_id: 41, cache_timeout: 600, viz_type: 'pie' });
    const other = await insertChart(db(), chartValues('Untimed'));
    expect(await chartCacheTimeout(db(), id, 41)).toEqual({ cache_timeout: 600 });
    expect(await chartCacheTimeout(db(), id, 42)).toBeUndefined();
    expect(await chartCacheTimeout(db(), other, 999_999)).toEqual({ cache_timeout: null });
    expect(await chartRef(db(), id)).toEqual({ id, slice_name: 'Timed', viz_type: 'pie' });
    expect(await chartRef(db(), 999_999)).toBeUndefined();
    expect((await chartNames(db(), [other, id])).sort((a, b) => a.id - b.id)).toEqual([
      { id, slice_name: 'Timed' },
      { id: other, slice_name: 'Untimed' },
    ]);
    expect(await chartNames(db(), [])).toEqual([]);
    expect(await chartDatasource(db(), id)).toEqual({ datasource_id: 41, datasource_type: 'table' });
    expect(await chartDatasource(db(), 999_999)).toBeUndefined();

    const board = await insertDashboard(db(), dashboardRow('Reads board'));
    await linkChartToDashboards(db(), id, [board]);
    expect(await chartOnDashboardReads(db(), board, id, 41)).toBe(true);
    expect(await chartOnDashboardReads(db(), board, id, 42)).toBe(false);
    expect(await chartOnDashboardReads(db(), board, other, 999_999)).toBe(false);
    expect(await dashboardRef(db(), board)).toEqual({ id: board, dashboard_title: 'Reads board' });
    expect(await dashboardRef(db(), 999_999)).toBeUndefined();
    expect(await dashboardTitles(db(), [board, 999_999])).toEqual([{ id: board, dashboard_title: 'Reads board' }]);
    expect(await dashboardTitles(db(), [])).toEqual([]);

    const database = await insertDatabase(db(), databaseRow(`reads ${randomUUID()}`));
    expect(await databaseName(db(), database.id)).toEqual({ id: database.id, database_name: database.database_name });
    expect(await databaseName(db(), 999_999)).toBeUndefined();
    await deleteCharts(db(), [id, other]);
  });

  it('lists a page of the charts meeting a condition, in order, with the count', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = [
      await insertChart(db(), chartValues(`${tag} b`, '2024-01-02T00:00:00.000000')),
      await insertChart(db(), chartValues(`${tag} a`, '2024-01-03T00:00:00.000000')),
      await insertChart(db(), chartValues(`${tag} c`, '2024-01-01T00:00:00.000000')),
    ];
    const mine = (eb: ChartListEb) => eb('s.slice_name', 'like', `${tag}%`);
    const byName = await listChartRows(db(), mine, { ref: 's.slice_name', direction: 'asc' }, { limit: 2, offset: 0 });
    expect(byName.count).toBe(3);
    expect(byName.rows.map((r) => r.slice_name)).toEqual([`${tag} a`, `${tag} b`]);
    const newest = await listChartRows(db(), mine, { ref: 's.changed_on', direction: 'desc' }, { limit: 10, offset: 1 });
    expect(newest.rows.map((r) => r.id)).toEqual([ids[0], ids[2]]);
    const none = await listChartRows(db(), () => sql<SqlBool>`1 = 0`, { ref: 's.id', direction: 'asc' }, { limit: 10, offset: 0 });
    expect(none).toEqual({ count: 0, rows: [] });

    // on a dashboard
    const board = await insertDashboard(db(), dashboardRow('Board'));
    await linkChartToDashboards(db(), ids[1], [board]);
    const onBoard = await listChartRows(
      db(),
      (eb) => chartOnDashboard(eb, board),
      { ref: 's.id', direction: 'asc' },
      { limit: 10, offset: 0 },
    );
    expect(onBoard.rows.map((r) => r.id)).toEqual([ids[1]]);
  });

  it('finds users by any of their names', async () => {
    const admin = await server.admin();
    const quinn = await loggedInUser(server, admin, 'quinn', ['Gamma']);
    const byFirst = await searchUsersByAnyName(db(), 'QUI', { limit: 10, offset: 0 });
    expect(byFirst).toEqual({ count: 1, rows: [{ id: quinn.id, first_name: 'Quinn', last_name: 'Tester', active: 1 }] });
    // the full name "first last"
    expect((await searchUsersByAnyName(db(), 'quinn tes', { limit: 10, offset: 0 })).rows.map((u) => u.id)).toEqual([quinn.id]);
    expect((await searchUsersByAnyName(db(), 'nobody-here', { limit: 10, offset: 0 })).count).toBe(0);
    const all = await searchUsersByAnyName(db(), undefined, { limit: 1, offset: 0 });
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.rows).toHaveLength(1);
  });
});
