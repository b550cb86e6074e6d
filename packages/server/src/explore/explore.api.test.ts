/**
 * Explore state on the server: the page bootstrap (from a chart, a datasource, an unsaved-state
 * key or a permalink), unsaved form data kept per user under a key, and permalinks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreBootstrap, ExplorePermalinkValue } from '@rama/shared';
import { chartRow } from '../test-support/metadata-rows.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { datasetPermView } from '../access/datasets.js';

const PUBLIC_URL = 'https://bi.example.com/rama';

let server: TestServer;
let admin: Client;
let flights: number;
let stocks: number;
let alice: { client: Client; id: number };
let bob: { client: Client; id: number };
let carol: { client: Client; id: number };

type Boot = { result: ExploreBootstrap };
type Created = { key: string; url?: string };

/** A saved chart row, as the chart API would store it. */
async function insertChart(datasetId: number, name: string, params: Record<string, unknown>, ownerIds: number[] = []): Promise<number> {
  const db = server.ctx.store.db;
  const { id } = await db
    .insertInto('slices')
    .values(
      chartRow(name, {
        datasource_id: datasetId,
        viz_type: 'echarts_timeseries_line',
        params: JSON.stringify(params),
        description: 'Delays by origin',
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  if (ownerIds.length)
    await db
      .insertInto('slice_owners')
      .values(ownerIds.map((u) => ({ slice_id: id, user_id: u })))
      .execute();
  return id;
}

const formDataBody = (datasetId: number, formData: Record<string, unknown>, chartId: number | null = null) => ({
  datasource_id: datasetId,
  datasource_type: 'table',
  chart_id: chartId,
  form_data: JSON.stringify(formData),
});

beforeAll(async () => {
  server = await startTestServer({ RAMA_PUBLIC_URL: PUBLIC_URL });
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  const make = async (table: string) => {
    const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: table });
    expect(r.status, r.text).toBe(201);
    return r.body.id;
  };
  flights = await make('flights');
  stocks = await make('stocks');
  // alice and bob read flights only; carol reads no dataset
  await customRole(server, 'flights_readers', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
  alice = await loggedInUser(server, admin, 'alice', ['Gamma', 'flights_readers']);
  bob = await loggedInUser(server, admin, 'bob', ['Gamma', 'flights_readers']);
  carol = await loggedInUser(server, admin, 'carol', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/explore/ (bootstrap)', () => {
  let chart: number;

  beforeAll(async () => {
    chart = await insertChart(flights, 'Delays', { metrics: ['count'], groupby: ['origin'], viz_type: 'table', datasource: '99__table' }, [
      alice.id,
    ]);
  });

  it('opens a saved chart: its form data with the chart id, datasource and viz type, the chart and its dataset', async () => {
    const r = await bob.client.get<Boot>(`/api/v1/explore/?slice_id=${chart}`);
    expect(r.status, r.text).toBe(200);
    const { form_data, slice, dataset, message } = r.body.result;
    // the row's viz type and datasource win over stale values inside params
    expect(form_data).toEqual({
      metrics: ['count'],
      groupby: ['origin'],
      viz_type: 'echarts_timeseries_line',
      datasource: `${flights}__table`,
      slice_id: chart,
    });
    expect(message).toBeNull();
    expect(slice).toMatchObject({
      slice_id: chart,
      slice_name: 'Delays',
      slice_url: `/explore/?slice_id=${chart}`,
      description: 'Delays by origin',
      datasource: `${flights}__table`,
      viz_type: 'echarts_timeseries_line',
      owners: [alice.id],
      owner_details: [{ id: alice.id, first_name: 'Alice', last_name: 'Tester' }],
      dashboards: [],
      is_managed_externally: false,
    });
    expect(slice?.form_data).toEqual(form_data);
    expect(dataset).toMatchObject({ id: flights, uid: `${flights}__table`, type: 'table', table_name: 'flights' });
    expect(dataset?.columns.map((c) => c.column_name)).toContain('origin');
  });

  it('answers a chart the user may not see like a missing one', async () => {
    const hidden = await insertChart(stocks, 'Prices', { metrics: ['count'] });
    const forbidden = await alice.client.get(`/api/v1/explore/?slice_id=${hidden}`);
    const missing = await alice.client.get('/api/v1/explore/?slice_id=999999');
    expect(forbidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(forbidden.body).toEqual(missing.body);
    expect((await admin.get<Boot>(`/api/v1/explore/?slice_id=${hidden}`)).status).toBe(200);
  });

  it('opens a chart whose dataset is gone or hidden for its owner, without the dataset and with the reason', async () => {
    for (const datasetId of [stocks, 999_999]) {
      const orphan = await insertChart(datasetId, 'Orphan', { metrics: ['count'] }, [carol.id]);
      const r = await carol.client.get<Boot>(`/api/v1/explore/?slice_id=${orphan}`);
      expect(r.status).toBe(200);
      expect(r.body.result.slice?.slice_name).toBe('Orphan');
      expect(r.body.result.form_data.datasource).toBe(`${datasetId}__table`);
      expect(r.body.result.dataset).toBeNull();
      expect(r.body.result.message).toBe('Dataset does not exist');
    }
  });

  it('starts a new chart on a datasource with the default or the asked visualization', async () => {
    const r = await alice.client.get<Boot>(`/api/v1/explore/?datasource_id=${flights}&datasource_type=table`);
    expect(r.status).toBe(200);
    expect(r.body.result.form_data).toEqual({ datasource: `${flights}__table`, viz_type: 'table' });
    expect(r.body.result.slice).toBeNull();
    expect(r.body.result.dataset?.id).toBe(flights);
    const pie = await alice.client.get<Boot>(`/api/v1/explore/?datasource_id=${flights}&datasource_type=table&viz_type=pie`);
    expect(pie.body.result.form_data.viz_type).toBe('pie');
  });

  it('a datasource the user may not read or that does not exist gives no dataset and says so', async () => {
    for (const id of [stocks, 999_999]) {
      const r = await alice.client.get<Boot>(`/api/v1/explore/?datasource_id=${id}&datasource_type=table`);
      expect(r.status).toBe(200);
      expect(r.body.result).toEqual({
        dataset: null,
        form_data: { datasource: `${id}__table`, viz_type: 'table' },
        slice: null,
        message: 'Dataset does not exist',
      });
    }
  });

  it('with nothing to open gives an empty table chart', async () => {
    const r = await alice.client.get<Boot>('/api/v1/explore/');
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ dataset: null, form_data: { viz_type: 'table' }, slice: null, message: null });
  });

  it('refuses malformed parameters and needs a login', async () => {
    expect((await alice.client.get('/api/v1/explore/?slice_id=abc')).status).toBe(400);
    expect((await server.client().get(`/api/v1/explore/?slice_id=${chart}`)).status).toBe(401);
  });
});

describe('unsaved form data (/api/v1/explore/form_data)', () => {
  let key: string;
  const state = { datasource: '', viz_type: 'pie', metric: 'count', groupby: ['origin'] };

  beforeAll(() => {
    state.datasource = `${flights}__table`;
  });

  it('keeps the state under a key the user reads back, updates it under the same key, and deletes it', async () => {
    const created = await alice.client.post<Created>('/api/v1/explore/form_data?tab_id=3', formDataBody(flights, state));
    expect(created.status, created.text).toBe(201);
    key = created.body.key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const got = await alice.client.get<{ form_data: string }>(`/api/v1/explore/form_data/${key}`);
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body.form_data)).toEqual(state);

    const changed = { ...state, viz_type: 'table' };
    const put = await alice.client.request<Created>('PUT', `/api/v1/explore/form_data/${key}?tab_id=4`, formDataBody(flights, changed));
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ key });
    const again = await alice.client.get<{ form_data: string }>(`/api/v1/explore/form_data/${key}`);
    expect(JSON.parse(again.body.form_data).viz_type).toBe('table');

    const boot = await alice.client.get<Boot>(`/api/v1/explore/?form_data_key=${key}`);
    expect(boot.status).toBe(200);
    expect(boot.body.result.form_data).toEqual(changed);
    expect(boot.body.result.dataset?.id).toBe(flights);
    expect(boot.body.result.slice).toBeNull();

    const del = await alice.client.delete(`/api/v1/explore/form_data/${key}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Deleted successfully' });
    expect((await alice.client.get(`/api/v1/explore/form_data/${key}`)).status).toBe(404);
  });

  it("is private: another user cannot read, change, delete or open someone's key", async () => {
    const mine = (await alice.client.post<Created>('/api/v1/explore/form_data?tab_id=1', formDataBody(flights, state))).body.key;
    expect((await bob.client.get(`/api/v1/explore/form_data/${mine}`)).status).toBe(404);
    expect((await bob.client.request('PUT', `/api/v1/explore/form_data/${mine}`, formDataBody(flights, { viz_type: 'x' }))).status).toBe(
      404,
    );
    expect((await bob.client.delete(`/api/v1/explore/form_data/${mine}`)).status).toBe(404);
    expect((await bob.client.get(`/api/v1/explore/?form_data_key=${mine}`)).status).toBe(404);
    // still intact for its owner
    const got = await alice.client.get<{ form_data: string }>(`/api/v1/explore/form_data/${mine}`);
    expect(JSON.parse(got.body.form_data)).toEqual(state);
  });

  it('remembers the chart it was made from and opens over it', async () => {
    const chart = await insertChart(flights, 'Base', { metrics: ['count'], row_limit: 100 }, [alice.id]);
    const body = formDataBody(flights, { datasource: `${flights}__table`, viz_type: 'pie', slice_id: chart }, chart);
    const k = (await alice.client.post<Created>('/api/v1/explore/form_data', body)).body.key;
    const boot = await alice.client.get<Boot>(`/api/v1/explore/?form_data_key=${k}`);
    expect(boot.body.result.slice?.slice_id).toBe(chart);
    // the unsaved changes win; the chart fills in what they leave out
    expect(boot.body.result.form_data).toMatchObject({ viz_type: 'pie', row_limit: 100, slice_id: chart });
  });

  it("opens a dashboard's Edit chart state: the dashboard's filters and dashboardId over the chart, with the chart's dashboards", async () => {
    const chart = await insertChart(flights, 'On a dashboard', { metrics: ['count'], groupby: ['origin'], adhoc_filters: [] }, [alice.id]);
    const dashboardFilter = {
      expressionType: 'SIMPLE',
      subject: 'origin',
      operator: 'IN',
      operatorId: 'IN',
      comparator: ['SFO'],
      clause: 'WHERE',
      isExtra: true,
      filterOptionName: 'filter_dash',
    };
    const body = formDataBody(
      flights,
      { datasource: `${flights}__table`, viz_type: 'table', slice_id: chart, dashboardId: 7, adhoc_filters: [dashboardFilter] },
      chart,
    );
    const created = await alice.client.post<Created>('/api/v1/explore/form_data?tab_id=9', body);
    expect(created.status, created.text).toBe(201);
    const boot = await alice.client.get<Boot>(`/api/v1/explore/?form_data_key=${created.body.key}&slice_id=${chart}&dashboard_page_id=7`);
    expect(boot.status, boot.text).toBe(200);
    expect(boot.body.result.message).toBeNull();
    expect(boot.body.result.slice?.slice_id).toBe(chart);
    expect(boot.body.result.form_data).toMatchObject({
      dashboardId: 7,
      adhoc_filters: [dashboardFilter],
      metrics: ['count'],
      slice_id: chart,
    });
  });

  it('expires after a week', async () => {
    const k = (await alice.client.post<Created>('/api/v1/explore/form_data', formDataBody(flights, state))).body.key;
    const row = await server.ctx.store.db.selectFrom('key_value').select('expires_on').where('key', '=', k).executeTakeFirstOrThrow();
    const days = (Date.parse(row.expires_on ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await server.ctx.store.db.updateTable('key_value').set({ expires_on: '2000-01-01T00:00:00.000Z' }).where('key', '=', k).execute();
    expect((await alice.client.get(`/api/v1/explore/form_data/${k}`)).status).toBe(404);
  });

  it('an unknown key alone is a 404; beside a chart or datasource it falls back with a message', async () => {
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect((await alice.client.get(`/api/v1/explore/?form_data_key=${unknown}`)).status).toBe(404);
    expect((await alice.client.get(`/api/v1/explore/form_data/${unknown}`)).status).toBe(404);
    const r = await alice.client.get<Boot>(`/api/v1/explore/?form_data_key=${unknown}&datasource_id=${flights}&datasource_type=table`);
    expect(r.status).toBe(200);
    expect(r.body.result.message).toBe('Form data not found in cache, reverting to dataset metadata.');
    expect(r.body.result.form_data).toEqual({ datasource: `${flights}__table`, viz_type: 'table' });
  });

  it('needs a visible datasource and form data that is a JSON object', async () => {
    expect((await alice.client.post('/api/v1/explore/form_data', formDataBody(stocks, state))).status).toBe(404);
    expect((await carol.client.post('/api/v1/explore/form_data', formDataBody(flights, state))).status).toBe(404);
    expect((await alice.client.post('/api/v1/explore/form_data', formDataBody(999_999, state))).status).toBe(404);
    for (const bad of ['{not json', '[1,2]', '"text"']) {
      const r = await alice.client.post('/api/v1/explore/form_data', { ...formDataBody(flights, {}), form_data: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body).toEqual({ message: { form_data: ['Not a valid JSON object.'] } });
    }
    expect((await alice.client.post('/api/v1/explore/form_data', { datasource_type: 'table', form_data: '{}' })).status).toBe(400);
  });
});

describe('explore permalinks', () => {
  const formData = () => ({ datasource: `${flights}__table`, viz_type: 'pie', metric: 'count', groupby: ['dest'] });

  it('returns the key and a URL under the public address, and reads the state back', async () => {
    const r = await alice.client.post<Created>('/api/v1/explore/permalink', { formData: formData(), urlParams: [['standalone', '1']] });
    expect(r.status, r.text).toBe(201);
    expect(r.body.key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(r.body.url).toBe(`${PUBLIC_URL}/explore/p/${r.body.key}/`);

    const expected: ExplorePermalinkValue = {
      chartId: null,
      datasourceId: flights,
      datasourceType: 'table',
      datasource: `${flights}__table`,
      state: { formData: formData(), urlParams: [['standalone', '1']] },
    };
    const got = await alice.client.get<ExplorePermalinkValue>(`/api/v1/explore/permalink/${r.body.key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(expected);

    // anyone who reads the dataset may open it, from the page bootstrap too
    const boot = await bob.client.get<Boot>(`/api/v1/explore/?permalink_key=${r.body.key}`);
    expect(boot.status).toBe(200);
    expect(boot.body.result.form_data).toEqual({ ...formData(), url_params: { standalone: '1' } });
    expect(boot.body.result.dataset?.id).toBe(flights);
  });

  it('a reader who may not see the dataset gets the same 404 as for an unknown key', async () => {
    const key = (await alice.client.post<Created>('/api/v1/explore/permalink', { formData: formData() })).body.key;
    const unknown = await carol.client.get('/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    const hidden = await carol.client.get(`/api/v1/explore/permalink/${key}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect((await carol.client.get(`/api/v1/explore/?permalink_key=${key}`)).status).toBe(404);
    expect((await alice.client.get('/api/v1/explore/?permalink_key=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    for (const odd of ['short', encodeURIComponent('../../etc')]) {
      expect((await alice.client.get(`/api/v1/explore/permalink/${odd}`)).status, odd).toBe(404);
    }
  });

  it('keeps the chart the form data belongs to', async () => {
    const chart = await insertChart(flights, 'Shared', { metrics: ['count'] }, [alice.id]);
    const r = await alice.client.post<Created>('/api/v1/explore/permalink', { formData: { ...formData(), slice_id: chart } });
    const got = await bob.client.get<ExplorePermalinkValue>(`/api/v1/explore/permalink/${r.body.key}`);
    expect(got.body.chartId).toBe(chart);
    const boot = await bob.client.get<Boot>(`/api/v1/explore/?permalink_key=${r.body.key}`);
    expect(boot.body.result.slice?.slice_name).toBe('Shared');
  });

  it('cannot be made for a dataset the user may not see, or without one', async () => {
    const hidden = await alice.client.post('/api/v1/explore/permalink', { formData: { datasource: `${stocks}__table`, viz_type: 'pie' } });
    expect(hidden.status).toBe(404);
    const none = await alice.client.post('/api/v1/explore/permalink', { formData: { viz_type: 'pie' } });
    expect(none.status).toBe(400);
    expect((await server.client().post('/api/v1/explore/permalink', { formData: formData() })).status).toBe(401);
  });
});
