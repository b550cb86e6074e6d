/**
 * Saving a dashboard (the three PUT bodies of spec section 7), its colours, "save as", permalinks,
 * its datasets, bulk delete and the RBAC feature flag, each only as the user may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import type { DashboardDetail, DashboardListItem, DashboardPermalinkValue, DashboardUpdated, ExploreDatasource } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { dashboardChartIds, dashboardTestWorld } from '../test-support/dashboards.js';
import { examplesDataset } from '../test-support/datasets.js';
import { datasetPermView } from '../access/datasets.js';

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let rita: { client: Client; id: number };
let pie: number;
let bar: number;
let stockChart: number;

type Created = { id: number; result: Record<string, unknown> };
type Detail = { id: number; result: DashboardDetail };

const PUBLISH_MESSAGE = 'You do not have permissions to edit this dashboard.';
const SAVE_MESSAGE = 'You do not have permission to edit this dashboard';

/** ROOT → GRID → one row per group of chart ids (widths 4), as the page saves a layout. */
function layoutOf(...rows: number[][]): Record<string, unknown> {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: rows.map((_, i) => `ROW-${i}`), parents: ['ROOT_ID'] },
  };
  rows.forEach((charts, i) => {
    position[`ROW-${i}`] = {
      type: 'ROW',
      id: `ROW-${i}`,
      children: charts.map((c) => `CHART-${c}`),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    for (const c of charts)
      position[`CHART-${c}`] = {
        type: 'CHART',
        id: `CHART-${c}`,
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`],
        meta: { chartId: c, width: 4, height: 50, sliceName: `chart ${c}` },
      };
  });
  return position;
}

const create = async (c: Client, body: Record<string, unknown>): Promise<number> => {
  const r = await c.post<Created>('/api/v1/dashboard/', body);
  if (r.status !== 201) throw new Error(`creating a dashboard failed: ${r.status} ${r.text}`);
  return r.body.id;
};
const put = (c: Client, id: number, body: Record<string, unknown>) => c.put<DashboardUpdated>(`/api/v1/dashboard/${id}`, body);
const detail = async (c: Client, id: number | string) => (await c.get<Detail>(`/api/v1/dashboard/${id}`)).body.result;
const chartIdsOf = (id: number) => dashboardChartIds(server, id);

async function chart(datasetId: number, name: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: datasetId,
    datasource_type: 'table',
    viz_type: 'pie',
    params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'pie', metric: 'count', groupby: ['origin'], slice_id: 999 }),
    query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, form_data: { slice_id: 999 }, queries: [] }),
  });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, flights, stocks, alice, bob, rita } = await dashboardTestWorld(server));
  pie = await chart(flights, 'Flights by origin');
  bar = await chart(flights, 'Delays by carrier');
  stockChart = await chart(stocks, 'Stock prices');
});

afterAll(async () => {
  await server?.close();
});

describe('saving a dashboard (PUT /api/v1/dashboard/{id})', () => {
  it('stores the properties and the layout, answers what it stored and when, and the detail agrees', async () => {
    const id = await create(alice.client, { dashboard_title: 'Draft' });
    const metadata = {
      color_scheme: 'supersetColors',
      label_colors: { SEA: '#1FA8C9', LAX: 'rgba(10, 20, 30, 0.5)' },
      refresh_frequency: 60,
    };
    const r = await put(alice.client, id, {
      dashboard_title: 'Flights overview',
      slug: 'flights overview',
      css: '.x { color: red; }',
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      owners: [alice.id],
      json_metadata: JSON.stringify(metadata),
      position_json: JSON.stringify(layoutOf([pie, bar])),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.id).toBe(id);
    expect(r.body.result).toMatchObject({
      dashboard_title: 'Flights overview',
      slug: 'flights-overview',
      css: '.x { color: red; }',
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      owners: [alice.id],
    });
    expect(r.body.last_modified_time).toEqual(expect.any(Number));
    expect(r.body.result.last_modified_time).toBe(r.body.last_modified_time);
    const stored = JSON.parse(r.body.result.json_metadata as string) as Record<string, unknown>;
    expect(stored).toMatchObject(metadata);
    // normalised to a boolean (spec section 5, "Dashboard save")
    expect(typeof stored.cross_filters_enabled).toBe('boolean');

    const got = await detail(alice.client, 'flights-overview');
    expect(got).toMatchObject({
      id,
      dashboard_title: 'Flights overview',
      url: '/rama/dashboard/flights-overview/',
      charts: ['Flights by origin', 'Delays by carrier'],
    });
    expect(got.last_modified_time).toBe(r.body.last_modified_time);
    expect(Math.abs(got.last_modified_time - Date.parse(got.changed_on) / 1000)).toBeLessThan(0.001);
    // the layout keeps each chart's uuid beside its id, as the BI server stores it
    const position = JSON.parse(got.position_json as string) as Record<string, { meta?: Record<string, unknown> }>;
    const uuid = (await server.ctx.store.db.selectFrom('slices').select('uuid').where('id', '=', pie).executeTakeFirstOrThrow()).uuid;
    expect(position[`CHART-${pie}`].meta).toMatchObject({ chartId: pie, uuid });
  });

  it('the saved layout decides which charts the dashboard has', async () => {
    const id = await create(alice.client, { dashboard_title: 'Membership', position_json: JSON.stringify(layoutOf([pie])) });
    expect(await chartIdsOf(id)).toEqual([pie]);
    expect((await put(alice.client, id, { position_json: JSON.stringify(layoutOf([bar])) })).status).toBe(200);
    expect(await chartIdsOf(id)).toEqual([bar]);
    // a save without a layout (the properties dialog) leaves the charts alone
    expect((await put(alice.client, id, { dashboard_title: 'Membership 2', json_metadata: '{}' })).status).toBe(200);
    expect(await chartIdsOf(id)).toEqual([bar]);
    // the BI server's client sends the layout inside json_metadata as `positions`
    const r = await put(alice.client, id, { json_metadata: JSON.stringify({ color_scheme: 'x', positions: layoutOf([pie, bar]) }) });
    expect(r.status, r.text).toBe(200);
    expect(await chartIdsOf(id)).toEqual([pie, bar].sort((a, b) => a - b));
    expect(JSON.parse(r.body.result.json_metadata as string)).not.toHaveProperty('positions');
    expect(JSON.parse((await detail(alice.client, id)).position_json as string)).toHaveProperty(`CHART-${bar}`);
  });

  it('json_metadata alone answers result.json_metadata and last_modified_time', async () => {
    const id = await create(alice.client, { dashboard_title: 'Cross filters' });
    const before = (await detail(alice.client, id)).last_modified_time;
    const r = await put(alice.client, id, {
      json_metadata: JSON.stringify({
        chart_configuration: {},
        global_chart_configuration: {},
        filter_bar_orientation: 'HORIZONTAL',
        cross_filters_enabled: false,
      }),
    });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.result).sort()).toEqual(['json_metadata', 'last_modified_time']);
    expect(JSON.parse(r.body.result.json_metadata as string)).toMatchObject({
      filter_bar_orientation: 'HORIZONTAL',
      cross_filters_enabled: false,
    });
    expect(r.body.result.last_modified_time).toBeGreaterThanOrEqual(before);
  });

  it('publishing needs edit rights (the spec’s publish message) and keeps the owners', async () => {
    const id = await create(alice.client, {
      dashboard_title: 'Publish me',
      owners: [bob.id],
      position_json: JSON.stringify(layoutOf([pie])),
    });
    const owners = (await detail(alice.client, id)).owners.map((o) => o.id).sort();
    const r = await put(alice.client, id, { published: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({ published: true, last_modified_time: r.body.last_modified_time });
    const got = await detail(alice.client, id);
    expect(got.published).toBe(true);
    expect(got.owners.map((o) => o.id).sort()).toEqual(owners);

    const other = await create(alice.client, {
      dashboard_title: 'Not Bob’s',
      published: true,
      position_json: JSON.stringify(layoutOf([pie])),
    });
    const publish = await put(bob.client, other, { published: false });
    expect(publish.status).toBe(403);
    expect(publish.body).toEqual({ message: PUBLISH_MESSAGE });
    const save = await put(bob.client, other, { dashboard_title: 'Mine now', published: false });
    expect(save.status).toBe(403);
    expect(save.body).toEqual({ message: SAVE_MESSAGE });
    expect((await detail(alice.client, other)).dashboard_title).toBe('Not Bob’s');
    // a reader without can_write on Dashboard is stopped before the dashboard is looked at
    expect((await put(rita.client, other, { published: false })).status).toBe(403);
    // hidden from Bob (a draft he does not own): the same 404 as a missing one
    const hidden = await create(alice.client, { dashboard_title: 'Hidden draft' });
    const missing = await put(bob.client, 999_999, { published: true });
    expect(missing.status).toBe(404);
    const r404 = await put(bob.client, hidden, { published: true });
    expect(r404.status).toBe(404);
    expect(r404.body).toEqual(missing.body);
  });

  it('normalises the slug and refuses one another dashboard holds (422)', async () => {
    const first = await create(alice.client, { dashboard_title: 'Slug one', slug: 'slug-one' });
    const second = await create(alice.client, { dashboard_title: 'Slug two' });
    const dup = await put(alice.client, second, { slug: 'slug one' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { slug: ['Must be unique'] } });
    expect((await put(alice.client, first, { slug: 'slug-one' })).status).toBe(200);
    expect((await put(alice.client, second, { slug: ' a b ' })).body.result.slug).toBe('a-b');
    expect((await put(alice.client, second, { slug: '' })).body.result.slug).toBeNull();
  });

  it('owners: the saving user stays an owner unless an admin; unknown users are refused', async () => {
    const id = await create(alice.client, { dashboard_title: 'Owners' });
    expect((await put(alice.client, id, { owners: [bob.id] })).body.result.owners).toEqual([bob.id, alice.id]);
    expect((await put(admin, id, { owners: [bob.id] })).body.result.owners).toEqual([bob.id]);
    // no longer an owner of a draft: Alice does not see it any more
    expect((await put(alice.client, id, { published: true })).status).toBe(404);
    const bad = await put(bob.client, id, { owners: [999_999] });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: { owners: ['Owners are invalid'] } });
  });

  it('ignores roles while DASHBOARD_RBAC is off', async () => {
    const gamma = (await server.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow()).id;
    const id = await create(alice.client, { dashboard_title: 'Roles', roles: [gamma] });
    const r = await put(alice.client, id, { roles: [gamma] });
    expect(r.status).toBe(200);
    expect(r.body.result.roles).toEqual([]);
    expect((await detail(alice.client, id)).roles).toEqual([]);
  });

  it('refuses a layout that breaks the layout rules or names charts that are not there (400)', async () => {
    const id = await create(alice.client, { dashboard_title: 'Bad layouts', position_json: JSON.stringify(layoutOf([pie])) });
    const refused = async (position: unknown) => {
      const r = await put(alice.client, id, { position_json: typeof position === 'string' ? position : JSON.stringify(position) });
      expect(r.status, r.text).toBe(400);
      const message = (r.body as unknown as { message: { position_json: string[] } }).message;
      expect(Object.keys(message)).toEqual(['position_json']);
      expect(message.position_json.length).toBeGreaterThan(0);
      return message.position_json;
    };
    const unknownType = layoutOf([pie]);
    unknownType[`CHART-${pie}`] = { ...(unknownType[`CHART-${pie}`] as object), type: 'WIDGET' };
    await refused(unknownType);
    const nested = layoutOf([pie]);
    // a row inside a row breaks the nesting table
    nested['ROW-0'] = { ...(nested['ROW-0'] as object), children: [`CHART-${pie}`, 'ROW-inner'] };
    nested['ROW-inner'] = { type: 'ROW', id: 'ROW-inner', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-0'] };
    await refused(nested);
    await refused(layoutOf([70_000]));
    expect(await refused(layoutOf([60_000]))).toEqual(['Chart 60000 does not exist.']);
    // a chart Alice cannot see answers like a missing one
    expect(await refused(layoutOf([stockChart]))).toEqual([`Chart ${stockChart} does not exist.`]);
    await refused('{not json');
    // nothing changed
    expect(await chartIdsOf(id)).toEqual([pie]);
  });

  it('refuses colours that are not hex or rgb, and opacity outside 0–1 (400)', async () => {
    const id = await create(alice.client, { dashboard_title: 'Colours' });
    for (const label_colors of [{ SEA: 'not-a-colour' }, { SEA: 'rgba(1, 2, 3, 2)' }, { SEA: '#12345' }]) {
      const r = await put(alice.client, id, { json_metadata: JSON.stringify({ label_colors }) });
      expect(r.status, JSON.stringify(label_colors)).toBe(400);
      expect(Object.keys((r.body as unknown as { message: Record<string, unknown> }).message)).toEqual(['json_metadata']);
    }
    for (const label_colors of [{ SEA: '#abc' }, { SEA: '#AABBCC' }, { SEA: 'rgb(1, 2, 3)' }, { SEA: 'rgba(1, 2, 3, 0.25)' }])
      expect((await put(alice.client, id, { json_metadata: JSON.stringify({ label_colors }) })).status, JSON.stringify(label_colors)).toBe(
        200,
      );
    expect((await put(alice.client, id, { json_metadata: '[1,2]' })).status).toBe(400);
  });

  it('refuses fields the contract does not have', async () => {
    const id = await create(alice.client, { dashboard_title: 'Strict' });
    expect((await put(alice.client, id, { dashboard_title: 'x', colour: 'red' })).status).toBe(400);
  });
});

describe('dashboard colours (PUT /{id}/colors)', () => {
  it('merges the colour keys into json_metadata; mark_updated=false leaves the change time and author alone', async () => {
    const id = await create(alice.client, { dashboard_title: 'Palette', json_metadata: JSON.stringify({ refresh_frequency: 30 }) });
    const before = await detail(alice.client, id);
    const quiet = await alice.client.put<DashboardUpdated>(`/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      color_scheme: 'bnbColors',
      shared_label_colors: ['SEA', 'LAX'],
      map_label_colors: { SEA: '#1FA8C9' },
    });
    expect(quiet.status, quiet.text).toBe(200);
    expect(quiet.body.last_modified_time).toBe(before.last_modified_time);
    const after = await detail(alice.client, id);
    expect(after.changed_on).toBe(before.changed_on);
    expect(JSON.parse(after.json_metadata as string)).toMatchObject({
      refresh_frequency: 30,
      color_scheme: 'bnbColors',
      shared_label_colors: ['SEA', 'LAX'],
      map_label_colors: { SEA: '#1FA8C9' },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const marked = await alice.client.put<DashboardUpdated>(`/api/v1/dashboard/${id}/colors?mark_updated=true`, {
      label_colors: { SEA: '#000' },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.last_modified_time).toBeGreaterThan(before.last_modified_time);
    expect(JSON.parse(marked.body.result.json_metadata as string)).toMatchObject({
      color_scheme: 'bnbColors',
      label_colors: { SEA: '#000' },
    });
  });

  it('refuses a bad colour and, as any change, a user who may not edit the dashboard', async () => {
    const id = await create(alice.client, {
      dashboard_title: 'Palette 2',
      published: true,
      position_json: JSON.stringify(layoutOf([pie])),
    });
    expect((await alice.client.put(`/api/v1/dashboard/${id}/colors`, { label_colors: { SEA: 'teal-ish' } })).status).toBe(400);
    const r = await bob.client.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, { label_colors: { SEA: '#000' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: SAVE_MESSAGE });
  });
});

describe('save as (POST /{id}/copy/)', () => {
  let source: number;

  beforeAll(async () => {
    source = await create(alice.client, {
      dashboard_title: 'Original',
      slug: 'original',
      published: true,
      css: '.a {}',
      position_json: JSON.stringify(layoutOf([pie, bar])),
      json_metadata: JSON.stringify({ expanded_slices: { [pie]: true }, timed_refresh_immune_slices: [bar] }),
    });
  });

  it('copies the layout and keeps the same charts; the copy is the copier’s draft', async () => {
    const r = await bob.client.post<{ result: { id: number; last_modified_time: number } }>(`/api/v1/dashboard/original/copy/`, {
      dashboard_title: 'Bob’s copy',
      css: '.b {}',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors', expanded_slices: { [pie]: true } }),
      duplicate_slices: false,
    });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body.result).sort()).toEqual(['id', 'last_modified_time']);
    const copy = await detail(bob.client, r.body.result.id);
    expect(copy).toMatchObject({ dashboard_title: 'Bob’s copy', css: '.b {}', published: false, slug: null, owners: [{ id: bob.id }] });
    expect(copy.last_modified_time).toBe(r.body.result.last_modified_time);
    expect(await chartIdsOf(copy.id)).toEqual([pie, bar].sort((a, b) => a - b));
    expect(JSON.parse(copy.position_json as string)).toHaveProperty(`CHART-${pie}.meta.chartId`, pie);
    expect(JSON.parse(copy.json_metadata as string)).toMatchObject({ color_scheme: 'supersetColors' });
  });

  it('with duplicate_slices copies the charts too and moves every reference to the copies', async () => {
    const r = await alice.client.post<{ result: { id: number } }>(`/api/v1/dashboard/${source}/copy/`, {
      dashboard_title: 'Deep copy',
      json_metadata: JSON.stringify({
        expanded_slices: { [pie]: true },
        timed_refresh_immune_slices: [bar],
        positions: layoutOf([bar], [pie]),
      }),
      duplicate_slices: true,
    });
    expect(r.status, r.text).toBe(200);
    const copied = await chartIdsOf(r.body.result.id);
    expect(copied).toHaveLength(2);
    expect(copied.some((c) => c === pie || c === bar)).toBe(false);
    const rows = await server.ctx.store.db.selectFrom('slices').selectAll().where('id', 'in', copied).execute();
    const byName = new Map(rows.map((c) => [c.slice_name, c]));
    const newPie = byName.get('Flights by origin')?.id as number;
    const newBar = byName.get('Delays by carrier')?.id as number;
    expect(JSON.parse(byName.get('Flights by origin')?.query_context as string).form_data.slice_id).toBe(newPie);
    const owners = await server.ctx.store.db
      .selectFrom('slice_owners')
      .select(['slice_id', 'user_id'])
      .where('slice_id', 'in', copied)
      .execute();
    expect(owners.every((o) => o.user_id === alice.id)).toBe(true);
    const copy = await detail(alice.client, r.body.result.id);
    const position = JSON.parse(copy.position_json as string) as Record<string, { children?: string[]; meta?: Record<string, unknown> }>;
    // the sent layout (bar first) with the copies' ids and uuids
    expect(position[`CHART-${bar}`].meta).toMatchObject({ chartId: newBar, uuid: byName.get('Delays by carrier')?.uuid });
    expect(position[`CHART-${pie}`].meta?.chartId).toBe(newPie);
    expect(position['GRID_ID'].children).toEqual(['ROW-0', 'ROW-1']);
    const md = JSON.parse(copy.json_metadata as string) as Record<string, unknown>;
    expect(md.expanded_slices).toEqual({ [newPie]: true });
    expect(md.timed_refresh_immune_slices).toEqual([newBar]);
    expect(md).not.toHaveProperty('positions');
    // the original is untouched
    expect(await chartIdsOf(source)).toEqual([pie, bar].sort((a, b) => a - b));
  });

  it('needs json_metadata, a visible dashboard, and can_write', async () => {
    expect((await alice.client.post(`/api/v1/dashboard/${source}/copy/`, { dashboard_title: 'x' })).status).toBe(400);
    expect((await alice.client.post(`/api/v1/dashboard/${source}/copy/`, { dashboard_title: 'x', json_metadata: '{oops' })).status).toBe(
      400,
    );
    const draft = await create(alice.client, { dashboard_title: 'Secret draft' });
    expect((await bob.client.post(`/api/v1/dashboard/${draft}/copy/`, { dashboard_title: 'x', json_metadata: '{}' })).status).toBe(404);
    expect((await rita.client.post(`/api/v1/dashboard/${source}/copy/`, { dashboard_title: 'x', json_metadata: '{}' })).status).toBe(403);
  });
});

