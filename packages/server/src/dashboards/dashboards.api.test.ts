/**
 * The minimal dashboard record: create (title, slug rules, owners), list with the save modal's
 * filters, detail by id or slug, delete, charts and favorites, each only as the user may see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import type { DashboardChart, DashboardDetail, DashboardListItem } from '@rama/shared';
import { chartRow } from '../test-support/metadata-rows.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld } from '../test-support/dashboards.js';

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let reader: { client: Client; id: number };

type Created = { id: number; result: Record<string, unknown> };
type List = { count: number; ids: number[]; result: DashboardListItem[] };

const create = (c: Client, body: Record<string, unknown>) => c.post<Created>('/api/v1/dashboard/', body);
const list = (c: Client, q: Record<string, unknown> = {}) => c.get<List>(`/api/v1/dashboard/?q=${encodeURIComponent(rison.encode(q))}`);
const titles = (r: { body: List }) => r.body.result.map((d) => d.dashboard_title).sort();

async function insertChart(datasetId: number, name: string): Promise<number> {
  const row = await server.ctx.store.db
    .insertInto('slices')
    .values(
      chartRow(name, {
        datasource_id: datasetId,
        viz_type: 'pie',
        params: JSON.stringify({ metric: 'count', groupby: ['origin'] }),
        last_saved_at: null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const addChart = (dashboardId: number, sliceId: number) =>
  server.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: dashboardId, slice_id: sliceId }).execute();

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, flights, stocks, alice, bob, rita: reader } = await dashboardTestWorld(server));
});

afterAll(async () => {
  await server?.close();
});

describe('creating a dashboard', () => {
  it('stores the title, makes the creator its owner and answers with what it stored', async () => {
    const r = await create(alice.client, { dashboard_title: 'Flights overview' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).toEqual(expect.any(Number));
    expect(r.body.result).toMatchObject({ dashboard_title: 'Flights overview', slug: null, owners: [alice.id], published: false });
    const got = await alice.client.get<{ id: number; result: DashboardDetail }>(`/api/v1/dashboard/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.result.owners).toEqual([{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }]);
    expect(got.body.result.url).toBe(`/rama/dashboard/${r.body.id}/`);
  });

  it('an empty or missing title becomes "[ untitled dashboard ]"', async () => {
    for (const body of [{}, { dashboard_title: '' }, { dashboard_title: '   ' }, { dashboard_title: null }]) {
      const r = await create(alice.client, body);
      expect(r.status, JSON.stringify(body)).toBe(201);
      expect(r.body.result.dashboard_title).toBe('[ untitled dashboard ]');
    }
  });

  it('normalises the slug and refuses one already taken', async () => {
    const r = await create(alice.client, { dashboard_title: 'Sales', slug: ' sales board ' });
    expect(r.status).toBe(201);
    expect(r.body.result.slug).toBe('sales-board');
    const dup = await create(bob.client, { dashboard_title: 'Other', slug: 'sales board' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { slug: ['Must be unique'] } });
    // an empty slug is no slug, and many dashboards may have none
    expect((await create(alice.client, { slug: '' })).body.result.slug).toBeNull();
    expect((await create(alice.client, { slug: '' })).status).toBe(201);
  });

  it('refuses unknown owners, broken JSON, and users without can_write on Dashboard', async () => {
    const owners = await create(alice.client, { dashboard_title: 'X', owners: [999_999] });
    expect(owners.status).toBe(422);
    expect(owners.body).toEqual({ message: { owners: ['Owners are invalid'] } });
    const json = await create(alice.client, { dashboard_title: 'X', json_metadata: '{oops' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: { json_metadata: ['Not a valid JSON.'] } });
    const denied = await create(reader.client, { dashboard_title: 'X' });
    expect(denied.status).toBe(403);
    expect((await server.client().post('/api/v1/dashboard/', { dashboard_title: 'X' })).status).toBe(401);
  });

  it('keeps the creator among the owners it names', async () => {
    const r = await create(alice.client, { dashboard_title: 'Shared', owners: [bob.id] });
    expect(r.status).toBe(201);
    expect([...(r.body.result.owners as number[])].sort()).toEqual([alice.id, bob.id].sort());
  });
});

describe('who sees which dashboard', () => {
  let draft: number;
  let published: number;
  let publishedEmpty: number;
  let publishedStocks: number;
  let flightsChart: number;
  let stocksChart: number;

  beforeAll(async () => {
    draft = (await create(alice.client, { dashboard_title: 'V draft', slug: 'v-draft' })).body.id;
    published = (await create(alice.client, { dashboard_title: 'V published', slug: 'v-published', published: true })).body.id;
    publishedEmpty = (await create(alice.client, { dashboard_title: 'V published empty', published: true })).body.id;
    publishedStocks = (await create(admin, { dashboard_title: 'V published stocks', published: true })).body.id;
    flightsChart = await insertChart(flights, 'Flights by origin');
    stocksChart = await insertChart(stocks, 'Stock prices');
    await addChart(published, flightsChart);
    await addChart(published, stocksChart);
    await addChart(publishedStocks, stocksChart);
  });

  const vFilter = { filters: [{ col: 'dashboard_title', opr: 'sw', value: 'V ' }] };

  it('owners see theirs, readers see published ones with a chart on a dataset they read, admins see all', async () => {
    expect(titles(await list(alice.client, vFilter))).toEqual(['V draft', 'V published', 'V published empty']);
    expect(titles(await list(bob.client, vFilter))).toEqual(['V published']);
    expect(titles(await list(reader.client, vFilter))).toEqual(['V published']);
    const all = await list(admin, vFilter);
    expect(all.body.count).toBe(4);
    expect(all.body.ids).toHaveLength(4);
  });

  it('the save modal lists the dashboards the user owns', async () => {
    const r = await list(alice.client, {
      filters: [{ col: 'owners', opr: 'rel_m_m', value: alice.id }],
      order_column: 'dashboard_title',
      order_direction: 'asc',
      page_size: 100,
    });
    expect(r.status).toBe(200);
    expect(r.body.result.every((d) => d.owners.some((o) => o.id === alice.id))).toBe(true);
    const names = r.body.result.map((d) => d.dashboard_title);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain('V draft');
    expect(
      (await list(bob.client, { filters: [{ col: 'owners', opr: 'rel_m_m', value: bob.id }] })).body.result.map((d) => d.dashboard_title),
    ).toEqual(['Shared']);
  });

  it('filters by title or slug, published state and certification, and pages', async () => {
    const bySlug = await list(alice.client, { filters: [{ col: 'dashboard_title', opr: 'title_or_slug', value: 'V-PUBL' }] });
    expect(titles(bySlug)).toEqual(['V published']);
    const drafts = await list(alice.client, { filters: [...vFilter.filters, { col: 'published', opr: 'eq', value: false }] });
    expect(titles(drafts)).toEqual(['V draft']);
    const row = drafts.body.result[0];
    expect(row).toMatchObject({ slug: 'v-draft', url: '/rama/dashboard/v-draft/', status: 'draft', published: false });
    // thumbnails are on where the reports' Chromium exists (thumbnails/thumbnails.api.test.ts)
    expect(row.thumbnail_url).toMatch(new RegExp(`^/api/v1/dashboard/${row.id}/thumbnail/[0-9a-f]{32}/$`));
    expect(row.changed_by?.id).toBe(alice.id);
    expect(row.changed_by_name).toBe('Alice Tester');
    const certified = await list(alice.client, {
      filters: [...vFilter.filters, { col: 'id', opr: 'dashboard_is_certified', value: true }],
    });
    expect(certified.body.count).toBe(0);
    const page = await list(alice.client, { ...vFilter, order_column: 'dashboard_title', order_direction: 'desc', page: 1, page_size: 2 });
    expect(page.body.count).toBe(3);
    expect(page.body.result.map((d) => d.dashboard_title)).toEqual(['V draft']);
    expect((await list(alice.client, { filters: [{ col: 'css', opr: 'ct', value: 'x' }] })).status).toBe(400);
    expect((await list(alice.client, { order_column: 'css' })).status).toBe(400);
  });

  it('shows the detail by id or slug, hidden ones answering like missing ones', async () => {
    const byId = await bob.client.get<{ id: number; result: DashboardDetail }>(`/api/v1/dashboard/${published}`);
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(published);
    expect(byId.body.result).toMatchObject({
      id: published,
      dashboard_title: 'V published',
      slug: 'v-published',
      url: '/rama/dashboard/v-published/',
      published: true,
      css: null,
      json_metadata: null,
      position_json: null,
      roles: [],
      certified_by: null,
      is_managed_externally: false,
      thumbnail_url: expect.stringMatching(new RegExp(`^/api/v1/dashboard/${published}/thumbnail/[0-9a-f]{32}/$`)) as unknown,
      charts: ['Flights by origin', 'Stock prices'],
    });
    expect(byId.body.result.changed_on_delta_humanized).toMatch(/ago$/);
    const bySlug = await bob.client.get<{ id: number }>('/api/v1/dashboard/v-published');
    expect(bySlug.body.id).toBe(published);
    const hidden = await bob.client.get(`/api/v1/dashboard/${draft}`);
    const missing = await bob.client.get('/api/v1/dashboard/999999');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await bob.client.get('/api/v1/dashboard/v-draft')).status).toBe(404);
    expect((await bob.client.get(`/api/v1/dashboard/${publishedEmpty}`)).status).toBe(404);
  });

  it('lists the charts the user may see, with their form data', async () => {
    const r = await bob.client.get<{ result: DashboardChart[] }>(`/api/v1/dashboard/${published}/charts`);
    expect(r.status).toBe(200);
    expect(r.body.result.map((c) => c.slice_name)).toEqual(['Flights by origin']);
    expect(r.body.result[0]).toMatchObject({
      id: flightsChart,
      viz_type: 'pie',
      slice_url: `/explore/?slice_id=${flightsChart}`,
      form_data: { metric: 'count', groupby: ['origin'], slice_id: flightsChart, viz_type: 'pie', datasource: `${flights}__table` },
    });
    const all = await admin.get<{ result: DashboardChart[] }>(`/api/v1/dashboard/${published}/charts`);
    expect(all.body.result.map((c) => c.id)).toEqual([flightsChart, stocksChart]);
    expect((await bob.client.get(`/api/v1/dashboard/${draft}/charts`)).status).toBe(404);
  });

  it('favorites: star, read the status, filter on it, unstar', async () => {
    const status = (c: Client, ids: number[]) =>
      c.get<{ result: { id: number; value: boolean }[] }>(`/api/v1/dashboard/favorite_status/?q=${rison.encode(ids)}`);
    expect((await status(bob.client, [published])).body.result).toEqual([{ id: published, value: false }]);
    expect((await bob.client.post(`/api/v1/dashboard/${published}/favorites/`)).body).toEqual({ result: 'OK' });
    expect((await bob.client.post(`/api/v1/dashboard/${published}/favorites/`)).status).toBe(200);
    expect((await status(bob.client, [published, draft])).body.result).toEqual([{ id: published, value: true }]);
    // a star is the user's own
    expect((await status(alice.client, [published])).body.result).toEqual([{ id: published, value: false }]);
    const faves = await list(bob.client, { filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] });
    expect(titles(faves)).toEqual(['V published']);
    expect((await bob.client.delete(`/api/v1/dashboard/${published}/favorites/`)).status).toBe(200);
    expect((await status(bob.client, [published])).body.result).toEqual([{ id: published, value: false }]);
    expect((await bob.client.post(`/api/v1/dashboard/${draft}/favorites/`)).status).toBe(404);
    expect((await status(bob.client, [draft])).status).toBe(404);
    expect((await bob.client.get('/api/v1/dashboard/favorite_status/?q=oops')).status).toBe(400);
  });

  it('only owners and admins delete: others get 403 when they see it, 404 when they do not', async () => {
    const forbidden = await bob.client.delete(`/api/v1/dashboard/${published}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'You do not have permission to edit this dashboard' });
    expect((await bob.client.delete(`/api/v1/dashboard/${draft}`)).status).toBe(404);
    await alice.client.post(`/api/v1/dashboard/${draft}/favorites/`);
    const ok = await alice.client.delete(`/api/v1/dashboard/${draft}`);
    expect(ok.status).toBe(200);
    expect((await alice.client.get(`/api/v1/dashboard/${draft}`)).status).toBe(404);
    const stars = await server.ctx.store.db
      .selectFrom('favstar')
      .select('id')
      .where('class_name', '=', 'Dashboard')
      .where('obj_id', '=', draft)
      .execute();
    expect(stars).toEqual([]);
    // its charts stay
    expect((await admin.delete(`/api/v1/dashboard/${published}`)).status).toBe(200);
    expect(await server.ctx.store.db.selectFrom('slices').select('id').where('id', '=', flightsChart).executeTakeFirst()).toBeTruthy();
  });

  it('related owners and roles: the list filter and the properties dialog search users and roles by name', async () => {
    const q = (v: Record<string, unknown>) => encodeURIComponent(rison.encode(v));
    const owners = await bob.client.get<{ count: number; result: { value: number; text: string }[] }>(
      `/api/v1/dashboard/related/owners?q=${q({ filter: 'ALICE' })}`,
    );
    expect(owners.status).toBe(200);
    expect(owners.body.result.map((u) => u.value)).toContain(alice.id);
    expect(owners.body.result.map((u) => u.value)).not.toContain(bob.id);
    const roles = await admin.get<{ count: number; result: { value: number; text: string }[] }>(
      `/api/v1/dashboard/related/roles?q=${q({ filter: 'adm' })}`,
    );
    expect(roles.status).toBe(200);
    expect(roles.body.result.map((r) => r.text)).toEqual(['Admin']);
    expect((await admin.get('/api/v1/dashboard/related/password')).status).toBe(404);
    expect((await admin.get(`/api/v1/dashboard/related/roles?q=${q({ filter: 3 })}`)).status).toBe(400);
  });
});
