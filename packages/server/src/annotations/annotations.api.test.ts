/**
 * Native annotation layers: the /api/v1/annotation_layer/ API (CRUD, bulk delete, lists, related,
 * validation, permissions) and `annotation_data` in chart data for a query naming a NATIVE layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext } from '../test-support/async.js';
import { databaseGrant, loginAs } from '../test-support/sqllab-fixtures.js';

type Created = { id: number; result: Record<string, unknown> };
type List = { count: number; ids: number[]; result: Record<string, unknown>[] };
type DataReply = {
  result: {
    data: Record<string, unknown>[];
    annotation_data?: Record<string, { columns: string[]; records: Record<string, unknown>[] }>;
  }[];
};

const BASE = '/api/v1/annotation_layer/';
let server: TestServer;
let admin: Client;
let gamma: Client;
let flights: number;

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

async function layer(name: string, descr: string | null = null): Promise<number> {
  const r = await admin.post<Created>(BASE, { name, descr });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

async function annotation(layerId: number, body: Record<string, unknown>): Promise<number> {
  const r = await admin.post<Created>(`${BASE}${layerId}/annotation/`, body);
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  gamma = (await loginAs(server, 'gina', ['Gamma'], [databaseGrant('examples', server.examplesId!)])).client;
});
afterAll(async () => {
  await server?.close();
});

describe('annotation layers', () => {
  it('creates, reads, renames and lists a layer with who changed it', async () => {
    const r = await admin.post<Created>(BASE, { name: '  Releases ', descr: 'Product releases' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result).toEqual({ name: 'Releases', descr: 'Product releases' });
    const id = r.body.id;
    const got = await admin.get<Created>(`${BASE}${id}`);
    expect(got.body.result).toEqual({ id, name: 'Releases', descr: 'Product releases' });
    const put = await admin.put<Created>(`${BASE}${id}`, { name: 'Launches' });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result).toEqual({ name: 'Launches' });
    const list = await admin.get<List>(`${BASE}${q({ filters: [{ col: 'name', opr: 'annotation_layer_all_text', value: 'launch' }] })}`);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0]).toMatchObject({
      id,
      name: 'Launches',
      descr: 'Product releases',
      changed_by: { first_name: expect.any(String) },
    });
    expect(typeof list.body.result[0].changed_on_delta_humanized).toBe('string');
  });

  it('refuses a second layer of the same name and an empty or overlong name', async () => {
    await layer('Unique layer');
    const dup = await admin.post<{ message: Record<string, string[]> }>(BASE, { name: 'Unique layer' });
    expect(dup.status).toBe(400);
    expect(dup.body.message.name).toEqual(['Name must be unique']);
    expect((await admin.post(BASE, { name: '   ' })).status).toBe(400);
    expect((await admin.post(BASE, { name: 'x'.repeat(251) })).status).toBe(400);
  });

  it('orders and pages the list and refuses an unknown order column or filter', async () => {
    for (const n of ['Page A', 'Page B', 'Page C']) await layer(n);
    const r = await admin.get<List>(
      `${BASE}${q({ filters: [{ col: 'name', opr: 'sw', value: 'Page ' }], order_column: 'name', order_direction: 'desc', page: 0, page_size: 2 })}`,
    );
    expect(r.body.count).toBe(3);
    expect(r.body.result.map((l) => l.name)).toEqual(['Page C', 'Page B']);
    expect((await admin.get(`${BASE}${q({ order_column: 'secret' })}`)).status).toBe(400);
    expect((await admin.get(`${BASE}${q({ filters: [{ col: 'x', opr: 'eq', value: 1 }] })}`)).status).toBe(400);
    expect((await admin.get(`${BASE}${q({ page_size: 100_000 })}`)).status).toBe(400);
  });

  it('will not delete a layer that holds annotations, and bulk deletes empty ones', async () => {
    const full = await layer('Holds one');
    await annotation(full, { short_descr: 'x', start_dttm: '2024-01-01', end_dttm: '2024-01-01' });
    const refused = await admin.delete<{ message: string }>(`${BASE}${full}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Annotation layer has associated annotations.');
    const a = await layer('Empty A');
    const b = await layer('Empty B');
    const bulk = await admin.delete<{ message: string }>(`${BASE}${q([a, b])}`);
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body.message).toBe('Deleted 2 annotation layers');
    expect((await admin.get(`${BASE}${a}`)).status).toBe(404);
    expect((await admin.delete(`${BASE}${q([a])}`)).status).toBe(404);
  });

  it('lists the users related to layers', async () => {
    const r = await admin.get<{ count: number; result: { value: number; text: string }[] }>(
      `${BASE}related/created_by${q({ filter: '' })}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.count).toBeGreaterThan(0);
    expect((await admin.get(`${BASE}related/secret`)).status).toBe(404);
  });
});

describe('annotations of a layer', () => {
  it('creates, reads, edits and deletes an annotation, times stored in UTC', async () => {
    const l = await layer('Outages');
    const r = await admin.post<Created>(`${BASE}${l}/annotation/`, {
      short_descr: 'DB down',
      long_descr: 'The primary failed over',
      start_dttm: '2024-03-01T10:00:00+02:00',
      end_dttm: '2024-03-01 12:30',
      json_metadata: '{"ticket": 42}',
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result).toMatchObject({ start_dttm: '2024-03-01T08:00:00', end_dttm: '2024-03-01T12:30:00' });
    const id = r.body.id;
    const got = await admin.get<Created>(`${BASE}${l}/annotation/${id}`);
    expect(got.body.result).toMatchObject({
      id,
      short_descr: 'DB down',
      long_descr: 'The primary failed over',
      json_metadata: '{"ticket": 42}',
      layer: { id: l, name: 'Outages' },
    });
    const put = await admin.put<Created>(`${BASE}${l}/annotation/${id}`, { end_dttm: '2024-03-02' });
    expect(put.status, put.text).toBe(200);
    const list = await admin.get<List>(`${BASE}${l}/annotation/`);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0]).toMatchObject({ short_descr: 'DB down', end_dttm: '2024-03-02T00:00:00' });
    // the annotation is found under its own layer only
    const other = await layer('Other');
    expect((await admin.get(`${BASE}${other}/annotation/${id}`)).status).toBe(404);
    expect((await admin.get(`${BASE}999999/annotation/`)).status).toBe(404);
    const del = await admin.delete<{ message: string }>(`${BASE}${l}/annotation/${q([id])}`);
    expect(del.body.message).toBe('Deleted 1 annotation');
    expect((await admin.get<List>(`${BASE}${l}/annotation/`)).body.count).toBe(0);
  });

  it('refuses an end before the start, a bad time, invalid JSON and a repeated short description', async () => {
    const l = await layer('Validated');
    const before = await admin.post<{ message: Record<string, string[]> }>(`${BASE}${l}/annotation/`, {
      short_descr: 'a',
      start_dttm: '2024-02-02',
      end_dttm: '2024-02-01',
    });
    expect(before.status).toBe(400);
    expect(before.body.message.end_dttm).toEqual(['End date must be after start date']);
    const bad = await admin.post<{ message: Record<string, string[]> }>(`${BASE}${l}/annotation/`, {
      short_descr: 'a',
      start_dttm: '2024-02-30',
      end_dttm: 'soon',
    });
    expect(bad.body.message).toEqual({ start_dttm: ['Not a valid datetime.'], end_dttm: ['Not a valid datetime.'] });
    const json = await admin.post<{ message: Record<string, string[]> }>(`${BASE}${l}/annotation/`, {
      short_descr: 'a',
      start_dttm: '2024-02-01',
      end_dttm: '2024-02-01',
      json_metadata: '{oops',
    });
    expect(json.body.message.json_metadata).toEqual(['JSON not valid']);
    await annotation(l, { short_descr: 'same', start_dttm: '2024-02-01', end_dttm: '2024-02-01' });
    const dup = await admin.post<{ message: Record<string, string[]> }>(`${BASE}${l}/annotation/`, {
      short_descr: 'same',
      start_dttm: '2024-02-01',
      end_dttm: '2024-02-01',
    });
    expect(dup.body.message.short_descr).toEqual(['Short description must be unique for this layer']);
    expect(
      (await admin.post(`${BASE}${l}/annotation/`, { short_descr: 'x'.repeat(501), start_dttm: '2024-02-01', end_dttm: '2024-02-01' }))
        .status,
    ).toBe(400);
    // an edit that moves the start after the stored end is refused too
    const id = await annotation(l, { short_descr: 'edit me', start_dttm: '2024-02-01', end_dttm: '2024-02-03' });
    expect((await admin.put(`${BASE}${l}/annotation/${id}`, { start_dttm: '2024-02-05' })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('lets a Gamma user read layers and annotations but not write them', async () => {
    const l = await layer('Readable');
    const id = await annotation(l, { short_descr: 'seen', start_dttm: '2024-01-01', end_dttm: '2024-01-02' });
    expect((await gamma.get<List>(`${BASE}${q({ filters: [{ col: 'name', opr: 'eq', value: 'Readable' }] })}`)).body.count).toBe(1);
    expect((await gamma.get(`${BASE}${l}/annotation/${id}`)).status).toBe(200);
    expect((await gamma.post(BASE, { name: 'Mine' })).status).toBe(403);
    expect((await gamma.put(`${BASE}${l}`, { name: 'Renamed' })).status).toBe(403);
    expect((await gamma.delete(`${BASE}${l}/annotation/${id}`)).status).toBe(403);
    expect(
      (await gamma.post(`${BASE}${l}/annotation/`, { short_descr: 'n', start_dttm: '2024-01-01', end_dttm: '2024-01-01' })).status,
    ).toBe(403);
  });

  it('refuses a user without can_read on Annotation', async () => {
    const nobody = (await loginAs(server, 'nora', [], [databaseGrant('examples', server.examplesId!)])).client;
    expect((await nobody.get(BASE)).status).toBe(403);
  });
});

describe('chart data with a NATIVE layer', () => {
  it('returns the annotations of the layer that overlap the query time range, keyed by layer name', async () => {
    const l = await layer('Flight events');
    await annotation(l, {
      short_descr: 'Storm',
      long_descr: 'Snow',
      start_dttm: '2001-02-10',
      end_dttm: '2001-02-12',
      json_metadata: '{}',
    });
    await annotation(l, { short_descr: 'Strike', start_dttm: '2001-03-25', end_dttm: '2001-04-05' });
    await annotation(l, { short_descr: 'Too late', start_dttm: '2001-05-01', end_dttm: '2001-05-01' });
    await annotation(l, { short_descr: 'Too early', start_dttm: '2000-12-01', end_dttm: '2000-12-31' });
    const layers = [
      { name: 'Events', annotationType: 'EVENT', sourceType: 'NATIVE', value: l, show: true },
      { name: 'Hidden', annotationType: 'EVENT', sourceType: 'NATIVE', value: l, show: false },
    ];
    const body = chartContext(flights, { time_range: '2001-02-01 : 2001-04-01', granularity: 'date', annotation_layers: layers });
    const r = await admin.post<DataReply>('/api/v1/chart/data', body);
    expect(r.status, r.text).toBe(200);
    const data = r.body.result[0].annotation_data!;
    expect(Object.keys(data)).toEqual(['Events']);
    expect(data.Events.columns).toEqual(['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata']);
    expect(data.Events.records).toEqual([
      { start_dttm: Date.UTC(2001, 1, 10), end_dttm: Date.UTC(2001, 1, 12), short_descr: 'Storm', long_descr: 'Snow', json_metadata: '{}' },
      { start_dttm: Date.UTC(2001, 2, 25), end_dttm: Date.UTC(2001, 3, 5), short_descr: 'Strike', long_descr: null, json_metadata: null },
    ]);
    expect(r.body.result[0].data.length).toBeGreaterThan(0);
  });

  it('shows an annotation added after the rows were cached, and none for a query without NATIVE layers', async () => {
    const l = await layer('Cached events');
    const layers = [{ name: 'Later', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: l, show: true }];
    const body = chartContext(flights, { time_range: 'No filter', annotation_layers: layers });
    const first = await admin.post<DataReply>('/api/v1/chart/data', body);
    expect(first.body.result[0].annotation_data).toEqual({ Later: { columns: expect.any(Array), records: [] } });
    await annotation(l, { short_descr: 'Added', start_dttm: '1999-01-01', end_dttm: '1999-01-02' });
    const second = await admin.post<DataReply & { result: { is_cached: boolean }[] }>('/api/v1/chart/data', body);
    expect(second.body.result[0].is_cached).toBe(true);
    expect(second.body.result[0].annotation_data!.Later.records.map((x) => x.short_descr)).toEqual(['Added']);
    const plain = await admin.post<DataReply>('/api/v1/chart/data', chartContext(flights, { annotation_layers: [] }));
    expect(plain.body.result[0].annotation_data).toBeUndefined();
  });

  it('gives a user without can_read on Annotation no annotation data', async () => {
    const l = await layer('Private events');
    await annotation(l, { short_descr: 'Secret', start_dttm: '2001-01-01', end_dttm: '2001-01-01' });
    const limited = (await loginAs(server, 'lena', [], [['can_read', 'Chart'], databaseGrant('examples', server.examplesId!)])).client;
    const body = chartContext(flights, { annotation_layers: [{ name: 'P', annotationType: 'EVENT', sourceType: 'NATIVE', value: l }] });
    const r = await limited.post<DataReply>('/api/v1/chart/data', body);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].annotation_data).toEqual({});
  });
});
