/**
 * Tags beyond charts and dashboards: the dataset and saved query lists filtered by tag (the peer's
 * `<type>_tags` name filter and `<type>_tag_id` filter on column `tags`) with `tags` in each row,
 * and the taggings of a deleted chart, dashboard, dataset or saved query removed with it (single
 * and bulk delete), so get_objects no longer lists it and a new object never inherits them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { tagDb } from '../metadata/repos/tags.js';

type Created = { id: number };
type Rows = { count: number; result: { id: number; tags: { id: number; name: string; type: number }[] }[] };
type Objects = { result: { id: number; type: string }[] };

let server: TestServer;
let admin: Client;
let flights: number;
let seq = 0;
const unique = (base: string) => `${base}-${++seq}-${Date.now() % 100000}`;
const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

async function created(r: Promise<{ status: number; text: string; body: Created }>): Promise<number> {
  const reply = await r;
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id;
}

const dataset = (name: string) =>
  created(
    admin.post<Created>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: name, sql: 'SELECT 1 AS one' }),
  );
const savedQuery = (label: string) =>
  created(admin.post<Created>('/api/v1/saved_query/', { db_id: server.examplesId, label, sql: 'SELECT 1' }));
const chart = (name: string) =>
  created(admin.post<Created>('/api/v1/chart/', { slice_name: name, datasource_id: flights, datasource_type: 'table', params: '{}' }));
const dashboard = (title: string) => created(admin.post<Created>('/api/v1/dashboard/', { dashboard_title: title }));

async function tag(type: number, id: number, names: string[]): Promise<void> {
  const r = await admin.post(`/api/v1/tag/${type}/${id}/`, { properties: { tags: names } });
  expect(r.status, r.text).toBe(201);
}

async function tagId(name: string): Promise<number> {
  const r = await admin.get<{ result: { id: number }[] }>(`/api/v1/tag/${q({ filters: [{ col: 'name', opr: 'eq', value: name }] })}`);
  return r.body.result[0].id;
}

const listed = async (path: string, filters: unknown[]) => {
  const r = await admin.get<Rows>(`${path}${q({ filters, page_size: 100 })}`);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

const objectsOf = async (name: string) =>
  (await admin.get<Objects>(`/api/v1/tag/get_objects/?tags=${encodeURIComponent(name)}`)).body.result.map((o) => `${o.type}:${o.id}`);

const taggingRows = (type: string, ids: number[]) =>
  tagDb(server.ctx.store.db)
    .selectFrom('tagged_object')
    .select('object_id')
    .where('object_type', '=', type)
    .where('object_id', 'in', ids)
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await created(admin.post<Created>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' }));
});

afterAll(async () => {
  await server?.close();
});

describe('the dataset list by tag', () => {
  it('filters with dataset_tag_id and dataset_tags and answers each row with its tags', async () => {
    const name = unique('Finance');
    const tagged = await dataset(unique('tagged_ds'));
    const other = await dataset(unique('other_ds'));
    await tag(4, tagged, [name]);
    const id = await tagId(name);

    const byId = await listed('/api/v1/dataset/', [{ col: 'tags', opr: 'dataset_tag_id', value: id }]);
    expect(byId.result.map((r) => r.id)).toEqual([tagged]);
    expect(byId.result[0].tags).toEqual([{ id, name, type: 1 }]);
    // the name filter: contains, any case
    const byName = await listed('/api/v1/dataset/', [{ col: 'tags', opr: 'dataset_tags', value: name.slice(0, 12).toLowerCase() }]);
    expect(byName.result.map((r) => r.id)).toContain(tagged);
    expect(byName.result.map((r) => r.id)).not.toContain(other);
    const unfiltered = await listed('/api/v1/dataset/', []);
    expect(unfiltered.result.find((r) => r.id === other)?.tags).toEqual([]);
  });

  it('refuses an operator it does not know on tags and a tag id that is not one', async () => {
    expect((await admin.get(`/api/v1/dataset/${q({ filters: [{ col: 'tags', opr: 'chart_tag_id', value: 1 }] })}`)).status).toBe(400);
    expect((await admin.get(`/api/v1/dataset/${q({ filters: [{ col: 'tags', opr: 'dataset_tag_id', value: 'x' }] })}`)).status).toBe(400);
  });
});

describe('the saved query list by tag', () => {
  it('filters with saved_query_tag_id and saved_query_tags and answers each row with its tags', async () => {
    const name = unique('Ops');
    const tagged = await savedQuery(unique('tagged query'));
    const other = await savedQuery(unique('other query'));
    await tag(1, tagged, [name]);
    const id = await tagId(name);

    const byId = await listed('/api/v1/saved_query/', [{ col: 'tags', opr: 'saved_query_tag_id', value: id }]);
    expect(byId.result.map((r) => r.id)).toEqual([tagged]);
    expect(byId.result[0].tags).toEqual([{ id, name, type: 1 }]);
    const byName = await listed('/api/v1/saved_query/', [{ col: 'tags', opr: 'saved_query_tags', value: name.toUpperCase() }]);
    expect(byName.result.map((r) => r.id)).toEqual([tagged]);
    expect((await listed('/api/v1/saved_query/', [])).result.find((r) => r.id === other)?.tags).toEqual([]);
    expect((await admin.get(`/api/v1/saved_query/${q({ filters: [{ col: 'tags', opr: 'saved_query_tag_id', value: -3 }] })}`)).status).toBe(
      400,
    );
  });
});

describe('deleting a tagged object removes its taggings', () => {
  it('single deletes of a chart, a dashboard, a dataset and a saved query', async () => {
    const name = unique('gone');
    const c = await chart(unique('chart'));
    const d = await dashboard(unique('dash'));
    const ds = await dataset(unique('ds'));
    const sq = await savedQuery(unique('sq'));
    await tag(2, c, [name]);
    await tag(3, d, [name]);
    await tag(4, ds, [name]);
    await tag(1, sq, [name]);
    expect((await objectsOf(name)).sort()).toEqual([`chart:${c}`, `dashboard:${d}`, `dataset:${ds}`, `query:${sq}`].sort());

    expect((await admin.delete(`/api/v1/chart/${c}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/dashboard/${d}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/dataset/${ds}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/saved_query/${sq}`)).status).toBe(200);

    expect(await objectsOf(name)).toEqual([]);
    expect(await taggingRows('chart', [c])).toEqual([]);
    expect(await taggingRows('dashboard', [d])).toEqual([]);
    expect(await taggingRows('dataset', [ds])).toEqual([]);
    expect(await taggingRows('query', [sq])).toEqual([]);
    // the tag itself stays
    expect((await admin.get(`/api/v1/tag/${await tagId(name)}`)).status).toBe(200);
  });

  it('bulk deletes, leaving the taggings of the objects not deleted', async () => {
    const name = unique('bulk');
    const charts = [await chart(unique('c')), await chart(unique('c'))];
    const dashboards = [await dashboard(unique('d')), await dashboard(unique('d'))];
    const datasets = [await dataset(unique('ds')), await dataset(unique('ds'))];
    const queries = [await savedQuery(unique('sq')), await savedQuery(unique('sq'))];
    const kept = await chart(unique('kept'));
    for (const id of charts) await tag(2, id, [name]);
    for (const id of dashboards) await tag(3, id, [name]);
    for (const id of datasets) await tag(4, id, [name]);
    for (const id of queries) await tag(1, id, [name]);
    await tag(2, kept, [name]);

    expect((await admin.delete(`/api/v1/chart/${q(charts)}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/dashboard/${q(dashboards)}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/dataset/${q(datasets)}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/saved_query/${q(queries)}`)).status).toBe(200);

    expect(await objectsOf(name)).toEqual([`chart:${kept}`]);
    expect(await taggingRows('chart', charts)).toEqual([]);
    expect(await taggingRows('dashboard', dashboards)).toEqual([]);
    expect(await taggingRows('dataset', datasets)).toEqual([]);
    expect(await taggingRows('query', queries)).toEqual([]);
  });

  it('keeps the taggings when a delete is refused', async () => {
    const name = unique('kept');
    const sq = await savedQuery(unique('sq'));
    await tag(1, sq, [name]);
    // one id missing: nothing is deleted (all or none)
    expect((await admin.delete(`/api/v1/saved_query/${q([sq, 999_999])}`)).status).toBe(404);
    expect(await objectsOf(name)).toEqual([`query:${sq}`]);
  });
});
