/**
 * Tags: the /api/v1/tag/ API (CRUD, bulk delete by name, bounds), tagging and untagging objects
 * with the edit rights of the object, get_objects showing only readable objects, the `tags` field
 * of chart and dashboard replies, and the chart and dashboard list filters by tag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import type { ChartDetail, ChartListItem, DashboardDetail, DashboardListItem } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

type Created = { id: number; result: Record<string, unknown> };
type TagList = { count: number; ids: number[]; result: { id: number; name: string; type: number; description: string | null }[] };
type Objects = { result: { id: number; type: string; name: string; url: string; tags: { name: string }[] }[] };

let server: TestServer;
let admin: Client;
let flights: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let gary: { client: Client; id: number };
let tagger: { client: Client; id: number };

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;
let seq = 0;
const unique = (base: string) => `${base}-${++seq}-${Date.now() % 100000}`;

async function chart(c: Client, name: string): Promise<number> {
  const params = JSON.stringify({ viz_type: 'pie', metric: 'count', groupby: ['origin'] });
  const r = await c.post<Created>('/api/v1/chart/', { slice_name: name, datasource_id: flights, datasource_type: 'table', params });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function dashboard(c: Client, title: string): Promise<number> {
  const r = await c.post<Created>('/api/v1/dashboard/', { dashboard_title: title });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const tagObject = (c: Client, type: number | string, id: number, tags: string[]) =>
  c.post(`/api/v1/tag/${type}/${id}/`, { properties: { tags } });

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  expect(r.status, r.text).toBe(201);
  flights = r.body.id;
  alice = await loggedInUser(server, admin, 'tag_alice', ['Alpha']);
  bob = await loggedInUser(server, admin, 'tag_bob', ['Alpha']);
  gary = await loggedInUser(server, admin, 'tag_gary', ['Gamma']);
  await customRole(server, 'tag_writer', [
    ['can_read', 'Tag'],
    ['can_write', 'Tag'],
    ['can_read', 'Chart'],
  ]);
  tagger = await loggedInUser(server, admin, 'tag_tagger', ['tag_writer']);
});
afterAll(async () => {
  await server?.close();
});

describe('tag CRUD', () => {
  it('creates, reads, renames, lists and deletes a custom tag', async () => {
    const name = unique('finance');
    const created = await admin.post<Created>('/api/v1/tag/', { name: `  ${name} `, description: 'Money' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.result).toEqual({ name, description: 'Money', objects_to_tag: [] });
    const id = created.body.id;
    const got = await admin.get<Created>(`/api/v1/tag/${id}`);
    expect(got.body.result).toMatchObject({ id, name, type: 1, description: 'Money', created_by: { first_name: 'admin' } });
    const renamed = `${name}-x`;
    expect((await admin.put(`/api/v1/tag/${id}`, { name: renamed })).status).toBe(200);
    const list = await admin.get<TagList>(`/api/v1/tag/${q({ filters: [{ col: 'name', opr: 'ct', value: renamed.toUpperCase() }] })}`);
    expect(list.body.result.map((t) => t.name)).toEqual([renamed]);
    expect((await admin.delete(`/api/v1/tag/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/tag/${id}`)).status).toBe(404);
  });

  it('refuses a duplicate, an empty, a too long and a reserved system tag name', async () => {
    const name = unique('dup');
    expect((await admin.post('/api/v1/tag/', { name })).status).toBe(201);
    const dup = await admin.post<{ message: Record<string, string[]> }>('/api/v1/tag/', { name });
    expect(dup.status).toBe(400);
    expect(dup.body.message.name).toEqual(['A tag with this name already exists.']);
    expect((await admin.post('/api/v1/tag/', { name: '   ' })).status).toBe(400);
    expect((await admin.post('/api/v1/tag/', { name: 'x'.repeat(251) })).status).toBe(400);
    expect((await admin.post('/api/v1/tag/', { name: 'owner:1' })).status).toBe(400);
  });

  it('bulk deletes tags by name and answers 404 when one does not exist', async () => {
    const a = unique('bulk');
    const b = unique('bulk');
    await admin.post('/api/v1/tag/', { name: a });
    await admin.post('/api/v1/tag/', { name: b });
    expect((await admin.delete(`/api/v1/tag/${q([a, 'no-such-tag'])}`)).status).toBe(404);
    const r = await admin.delete<{ message: string }>(`/api/v1/tag/${q([a, b])}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe('Deleted 2 tags');
    const left = await admin.get<TagList>(`/api/v1/tag/${q({ filters: [{ col: 'name', opr: 'sw', value: 'bulk-' }] })}`);
    expect(left.body.result.map((t) => t.name)).not.toContain(a);
  });

  it('needs can_write on Tag to create and lets a Gamma user only read', async () => {
    expect((await gary.client.get('/api/v1/tag/')).status).toBe(200);
    expect((await gary.client.post('/api/v1/tag/', { name: unique('nope') })).status).toBe(403);
  });

  it('tags the objects a create names, only when the user may edit each', async () => {
    const mine = await chart(alice.client, unique('alice chart'));
    const theirs = await chart(bob.client, unique('bob chart'));
    const ok = await alice.client.post<Created>('/api/v1/tag/', { name: unique('mine'), objects_to_tag: [['chart', mine]] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.result.objects_to_tag).toEqual([['chart', mine]]);
    const refused = await alice.client.post('/api/v1/tag/', { name: unique('theirs'), objects_to_tag: [['chart', theirs]] });
    expect(refused.status).toBe(403);
  });
});

describe('tagging objects', () => {
  it('tags a chart by the peer object type number, shows it in the chart reply and untags it', async () => {
    const id = await chart(alice.client, unique('tagged chart'));
    const name = unique('sales');
    const r = await tagObject(alice.client, 2, id, [name, name, ` ${name} `]);
    expect(r.status, r.text).toBe(201);
    const detail = await alice.client.get<{ result: ChartDetail }>(`/api/v1/chart/${id}`);
    expect(detail.body.result.tags).toEqual([{ id: expect.any(Number), name, type: 1 }]);
    const del = await alice.client.delete(`/api/v1/tag/chart/${id}/${encodeURIComponent(name)}/`);
    expect(del.status, del.text).toBe(200);
    expect((await alice.client.get<{ result: ChartDetail }>(`/api/v1/chart/${id}`)).body.result.tags).toEqual([]);
    expect((await alice.client.delete(`/api/v1/tag/chart/${id}/${encodeURIComponent(name)}/`)).status).toBe(404);
  });

  it('refuses to tag a chart the user may see but not edit (403) and one they cannot see (404)', async () => {
    const id = await chart(alice.client, unique('private chart'));
    expect((await tagObject(bob.client, 'chart', id, [unique('x')])).status).toBe(403);
    // tagger may write tags but reads no dataset: the chart answers like a missing one
    expect((await tagObject(tagger.client, 'chart', id, [unique('x')])).status).toBe(404);
    expect((await tagObject(tagger.client, 'chart', 999_999, [unique('x')])).status).toBe(404);
    expect((await tagObject(alice.client, 'slice', id, [unique('x')])).status).toBe(404);
  });

  it('bounds the tags of one request', async () => {
    const id = await chart(alice.client, unique('many tags'));
    const names = Array.from({ length: 101 }, (_, i) => `t${i}`);
    expect((await tagObject(alice.client, 'chart', id, names)).status).toBe(400);
    expect((await tagObject(alice.client, 'chart', id, [])).status).toBe(400);
  });

  it('tags a dashboard and shows the tag in its get and list replies', async () => {
    const id = await dashboard(alice.client, unique('Tagged dashboard'));
    const name = unique('board');
    expect((await tagObject(alice.client, 3, id, [name])).status).toBe(201);
    const detail = await alice.client.get<{ result: DashboardDetail }>(`/api/v1/dashboard/${id}`);
    expect(detail.body.result.tags.map((t) => t.name)).toEqual([name]);
    const list = await alice.client.get<{ result: DashboardListItem[] }>(
      `/api/v1/dashboard/${q({ filters: [{ col: 'id', opr: 'eq', value: id }] })}`,
    );
    expect(list.body.result[0].tags).toEqual([{ id: expect.any(Number), name, type: 1 }]);
  });
  it('shows the tags of a dataset (type 4) and a saved query (type 1) in their get and list replies', async () => {
    const name = unique('data');
    expect((await tagObject(admin, 4, flights, [name])).status).toBe(201);
    const ds = await admin.get<{ result: { tags: { name: string }[] } }>(`/api/v1/dataset/${flights}`);
    expect(ds.body.result.tags.map((t) => t.name)).toContain(name);
    const dsList = await admin.get<{ result: { id: number; tags: { name: string }[] }[] }>(
      `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'flights' }] })}`,
    );
    expect(dsList.body.result.find((d) => d.id === flights)?.tags.map((t) => t.name)).toContain(name);
    const saved = await admin.post<{ id: number }>('/api/v1/saved_query/', {
      db_id: server.examplesId,
      label: unique('sq'),
      sql: 'select 1',
    });
    expect(saved.status, saved.text).toBe(201);
    expect((await tagObject(admin, 1, saved.body.id, [name])).status).toBe(201);
    const sq = await admin.get<{ result: { tags: { name: string }[] } }>(`/api/v1/saved_query/${saved.body.id}`);
    expect(sq.body.result.tags).toEqual([{ id: expect.any(Number), name, type: 1 }]);
    // a saved query is its author's: another user's tagging answers like a missing one
    expect((await tagObject(alice.client, 'query', saved.body.id, [unique('x')])).status).toBe(404);
  });
});

describe('list filters and get_objects', () => {
  it('filters the chart list by tag name (chart_tags) and by tag id (chart_tag_id)', async () => {
    const tagged = await chart(alice.client, unique('filter in'));
    const other = await chart(alice.client, unique('filter out'));
    const name = unique('quarterly');
    await tagObject(alice.client, 'chart', tagged, [name]);
    await tagObject(alice.client, 'chart', other, [unique('another')]);
    const byName = await alice.client.get<{ count: number; result: ChartListItem[] }>(
      `/api/v1/chart/${q({ filters: [{ col: 'tags', opr: 'chart_tags', value: name }] })}`,
    );
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.result.map((c) => c.id)).toEqual([tagged]);
    expect(byName.body.result[0].tags.map((t) => t.name)).toEqual([name]);
    const tagId = byName.body.result[0].tags[0].id;
    const byId = await alice.client.get<{ result: ChartListItem[] }>(
      `/api/v1/chart/${q({ filters: [{ col: 'tags', opr: 'chart_tag_id', value: tagId }] })}`,
    );
    expect(byId.body.result.map((c) => c.id)).toEqual([tagged]);
  });

  it('filters the dashboard list by tag (dashboard_tags)', async () => {
    const tagged = await dashboard(alice.client, unique('Filter board'));
    await dashboard(alice.client, unique('Other board'));
    const name = unique('ops');
    await tagObject(alice.client, 'dashboard', tagged, [name]);
    const r = await alice.client.get<{ result: DashboardListItem[] }>(
      `/api/v1/dashboard/${q({ filters: [{ col: 'tags', opr: 'dashboard_tags', value: name }] })}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.result.map((d) => d.id)).toEqual([tagged]);
  });

  it('lists the objects of a tag, leaving out the ones the user may not read', async () => {
    const name = unique('shared');
    const c = await chart(alice.client, unique('objects chart'));
    const d = await dashboard(alice.client, unique('Objects board'));
    await tagObject(alice.client, 'chart', c, [name]);
    await tagObject(alice.client, 'dashboard', d, [name]);
    const all = await alice.client.get<Objects>(`/api/v1/tag/get_objects/?tags=${encodeURIComponent(name)}`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.result.map((o) => `${o.type}:${o.id}`).sort()).toEqual([`chart:${c}`, `dashboard:${d}`].sort());
    const chartOnly = await alice.client.get<Objects>(`/api/v1/tag/get_objects/?tags=${encodeURIComponent(name)}&types=chart`);
    expect(chartOnly.body.result).toMatchObject([{ id: c, type: 'chart', url: `/explore/?slice_id=${c}`, tags: [{ name }] }]);
    // gary (Gamma, no data access, not an owner) sees neither the chart nor the draft dashboard
    const hidden = await gary.client.get<Objects>(`/api/v1/tag/get_objects/?tags=${encodeURIComponent(name)}`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.result).toEqual([]);
  });
});