describe('dashboard permalinks', () => {
  it('stores the state under a key and gives it back to whoever may see the dashboard', async () => {
    const id = await create(alice.client, { dashboard_title: 'Linked', published: true, position_json: JSON.stringify(layoutOf([pie])) });
    const state = {
      urlParams: [['standalone', '1']],
      dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['SEA'] } } },
      activeTabs: ['TAB-a', 'TAB-b'],
      anchor: 'CHART-x',
    };
    const r = await alice.client.post<{ key: string; url: string }>(`/api/v1/dashboard/${id}/permalink`, state);
    expect(r.status, r.text).toBe(201);
    expect(r.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.body.url).toBe(`${server.ctx.config.publicUrl}/rama/dashboard/p/${r.body.key}/`);
    const got = await bob.client.get<DashboardPermalinkValue>(`/api/v1/dashboard/permalink/${r.body.key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ dashboardId: id, state });
    // a reader who may not see the dashboard (any more) gets 404, like an unknown key
    expect((await put(alice.client, id, { published: false })).status).toBe(200);
    expect((await bob.client.get(`/api/v1/dashboard/permalink/${r.body.key}`)).status).toBe(404);
    expect((await alice.client.get(`/api/v1/dashboard/permalink/${r.body.key}`)).status).toBe(200);
    expect((await alice.client.get('/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // an empty state is a link to the dashboard as it opens
    const bare = await alice.client.post<{ key: string }>(`/api/v1/dashboard/${id}/permalink`, {});
    expect((await alice.client.get<DashboardPermalinkValue>(`/api/v1/dashboard/permalink/${bare.body.key}`)).body).toEqual({
      dashboardId: id,
      state: { urlParams: [], dataMask: {}, activeTabs: [], anchor: null },
    });
  });

  it('is refused for a dashboard the user cannot see and for state that is too large', async () => {
    const draft = await create(alice.client, { dashboard_title: 'Unlinkable' });
    expect((await bob.client.post(`/api/v1/dashboard/${draft}/permalink`, {})).status).toBe(404);
    const huge = { dataMask: { x: 'y'.repeat(1_100_000) } };
    expect((await alice.client.post(`/api/v1/dashboard/${draft}/permalink`, huge)).status).toBe(400);
    expect((await alice.client.post(`/api/v1/dashboard/${draft}/permalink`, { anchor: { id: 'x' } })).status).toBe(400);
    expect((await alice.client.post(`/api/v1/dashboard/${draft}/permalink`, { urlParams: [['only-a-name']] })).status).toBe(400);
  });
});

describe('a dashboard’s datasets (GET /{id}/datasets)', () => {
  it('answers the datasets of its charts the user may read, as Explore reads them', async () => {
    const id = await create(admin, {
      dashboard_title: 'Mixed',
      slug: 'mixed',
      published: true,
      position_json: JSON.stringify(layoutOf([pie, bar, stockChart])),
    });
    const all = await admin.get<{ result: ExploreDatasource[] }>(`/api/v1/dashboard/${id}/datasets`);
    expect(all.status).toBe(200);
    expect(all.body.result.map((d) => d.id)).toEqual([flights, stocks]);
    const mine = await bob.client.get<{ result: ExploreDatasource[] }>('/api/v1/dashboard/mixed/datasets');
    expect(mine.body.result.map((d) => d.uid)).toEqual([`${flights}__table`]);
    expect(mine.body.result[0]).toMatchObject({ type: 'table', table_name: 'flights', database: { database_name: 'examples' } });
    expect(mine.body.result[0].columns.map((c) => c.column_name)).toContain('origin');
    expect((await bob.client.get(`/api/v1/dashboard/${await create(alice.client, { dashboard_title: 'x' })}/datasets`)).status).toBe(404);
  });
});

describe('bulk delete (DELETE /api/v1/dashboard/?q=!(…))', () => {
  const del = (c: Client, ids: number[]) => c.delete<{ message: string }>(`/api/v1/dashboard/?q=${rison.encode(ids)}`);
  const exists = async (id: number) =>
    Boolean(await server.ctx.store.db.selectFrom('dashboards').select('id').where('id', '=', id).executeTakeFirst());

  it('deletes all or nothing: a dashboard not theirs → 403, a hidden one → 404', async () => {
    const a = await create(bob.client, { dashboard_title: 'Bulk a' });
    const b = await create(bob.client, { dashboard_title: 'Bulk b' });
    const alices = await create(alice.client, {
      dashboard_title: 'Bulk alice',
      published: true,
      position_json: JSON.stringify(layoutOf([pie])),
    });
    const hidden = await create(alice.client, { dashboard_title: 'Bulk hidden' });
    const forbidden = await del(bob.client, [a, alices]);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: SAVE_MESSAGE });
    expect((await del(bob.client, [a, hidden])).status).toBe(404);
    expect(await exists(a)).toBe(true);
    const ok = await del(bob.client, [a, b]);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Deleted 2 dashboards' });
    expect(await exists(a)).toBe(false);
    expect(await exists(b)).toBe(false);
    expect((await del(alice.client, [alices])).body).toEqual({ message: 'Deleted 1 dashboard' });
    expect((await bob.client.delete('/api/v1/dashboard/?q=oops')).status).toBe(400);
  });
});

describe('the list', () => {
  it('filters what the user created or last changed, and orders by creator', async () => {
    await create(bob.client, { dashboard_title: 'Made by Bob' });
    const q = rison.encode({
      filters: [{ col: 'created_by', opr: 'created_by_me', value: true }],
      order_column: 'created_by.first_name',
      order_direction: 'asc',
      page_size: 100,
    });
    const r = await bob.client.get<{ result: DashboardListItem[] }>(`/api/v1/dashboard/?q=${encodeURIComponent(q)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.length).toBeGreaterThan(0);
    expect(r.body.result.every((d) => d.created_by?.id === bob.id || d.changed_by?.id === bob.id)).toBe(true);
    expect(r.body.result[0].created_on_delta_humanized).toMatch(/ago$/);
  });
});

