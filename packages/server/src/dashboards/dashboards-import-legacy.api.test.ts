/**
 * Issue 31 item 2, on import: a dashboard bundle of the BI server's legacy charts (a `dist_bar`,
 * an `area`, a `heatmap`, a `markup` and a `filter_box` with `default_filters` and
 * `filter_scopes`, on two tabs) is stored as current types: the charts migrated (old form data
 * under `form_data_bak`, no query context), the filter box as a native filter on `origin` with
 * its default and scope (the box leaves the layout), the markup chart as a Markdown component.
 * The chart import stores a legacy chart migrated too. The reply lists every conversion.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, NativeFilter } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { examplesDataset } from '../test-support/datasets.js';
import {
  LEGACY_CHART_IDS,
  LEGACY_MARKUP_TEXT,
  legacyDashboardBundle,
  type BundleDocs,
  type LegacyBundleIds,
} from '../test-support/legacyBundle.js';

type Reply = { message?: string; result?: ImportResult; errors?: { message: string }[] };
type DataReply = { result: { data: Record<string, unknown>[]; colnames: string[] }[] };
type Component = { type: string; id: string; children?: string[]; meta?: Record<string, unknown> };

let server: TestServer;
let admin: Client;
let databaseUuid: string;
let datasetId: number;
let datasetUuid: string;

const db = () => server.ctx.store.db;
const newIds = (): LegacyBundleIds => ({
  databaseUuid,
  datasetUuid,
  dashboardUuid: randomUUID(),
  charts: { distBar: randomUUID(), area: randomUUID(), heatmap: randomUUID(), markup: randomUUID(), filterBox: randomUUID() },
});

function upload(kind: 'dashboard' | 'chart', files: BundleDocs) {
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, d]) => [`${kind}_export/${n}`, strToU8(stringify(d))])));
  const form = new FormData();
  form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  return admin.postForm<Reply>(`/api/v1/${kind}/import/`, form, { csrf: true });
}

const chartRow = (uuid: string) => db().selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirst();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  datasetId = await examplesDataset(server, admin, 'flights');
  datasetUuid = (await db().selectFrom('tables').select('uuid').where('id', '=', datasetId).executeTakeFirstOrThrow()).uuid;
  databaseUuid = (
    await db()
      .selectFrom('dbs')
      .select('uuid')
      .where('id', '=', server.examplesId as number)
      .executeTakeFirstOrThrow()
  ).uuid;
});

afterAll(async () => {
  await server?.close();
});

describe('dashboard import of legacy charts', () => {
  let ids: LegacyBundleIds;
  let reply: Reply;

  beforeAll(async () => {
    ids = newIds();
    const r = await upload('dashboard', legacyDashboardBundle(ids));
    expect(r.status, r.text).toBe(200);
    reply = r.body;
  });

  it('stores the dist_bar, area and heatmap charts as their current types, the old form data kept, no query context', async () => {
    const expected: [string, string, string][] = [
      [ids.charts.distBar, 'dist_bar', 'echarts_timeseries_bar'],
      [ids.charts.area, 'area', 'echarts_area'],
      [ids.charts.heatmap, 'heatmap', 'heatmap_v2'],
    ];
    for (const [uuid, from, to] of expected) {
      const row = await chartRow(uuid);
      expect(row, from).toBeDefined();
      expect(row!.viz_type).toBe(to);
      expect(row!.query_context).toBeNull();
      const params = JSON.parse(row!.params ?? '{}') as Record<string, unknown>;
      expect(params.viz_type).toBe(to);
      expect(params.datasource).toBe(`${datasetId}__table`);
      expect(params.form_data_bak).toMatchObject({ viz_type: from });
    }
    const bar = JSON.parse((await chartRow(ids.charts.distBar))!.params ?? '{}') as Record<string, unknown>;
    expect(bar).toMatchObject({ x_axis: 'origin', metrics: ['count'], groupby: [] });
    const heat = JSON.parse((await chartRow(ids.charts.heatmap))!.params ?? '{}') as Record<string, unknown>;
    expect(heat).toMatchObject({ x_axis: 'origin', groupby: 'destination', metric: 'count' });
  });

  it('does not create the filter box or the markup chart, and links the dashboard to the other three', async () => {
    expect(await chartRow(ids.charts.filterBox)).toBeUndefined();
    expect(await chartRow(ids.charts.markup)).toBeUndefined();
    const dashboard = await db().selectFrom('dashboards').selectAll().where('uuid', '=', ids.dashboardUuid).executeTakeFirstOrThrow();
    const linked = (await db().selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboard.id).execute()).map(
      (r) => r.slice_id,
    );
    const expected = await Promise.all([ids.charts.distBar, ids.charts.area, ids.charts.heatmap].map(async (u) => (await chartRow(u))!.id));
    expect(linked.sort()).toEqual(expected.sort());
  });

  it('turns the filter box into a select filter on origin with ORD by default, its scope leaving out the heatmap', async () => {
    const dashboard = await db().selectFrom('dashboards').selectAll().where('uuid', '=', ids.dashboardUuid).executeTakeFirstOrThrow();
    const metadata = JSON.parse(dashboard.json_metadata ?? '{}') as Record<string, unknown>;
    for (const key of ['default_filters', 'filter_scopes', 'filter_immune_slices', 'filter_immune_slice_fields'])
      expect(metadata, key).not.toHaveProperty(key);
    const filters = metadata.native_filter_configuration as NativeFilter[];
    expect(filters).toHaveLength(1);
    const heatmapId = (await chartRow(ids.charts.heatmap))!.id;
    expect(filters[0]).toMatchObject({
      filterType: 'filter_select',
      name: 'Origin',
      targets: [{ datasetId, column: { name: 'origin' } }],
      scope: { rootPath: ['ROOT_ID'], excluded: [heatmapId] },
      controlValues: { multiSelect: true },
      defaultDataMask: { filterState: { value: ['ORD'] } },
    });
    expect(heatmapId).not.toBe(LEGACY_CHART_IDS.heatmap);
  });

  it('takes the box out of the layout with its row, and puts the markup text in a Markdown component in its place', async () => {
    const dashboard = await db().selectFrom('dashboards').selectAll().where('uuid', '=', ids.dashboardUuid).executeTakeFirstOrThrow();
    const position = JSON.parse(dashboard.position_json ?? '{}') as Record<string, Component>;
    const charts = Object.values(position).filter((c) => c?.type === 'CHART');
    expect(charts.map((c) => c.meta?.uuid).sort()).toEqual([ids.charts.distBar, ids.charts.area, ids.charts.heatmap].sort());
    expect(position).not.toHaveProperty('CHART-box');
    expect(position).not.toHaveProperty('ROW-filters');
    expect(position['TAB-overview'].children).toEqual(['ROW-overview']);
    const markdown = Object.values(position).filter((c) => c?.type === 'MARKDOWN');
    expect(markdown).toHaveLength(1);
    expect(markdown[0].meta).toMatchObject({ code: LEGACY_MARKUP_TEXT, width: 3, height: 50 });
    expect(position['ROW-overview'].children).toEqual(['CHART-dist', 'CHART-area', markdown[0].id]);
  });

  it('answers what it converted', () => {
    const converted = reply.result?.converted ?? [];
    expect(converted.map((c) => [c.kind, c.from, c.to]).sort()).toEqual(
      [
        ['chart_type', 'area', 'echarts_area'],
        ['chart_type', 'dist_bar', 'echarts_timeseries_bar'],
        ['chart_type', 'heatmap', 'heatmap_v2'],
        ['markdown', 'markup', 'markdown'],
        ['native_filter', 'filter_box', 'native_filter'],
      ].sort(),
    );
    expect(converted.find((c) => c.kind === 'native_filter')).toMatchObject({
      uuid: ids.charts.filterBox,
      name: 'Filters',
      dashboard_uuid: ids.dashboardUuid,
      filters: 1,
    });
    expect(reply.result?.created.map((a) => a.type).sort()).toEqual(['chart', 'chart', 'chart', 'dashboard']);
  });

  it('answers rows for each migrated chart', async () => {
    for (const uuid of [ids.charts.distBar, ids.charts.area, ids.charts.heatmap]) {
      const r = await admin.get<DataReply>(`/api/v1/chart/${(await chartRow(uuid))!.id}/data/`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.result[0].data.length, uuid).toBeGreaterThan(0);
    }
    const bar = await admin.get<DataReply>(`/api/v1/chart/${(await chartRow(ids.charts.distBar))!.id}/data/`);
    expect(bar.body.result[0].colnames).toEqual(expect.arrayContaining(['origin', 'count']));
  });
});

describe('chart import of a legacy chart', () => {
  it('stores it as its current type with the old form data; a retired type is stored as it is', async () => {
    const ids = newIds();
    const all = legacyDashboardBundle(ids);
    const files: BundleDocs = { 'metadata.yaml': { ...all['metadata.yaml'], type: 'Slice' } };
    for (const [name, doc] of Object.entries(all))
      if (name.startsWith('databases/') || name.startsWith('datasets/') || name.includes('_101.') || name.includes('_105.'))
        files[name] = doc;
    const r = await upload('chart', files);
    expect(r.status, r.text).toBe(200);
    const bar = await chartRow(ids.charts.distBar);
    expect(bar).toMatchObject({ viz_type: 'echarts_timeseries_bar', query_context: null });
    expect(JSON.parse(bar!.params ?? '{}')).toMatchObject({ form_data_bak: { viz_type: 'dist_bar', groupby: ['origin'] } });
    expect((await chartRow(ids.charts.filterBox))?.viz_type).toBe('filter_box');
    expect(r.body.result?.converted).toEqual([
      {
        type: 'chart',
        kind: 'chart_type',
        uuid: ids.charts.distBar,
        id: bar!.id,
        name: 'Departures by origin',
        from: 'dist_bar',
        to: 'echarts_timeseries_bar',
      },
    ]);
  });
});
