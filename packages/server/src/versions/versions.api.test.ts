/**
 * Version history (issue 30 item 1): every save keeps a version with who, when and what changed;
 * the list, one version and restore per object type; the cap per object; "Recently deleted".
 * Runs on SQLite metadata and, with RAMA_TEST_METADATA=postgresql://…, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import type { DeletedList, ImportResult, VersionDetail, VersionList, VersionRestored, VersionedType } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld } from '../test-support/dashboards.js';
import { loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let flights: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let pie: number;
let bar: number;

const versions = (c: Client, type: VersionedType, id: number, q?: Record<string, unknown>) =>
  c.get<VersionList>(`/api/v1/${type}/${id}/versions/${q ? `?q=${encodeURIComponent(rison.encode(q))}` : ''}`);
const version = (c: Client, type: VersionedType, id: number, n: number) =>
  c.get<{ result: VersionDetail }>(`/api/v1/${type}/${id}/versions/${n}`);
const restore = (c: Client, type: VersionedType, id: number, n: number) =>
  c.post<{ result: VersionRestored }>(`/api/v1/${type}/${id}/versions/${n}/restore`);
const summaries = async (type: VersionedType, id: number, c: Client = admin) =>
  (await versions(c, type, id)).body.result.map((v) => `${v.version}: ${v.summary}`);

async function chart(c: Client, name: string, params: Record<string, unknown>): Promise<number> {
  const r = await c.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    datasource_id: flights,
    datasource_type: 'table',
    viz_type: 'pie',
    params: JSON.stringify({ datasource: `${flights}__table`, viz_type: 'pie', ...params }),
  });
  if (r.status !== 201) throw new Error(`saving a chart failed: ${r.status} ${r.text}`);
  return r.body.id;
}

/** ROOT → GRID → one row per group of chart ids, as the page saves a layout. */
function layout(...rows: number[][]): string {
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
      meta: {},
    };
    for (const c of charts)
      position[`CHART-${c}`] = {
        type: 'CHART',
        id: `CHART-${c}`,
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`],
        meta: { chartId: c, width: 4, height: 50 },
      };
  });
  return JSON.stringify(position);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, flights, alice, bob } = await dashboardTestWorld(server));
  pie = await chart(admin, 'Pie', { metric: 'count', groupby: ['origin'] });
  bar = await chart(admin, 'Bar', { metric: 'count', groupby: ['dest'] });
});

afterAll(async () => {
  await server?.close();
});

describe('a chart’s history', () => {
  it('keeps a version per save with who, when and what changed; a save that changes nothing keeps none', async () => {
    const id = await chart(alice.client, 'Flights', { metric: 'count', time_range: 'No filter' });
    const params = JSON.stringify({ datasource: `${flights}__table`, viz_type: 'pie', metric: 'sum__delay', time_range: 'Last week' });
    expect((await alice.client.put(`/api/v1/chart/${id}`, { params })).status).toBe(200);
    // the client storing a regenerated query context is no save of the chart
    const regen = await alice.client.put(`/api/v1/chart/${id}`, { query_context: '{"queries":[]}', query_context_generation: true });
    expect(regen.status).toBe(200);
    expect((await alice.client.put(`/api/v1/chart/${id}`, { slice_name: 'Flights (renamed)' })).status).toBe(200);
    const list = await versions(alice.client, 'chart', id);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.result.map((v) => v.summary)).toEqual(['title changed', 'controls: metric, time range changed', 'created']);
    expect(list.body.result[0].created_by).toEqual({ id: alice.id, first_name: 'Alice', last_name: 'Tester' });
    expect(Date.parse(list.body.result[0].created_on)).toBeGreaterThan(Date.now() - 60_000);

    const v1 = await version(alice.client, 'chart', id, 1);
    expect(v1.status).toBe(200);
    expect(v1.body.result).toMatchObject({ version: 1, previous_version: null, object_type: 'chart', object_id: id });
    expect(JSON.parse((v1.body.result.state as { params: string }).params)).toMatchObject({ metric: 'count', time_range: 'No filter' });
    expect((await version(alice.client, 'chart', id, 3)).body.result.previous_version).toBe(2);
    expect((await version(alice.client, 'chart', id, 9)).status).toBe(404);
  });

  it('restores a version through the normal save, as a new version that can itself be undone', async () => {
    const id = await chart(alice.client, 'To restore', { metric: 'count' });
    await alice.client.put(`/api/v1/chart/${id}`, {
      slice_name: 'Restored?',
      params: JSON.stringify({ viz_type: 'pie', metric: 'avg__delay' }),
    });
    const r = await restore(alice.client, 'chart', id, 1);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({ id, version: 3, restored_from: 1 });
    const detail = (await alice.client.get<{ result: { slice_name: string; params: string } }>(`/api/v1/chart/${id}`)).body.result;
    expect(detail.slice_name).toBe('To restore');
    expect(JSON.parse(detail.params).metric).toBe('count');
    expect(await summaries('chart', id)).toEqual(['3: restored version 1', '2: title changed; controls: metric changed', '1: created']);
    // and the restore is undone by restoring the version before it
    expect((await restore(alice.client, 'chart', id, 2)).body.result.version).toBe(4);
    expect((await alice.client.get<{ result: { slice_name: string } }>(`/api/v1/chart/${id}`)).body.result.slice_name).toBe('Restored?');
  });

  it('lets owners and admins restore; others are told the chart is not there, the history stays readable to viewers', async () => {
    const id = await chart(alice.client, 'Alice’s', { metric: 'count' });
    await alice.client.put(`/api/v1/chart/${id}`, { slice_name: 'Alice’s v2' });
    // bob reads flights, so he sees the chart and its history, but it is not his to change
    expect((await versions(bob.client, 'chart', id)).status).toBe(200);
    const denied = await restore(bob.client, 'chart', id, 1);
    expect(denied.status).toBe(404);
    expect((await alice.client.get<{ result: { slice_name: string } }>(`/api/v1/chart/${id}`)).body.result.slice_name).toBe('Alice’s v2');
    expect((await restore(admin, 'chart', id, 1)).status).toBe(200);
    // a chart on a dataset one cannot read has no history one can see either
    const stocksOnly = await server.ctx.store.db
      .selectFrom('tables')
      .select('id')
      .where('table_name', '=', 'stocks')
      .executeTakeFirstOrThrow();
    const hidden = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Hidden',
      datasource_id: stocksOnly.id,
      datasource_type: 'table',
      params: '{}',
    });
    expect((await versions(bob.client, 'chart', hidden.body.id)).status).toBe(404);
    expect((await version(bob.client, 'chart', hidden.body.id, 1)).status).toBe(404);
    expect((await restore(bob.client, 'chart', hidden.body.id, 1)).status).toBe(404);
    expect((await versions(admin, 'chart', 999_999)).status).toBe(404);
  });

  it('pages the list with rison q and bounds every size the request controls', async () => {
    const id = await chart(alice.client, 'Paged', { metric: 'count' });
    for (const n of [1, 2, 3]) await alice.client.put(`/api/v1/chart/${id}`, { slice_name: `Paged ${n}` });
    const page = await versions(alice.client, 'chart', id, { page: 1, page_size: 2 });
    expect(page.body.count).toBe(4);
    expect(page.body.result.map((v) => v.version)).toEqual([2, 1]);
    expect((await versions(alice.client, 'chart', id, { page_size: 101 })).status).toBe(400);
    expect((await versions(alice.client, 'chart', id, { page: -1 })).status).toBe(400);
    expect((await alice.client.get(`/api/v1/chart/${id}/versions/?q=${'x'.repeat(2000)}`)).status).toBe(400);
    expect((await alice.client.get(`/api/v1/chart/${id}/versions/99999999999`)).status).toBe(400);
  });

  it('keeps at most RAMA_VERSIONS_KEPT versions per object, dropping the oldest', async () => {
    const config = server.ctx.config.versions;
    const kept = config.kept;
    config.kept = 3;
    try {
      const id = await chart(alice.client, 'Capped', { metric: 'count' });
      for (const n of [1, 2, 3, 4]) await alice.client.put(`/api/v1/chart/${id}`, { slice_name: `Capped ${n}` });
      const list = await versions(alice.client, 'chart', id);
      expect(list.body.result.map((v) => v.version)).toEqual([5, 4, 3]);
      expect((await version(alice.client, 'chart', id, 1)).status).toBe(404);
    } finally {
      config.kept = kept;
    }
  });
});

describe('a dashboard’s history', () => {
  it('summarizes title, layout and native filter saves, and a restore brings title and layout back', async () => {
    const created = await alice.client.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Ops',
      position_json: layout([pie, bar]),
    });
    const id = created.body.id;
    expect((await alice.client.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Ops (v2)' })).status).toBe(200);
    expect((await alice.client.put(`/api/v1/dashboard/${id}`, { position_json: layout([bar], [pie]) })).status).toBe(200);
    const filters = await alice.client.put(`/api/v1/dashboard/${id}/filters`, {
      modified: [
        {
          id: 'NATIVE_FILTER-origin',
          type: 'NATIVE_FILTER',
          name: 'Origin',
          filterType: 'filter_select',
          targets: [{ datasetId: flights, column: { name: 'origin' } }],
        },
      ],
    });
    expect(filters.status, filters.text).toBe(200);
    expect(await summaries('dashboard', id, alice.client)).toEqual([
      '4: native filters changed',
      '3: layout: moved 1 chart',
      '2: title changed',
      '1: created',
    ]);
    const r = await restore(alice.client, 'dashboard', id, 1);
    expect(r.status, r.text).toBe(200);
    const detail = (await alice.client.get<{ result: { dashboard_title: string; position_json: string } }>(`/api/v1/dashboard/${id}`)).body
      .result;
    expect(detail.dashboard_title).toBe('Ops');
    expect(JSON.parse(detail.position_json)['ROW-0'].children).toEqual([`CHART-${pie}`, `CHART-${bar}`]);
    expect((await versions(alice.client, 'dashboard', id)).body.result[0]).toMatchObject({ version: 5, summary: 'restored version 1' });
  });

  it('keeps a deleted dashboard’s history for admins to restore it from “Recently deleted”', async () => {
    const created = await alice.client.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Gone soon',
      position_json: layout([pie]),
    });
    const id = created.body.id;
    await alice.client.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Gone' });
    expect((await alice.client.delete(`/api/v1/dashboard/${id}`)).status).toBe(200);
    // the history of a deleted object is not readable as an object's any more
    expect((await versions(admin, 'dashboard', id)).status).toBe(404);
    expect((await alice.client.get('/api/v1/dashboard/deleted/')).status).toBe(403);
    const deleted = await admin.get<DeletedList>('/api/v1/dashboard/deleted/');
    expect(deleted.status).toBe(200);
    const row = deleted.body.result.find((d) => d.id === id);
    expect(row).toMatchObject({ title: 'Gone', version: 2, deleted_by: { id: alice.id } });
    expect(Date.parse(row!.expires_on) - Date.parse(row!.deleted_on)).toBe(30 * 86_400_000);

    expect((await alice.client.post(`/api/v1/dashboard/deleted/${id}/restore`)).status).toBe(403);
    const back = await admin.post<{ result: VersionRestored }>(`/api/v1/dashboard/deleted/${id}/restore`);
    expect(back.status, back.text).toBe(201);
    expect(back.body.result).toMatchObject({ version: 3, restored_from: 2 });
    const newId = back.body.result.id;
    const detail = (await admin.get<{ result: { dashboard_title: string; position_json: string } }>(`/api/v1/dashboard/${newId}`)).body
      .result;
    expect(detail.dashboard_title).toBe('Gone');
    expect(Object.keys(JSON.parse(detail.position_json))).toContain(`CHART-${pie}`);
    expect(await summaries('dashboard', newId)).toEqual(['3: restored after deletion (version 2)', '2: title changed', '1: created']);
    expect((await admin.get<DeletedList>('/api/v1/dashboard/deleted/')).body.result.some((d) => d.id === id)).toBe(false);
    expect((await admin.post(`/api/v1/dashboard/deleted/${id}/restore`)).status).toBe(404);
  });

  it('drops a deleted object’s history after RAMA_VERSIONS_DELETED_DAYS', async () => {
    const id = await chart(admin, 'Expiring', { metric: 'count' });
    await admin.delete(`/api/v1/chart/${id}`);
    expect((await admin.get<DeletedList>('/api/v1/chart/deleted/')).body.result.map((d) => d.id)).toContain(id);
    await server.ctx.versions.purgeExpired(Date.now() + 31 * 86_400_000);
    expect((await admin.get<DeletedList>('/api/v1/chart/deleted/')).body.result.map((d) => d.id)).not.toContain(id);
  });

  it('restores a deleted chart on its dataset, with its history', async () => {
    const id = await chart(admin, 'Deleted chart', { metric: 'count' });
    await admin.delete(`/api/v1/chart/${id}`);
    const back = await admin.post<{ result: VersionRestored }>(`/api/v1/chart/deleted/${id}/restore`);
    expect(back.status, back.text).toBe(201);
    const detail = await admin.get<{ result: { slice_name: string; datasource_id: number } }>(`/api/v1/chart/${back.body.result.id}`);
    expect(detail.body.result).toMatchObject({ slice_name: 'Deleted chart', datasource_id: flights });
    expect(await summaries('chart', back.body.result.id)).toEqual(['2: restored after deletion (version 1)', '1: created']);
  });
});

describe('an object made before history was kept', () => {
  it('keeps its state before the first edit as version 1, so that edit can be undone', async () => {
    const id = await chart(admin, 'Old chart', { metric: 'count' });
    // as if the chart had been made before the versions table existed (an upgrade, an import)
    await server.ctx.store.db
      .withTables<{ object_version: { object_type: string; object_id: number } }>()
      .deleteFrom('object_version')
      .where('object_type', '=', 'chart')
      .where('object_id', '=', id)
      .execute();
    await admin.put(`/api/v1/chart/${id}`, { slice_name: 'Old chart, edited' });
    expect(await summaries('chart', id)).toEqual(['2: title changed', '1: as it was before history was kept']);
    expect((await version(admin, 'chart', id, 1)).body.result.created_by).toBeNull();
  });
});

describe('a dataset’s and a saved query’s history', () => {
  it('says "SQL changed" and which columns changed, and a restore matches columns by name', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'vh_virtual',
      sql: 'SELECT 1 AS a, 2 AS b',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    type Col = { id: number; column_name: string; verbose_name: string | null };
    const cols = async () => (await admin.get<{ result: { columns: Col[]; sql: string } }>(`/api/v1/dataset/${id}`)).body.result;
    const before = await cols();
    const put = await admin.put(`/api/v1/dataset/${id}`, {
      sql: 'SELECT 1 AS a, 2 AS b, 3 AS c',
      columns: before.columns.map((c) => ({
        id: c.id,
        column_name: c.column_name,
        ...(c.column_name === 'a' ? { verbose_name: 'Alpha' } : {}),
      })),
    });
    expect(put.status, put.text).toBe(200);
    expect(await summaries('dataset', id)).toEqual(['2: SQL changed; columns: a changed', '1: created']);
    const r = await restore(admin, 'dataset', id, 1);
    expect(r.status, r.text).toBe(200);
    const after = await cols();
    expect(after.sql).toBe('SELECT 1 AS a, 2 AS b');
    expect(after.columns.find((c) => c.column_name === 'a')).toMatchObject({
      id: before.columns.find((c) => c.column_name === 'a')!.id,
      verbose_name: null,
    });
    expect((await versions(bob.client, 'dataset', id)).status).toBe(404);
  });

  it('keeps a saved query’s SQL edits for its owner only', async () => {
    const carol = await loggedInUser(server, admin, 'carol', ['Gamma', 'sql_lab']);
    const created = await admin.post<{ id: number }>('/api/v1/saved_query/', {
      db_id: server.examplesId,
      label: 'Mine',
      sql: 'SELECT 1',
    });
    const id = created.body.id;
    const edit = await admin.put(`/api/v1/saved_query/${id}`, { sql: 'SELECT 2' });
    expect(edit.status, edit.text).toBe(200);
    expect(await summaries('saved_query', id, admin)).toEqual(['2: SQL changed', '1: created']);
    expect((await versions(carol.client, 'saved_query', id)).status).toBe(404);
    expect((await restore(carol.client, 'saved_query', id, 1)).status).toBe(404);
    const back = await restore(admin, 'saved_query', id, 1);
    expect(back.status, back.text).toBe(200);
    expect((await admin.get<{ result: { sql: string } }>(`/api/v1/saved_query/${id}`)).body.result.sql).toBe('SELECT 1');
    // a deleted saved query's history is gone from view with it
    await admin.delete(`/api/v1/saved_query/${id}`);
    expect((await versions(admin, 'saved_query', id)).status).toBe(404);
  });
});

describe('an import', () => {
  const exported = async (type: VersionedType, id: number): Promise<Uint8Array> => {
    const res = await fetch(`${server.url}/api/v1/${type}/export/?q=${encodeURIComponent(rison.encode([id]))}`, {
      headers: { cookie: admin.cookieHeaderValue },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };
  const importBundle = async (type: VersionedType, bundle: Uint8Array) => {
    const form = new FormData();
    form.append('formData', new Blob([bundle as Uint8Array<ArrayBuffer>]), 'bundle.zip');
    form.append('overwrite', 'true');
    const r = await admin.postForm<{ result: ImportResult }>(`/api/v1/${type}/import/`, form, { csrf: true });
    expect(r.status, r.text).toBe(200);
    return r.body.result;
  };
  const forget = (type: VersionedType, id: number) =>
    server.ctx.store.db
      .withTables<{ object_version: { object_type: string; object_id: number } }>()
      .deleteFrom('object_version')
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .execute();

  /** export, edit, import the export back over the edit: "imported", and restoring the edit undoes the import */
  async function overwriteUndone(type: VersionedType, id: number, edit: Record<string, unknown>, read: (body: never) => unknown) {
    const bundle = await exported(type, id);
    const put = await admin.put(`/api/v1/${type}/${id}`, edit);
    expect(put.status, put.text).toBe(200);
    const current = async () => read((await admin.get(`/api/v1/${type}/${id}`)).body as never);
    const edited = await current();
    const result = await importBundle(type, bundle);
    expect(result.updated.some((a) => a.type === type && a.id === id)).toBe(true);
    expect(await current()).not.toEqual(edited);
    const list = (await versions(admin, type, id)).body.result;
    expect(list[0]).toMatchObject({ summary: 'imported', created_by: { id: expect.any(Number) } });
    const back = await restore(admin, type, id, list[1].version);
    expect(back.status, back.text).toBe(200);
    expect(await current()).toEqual(edited);
  }

  it('that replaces a chart, dataset, dashboard or saved query keeps a version "imported", so the replace can be undone', async () => {
    const c = await chart(admin, 'Imported pie', { metric: 'count', groupby: ['origin'] });
    await overwriteUndone(
      'chart',
      c,
      { slice_name: 'Imported pie, renamed' },
      (b: { result: { slice_name: string } }) => b.result.slice_name,
    );

    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'vh_imported',
      sql: 'SELECT 1 AS a',
    });
    expect(ds.status, ds.text).toBe(201);
    await overwriteUndone(
      'dataset',
      ds.body.id,
      { description: 'edited by hand' },
      (b: { result: { description: string | null } }) => b.result.description,
    );

    const d = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: 'Imported board' });
    expect(d.status, d.text).toBe(201);
    await overwriteUndone(
      'dashboard',
      d.body.id,
      { dashboard_title: 'Imported board, renamed' },
      (b: { result: { dashboard_title: string } }) => b.result.dashboard_title,
    );

    const q = await admin.post<{ id: number }>('/api/v1/saved_query/', {
      db_id: server.examplesId,
      label: 'Imported query',
      sql: 'SELECT 1',
    });
    expect(q.status, q.text).toBe(201);
    await overwriteUndone('saved_query', q.body.id, { sql: 'SELECT 2' }, (b: { result: { sql: string } }) => b.result.sql);
  });

  it('keeps "imported" as the first version of an object it creates, and the state before the import of one without a history', async () => {
    const q = await admin.post<{ id: number }>('/api/v1/saved_query/', { db_id: server.examplesId, label: 'Moved query', sql: 'SELECT 1' });
    const bundle = await exported('saved_query', q.body.id);
    await admin.delete(`/api/v1/saved_query/${q.body.id}`);
    const created = (await importBundle('saved_query', bundle)).created.find((a) => a.type === 'saved_query');
    expect(created).toBeDefined();
    expect(await summaries('saved_query', created!.id)).toEqual(['1: imported']);

    const c = await chart(admin, 'Chart from before history', { metric: 'count' });
    const chartBundle = await exported('chart', c);
    await admin.put(`/api/v1/chart/${c}`, { slice_name: 'Chart from before history, renamed' });
    await forget('chart', c);
    await importBundle('chart', chartBundle);
    expect(await summaries('chart', c)).toEqual(['2: imported', '1: as it was before history was kept']);
    expect((await version(admin, 'chart', c, 1)).body.result.state).toMatchObject({ slice_name: 'Chart from before history, renamed' });
  });
});
