/**
 * A saved chart's data (`/api/v1/chart/{id}/data/`), export and import of charts with their
 * datasets, and the dataset's related charts.
 */
import { randomUUID } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartDetail, DatasetRelatedObjects } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let flights: number;
let alice: { client: Client; id: number };
let gary: { client: Client; id: number };

type Saved = { id: number; result: ChartDetail };
type DataReply = { result: { data: Record<string, unknown>[]; colnames: string[]; rowcount: number; cache_timeout: number | null }[] };
type Bundle = Record<string, Record<string, unknown>>;

/** The query context the explore page saves with a "count of flights by origin" chart. */
const queryContext = (datasetId: number) => ({
  datasource: { id: datasetId, type: 'table' },
  force: false,
  queries: [
    {
      time_range: 'No filter',
      filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'LAX', 'SEA'] }],
      extras: { having: '', where: '' },
      columns: ['origin'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 100,
    },
  ],
  form_data: { datasource: `${datasetId}__table`, viz_type: 'pie' },
  result_format: 'json',
  result_type: 'full',
});

const pieParams = (datasetId: number) =>
  JSON.stringify({
    datasource: `${datasetId}__table`,
    viz_type: 'pie',
    metric: 'count',
    groupby: ['origin'],
    adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'origin', operator: 'IN', comparator: ['SFO', 'LAX', 'SEA'] }],
    time_range: 'No filter',
    row_limit: 100,
    sort_by_metric: true,
  });

async function save(c: Client, body: Record<string, unknown>): Promise<number> {
  const r = await c.post<Saved>('/api/v1/chart/', { datasource_id: flights, datasource_type: 'table', ...body });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

const counts = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((r) => [String(r.origin), Number(r.count)]));

async function download(c: Client, path: string): Promise<{ status: number; headers: Headers; files: Bundle; root: string }> {
  const cookie = (c as unknown as { cookieHeader(): string }).cookieHeader();
  const res = await fetch(server.url + path, { headers: { cookie } });
  if (res.status !== 200) return { status: res.status, headers: res.headers, files: {}, root: '' };
  const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const root = Object.keys(entries)[0].split('/')[0];
  const files: Bundle = {};
  for (const [name, bytes] of Object.entries(entries))
    files[name.slice(root.length + 1)] = parse(strFromU8(bytes)) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, files, root };
}

const zipOf = (files: Bundle) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, doc]) => [`chart_export_test/${name}`, strToU8(stringify(doc))])));

