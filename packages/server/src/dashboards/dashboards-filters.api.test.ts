/**
 * Native filters on the server (issue 13): PUT /{id}/filters with the config modal's changes
 * (spec section 7), the checks a stored filter list passes (spec section 3 "Native filter"), the
 * viewers' filter state behind `native_filters_key`, and filters that keep working through "save
 * as" and export/import — each only as the user may.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDetail, FilterConfigItem, NativeFilter } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardChartIds, dashboardTestWorld } from '../test-support/dashboards.js';

let server: TestServer;
let admin: Client;
let flights: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let rita: { client: Client; id: number };
let pie: number;
let bar: number;

const SAVE_MESSAGE = 'You do not have permission to edit this dashboard';
const NOT_YOURS = 'This filter state was saved by another user: only they may change or delete it.';

type Detail = { id: number; result: DashboardDetail };
type FiltersReply = { result: FilterConfigItem[] };
type Doc = Record<string, unknown>;
type Bundle = Record<string, Doc>;

function layoutOf(charts: number[]): Record<string, unknown> {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-0'], parents: ['ROOT_ID'] },
    'ROW-0': { type: 'ROW', id: 'ROW-0', children: charts.map((c) => `CHART-${c}`), parents: ['ROOT_ID', 'GRID_ID'] },
  };
  for (const c of charts)
    position[`CHART-${c}`] = {
      type: 'CHART',
      id: `CHART-${c}`,
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-0'],
      meta: { chartId: c, width: 4, height: 50 },
    };
  return position;
}

/** A value filter on a flights column, as the config modal saves it. */
const filter = (key: string, extra: Partial<NativeFilter> = {}): NativeFilter => ({
  id: `NATIVE_FILTER-${key}`,
  type: 'NATIVE_FILTER',
  name: key,
  filterType: 'filter_select',
  targets: [{ datasetId: flights, column: { name: key } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  chartsInScope: [pie, bar],
  tabsInScope: [],
  description: '',
  ...extra,
});

const create = async (c: Client, body: Record<string, unknown>): Promise<number> => {
  const r = await c.post<{ id: number }>('/api/v1/dashboard/', body);
  if (r.status !== 201) throw new Error(`creating a dashboard failed: ${r.status} ${r.text}`);
  return r.body.id;
};
const detail = async (c: Client, id: number | string) => (await c.get<Detail>(`/api/v1/dashboard/${id}`)).body.result;
const metadataOf = async (id: number) => JSON.parse((await detail(admin, id)).json_metadata as string) as Doc;
const putFilters = (c: Client, id: number | string, body: unknown) => c.put<FiltersReply>(`/api/v1/dashboard/${id}/filters`, body);
const ids = (list: { id: string }[]) => list.map((f) => f.id);
const message = (body: unknown) => (body as { message: Record<string, string[]> }).message;

async function chart(name: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: flights,
    datasource_type: 'table',
    viz_type: 'pie',
    params: JSON.stringify({ datasource: `${flights}__table`, viz_type: 'pie', metric: 'count', groupby: ['origin'] }),
  });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

/** A published dashboard of Alice's with both charts and the given metadata. */
const board = (title: string, metadata: Doc = {}) =>
  create(alice.client, {
    dashboard_title: title,
    published: true,
    position_json: JSON.stringify(layoutOf([pie, bar])),
    json_metadata: JSON.stringify(metadata),
  });

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, flights, alice, bob, rita } = await dashboardTestWorld(server));
  pie = await chart('Flights by origin');
  bar = await chart('Delays by carrier');
});

afterAll(async () => {
  await server?.close();
});

