/** The datasets repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRow, datasetRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import type { DatasetTable } from '../schema.js';
import { insertDatabase } from './databases.js';
import {
  chartsOnDataset,
  columnNamesOf,
  chartDataColumnsOf,
  chartDataMetricsOf,
  columnsOf,
  columnTypesOf,
  dashboardsOfChart,
  dashboardsShowingCharts,
  datasetById,
  datasetByKey,
  datasetByUuid,
  datasetIdInSchema,
  datasetListPage,
  datasetNamesInSchema,
  deleteColumns,
  deleteDatasetPermission,
  deleteDatasets,
  deleteMetrics,
  distinctDatasetValues,
  firstTemporalColumn,
  insertColumnRows,
  insertDatasetRow,
  insertMetricRows,
  mainDttmColOf,
  metricIdByName,
  metricNamesOf,
  metricNamesOfDatasets,
  metricsOf,
  physicalDatasetsOn,
  renameDatasetPermission,
  setColumnFields,
  setDatasetFields,
  setDatasetFieldsReturning,
  setMetricFields,
  temporalFlagsOf,
  type DatasetListEb,
} from './datasets.js';
import { addDashboardCharts, insertChart, insertDashboard } from './examples.js';

const NOW = '2026-01-01T00:00:00';

const column = (tableId: number, name: string, over: Record<string, unknown> = {}) => ({
  table_id: tableId,
  column_name: name,
  type: 'INTEGER',
  type_generic: 0,
  is_dttm: 0,
  is_active: 1,
  groupby: 1,
  filterable: 1,
  uuid: randomUUID(),
  created_on: NOW,
  changed_on: NOW,
  ...over,
});

const metric = (tableId: number, name: string) => ({
  table_id: tableId,
  metric_name: name,
  expression: 'COUNT(*)',
  uuid: randomUUID(),
  created_on: NOW,
  changed_on: NOW,
});

describe('metadata repositories: datasets', () => {
  let server: TestServer;
  let databaseId: number;
  let otherDatabaseId: number;
  const db = () => server.ctx.store.db;

  const dataset = (table_name: string, over: Partial<Insertable<DatasetTable>> = {}) =>
    insertDatasetRow(db(), datasetRow(table_name, databaseId, { schema: 'main', created_on: NOW, changed_on: NOW, ...over }));

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    const database = (name: string) => insertDatabase(db(), databaseRow(name, { created_on: NOW, changed_on: NOW }));
    databaseId = (await database('one')).id;
    otherDatabaseId = (await database('two')).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('inserts, finds, changes and deletes datasets', async () => {
    const flights = await dataset('flights');
    const inCatalog = await dataset('flights', { catalog: 'c1' });
    const noSchema = await dataset('flights', { schema: null });
    const virtual = await dataset('airports', { sql: 'SELECT 1' });
    const elsewhere = await dataset('flights', { database_id: otherDatabaseId });
    expect(flights).toMatchObject({ table_name: 'flights', schema: 'main', catalog: null, main_dttm_col: null });

    expect(await datasetById(db(), flights.id)).toEqual(flights);
    expect(await datasetById(db(), 999_999)).toBeUndefined();
    expect(await datasetByUuid(db(), inCatalog.uuid)).toEqual(inCatalog);
    expect(await datasetByUuid(db(), randomUUID())).toBeUndefined();
    const key = { databaseId, catalog: null, schema: 'main', tableName: 'flights' };
    expect((await datasetByKey(db(), key))?.id).toBe(flights.id);
    expect((await datasetByKey(db(), { ...key, catalog: 'c1' }))?.id).toBe(inCatalog.id);
    expect((await datasetByKey(db(), { ...key, schema: null }))?.id).toBe(noSchema.id);
    expect(await datasetByKey(db(), { ...key, tableName: 'nope' })).toBeUndefined();

    // any catalog: the first of the two in `main`
    expect([flights.id, inCatalog.id]).toContain(await datasetIdInSchema(db(), databaseId, 'main', 'flights'));
    expect(await datasetIdInSchema(db(), databaseId, null, 'flights')).toBe(noSchema.id);
    expect(await datasetIdInSchema(db(), databaseId, 'other', 'flights')).toBeUndefined();
    expect((await datasetNamesInSchema(db(), databaseId, 'main')).sort()).toEqual(['airports', 'flights']);
    expect(await physicalDatasetsOn(db(), databaseId, 'main', ['flights', 'airports'])).toEqual([
      { id: flights.id, table_name: 'flights' },
    ]);
    expect(elsewhere.database_id).toBe(otherDatabaseId);

    await setDatasetFields(db(), flights.id, { description: 'Flights', main_dttm_col: 'ds' });
    expect(await mainDttmColOf(db(), flights.id)).toBe('ds');
    await expect(mainDttmColOf(db(), 999_999)).rejects.toThrow();
    const changed = await setDatasetFieldsReturning(db(), flights.id, { changed_on: '2027-01-01T00:00:00' });
    expect(changed).toMatchObject({ id: flights.id, description: 'Flights', changed_on: '2027-01-01T00:00:00' });
    await expect(setDatasetFieldsReturning(db(), 999_999, { description: 'x' })).rejects.toThrow();

    await deleteDatasets(db(), [virtual.id, noSchema.id]);
    expect(await datasetById(db(), virtual.id)).toBeUndefined();
    expect(await datasetById(db(), noSchema.id)).toBeUndefined();
    expect(await datasetById(db(), flights.id)).toBeDefined();
  });

  it('writes and reads columns and metrics', async () => {
    const t = await dataset('columns_here');
    // more than one statement's worth (500 rows per INSERT)
    await insertColumnRows(db(), [
      column(t.id, 'ds', { is_dttm: 1, type: 'DATE' }),
      ...Array.from({ length: 520 }, (_, i) => column(t.id, `c${i}`)),
      column(t.id, 'ts', { is_dttm: 1 }),
    ]);
    await insertColumnRows(db(), []);
    await insertMetricRows(db(), [metric(t.id, 'count'), metric(t.id, 'total')]);

    const columns = await columnsOf(db(), t.id);
    expect(columns).toHaveLength(522);
    expect(columns.map((c) => c.id)).toEqual([...columns.map((c) => c.id)].sort((a, b) => a - b));
    expect(columns[0]).toMatchObject({ column_name: 'ds', is_dttm: 1, type: 'DATE' });
    expect((await columnNamesOf(db(), t.id)).find((c) => c.column_name === 'ts')).toEqual({ id: columns[521].id, column_name: 'ts' });
    expect((await columnTypesOf(db(), t.id)).find((c) => c.column_name === 'ds')).toEqual({
      id: columns[0].id,
      column_name: 'ds',
      type_generic: 0,
      is_dttm: 1,
      expression: null,
    });
    expect(
      (await temporalFlagsOf(db(), t.id))
        .filter((c) => c.is_dttm)
        .map((c) => c.column_name)
        .sort(),
    ).toEqual(['ds', 'ts']);
    expect(await firstTemporalColumn(db(), t.id)).toBe('ds');
    const forCharts = await chartDataColumnsOf(db(), t.id);
    expect(forCharts.map((c) => c.column_name)).toEqual(columns.map((c) => c.column_name));
    expect(Object.keys(forCharts[0]).sort()).toEqual(
      ['column_name', 'expression', 'is_active', 'is_dttm', 'python_date_format', 'type', 'type_generic'].sort(),
    );
    expect(forCharts[0]).toMatchObject({ column_name: 'ds', is_dttm: 1, type: 'DATE' });
    expect(await chartDataMetricsOf(db(), t.id)).toEqual([
      { metric_name: 'count', expression: expect.any(String) },
      { metric_name: 'total', expression: expect.any(String) },
    ]);

    const metrics = await metricsOf(db(), t.id);
    expect(metrics.map((m) => m.metric_name)).toEqual(['count', 'total']);
    expect((await metricNamesOf(db(), t.id)).map((m) => m.metric_name).sort()).toEqual(['count', 'total']);
    expect(await metricIdByName(db(), t.id, 'total')).toBe(metrics[1].id);
    expect(await metricIdByName(db(), t.id, 'nope')).toBeUndefined();
    expect((await metricNamesOfDatasets(db(), [t.id])).sort((a, b) => a.metric_name.localeCompare(b.metric_name))).toEqual([
      { table_id: t.id, metric_name: 'count' },
      { table_id: t.id, metric_name: 'total' },
    ]);
    expect(await metricNamesOfDatasets(db(), [])).toEqual([]);

    await setColumnFields(db(), columns[0].id, { is_dttm: 0, verbose_name: 'Day' });
    expect(await firstTemporalColumn(db(), t.id)).toBe('ts');
    expect((await columnsOf(db(), t.id))[0]).toMatchObject({ column_name: 'ds', verbose_name: 'Day', is_dttm: 0 });
    await setMetricFields(db(), metrics[1].id, { d3format: ',d' });
    expect((await metricsOf(db(), t.id))[1]).toMatchObject({ metric_name: 'total', d3format: ',d' });

    await deleteColumns(
      db(),
      columns.slice(1).map((c) => c.id),
    );
    await deleteColumns(db(), []);
    expect((await columnsOf(db(), t.id)).map((c) => c.column_name)).toEqual(['ds']);
    expect(await firstTemporalColumn(db(), t.id)).toBeUndefined();
    await deleteMetrics(db(), [metrics[0].id]);
    await deleteMetrics(db(), []);
    expect((await metricsOf(db(), t.id)).map((m) => m.metric_name)).toEqual(['total']);
  });

  it('renames and deletes the datasource_access permission', async () => {
    const t = await dataset('perm');
    const views = async () =>
      await db()
        .selectFrom('ab_permission_view')
        .select(['permission', 'view_menu'])
        .where('view_menu', 'like', '%].[perm%')
        .orderBy('id')
        .execute();
    await db()
      .insertInto('ab_permission_view')
      .values([
        { permission: 'datasource_access', view_menu: `[one].[perm](id:${t.id})` },
        { permission: 'schema_access', view_menu: `[one].[perm](id:${t.id})` },
      ])
      .execute();
    await renameDatasetPermission(db(), t.id, `[two].[perm](id:${t.id})`);
    expect(await views()).toEqual([
      { permission: 'datasource_access', view_menu: `[two].[perm](id:${t.id})` },
      { permission: 'schema_access', view_menu: `[one].[perm](id:${t.id})` },
    ]);
    await db().insertInto('ab_permission_view').values({ permission: 'datasource_access', view_menu: '[one].[perm_named]' }).execute();
    await deleteDatasetPermission(db(), t.id, '[one].[perm_named]');
    expect(await views()).toEqual([{ permission: 'schema_access', view_menu: `[one].[perm](id:${t.id})` }]);
  });

  it('finds the charts on a dataset and the dashboards showing them', async () => {
    const t = await dataset('charted');
    const chart = (name: string, datasource_type: string) =>
      insertChart(db(), {
        uuid: randomUUID(),
        slice_name: name,
        datasource_id: t.id,
        datasource_type,
        viz_type: 'table',
        params: '{}',
        is_managed_externally: 0,
        created_on: NOW,
        changed_on: NOW,
      });
    const a = await chart('A', 'table');
    const b = await chart('B', 'dataset');
    await chart('C', 'query');
    expect(await chartsOnDataset(db(), t.id, ['table', 'dataset'])).toEqual([
      { id: a, slice_name: 'A', viz_type: 'table' },
      { id: b, slice_name: 'B', viz_type: 'table' },
    ]);
    const dashboard = (title: string, slug: string | null) =>
      insertDashboard(db(), {
        uuid: randomUUID(),
        dashboard_title: title,
        slug,
        json_metadata: '{}',
        published: 1,
        is_managed_externally: 0,
        created_on: NOW,
        changed_on: NOW,
      });
    const one = await dashboard('One', 'one');
    const two = await dashboard('Two', null);
    await dashboard('Empty', null);
    await addDashboardCharts(db(), one, [a]);
    await addDashboardCharts(db(), two, [a, b]);

    expect(await dashboardsOfChart(db(), a)).toEqual([
      { id: one, dashboard_title: 'One' },
      { id: two, dashboard_title: 'Two' },
    ]);
    expect(await dashboardsShowingCharts(db(), [b], () => null)).toEqual([{ id: two, json_metadata: '{}', slug: null, title: 'Two' }]);
    expect((await dashboardsShowingCharts(db(), [a, b], () => null)).map((d) => d.id)).toEqual([one, two]);
    expect((await dashboardsShowingCharts(db(), [a, b], (eb) => eb('d.slug', 'is not', null))).map((d) => d.id)).toEqual([one]);
    expect(await dashboardsShowingCharts(db(), [], () => null)).toEqual([]);
  });

  it('pages the dataset list and its distinct values', async () => {
    const mine = async (names: string[], schema: string) => {
      for (const n of names)
        await dataset(n, { database_id: otherDatabaseId, schema, changed_on: `2026-02-0${names.indexOf(n) + 1}T00:00:00` });
    };
    await mine(['l_b', 'l_a', 'l_c'], 'sales');
    await mine(['l_d'], 'hr');
    await dataset('l_e', { database_id: otherDatabaseId, schema: '' });
    const inTwo = (eb: DatasetListEb) =>
      eb.and([eb('t.database_id', '=', otherDatabaseId), eb('t.table_name', 'in', ['l_a', 'l_b', 'l_c', 'l_d', 'l_e'])]);

    const byName = await datasetListPage(db(), inTwo, { ref: 't.table_name', direction: 'asc' }, { page: 0, pageSize: 2 });
    expect(byName.count).toBe(5);
    expect(byName.rows.map((r) => r.table_name)).toEqual(['l_a', 'l_b']);
    expect(byName.rows[0]).toMatchObject({ database_name: 'two', schema: 'sales' });
    const second = await datasetListPage(db(), inTwo, { ref: 't.table_name', direction: 'asc' }, { page: 1, pageSize: 2 });
    expect(second.rows.map((r) => r.table_name)).toEqual(['l_c', 'l_d']);
    const newest = await datasetListPage(db(), inTwo, { ref: 't.changed_on', direction: 'desc' }, { page: 0, pageSize: 1 });
    expect(newest.rows.map((r) => r.table_name)).toEqual(['l_c']);
    const none = await datasetListPage(db(), () => sql<SqlBool>`1 = 0`, { ref: 't.id', direction: 'asc' }, { page: 0, pageSize: 10 });
    expect(none).toEqual({ count: 0, rows: [] });

    const schemas = await distinctDatasetValues(db(), inTwo, 'schema', { page: 0, pageSize: 10 });
    expect(schemas).toEqual({ count: 2, values: ['hr', 'sales'] });
    expect(await distinctDatasetValues(db(), inTwo, 'schema', { page: 1, pageSize: 1 })).toEqual({ count: 2, values: ['sales'] });
    expect(await distinctDatasetValues(db(), inTwo, 'catalog', { page: 0, pageSize: 10 })).toEqual({ count: 0, values: [] });
  });
});
