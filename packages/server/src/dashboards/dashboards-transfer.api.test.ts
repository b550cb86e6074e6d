/**
 * Export and import of dashboards with their charts, datasets and databases: the BI server's
 * bundle layout, a round trip, overwrite rules, and a bundle from another installation (charts
 * found by uuid, or created, and every chart reference moved to the ids here).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDetail, ImportResult } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { dashboardChartIds } from '../test-support/dashboards.js';

let server: TestServer;
let admin: Client;
let flights: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let pie: number;
let bar: number;
let dashboard: number;

type Doc = Record<string, unknown>;
type Bundle = Record<string, Doc>;
type Component = { type: string; id: string; children: string[]; meta?: Record<string, unknown> };

async function download(c: Client, path: string): Promise<{ status: number; headers: Headers; files: Bundle }> {
  const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) return { status: res.status, headers: res.headers, files: {} };
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const root = Object.keys(entries)[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries)) files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Doc;
  return { status: res.status, headers: res.headers, files };
}

const zipOf = (files: Bundle) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`dashboard_export_test/${name}`, strToU8(stringify(doc))])));

function upload(c: Client, files: Bundle, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('formData', new Blob([zipOf(files) as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.postForm<Record<string, unknown>>('/api/v1/dashboard/import/', form, { csrf: true });
}

const exportOf = (c: Client, ids: number[]) => download(c, `/api/v1/dashboard/export/?q=!(${ids.join(',')})&token=dl_1`);
const fileOf = (files: Bundle, folder: string) => Object.entries(files).filter(([name]) => name.startsWith(folder));
const chartIdsOf = (id: number) => dashboardChartIds(server, id);

async function chart(name: string): Promise<number> {
  const r = await alice.client.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: flights,
    datasource_type: 'table',
    viz_type: 'pie',
    params: JSON.stringify({ datasource: `${flights}__table`, viz_type: 'pie', metric: 'count', groupby: ['origin'] }),
  });
  if (r.status !== 201) throw new Error(r.text);
  return r.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'bob', ['Alpha']);
  pie = await chart('Flights by origin');
  bar = await chart('Delays by carrier');
  const position = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': {
      type: 'ROW',
      id: 'ROW-1',
      children: ['CHART-p', 'MARKDOWN-m'],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'CHART-p': {
      type: 'CHART',
      id: 'CHART-p',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: pie, width: 4, height: 50 },
    },
    'MARKDOWN-m': {
      type: 'MARKDOWN',
      id: 'MARKDOWN-m',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { width: 4, height: 50, code: '# Notes' },
    },
  };
  const created = await alice.client.post<{ id: number }>('/api/v1/dashboard/', {
    dashboard_title: 'Flights board',
    slug: 'flights-board',
    css: '.x {}',
    published: true,
    position_json: JSON.stringify(position),
    json_metadata: JSON.stringify({
      color_scheme: 'supersetColors',
      expanded_slices: { [pie]: true },
      native_filter_configuration: [
        {
          id: 'NATIVE_FILTER-1',
          name: 'Origin',
          filterType: 'filter_select',
          targets: [{ datasetId: flights, column: { name: 'origin' } }],
          chartsInScope: [pie],
        },
      ],
    }),
  });
  if (created.status !== 201) throw new Error(created.text);
  dashboard = created.body.id;
  // a chart linked from Explore but not placed in the layout yet
  await server.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: dashboard, slice_id: bar }).execute();
});

afterAll(async () => {
  await server?.close();
});

describe('dashboard export', () => {
  it('bundles the dashboard with its charts, their dataset and database, in the BI server’s layout', async () => {
    const r = await exportOf(alice.client, [dashboard]);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="dashboard_export_\d{8}T\d{6}\.zip"$/);
    expect(r.headers.get('set-cookie')).toMatch(/dl_1=done/);
    expect(r.files['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    expect(Object.keys(r.files).filter((f) => f.startsWith('dashboards/'))).toEqual([`dashboards/Flights_board_${dashboard}.yaml`]);
    expect(fileOf(r.files, 'charts/')).toHaveLength(2);
    expect(fileOf(r.files, 'datasets/')).toHaveLength(1);
    expect(fileOf(r.files, 'databases/')).toHaveLength(1);
    const doc = r.files[`dashboards/Flights_board_${dashboard}.yaml`];
    const dataset = fileOf(r.files, 'datasets/')[0][1];
    expect(doc).toMatchObject({ dashboard_title: 'Flights board', slug: 'flights-board', css: '.x {}', published: true, version: '1.0.0' });
    const position = doc.position as Record<string, Component>;
    const uuids = new Map(fileOf(r.files, 'charts/').map(([, c]) => [c.slice_name as string, c.uuid as string]));
    expect(position['CHART-p'].meta).toMatchObject({ chartId: pie, uuid: uuids.get('Flights by origin') });
    // the chart linked but not placed gets a place, as the page shows it
    const placed = Object.values(position)
      .filter((c) => c?.type === 'CHART')
      .map((c) => c.meta?.uuid);
    expect(placed).toContain(uuids.get('Delays by carrier'));
    const md = doc.metadata as { native_filter_configuration: { targets: Record<string, unknown>[] }[] };
    expect(md.native_filter_configuration[0].targets[0]).toEqual({ datasetUuid: dataset.uuid, column: { name: 'origin' } });
  });

  it('answers 404 when one of the dashboards is missing or hidden, and needs can_export', async () => {
    expect((await exportOf(alice.client, [dashboard, 999_999])).status).toBe(404);
    const draft = await alice.client.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'Alice only' });
    expect((await exportOf(bob.client, [draft.body.id])).status).toBe(404);
    expect((await download(alice.client, '/api/v1/dashboard/export/?q=oops')).status).toBe(400);
  });
});

describe('dashboard import', () => {
  let bundle: Bundle;
  let file: string;
  let uuid: string;

  beforeAll(async () => {
    bundle = (await exportOf(alice.client, [dashboard])).files;
    file = `dashboards/Flights_board_${dashboard}.yaml`;
    uuid = bundle[file].uuid as string;
  });

  const byUuid = (u: string) => server.ctx.store.db.selectFrom('dashboards').selectAll().where('uuid', '=', u).executeTakeFirst();

  it('a deleted dashboard comes back from its export, on the charts that are still here', async () => {
    expect((await alice.client.delete(`/api/v1/dashboard/${dashboard}`)).status).toBe(200);
    const r = await upload(alice.client, bundle);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ message: 'OK', result: { created: [{ type: 'dashboard', uuid }], renamed: [] } });
    const row = await byUuid(uuid);
    expect(row).toMatchObject({ dashboard_title: 'Flights board', slug: 'flights-board', css: '.x {}' });
    expect(await chartIdsOf(row!.id)).toEqual([pie, bar].sort((a, b) => a - b));
    const got = await alice.client.get<{ result: DashboardDetail }>(`/api/v1/dashboard/${row!.id}`);
    expect(got.body.result.owners.map((o) => o.id)).toEqual([alice.id]);
    const md = JSON.parse(got.body.result.json_metadata as string) as Record<string, unknown>;
    expect(md.expanded_slices).toEqual({ [pie]: true });
    expect((md.native_filter_configuration as { targets: unknown[] }[])[0].targets).toEqual([
      { datasetId: flights, column: { name: 'origin' } },
    ]);
    dashboard = row!.id;
  });

  it('replaces an existing dashboard only with overwrite, and only for someone who may edit it', async () => {
    const again = await upload(alice.client, bundle);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      errors: [
        {
          message: 'Error importing dashboard',
          error_type: 'GENERIC_COMMAND_ERROR',
          extra: { [file]: 'Dashboard already exists and `overwrite=true` was not passed' },
        },
      ],
    });
    const changed = structuredClone(bundle);
    changed[file].dashboard_title = 'Flights board v2';
    const notBobs = await upload(bob.client, changed, { overwrite: 'true' });
    expect(notBobs.status).toBe(422);
    expect(JSON.stringify(notBobs.body)).toContain("A dashboard already exists and user doesn't have permissions to overwrite it");
    // overwrite replaces every asset of the bundle: the flights dataset is the admin's, so Alice
    // (who may write datasets, but not this one) is refused and nothing is written
    const notHers = await upload(alice.client, changed, { overwrite: 'true' });
    expect(notHers.status).toBe(422);
    const datasetFile = fileOf(changed, 'datasets/')[0][0];
    expect(notHers.body).toMatchObject({
      errors: [{ extra: { [datasetFile]: "A dataset already exists and user doesn't have permissions to overwrite it" } }],
    });
    expect((await byUuid(uuid))?.dashboard_title).toBe('Flights board');
    await server.ctx.store.db.insertInto('dataset_owners').values({ dataset_id: flights, user_id: alice.id }).execute();
    const ok = await upload(alice.client, changed, { overwrite: 'true' });
    expect(ok.status, ok.text).toBe(200);
    expect((await byUuid(uuid))?.dashboard_title).toBe('Flights board v2');
    expect((await byUuid(uuid))?.id).toBe(dashboard);
    const updated = [...new Set((ok.body as { result: ImportResult }).result.updated.map((a) => a.type))].sort();
    // Alpha may not edit databases: the examples database is used as it is
    expect(updated).toEqual(['chart', 'dashboard', 'dataset']);
  });

  it('a bundle from another installation creates its charts and points the layout and metadata at them', async () => {
    const foreign = structuredClone(bundle);
    const doc = foreign[file];
    doc.uuid = randomUUID();
    doc.slug = 'flights-board';
    const moved = new Map<string, string>();
    for (const [name, c] of fileOf(foreign, 'charts/')) {
      const fresh = randomUUID();
      moved.set(c.uuid as string, fresh);
      foreign[name] = { ...c, uuid: fresh };
    }
    const position = doc.position as Record<string, Component>;
    for (const c of Object.values(position))
      if (c?.type === 'CHART' && c.meta)
        c.meta = { ...c.meta, chartId: (c.meta.chartId as number) + 5000, uuid: moved.get(c.meta.uuid as string) };
    // a chart neither here nor in the bundle leaves the layout
    position['CHART-gone'] = {
      type: 'CHART',
      id: 'CHART-gone',
      children: [],
      meta: { chartId: 9999, uuid: randomUUID(), width: 4, height: 50 },
    };
    (position['ROW-1'] as Component).children.push('CHART-gone');
    doc.metadata = { ...(doc.metadata as Doc), expanded_slices: { [pie + 5000]: true, 9999: true } };
    const r = await upload(alice.client, foreign);
    expect(r.status, r.text).toBe(200);
    const row = (await byUuid(doc.uuid as string))!;
    // the slug is another dashboard's here: dropped, the dashboard opens by id
    expect(row.slug).toBeNull();
    const charts = await chartIdsOf(row.id);
    expect(charts).toHaveLength(2);
    expect(charts.some((c) => c === pie || c === bar)).toBe(false);
    const stored = JSON.parse(row.position_json as string) as Record<string, Component>;
    expect(stored['CHART-gone']).toBeUndefined();
    expect(stored['ROW-1'].children).not.toContain('CHART-gone');
    const newPie = stored['CHART-p'].meta?.chartId as number;
    expect(charts).toContain(newPie);
    expect(JSON.parse(row.json_metadata as string).expanded_slices).toEqual({ [newPie]: true });
  });

  it('refuses a bundle of another type or a broken dashboard file', async () => {
    const wrongType = { ...bundle, 'metadata.yaml': { version: '1.0.0', type: 'Slice', timestamp: 'x' } };
    expect((await upload(alice.client, wrongType, { overwrite: 'true' })).status).toBe(422);
    const broken = structuredClone(bundle);
    delete broken[file].dashboard_title;
    const r = await upload(alice.client, broken, { overwrite: 'true' });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('Missing data for required field.');
  });
});
