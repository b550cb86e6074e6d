/**
 * The example charts and dashboards on a real server over the examples database: every chart's
 * stored query context answers rows through POST /api/v1/chart/data, the dashboards open by slug
 * with their charts, and loading again updates what is there instead of adding copies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardChart, DashboardDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { EXAMPLE_CHARTS, exampleUuid } from './charts.js';
import { EXAMPLE_DASHBOARDS, chartKeysOf, registerExampleDashboards, type ExampleDashboardsResult } from './dashboards.js';
import { registerExampleDatasets } from './datasets.js';

let server: TestServer;
let admin: Client;
let examples: number;
let first: ExampleDashboardsResult;

interface QueryResult {
  status: string;
  rowcount: number;
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  error?: string | null;
}

const chartRows = () =>
  server.ctx.store.db
    .selectFrom('slices')
    .select(['id', 'uuid', 'slice_name', 'query_context', 'params', 'viz_type'])
    .where(
      'uuid',
      'in',
      EXAMPLE_CHARTS.map((c) => exampleUuid(`chart:${c.key}`)),
    )
    .orderBy('id')
    .execute();

const counts = async () => {
  const db = server.ctx.store.db;
  const n = async (table: 'slices' | 'dashboards' | 'dashboard_slices' | 'slice_owners' | 'dashboard_owners') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    slices: await n('slices'),
    dashboards: await n('dashboards'),
    dashboardSlices: await n('dashboard_slices'),
    sliceOwners: await n('slice_owners'),
    dashboardOwners: await n('dashboard_owners'),
  };
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  await registerExampleDatasets(server.ctx, examples);
  first = await registerExampleDashboards(server.ctx, examples);
});

afterAll(async () => {
  await server?.close();
});

describe('example charts and dashboards', () => {
  it('saves every example chart and both dashboards, owned by the admin', async () => {
    expect(first).toEqual({
      chartsCreated: EXAMPLE_CHARTS.length,
      chartsUpdated: 0,
      dashboardsCreated: EXAMPLE_DASHBOARDS.length,
      dashboardsUpdated: 0,
      warnings: [],
    });
    const rows = await chartRows();
    expect(rows).toHaveLength(EXAMPLE_CHARTS.length);
    const detail = await admin.get<{ result: { owners: { id: number }[]; slice_name: string } }>(`/api/v1/chart/${rows[0].id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.result.owners).toHaveLength(1);
  });

  it('answers rows for every example chart from its stored query context', async () => {
    for (const row of await chartRows()) {
      expect(row.query_context, row.slice_name).toBeTruthy();
      const r = await admin.post<{ result: QueryResult[] }>('/api/v1/chart/data', JSON.parse(row.query_context ?? '{}'));
      expect(r.status, `${row.slice_name}: ${r.text.slice(0, 500)}`).toBe(200);
      for (const q of r.body.result) {
        expect(q.status, row.slice_name).toBe('success');
        expect(q.rowcount, row.slice_name).toBeGreaterThan(0);
      }
    }
  });

  it('answers categorical x axes as categories and time axes as time (GenericDataType 2)', async () => {
    const rows = await chartRows();
    for (const chart of EXAMPLE_CHARTS) {
      const x = chart.params.x_axis;
      if (x === undefined) continue;
      const row = rows.find((r) => r.uuid === exampleUuid(`chart:${chart.key}`));
      const r = await admin.post<{ result: QueryResult[] }>('/api/v1/chart/data', JSON.parse(row?.query_context ?? '{}'));
      const q = r.body.result[0];
      // a SQL x axis here is always a time expression; a column is temporal when its dataset says so
      const datasetId = Number(String((JSON.parse(row?.query_context ?? '{}') as { datasource?: { id?: number } }).datasource?.id));
      const column = await server.ctx.store.db
        .selectFrom('table_columns')
        .select('is_dttm')
        .where('table_id', '=', datasetId)
        .where('column_name', '=', String(x))
        .executeTakeFirst();
      const temporal = typeof x === 'object' || column?.is_dttm === 1;
      expect(q.coltypes[0] === 2, `${chart.key}: ${q.colnames[0]} ${q.coltypes[0]}`).toBe(temporal);
    }
  });

  it("draws gapminder's integer years as a time axis and its clusters as named regions", async () => {
    const row = (await chartRows()).find((r) => r.uuid === exampleUuid('chart:gapminder-life-by-region'));
    if (!row) throw new Error('chart missing');
    const r = await admin.post<{ result: QueryResult[] }>('/api/v1/chart/data', JSON.parse(row.query_context ?? '{}'));
    const q = r.body.result[0];
    // one row per year, one column per region: a temporal axis from gapminder's integer years
    expect(q.colnames[0]).toBe('Year');
    expect(q.coltypes[0]).toBe(2);
    expect(q.rowcount).toBe(11);
    expect(q.colnames).toEqual(expect.arrayContaining(['South Asia', 'Europe & Central Asia', 'Sub-Saharan Africa']));
  });

  it('opens "Flights overview" by its slug, published, with its colour scheme and its charts', async () => {
    const r = await admin.get<{ id: number; result: DashboardDetail }>('/api/v1/dashboard/flights');
    expect(r.status, r.text).toBe(200);
    const d = r.body.result;
    expect(d).toMatchObject({ dashboard_title: 'Flights overview', slug: 'flights', published: true });
    expect(JSON.parse(d.json_metadata ?? '{}')).toMatchObject({ color_scheme: 'bnbColors' });
    const layout = JSON.parse(d.position_json ?? '{}') as Record<string, { type?: string; meta?: { chartId?: number } }>;
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    const inLayout = Object.values(layout)
      .filter((c) => c.type === 'CHART')
      .map((c) => c.meta?.chartId)
      .sort((a, b) => Number(a) - Number(b));
    const charts = await admin.get<{ result: DashboardChart[] }>('/api/v1/dashboard/flights/charts');
    expect(charts.status, charts.text).toBe(200);
    expect(charts.body.result.map((c) => c.id).sort((a, b) => a - b)).toEqual(inLayout);
    const flights = EXAMPLE_DASHBOARDS.find((x) => x.slug === 'flights');
    expect(charts.body.result).toHaveLength(chartKeysOf(flights?.layout ?? []).length);
  });

  it('opens "World indicators" by its slug', async () => {
    const r = await admin.get<{ result: DashboardDetail }>('/api/v1/dashboard/world_health');
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.dashboard_title).toBe('World indicators');
    const charts = await admin.get<{ result: DashboardChart[] }>('/api/v1/dashboard/world_health/charts');
    expect(charts.body.result).toHaveLength(10);
  });

  it("passes the server's own save checks: the example layouts and metadata saved back through PUT", async () => {
    for (const slug of ['flights', 'world_health']) {
      const { body } = await admin.get<{ id: number; result: DashboardDetail }>(`/api/v1/dashboard/${slug}`);
      const r = await admin.put(`/api/v1/dashboard/${body.id}`, {
        dashboard_title: body.result.dashboard_title,
        position_json: body.result.position_json,
        json_metadata: body.result.json_metadata,
      });
      expect(r.status, `${slug}: ${r.text}`).toBe(200);
      const charts = await admin.get<{ result: DashboardChart[] }>(`/api/v1/dashboard/${slug}/charts`);
      expect(charts.body.result, slug).toHaveLength(10);
    }
  });

  it('lists the example dashboards as published', async () => {
    const q = encodeURIComponent('(filters:!((col:published,opr:eq,value:!t)))');
    const r = await admin.get<{ result: { slug: string | null }[] }>(`/api/v1/dashboard/?q=${q}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.map((d) => d.slug)).toEqual(expect.arrayContaining(['flights', 'world_health']));
  });

  it('updates rather than duplicates when loaded again, bringing an edited example back', async () => {
    const before = await counts();
    const rowsBefore = await chartRows();
    const [row] = rowsBefore;
    await server.ctx.store.db.updateTable('slices').set({ slice_name: 'Renamed by someone' }).where('id', '=', row.id).execute();
    const again = await registerExampleDashboards(server.ctx, examples);
    expect(again).toEqual({
      chartsCreated: 0,
      chartsUpdated: EXAMPLE_CHARTS.length,
      dashboardsCreated: 0,
      dashboardsUpdated: EXAMPLE_DASHBOARDS.length,
      warnings: [],
    });
    expect(await counts()).toEqual(before);
    const after = await chartRows();
    expect(after.map((r) => r.id)).toEqual(rowsBefore.map((r) => r.id));
    expect(after.find((r) => r.id === row.id)?.slice_name).toBe(row.slice_name);
  });

  it('leaves a slug someone else took to their dashboard', async () => {
    const r = await admin.get<{ id: number }>('/api/v1/dashboard/world_health');
    await server.ctx.store.db.updateTable('dashboards').set({ slug: null }).where('id', '=', r.body.id).execute();
    const own = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'Mine', slug: 'world_health' });
    expect(own.status, own.text).toBe(201);
    const again = await registerExampleDashboards(server.ctx, examples);
    expect(again.warnings).toEqual(['dashboard "World indicators": the slug world_health is taken; saved without one']);
    const bySlug = await admin.get<{ id: number; result: DashboardDetail }>('/api/v1/dashboard/world_health');
    expect(bySlug.body.result.dashboard_title).toBe('Mine');
  });
});
