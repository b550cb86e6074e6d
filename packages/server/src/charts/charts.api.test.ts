/**
 * The saved-chart API: create, read, update and delete with the ownership rules, the list with
 * each filter and order the chart list page uses, favorites, and dashboard links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartDetail, ChartListItem, FavoriteStatus } from '@rama/shared';
import { dashboardRow } from '../test-support/metadata-rows.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let flights: number;
let airports: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };

type Saved = { id: number; result: ChartDetail };
type List = { count: number; ids: number[]; result: ChartListItem[] };

const pieParams = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ viz_type: 'pie', metric: 'count', groupby: ['origin'], row_limit: 10, ...extra });

const save = (c: Client, body: Record<string, unknown>) =>
  c.post<Saved>('/api/v1/chart/', { datasource_id: flights, datasource_type: 'table', params: pieParams(), ...body });

async function saved(c: Client, body: Record<string, unknown>): Promise<number> {
  const r = await save(c, body);
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

const list = (c: Client, q: string) => c.get<List>(`/api/v1/chart/?q=${encodeURIComponent(q)}`);

/** A dashboard row written directly: the dashboard API is another feature's. */
async function dashboard(title: string, ownerId: number): Promise<number> {
  const db = server.ctx.store.db;
  const row = await db
    .insertInto('dashboards')
    .values(dashboardRow(title, { created_by_fk: ownerId, changed_by_fk: ownerId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('dashboard_owners').values({ dashboard_id: row.id, user_id: ownerId }).execute();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const dataset = async (table_name: string) => {
    const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name });
    if (r.status !== 201) throw new Error(r.text);
    return r.body.id;
  };
  flights = await dataset('flights');
  airports = await dataset('airports');
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'bob', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('saving a chart', () => {
  let id: number;

  it('creates it with the saving user as owner and answers the chart as the explore page reads it', async () => {
    const r = await save(alice.client, { slice_name: 'Flights by origin', description: 'Busiest airports', cache_timeout: 600 });
    expect(r.status, r.text).toBe(201);
    id = r.body.id;
    expect(r.body.result).toMatchObject({
      id,
      slice_name: 'Flights by origin',
      description: 'Busiest airports',
      viz_type: 'pie',
      cache_timeout: 600,
      datasource_id: flights,
      datasource_type: 'table',
      datasource_name_text: 'main.flights',
      datasource_url: `/explore/?datasource_type=table&datasource_id=${flights}`,
      url: `/explore/?slice_id=${id}`,
      // thumbnails are on where the reports' Chromium exists (thumbnails/thumbnails.api.test.ts)
      thumbnail_url: expect.stringMatching(new RegExp(`^/api/v1/chart/${id}/thumbnail/[0-9a-f]{32}/$`)) as unknown,
      query_context: null,
      owners: [{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }],
      dashboards: [],
      changed_on_delta_humanized: 'a few seconds ago',
    });
    expect(JSON.parse(r.body.result.params)).toMatchObject({ metric: 'count', groupby: ['origin'] });

    const got = await alice.client.get<Saved>(`/api/v1/chart/${id}?q=(columns:!(dashboards.id))`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    expect(got.body.result.dashboards).toEqual([]);
    expect(got.body.result.slice_name).toBe('Flights by origin');
  });

  it('takes the viz type from the form data, else the table', async () => {
    const fromParams = await save(alice.client, { slice_name: 'Line', params: JSON.stringify({ viz_type: 'echarts_timeseries_line' }) });
    expect(fromParams.body.result.viz_type).toBe('echarts_timeseries_line');
    const bare = await save(alice.client, { slice_name: 'Bare', params: null });
    expect(bare.status).toBe(201);
    expect(bare.body.result).toMatchObject({ viz_type: 'table', params: '{}' });
    await alice.client.delete(`/api/v1/chart/?q=!(${fromParams.body.id},${bare.body.id})`);
  });

  it('refuses form data or a query context that is not a JSON object, naming the field', async () => {
    const params = await save(alice.client, { slice_name: 'Broken', params: '{"viz_type": "pie",' });
    expect(params.status).toBe(400);
    expect(params.body).toEqual({ message: { params: ['Not a valid JSON object.'] } });
    const qc = await save(alice.client, { slice_name: 'Broken', query_context: '[1, 2]' });
    expect(qc.status).toBe(400);
    expect(qc.body).toEqual({ message: { query_context: ['Not a valid JSON object.'] } });
    const noName = await alice.client.post('/api/v1/chart/', { datasource_id: flights, datasource_type: 'table' });
    expect(noName.status).toBe(400);
  });

  it('refuses a dataset that does not exist or that the user may not read, the same way', async () => {
    const missing = await save(alice.client, { slice_name: 'Nowhere', datasource_id: 999_999 });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    const hidden = await save(gary.client, { slice_name: 'Hidden' });
    expect(hidden.status).toBe(422);
    expect(hidden.body).toEqual(missing.body);
    const owners = await save(alice.client, { slice_name: 'Ghost owner', owners: [999_999] });
    expect(owners.status).toBe(422);
    expect(owners.body).toEqual({ message: { owners: ['Owners are invalid'] } });
  });

  it('refuses an oversized request body with 413', async () => {
    const r = await save(alice.client, { slice_name: 'Huge', description: 'x'.repeat(6 * 1024 * 1024) });
    expect(r.status).toBe(413);
  });

  it('lets a reader of the dataset see it but not change it; a user without the dataset gets 404 as for a missing chart', async () => {
    expect((await bob.client.get(`/api/v1/chart/${id}`)).status).toBe(200);
    const put = await bob.client.put(`/api/v1/chart/${id}`, { slice_name: 'Mine now' });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ message: 'You do not have permission to edit this chart' });
    expect((await bob.client.delete(`/api/v1/chart/${id}`)).status).toBe(403);

    const hidden = await gary.client.get(`/api/v1/chart/${id}`);
    const missing = await gary.client.get('/api/v1/chart/999999');
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect((await gary.client.put(`/api/v1/chart/${id}`, { slice_name: 'x' })).status).toBe(404);
  });

  it('updates only the given fields, records the save and keeps a non-admin owner among the owners', async () => {
    const before = (await alice.client.get<Saved>(`/api/v1/chart/${id}`)).body.result;
    const r = await alice.client.put<Saved>(`/api/v1/chart/${id}`, { slice_name: 'Flights per origin', owners: [bob.id] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toMatchObject({ slice_name: 'Flights per origin', description: 'Busiest airports', viz_type: 'pie' });
    expect(r.body.result.owners.map((o) => o.id).sort()).toEqual([alice.id, bob.id].sort());
    expect(r.body.result.params).toBe(before.params);
    const row = await server.ctx.store.db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_saved_by_fk).toBe(alice.id);
    expect(row.last_saved_at).not.toBeNull();
    // now an owner, bob may change it
    const byBob = await bob.client.put<Saved>(`/api/v1/chart/${id}`, { params: pieParams({ row_limit: 5 }) });
    expect(byBob.status).toBe(200);
    expect(JSON.parse(byBob.body.result.params).row_limit).toBe(5);
    const after = await server.ctx.store.db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.changed_by_fk).toBe(bob.id);
    expect(after.last_saved_by_fk).toBe(bob.id);
  });

  it('lets any viewer store a regenerated query context, and nothing else', async () => {
    const carol = await loggedInUser(server, admin, 'carol', ['Alpha']);
    const qc = JSON.stringify({ datasource: { id: flights, type: 'table' }, queries: [{ metrics: ['count'] }] });
    const r = await carol.client.put<Saved>(`/api/v1/chart/${id}`, { query_context: qc, query_context_generation: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.query_context).toBe(qc);
    const more = await carol.client.put(`/api/v1/chart/${id}`, { query_context: qc, query_context_generation: true, slice_name: 'x' });
    expect(more.status).toBe(403);
  });
});

describe('deleting charts', () => {
  it('deletes one or several, and refuses the whole batch when one is not the user’s', async () => {
    const a = await saved(alice.client, { slice_name: 'Delete me 1' });
    const b = await saved(alice.client, { slice_name: 'Delete me 2' });
    const c = await saved(bob.client, { slice_name: 'Bob keeps me' });
    const mixed = await alice.client.delete(`/api/v1/chart/?q=!(${a},${c})`);
    expect(mixed.status).toBe(403);
    expect((await alice.client.get(`/api/v1/chart/${a}`)).status).toBe(200);
    const missing = await alice.client.delete(`/api/v1/chart/?q=!(${a},999999)`);
    expect(missing.status).toBe(404);

    const bulk = await alice.client.delete(`/api/v1/chart/?q=!(${a},${b})`);
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ message: 'Deleted 2 charts' });
    expect((await alice.client.get(`/api/v1/chart/${a}`)).status).toBe(404);
    expect((await alice.client.get(`/api/v1/chart/${b}`)).status).toBe(404);

    const one = await admin.delete(`/api/v1/chart/${c}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: 'OK' });
    expect((await admin.delete(`/api/v1/chart/${c}`)).status).toBe(404);
    expect((await alice.client.delete('/api/v1/chart/?q=(a:1)')).status).toBe(400);
  });
});

describe('favorites', () => {
  let id: number;
  beforeAll(async () => {
    id = await saved(alice.client, { slice_name: 'Starred chart' });
  });

  it('stars and unstars a chart for the current user only', async () => {
    const status = () => bob.client.get<{ result: FavoriteStatus[] }>(`/api/v1/chart/favorite_status/?q=!(${id})`);
    expect((await status()).body).toEqual({ result: [{ id, value: false }] });
    const star = await bob.client.post(`/api/v1/chart/${id}/favorites/`);
    expect(star.status).toBe(200);
    expect(star.body).toEqual({ result: 'OK' });
    expect((await bob.client.post(`/api/v1/chart/${id}/favorites/`)).status).toBe(200);
    expect((await status()).body).toEqual({ result: [{ id, value: true }] });
    const forAlice = await alice.client.get<{ result: FavoriteStatus[] }>(`/api/v1/chart/favorite_status/?q=!(${id})`);
    expect(forAlice.body.result).toEqual([{ id, value: false }]);

    const favorites = await list(bob.client, '(filters:!((col:id,opr:chart_is_favorite,value:!t)))');
    expect(favorites.body.ids).toEqual([id]);
    const others = await list(bob.client, '(filters:!((col:id,opr:chart_is_favorite,value:!f)))');
    expect(others.body.ids).not.toContain(id);
    expect(others.body.count).toBeGreaterThan(0);

    expect((await bob.client.delete(`/api/v1/chart/${id}/favorites/`)).body).toEqual({ result: 'OK' });
    expect((await status()).body).toEqual({ result: [{ id, value: false }] });
  });

  it('answers 404 for a chart the user may not see', async () => {
    expect((await gary.client.post(`/api/v1/chart/${id}/favorites/`)).status).toBe(404);
    expect((await gary.client.get(`/api/v1/chart/favorite_status/?q=!(${id})`)).status).toBe(404);
    expect((await bob.client.post('/api/v1/chart/999999/favorites/')).status).toBe(404);
  });
});

describe('dashboard links', () => {
  let mine: number;
  let bobs: number;
  beforeAll(async () => {
    mine = await dashboard('Alice board', alice.id);
    bobs = await dashboard('Bob board', bob.id);
  });

  it('adds a new chart to a dashboard the user may edit', async () => {
    const r = await save(alice.client, { slice_name: 'On a board', dashboards: [mine] });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result.dashboards).toEqual([{ id: mine, dashboard_title: 'Alice board', json_metadata: null }]);
    const byBoard = await list(alice.client, `(filters:!((col:dashboards,opr:rel_m_m,value:${mine})))`);
    expect(byBoard.body.ids).toEqual([r.body.id]);
    expect(byBoard.body.result[0].dashboards).toEqual([{ id: mine, dashboard_title: 'Alice board' }]);
  });

  it('refuses a dashboard of someone else and one that does not exist', async () => {
    const other = await save(alice.client, { slice_name: 'Sneaky', dashboards: [bobs] });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'You do not have permission to edit this dashboard' });
    const missing = await save(alice.client, { slice_name: 'Sneaky', dashboards: [999_999] });
    expect(missing.status).toBe(422);
    expect((await list(alice.client, '(filters:!((col:slice_name,opr:eq,value:Sneaky)))')).body.count).toBe(0);
  });

  it('replaces links on update among the dashboards the user may edit, keeping the others', async () => {
    const id = await saved(alice.client, { slice_name: 'Linked', dashboards: [mine] });
    await server.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: bobs, slice_id: id }).execute();
    const r = await alice.client.put<Saved>(`/api/v1/chart/${id}`, { dashboards: [] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.dashboards.map((d) => d.id)).toEqual([bobs]);
    const again = await alice.client.put<Saved>(`/api/v1/chart/${id}`, { dashboards: [mine] });
    expect(again.body.result.dashboards.map((d) => d.id).sort()).toEqual([mine, bobs].sort());
  });
});

describe('the chart list', () => {
  let pie: number;
  let hubs: number;
  let line: number;
  beforeAll(async () => {
    pie = await saved(alice.client, { slice_name: 'List: delays pie' });
    hubs = await saved(alice.client, {
      slice_name: 'List: airport table',
      datasource_id: airports,
      viz_type: 'table',
      params: JSON.stringify({ viz_type: 'table', all_columns: ['iata'] }),
      description: 'The busiest HUBS',
      certified_by: 'Data team',
    });
    line = await saved(bob.client, { slice_name: 'List: bob line', viz_type: 'echarts_timeseries_line' });
  });

  const listIds = async (c: Client, filters: string, extra = '') =>
    (await list(c, `(filters:!(${filters}),page_size:200${extra})`)).body.ids;

  it('finds charts by text in the name, the description or the dataset name, in any case', async () => {
    expect(await listIds(alice.client, '(col:slice_name,opr:chart_all_text,value:DELAYS)')).toEqual([pie]);
    expect(await listIds(alice.client, '(col:slice_name,opr:chart_all_text,value:hubs)')).toEqual([hubs]);
    // the first chart's description mentions airports too; among the list's charts only the dataset name does
    const byDataset = await listIds(
      alice.client,
      "(col:slice_name,opr:chart_all_text,value:airports),(col:slice_name,opr:sw,value:'List')",
    );
    expect(byDataset).toEqual([hubs]);
    expect(await listIds(alice.client, "(col:slice_name,opr:chart_all_text,value:'100%')")).toEqual([]);
  });

  it('filters on owners, creator, viz type, dataset and certification', async () => {
    expect(await listIds(alice.client, `(col:owners,opr:rel_m_m,value:${bob.id}),(col:slice_name,opr:ct,value:'List:')`)).toEqual([line]);
    expect(await listIds(alice.client, `(col:created_by,opr:rel_o_m,value:${bob.id}),(col:slice_name,opr:sw,value:'List')`)).toEqual([
      line,
    ]);
    expect(await listIds(bob.client, "(col:created_by,opr:chart_created_by_me,value:me),(col:slice_name,opr:sw,value:'List')")).toEqual([
      line,
    ]);
    expect(await listIds(alice.client, '(col:viz_type,opr:eq,value:echarts_timeseries_line)')).toContain(line);
    expect(await listIds(alice.client, "(col:viz_type,opr:neq,value:pie),(col:slice_name,opr:sw,value:'List')")).toEqual(
      expect.arrayContaining([hubs, line]),
    );
    expect(await listIds(alice.client, `(col:datasource_id,opr:eq,value:${airports})`)).toEqual([hubs]);
    expect((await listIds(alice.client, `(col:datasource_id,opr:in,value:!(${airports},${flights}))`)).length).toBeGreaterThan(2);
    expect(await listIds(alice.client, '(col:id,opr:chart_is_certified,value:!t)')).toEqual([hubs]);
    expect(await listIds(alice.client, '(col:id,opr:chart_is_certified,value:!f)')).not.toContain(hubs);
    const bad = await list(alice.client, '(filters:!((col:params,opr:eq,value:x)))');
    expect(bad.status).toBe(400);
  });

  it('orders by the latest change first, or by a chosen column, and pages', async () => {
    const all = await list(alice.client, "(filters:!((col:slice_name,opr:sw,value:'List')))");
    expect(all.body.count).toBe(3);
    expect(all.body.ids).toEqual([line, hubs, pie]);
    const byName = await list(
      alice.client,
      "(filters:!((col:slice_name,opr:sw,value:'List')),order_column:slice_name,order_direction:asc)",
    );
    expect(byName.body.result.map((c) => c.slice_name)).toEqual(['List: airport table', 'List: bob line', 'List: delays pie']);
    const page = await list(
      alice.client,
      "(filters:!((col:slice_name,opr:sw,value:'List')),order_column:slice_name,order_direction:desc,page:1,page_size:2)",
    );
    expect(page.body.count).toBe(3);
    expect(page.body.ids).toEqual([hubs]);
    expect((await list(alice.client, '(order_column:params)')).status).toBe(400);
  });

  it('answers each row with its owners, dataset and who saved it', async () => {
    const r = await list(alice.client, `(filters:!((col:id,opr:eq,value:${hubs})))`);
    expect(r.body.result[0]).toMatchObject({
      id: hubs,
      slice_name: 'List: airport table',
      viz_type: 'table',
      datasource_name_text: 'main.airports',
      url: `/explore/?slice_id=${hubs}`,
      owners: [{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }],
      created_by: { id: alice.id },
      changed_by_name: 'Alice Tester',
      last_saved_by: { id: alice.id },
      certified_by: 'Data team',
    });
    const narrow = await list(alice.client, `(filters:!((col:id,opr:eq,value:${hubs})),columns:!(id,slice_name,owners.id))`);
    expect(narrow.body.result).toEqual([{ id: hubs, slice_name: 'List: airport table', owners: [{ id: alice.id }] }]);
  });

  it('shows a user only the charts of datasets they may read, and their own', async () => {
    expect((await list(gary.client, '()')).body.count).toBe(0);
    await customRole(server, 'airport_readers', [['datasource_access', `[examples].[airports](id:${airports})`]]);
    const rita = await loggedInUser(server, admin, 'rita', ['Gamma', 'airport_readers']);
    const r = await list(rita.client, '()');
    expect(r.body.ids).toEqual([hubs]);
    expect((await rita.client.get(`/api/v1/chart/${hubs}`)).status).toBe(200);
    expect((await rita.client.get(`/api/v1/chart/${pie}`)).status).toBe(404);
  });

  it('offers the users for the owner filter', async () => {
    const r = await alice.client.get<{ count: number; result: { value: number; text: string }[] }>(
      `/api/v1/chart/related/owners?q=${encodeURIComponent('(filter:bob)')}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([{ value: bob.id, text: 'Bob Tester', extra: { active: true } }]);
    expect((await alice.client.get('/api/v1/chart/related/params')).status).toBe(404);
  });
});