function upload(c: Client, bundle: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return c.postForm<Record<string, unknown>>('/api/v1/chart/import/', form, { csrf: true });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  if (r.status !== 201) throw new Error(r.text);
  flights = r.body.id;
  alice = await loggedInUser(server, admin, 'alice', ['Alpha']);
  gary = await loggedInUser(server, admin, 'gary', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe("a saved chart's data", () => {
  it('runs the saved query context and answers what the chart data endpoint answers for it', async () => {
    const id = await save(alice.client, {
      slice_name: 'Flights by origin',
      params: pieParams(flights),
      query_context: JSON.stringify(queryContext(flights)),
      cache_timeout: 120,
    });
    const direct = await alice.client.post<DataReply>('/api/v1/chart/data', queryContext(flights));
    expect(direct.status, direct.text).toBe(200);
    const r = await alice.client.get<DataReply>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].colnames).toEqual(['origin', 'count']);
    expect(counts(r.body.result[0].data)).toEqual(counts(direct.body.result[0].data));
    expect(Object.keys(counts(r.body.result[0].data)).sort()).toEqual(['LAX', 'SEA', 'SFO']);
    expect(Object.values(counts(r.body.result[0].data)).every((n) => n > 1000)).toBe(true);
    // the chart's own cache timeout applies
    expect(r.body.result[0].cache_timeout).toBe(120);

    const csv = await alice.client.get(`/api/v1/chart/${id}/data/?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text.split(/\r?\n/)[0]).toBe('origin,count');
    expect((await alice.client.get(`/api/v1/chart/${id}/data/?format=pdf`)).status).toBe(400);
    expect((await gary.client.get(`/api/v1/chart/${id}/data/`)).status).toBe(404);
  });

  it('rebuilds the query from the form data when the chart was saved without a query context', async () => {
    const id = await save(alice.client, { slice_name: 'Pie without context', params: pieParams(flights) });
    const direct = await alice.client.post<DataReply>('/api/v1/chart/data', queryContext(flights));
    const r = await alice.client.get<DataReply>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(200);
    expect(counts(r.body.result[0].data)).toEqual(counts(direct.body.result[0].data));
    // largest first, as "sort by metric" asks
    const values = r.body.result[0].data.map((d) => Number(d.count));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('falls back to the generic query for a legacy viz type it does not draw', async () => {
    const id = await save(alice.client, {
      slice_name: 'Unknown type',
      viz_type: 'dist_bar',
      params: JSON.stringify({ metrics: ['count'], groupby: ['origin'], row_limit: 5, time_range: 'No filter' }),
    });
    const r = await alice.client.get<DataReply>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].colnames).toEqual(['origin', 'count']);
    expect(r.body.result[0].rowcount).toBe(5);
  });

  it('asks for a new save when nothing can be built from what is stored', async () => {
    const id = await save(alice.client, { slice_name: 'Broken' });
    await server.ctx.store.db.updateTable('slices').set({ params: 'not json', query_context: null }).where('id', '=', id).execute();
    const r = await alice.client.get(`/api/v1/chart/${id}/data/`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Chart has no query context saved. Please save the chart again.' });
  });
});

describe('the dataset’s related objects', () => {
  it('lists the charts built on the dataset', async () => {
    const id = await save(alice.client, { slice_name: 'Related chart', params: pieParams(flights) });
    const r = await alice.client.get<DatasetRelatedObjects>(`/api/v1/dataset/${flights}/related_objects`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.charts.result).toContainEqual({ id, slice_name: 'Related chart', viz_type: 'pie' });
    expect(r.body.charts.count).toBe(r.body.charts.result.length);
    expect(r.body.dashboards).toEqual({ count: 0, result: [] });

    // a dashboard showing the chart is listed for its owner
    const db = server.ctx.store.db;
    const now = new Date().toISOString();
    const board = await db
      .insertInto('dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_title: 'Delays board',
        slug: 'delays',
        published: 0,
        is_managed_externally: 0,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('dashboard_owners').values({ dashboard_id: board.id, user_id: alice.id }).execute();
    const linked = await alice.client.put(`/api/v1/chart/${id}`, { dashboards: [board.id] });
    expect(linked.status, linked.text).toBe(200);
    const again = await alice.client.get<DatasetRelatedObjects>(`/api/v1/dataset/${flights}/related_objects`);
    expect(again.body.dashboards).toEqual({
      count: 1,
      result: [{ id: board.id, title: 'Delays board', slug: 'delays', json_metadata: null }],
    });
  });
});

describe('export and import', () => {
  let id: number;
  let exported: Awaited<ReturnType<typeof download>>;
  let chartFile: string;

  beforeAll(async () => {
    id = await save(alice.client, {
      slice_name: 'Exported chart',
      description: 'Goes out and comes back',
      params: pieParams(flights),
      query_context: JSON.stringify(queryContext(flights)),
      certified_by: 'Data team',
    });
    exported = await download(alice.client, `/api/v1/chart/export/?q=!(${id})`);
    chartFile = Object.keys(exported.files).find((f) => f.startsWith('charts/')) ?? '';
  });

  it('bundles the chart with its dataset and database as YAML', async () => {
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="chart_export_\d{8}T\d{6}\.zip"$/);
    expect(exported.root).toMatch(/^chart_export_/);
    expect(exported.files['metadata.yaml']).toMatchObject({ version: '1.0.0', type: 'Slice' });
    expect(chartFile).toBe(`charts/Exported_chart_${id}.yaml`);
    const detail = (await alice.client.get<Saved>(`/api/v1/chart/${id}`)).body.result;
    const dataset = Object.entries(exported.files).find(([f]) => f.startsWith('datasets/'));
    expect(dataset?.[0]).toBe(`datasets/examples/flights_${flights}.yaml`);
    expect(exported.files[chartFile]).toMatchObject({
      slice_name: 'Exported chart',
      viz_type: 'pie',
      description: 'Goes out and comes back',
      certified_by: 'Data team',
      uuid: detail.uuid,
      dataset_uuid: dataset?.[1].uuid,
      version: '1.0.0',
      params: { metric: 'count', groupby: ['origin'] },
    });
    expect(Object.keys(exported.files).filter((f) => f.startsWith('databases/'))).toEqual(['databases/examples.yaml']);
    expect((await gary.client.get(`/api/v1/chart/export/?q=!(${id})`)).status).toBe(404);
  });

  it('comes back after a delete, and is replaced only with overwrite', async () => {
    const uuid = (await alice.client.get<Saved>(`/api/v1/chart/${id}`)).body.result.uuid;
    expect((await alice.client.delete(`/api/v1/chart/${id}`)).status).toBe(200);
    const bundle = zipOf(exported.files);
    const r = await upload(alice.client, bundle);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ message: 'OK', result: { created: [{ type: 'chart', uuid }], updated: [], renamed: [] } });
    const back = await server.ctx.store.db.selectFrom('slices').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(back).toMatchObject({ slice_name: 'Exported chart', datasource_id: flights, viz_type: 'pie', certified_by: 'Data team' });
    const restored = (await alice.client.get<Saved>(`/api/v1/chart/${back.id}`)).body.result;
    expect(restored.owners.map((o) => o.id)).toEqual([alice.id]);
    const data = await alice.client.get<DataReply>(`/api/v1/chart/${back.id}/data/`);
    expect(Object.keys(counts(data.body.result[0].data)).sort()).toEqual(['LAX', 'SEA', 'SFO']);

    const again = await upload(alice.client, bundle);
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('Chart already exists and `overwrite=true` was not passed');

    const renamed = zipOf({ ...exported.files, [chartFile]: { ...exported.files[chartFile], slice_name: 'Renamed on import' } });
    // overwrite replaces the bundle's dataset too: the admin's flights, which Alice may not edit
    const refused = await upload(alice.client, renamed, { overwrite: 'true' });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("A dataset already exists and user doesn't have permissions to overwrite it");
    expect((await alice.client.get<Saved>(`/api/v1/chart/${back.id}`)).body.result.slice_name).toBe('Exported chart');
    await server.ctx.store.db.insertInto('dataset_owners').values({ dataset_id: flights, user_id: alice.id }).execute();
    const overwrite = await upload(alice.client, renamed, { overwrite: 'true' });
    expect(overwrite.status, JSON.stringify(overwrite.body)).toBe(200);
    expect(overwrite.body).toMatchObject({ result: { created: [], updated: [{ type: 'dataset' }, { type: 'chart', uuid }] } });
    expect((await alice.client.get<Saved>(`/api/v1/chart/${back.id}`)).body.result.slice_name).toBe('Renamed on import');
    expect(await server.ctx.store.db.selectFrom('slices').select('id').where('uuid', '=', uuid).execute()).toHaveLength(1);
  });

  it('creates a dataset the bundle carries when it is missing here, and points the chart at it', async () => {
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'airports',
    });
    const chart = await save(alice.client, {
      slice_name: 'Airports table',
      datasource_id: ds.body.id,
      viz_type: 'table',
      params: JSON.stringify({ viz_type: 'table', datasource: `${ds.body.id}__table`, all_columns: ['iata'], row_limit: 3 }),
    });
    const bundle = await download(alice.client, `/api/v1/chart/export/?q=!(${chart})`);
    expect((await alice.client.delete(`/api/v1/chart/${chart}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/dataset/${ds.body.id}`)).status).toBe(200);

    const r = await upload(alice.client, zipOf(bundle.files));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const imported = await server.ctx.store.db
      .selectFrom('slices')
      .selectAll()
      .where('slice_name', '=', 'Airports table')
      .executeTakeFirstOrThrow();
    const dataset = await server.ctx.store.db
      .selectFrom('tables')
      .selectAll()
      .where('id', '=', imported.datasource_id)
      .executeTakeFirstOrThrow();
    expect(dataset.table_name).toBe('airports');
    expect(dataset.id).not.toBe(ds.body.id);
    expect(JSON.parse(imported.params).datasource).toBe(`${dataset.id}__table`);
    const data = await alice.client.get<DataReply>(`/api/v1/chart/${imported.id}/data/`);
    expect(data.status, data.text).toBe(200);
    expect(data.body.result[0].rowcount).toBe(3);
  });

  it('refuses a chart whose dataset is neither here nor in the bundle', async () => {
    const files = Object.fromEntries(Object.entries(exported.files).filter(([f]) => !f.startsWith('datasets/')));
    const orphan = {
      ...files[chartFile],
      uuid: '00000000-0000-4000-8000-000000000001',
      dataset_uuid: '00000000-0000-4000-8000-000000000002',
    };
    const r = await upload(alice.client, zipOf({ ...files, [chartFile]: orphan }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ errors: [{ message: 'Error importing chart', extra: { [chartFile]: 'Dataset does not exist' } }] });
  });
});