describe('PUT /api/v1/dashboard/{id}/filters', () => {
  it('applies modified (changed in place, new appended) and deleted, answers the new list and keeps the rest of json_metadata', async () => {
    const id = await board('Filters 1', {
      color_scheme: 'supersetColors',
      native_filter_configuration: [filter('origin'), filter('dest')],
    });
    const before = await detail(alice.client, id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const r = await putFilters(alice.client, id, {
      modified: [filter('carrier'), filter('origin', { name: 'Origin airport' })],
      deleted: ['NATIVE_FILTER-dest'],
    });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(['result']);
    expect(ids(r.body.result)).toEqual(['NATIVE_FILTER-origin', 'NATIVE_FILTER-carrier']);
    expect(r.body.result[0]).toMatchObject({ name: 'Origin airport', targets: [{ datasetId: flights, column: { name: 'origin' } }] });
    const md = await metadataOf(id);
    expect(md.native_filter_configuration).toEqual(r.body.result);
    expect(md.color_scheme).toBe('supersetColors');
    const after = await detail(alice.client, id);
    expect(after.last_modified_time).toBeGreaterThan(before.last_modified_time);
  });

  it('reordered gives the order; a new filter missing optional fields is stored with their defaults', async () => {
    const id = await board('Filters 2', { native_filter_configuration: [filter('a'), filter('b'), filter('c')] });
    const r = await putFilters(alice.client, id, {
      modified: [{ id: 'NATIVE_FILTER-n', type: 'NATIVE_FILTER', name: 'New', filterType: 'filter_time', targets: [{}] }],
      reordered: ['NATIVE_FILTER-c', 'NATIVE_FILTER-n', 'NATIVE_FILTER-a'],
    });
    expect(r.status, r.text).toBe(200);
    expect(ids(r.body.result)).toEqual(['NATIVE_FILTER-c', 'NATIVE_FILTER-n', 'NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
    expect(r.body.result[1]).toEqual({
      id: 'NATIVE_FILTER-n',
      type: 'NATIVE_FILTER',
      name: 'New',
      filterType: 'filter_time',
      targets: [{}],
      controlValues: {},
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      description: '',
    });
    expect(ids((await metadataOf(id)).native_filter_configuration as FilterConfigItem[])).toEqual(ids(r.body.result));
    // a dashboard without filters yet, and an empty change, both work
    const bare = await board('Filters 2b');
    const first = await putFilters(alice.client, bare, { modified: [filter('x')] });
    expect(ids(first.body.result)).toEqual(['NATIVE_FILTER-x']);
    expect((await putFilters(alice.client, bare, {})).body.result).toEqual(first.body.result);
  });

  it('refuses an invalid filter list with 422 and its reasons, and nothing is lost', async () => {
    const id = await board('Filters 3', {
      native_filter_configuration: [filter('a'), filter('b', { cascadeParentIds: ['NATIVE_FILTER-a'] })],
    });
    const stored = await metadataOf(id);
    const refused = async (body: unknown, field: string) => {
      const r = await putFilters(alice.client, id, body);
      expect(r.status, r.text).toBe(422);
      expect(Object.keys(message(r.body))).toEqual([field]);
      return message(r.body)[field];
    };
    expect(await refused({ modified: [{ ...filter('c'), name: '' }] }, 'native_filter_configuration')).toEqual([
      'Filter "NATIVE_FILTER-c": name is required and must be a text.',
    ]);
    expect(await refused({ modified: [{ ...filter('c'), id: 'FILTER-c' }] }, 'native_filter_configuration')).toEqual([
      'Filter "FILTER-c": the id must start with NATIVE_FILTER-.',
    ]);
    expect(await refused({ modified: [filter('a', { cascadeParentIds: ['NATIVE_FILTER-b'] })] }, 'native_filter_configuration')).toEqual([
      'The filters "NATIVE_FILTER-a" → "NATIVE_FILTER-b" → "NATIVE_FILTER-a" depend on each other in a circle.',
    ]);
    expect(await refused({ modified: [{ name: 'no id' }] }, 'modified')).toEqual([
      'Item 1 has no id (the id of the filter or divider it is).',
    ]);
    // the body has its own shape (400, as every schema error of this API)
    expect((await putFilters(alice.client, id, { modified: [], colour: 'red' })).status).toBe(400);
    expect((await putFilters(alice.client, id, { reordered: [{ id: 'NATIVE_FILTER-a' }] })).status).toBe(400);
    expect((await putFilters(alice.client, id, { modified: ['NATIVE_FILTER-a'] })).status).toBe(400);
    expect(await metadataOf(id)).toEqual(stored);
    // deleting a parent frees its child rather than leaving it waiting on a filter that is gone
    const r = await putFilters(alice.client, id, { deleted: ['NATIVE_FILTER-a'] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual([{ ...filter('b'), cascadeParentIds: [] }]);
  });

  it('needs the rights to edit the dashboard: a non-owner gets the spec’s message, a missing or hidden dashboard 404', async () => {
    const id = await board('Filters 4', { native_filter_configuration: [filter('a')] });
    const stored = await metadataOf(id);
    const r = await putFilters(bob.client, id, { deleted: ['NATIVE_FILTER-a'] });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: SAVE_MESSAGE });
    // a reader without can_write on Dashboard is stopped before the dashboard is looked at
    expect((await putFilters(rita.client, id, { deleted: ['NATIVE_FILTER-a'] })).status).toBe(403);
    const missing = await putFilters(bob.client, 999_999, { deleted: ['NATIVE_FILTER-a'] });
    expect(missing.status).toBe(404);
    const hidden = await create(alice.client, { dashboard_title: 'Filters hidden' });
    const r404 = await putFilters(bob.client, hidden, { deleted: [] });
    expect(r404.status).toBe(404);
    expect(r404.body).toEqual(missing.body);
    expect(await metadataOf(id)).toEqual(stored);
    // an admin may change anyone's
    expect((await putFilters(admin, id, { deleted: ['NATIVE_FILTER-a'] })).body).toEqual({ result: [] });
  });

  it('the full dashboard save checks native_filter_configuration by the same rules (400)', async () => {
    const id = await board('Filters 5');
    const r = await alice.client.put(`/api/v1/dashboard/${id}`, {
      json_metadata: JSON.stringify({ native_filter_configuration: [{ ...filter('a'), targets: 'flights' }] }),
    });
    expect(r.status, r.text).toBe(400);
    expect(message(r.body)).toEqual({ json_metadata: ['Filter "NATIVE_FILTER-a": targets must be a list.'] });
  });
});

describe('filter state (/api/v1/dashboard/{id_or_slug}/filter_state)', () => {
  const mask = (value: string[]) =>
    JSON.stringify({
      'NATIVE_FILTER-origin': {
        id: 'NATIVE_FILTER-origin',
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: value }] },
        filterState: { value },
        ownState: {},
      },
    });
  const base = (id: number | string) => `/api/v1/dashboard/${id}/filter_state`;

  it('creates, reads, updates and deletes a viewer’s filter values under an unguessable key', async () => {
    const id = await create(alice.client, {
      dashboard_title: 'Stateful',
      slug: 'stateful',
      published: true,
      position_json: JSON.stringify(layoutOf([pie])),
    });
    // a viewer who may only read dashboards keeps filter values too
    const made = await rita.client.post<{ key: string }>(`${base('stateful')}?tab_id=3`, { value: mask(['SEA']) });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({ key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    const key = made.body.key;
    const again = await rita.client.post<{ key: string }>(`${base(id)}?tab_id=3`, { value: mask(['SEA']) });
    expect(again.body.key).not.toBe(key);

    const got = await rita.client.get<{ value: string }>(`${base(id)}/${key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ value: mask(['SEA']) });
    // a link with the key shows the same filters to whoever may see the dashboard
    expect((await bob.client.get<{ value: string }>(`${base('stateful')}/${key}`)).body).toEqual({ value: mask(['SEA']) });

    const updated = await rita.client.put<{ key: string }>(`${base(id)}/${key}?tab_id=3`, { value: mask(['LAX', 'SFO']) });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toEqual({ key });
    expect((await rita.client.get<{ value: string }>(`${base(id)}/${key}`)).body.value).toBe(mask(['LAX', 'SFO']));

    const deleted = await rita.client.delete(`${base(id)}/${key}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Deleted successfully' });
    expect((await rita.client.get(`${base(id)}/${key}`)).status).toBe(404);
    expect((await rita.client.put(`${base(id)}/${key}`, { value: '{}' })).status).toBe(404);
  });

  it('only the user who made a key may change or delete it', async () => {
    const id = await board('Stateful 2');
    const { key } = (await alice.client.post<{ key: string }>(base(id), { value: mask(['SEA']) })).body;
    const r = await bob.client.put(`${base(id)}/${key}`, { value: mask(['LAX']) });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: NOT_YOURS });
    const d = await bob.client.delete(`${base(id)}/${key}`);
    expect(d.status).toBe(403);
    expect(d.body).toEqual({ message: NOT_YOURS });
    expect((await alice.client.get<{ value: string }>(`${base(id)}/${key}`)).body.value).toBe(mask(['SEA']));
  });

  it('answers 404 for an unknown key, another dashboard’s key and a dashboard the user may not see', async () => {
    const id = await board('Stateful 3');
    const other = await board('Stateful 4');
    const draft = await create(alice.client, { dashboard_title: 'Stateful draft' });
    const { key } = (await alice.client.post<{ key: string }>(base(id), { value: '{}' })).body;
    expect((await alice.client.get(`${base(id)}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await alice.client.get(`${base(id)}/not a key`)).status).toBe(404);
    expect((await alice.client.get(`${base(other)}/${key}`)).status).toBe(404);
    expect((await alice.client.delete(`${base(other)}/${key}`)).status).toBe(404);
    expect((await bob.client.post(base(draft), { value: '{}' })).status).toBe(404);
    const hidden = (await alice.client.post<{ key: string }>(base(draft), { value: '{}' })).body.key;
    expect((await bob.client.get(`${base(draft)}/${hidden}`)).status).toBe(404);
    expect((await bob.client.get(`${base(999_999)}/${key}`)).status).toBe(404);
  });

  it('the value must be a JSON object of at most 1 MB', async () => {
    const id = await board('Stateful 5');
    for (const value of ['[1, 2]', '{oops', '"text"']) {
      const r = await alice.client.post(base(id), { value });
      expect(r.status, value).toBe(400);
      expect(message(r.body)).toEqual({ value: ['The value must be a JSON object (the filters’ data mask).'] });
    }
    const big = JSON.stringify({ x: 'é'.repeat(600_000) });
    const r = await alice.client.post(base(id), { value: big });
    expect(r.status).toBe(400);
    expect(message(r.body)).toEqual({ value: ['The value is larger than 1024 KB.'] });
    expect((await alice.client.post(base(id), { value: '{}', extra: 1 })).status).toBe(400);
    expect((await alice.client.post(base(id), {})).status).toBe(400);
  });
});

describe('native filters survive "save as" and export/import', () => {
  const crossFilters = () => ({
    chart_configuration: {
      [pie]: { id: pie, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [pie, bar] }, chartsInScope: [] } },
      [bar]: { id: bar, crossFilters: { scope: 'global', chartsInScope: [pie] } },
    },
    global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [bar] }, chartsInScope: [pie] },
  });
  const scoped = () => filter('origin', { scope: { rootPath: ['ROOT_ID'], excluded: [bar] }, chartsInScope: [pie] });

  it('a copy with duplicated charts takes the filters of the original and points them at the copies', async () => {
    const id = await board('Filtered original', {
      native_filter_configuration: [scoped()],
      ...crossFilters(),
      filter_bar_orientation: 'HORIZONTAL',
    });
    // the save-as dialog sends only what it shows: the filter settings come from the original
    const r = await alice.client.post<{ result: { id: number } }>(`/api/v1/dashboard/${id}/copy/`, {
      dashboard_title: 'Filtered copy',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
      duplicate_slices: true,
    });
    expect(r.status, r.text).toBe(200);
    const copied = await dashboardChartIds(server, r.body.result.id);
    const rows = await server.ctx.store.db.selectFrom('slices').select(['id', 'slice_name']).where('id', 'in', copied).execute();
    const newPie = rows.find((c) => c.slice_name === 'Flights by origin')?.id as number;
    const newBar = rows.find((c) => c.slice_name === 'Delays by carrier')?.id as number;
    const md = await metadataOf(r.body.result.id);
    expect(md.native_filter_configuration).toEqual([
      { ...scoped(), scope: { rootPath: ['ROOT_ID'], excluded: [newBar] }, chartsInScope: [newPie] },
    ]);
    expect(md.chart_configuration).toEqual({
      [newPie]: { id: newPie, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [newPie, newBar] }, chartsInScope: [] } },
      [newBar]: { id: newBar, crossFilters: { scope: 'global', chartsInScope: [newPie] } },
    });
    expect(md.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [newBar] }, chartsInScope: [newPie] });
    expect(md).toMatchObject({ filter_bar_orientation: 'HORIZONTAL', color_scheme: 'supersetColors' });
    // the original is untouched
    expect((await metadataOf(id)).native_filter_configuration).toEqual([scoped()]);
    // filters sent with the copy win over the original's
    const mine = await alice.client.post<{ result: { id: number } }>(`/api/v1/dashboard/${id}/copy/`, {
      dashboard_title: 'Own filters',
      json_metadata: JSON.stringify({ native_filter_configuration: [] }),
    });
    expect((await metadataOf(mine.body.result.id)).native_filter_configuration).toEqual([]);
  });

  async function download(c: Client, path: string): Promise<Bundle> {
    const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
    const res = await fetch(server.url + path, { headers: { cookie } });
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const root = Object.keys(entries)[0].split('/')[0];
    const files: Bundle = {};
    for (const [name, bytes] of Object.entries(entries)) files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Doc;
    return files;
  }

  function upload(c: Client, files: Bundle) {
    const zip = zipSync(
      Object.fromEntries(Object.entries(files).map(([name, doc]) => [`dashboard_export_test/${name}`, strToU8(stringify(doc))])),
    );
    const form = new FormData();
    form.append('formData', new Blob([zip as Uint8Array<ArrayBuffer>]), 'bundle.zip');
    return c.postForm<Record<string, unknown>>('/api/v1/dashboard/import/', form, { csrf: true });
  }

  it('export names filter datasets by uuid; an import from elsewhere points filters and cross-filters at the charts and datasets here', async () => {
    const id = await board('Filtered export', { native_filter_configuration: [scoped()], ...crossFilters() });
    const bundle = await download(admin, `/api/v1/dashboard/export/?q=!(${id})`);
    const file = Object.keys(bundle).find((f) => f.startsWith('dashboards/')) as string;
    const datasetUuid = (await server.ctx.store.db.selectFrom('tables').select('uuid').where('id', '=', flights).executeTakeFirstOrThrow())
      .uuid;
    const exported = bundle[file].metadata as { native_filter_configuration: NativeFilter[] };
    expect(exported.native_filter_configuration[0].targets).toEqual([{ datasetUuid, column: { name: 'origin' } }]);
    expect(Object.keys(bundle).some((f) => f.startsWith('datasets/'))).toBe(true);

    // as if from elsewhere: a new dashboard uuid, charts this installation does not have, and one
    // target still carrying the other installation's dataset id
    const doc = bundle[file];
    doc.uuid = randomUUID();
    doc.slug = null;
    for (const [name, c] of Object.entries(bundle)) if (name.startsWith('charts/')) c.uuid = randomUUID();
    const uuidOf = new Map(
      Object.entries(bundle)
        .filter(([name]) => name.startsWith('charts/'))
        .map(([, c]) => [c.slice_name as string, c.uuid as string]),
    );
    const position = doc.position as Record<string, { type?: string; meta?: Doc }>;
    for (const component of Object.values(position))
      if (component?.type === 'CHART' && component.meta)
        component.meta.uuid = uuidOf.get(component.meta.chartId === pie ? 'Flights by origin' : 'Delays by carrier');
    exported.native_filter_configuration.push(filter('dest', { targets: [{ datasetId: 424_242, column: { name: 'dest' } }] }));

    const r = await upload(admin, bundle);
    expect(r.status, r.text).toBe(200);
    const row = await server.ctx.store.db
      .selectFrom('dashboards')
      .selectAll()
      .where('uuid', '=', doc.uuid as string)
      .executeTakeFirstOrThrow();
    const charts = await server.ctx.store.db
      .selectFrom('slices')
      .select(['id', 'slice_name'])
      .where('uuid', 'in', [...uuidOf.values()])
      .execute();
    const newPie = charts.find((c) => c.slice_name === 'Flights by origin')?.id as number;
    const newBar = charts.find((c) => c.slice_name === 'Delays by carrier')?.id as number;
    expect([newPie, newBar].some((c) => c === pie || c === bar)).toBe(false);
    const md = JSON.parse(row.json_metadata as string) as Doc;
    const [origin, dest] = md.native_filter_configuration as NativeFilter[];
    expect(origin.targets).toEqual([{ datasetId: flights, column: { name: 'origin' } }]);
    expect(origin.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [newBar] });
    expect(origin.chartsInScope).toEqual([newPie]);
    // another installation's dataset id names nothing here
    expect(dest.targets).toEqual([{ column: { name: 'dest' } }]);
    expect(dest.chartsInScope).toEqual([newPie, newBar]);
    expect(Object.keys(md.chart_configuration as Doc).sort()).toEqual([String(newPie), String(newBar)].sort());
    expect((md.chart_configuration as Record<string, Doc>)[newBar]).toEqual({
      id: newBar,
      crossFilters: { scope: 'global', chartsInScope: [newPie] },
    });
    expect(md.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [newBar] }, chartsInScope: [newPie] });
  });
});