describe('DASHBOARD_RBAC on', () => {
  let rbac: TestServer;

  afterAll(async () => {
    await rbac?.close();
  });

  it('stores roles, and a published dashboard with roles is seen by their holders only', async () => {
    rbac = await startTestServer({ DASHBOARD_RBAC: 'true' });
    const root = await rbac.admin();
    const flightsHere = await examplesDataset(rbac, root, 'flights');
    const c = await root.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'c',
      datasource_id: flightsHere,
      datasource_type: 'table',
      viz_type: 'pie',
    });
    const viewers = await customRole(rbac, 'board_viewers', [['can_read', 'Dashboard']]);
    await customRole(rbac, 'flight_data', [['datasource_access', datasetPermView('examples', 'flights', flightsHere)]]);
    const holder = await loggedInUser(rbac, root, 'holder', ['board_viewers']);
    const stranger = await loggedInUser(rbac, root, 'stranger', ['Gamma', 'flight_data']);
    const created = await root.post<Created>('/api/v1/dashboard/', {
      dashboard_title: 'Role board',
      published: true,
      position_json: JSON.stringify(layoutOf([c.body.id])),
    });
    const id = created.body.id;
    // without roles the datasets decide
    expect((await holder.client.get(`/api/v1/dashboard/${id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/dashboard/${id}`)).status).toBe(200);
    const r = await root.put<DashboardUpdated>(`/api/v1/dashboard/${id}`, { roles: [viewers] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.roles).toEqual([viewers]);
    const got = await holder.client.get<Detail>(`/api/v1/dashboard/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.result.roles).toEqual([{ id: viewers, name: 'board_viewers' }]);
    // with roles only their holders (and owners, admins) see it, whatever datasets they read
    expect((await stranger.client.get(`/api/v1/dashboard/${id}`)).status).toBe(404);
    expect((await root.put(`/api/v1/dashboard/${id}`, { roles: [999_999] })).status).toBe(422);
  });
});
