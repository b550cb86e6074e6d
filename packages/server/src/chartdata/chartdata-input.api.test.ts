/**
 * Stored or legacy chart input with entries that are not what they should be (`null` in a list):
 * a saved chart's data, the legacy explore_json endpoint and the chart data endpoint answer 400
 * naming the entry, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { examplesDataset } from '../test-support/datasets.js';

let server: TestServer;
let admin: Client;
let flights: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
});
afterAll(async () => {
  await server?.close();
});

const query = (overrides: Record<string, unknown> = {}) => ({
  time_range: 'No filter',
  columns: ['origin'],
  metrics: ['count'],
  filters: [],
  row_limit: 10,
  ...overrides,
});

const context = (queries: unknown[]) => ({
  datasource: { id: flights, type: 'table' },
  queries,
  result_format: 'json',
  result_type: 'full',
});

/** A chart saved through the API with these params and (optionally) this query context. */
async function saveChart(params: Record<string, unknown>, queryContext: unknown = null): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: 'Stored input',
    viz_type: 'table',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify(params),
    query_context: queryContext === null ? null : JSON.stringify(queryContext),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const tableParams = (overrides: Record<string, unknown> = {}) => ({
  datasource: `${flights}__table`,
  viz_type: 'table',
  groupby: ['origin'],
  metrics: ['count'],
  time_range: 'No filter',
  row_limit: 10,
  adhoc_filters: [],
  ...overrides,
});

describe('a saved chart whose stored form data holds null entries', () => {
  it('adhoc_filters: [null] answers 400 naming the entry, on the chart data and explore_json endpoints', async () => {
    const params = tableParams({ adhoc_filters: [null] });
    const id = await saveChart(params);
    const saved = await admin.get<{ message: string }>(`/api/v1/chart/${id}/data/`);
    expect(saved.status, saved.text).toBe(400);
    expect(saved.body).toEqual({ message: 'Invalid form data: adhoc_filters[0] must be an adhoc filter object.' });

    const legacy = await admin.post<{ message: string }>('/rama/explore_json/', { form_data: JSON.stringify(params) });
    expect(legacy.status, legacy.text).toBe(400);
    expect(legacy.body.message).toBe('Invalid form data: adhoc_filters[0] must be an adhoc filter object.');
  });

  it.each([
    ['metrics', { metrics: [null] }, 'metrics[0] must be a name or an object.'],
    ['groupby', { groupby: [null] }, 'groupby[0] must be a name or an object.'],
    ['columns', { columns: [null] }, 'columns[0] must be a name or an object.'],
    ['a filter subject', { adhoc_filters: [{ expressionType: 'SIMPLE', subject: 7, operator: '==', comparator: 'SEA' }] }, 'subject'],
  ])('%s with a null or unreadable entry answers 400 on both endpoints', async (_name, overrides, message) => {
    const params = tableParams(overrides);
    const id = await saveChart(params);
    const saved = await admin.get<{ message: string }>(`/api/v1/chart/${id}/data/`);
    expect(saved.status, saved.text).toBe(400);
    expect(saved.body.message).toContain(message);
    const legacy = await admin.post<{ message: string }>('/rama/explore_json/', { form_data: JSON.stringify(params) });
    expect(legacy.status, legacy.text).toBe(400);
    expect(legacy.body.message).toContain(message);
  });

  it('the same form data without the null entries still answers (the check refuses only what cannot be read)', async () => {
    const id = await saveChart(
      tableParams({
        adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SEA'], clause: 'WHERE' }],
      }),
    );
    const r = await admin.get<{ result: { data: { origin: string }[] }[] }>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].data.map((d) => d.origin)).toEqual(['SEA']);
  });
});

describe('a query context with null entries', () => {
  it('a saved query context with queries: [null] answers 400, not a TypeError', async () => {
    const id = await saveChart(tableParams(), context([null]));
    const r = await admin.get<{ message: string }>(`/api/v1/chart/${id}/data/`);
    expect(r.status, r.text).toBe(400);
    expect(r.body).toEqual({ message: 'Each entry of queries must be a query object.' });
    // the request schema refuses it on the chart data endpoint itself
    const posted = await admin.post('/api/v1/chart/data', context([null]));
    expect(posted.status).toBe(400);
  });

  it.each([
    ['metrics', { metrics: [null] }, 'metrics[0]: each metric is'],
    ['columns', { columns: [null] }, 'columns: each column is'],
    ['groupby', { columns: undefined, groupby: [null] }, 'columns: each column is'],
    ['orderby', { orderby: [null] }, 'Found invalid orderby options'],
    ['filters', { filters: [null] }, 'filters[0] must be an object'],
    ['series_columns', { series_columns: [null] }, 'series_columns: each column is'],
    ['time_offsets', { time_offsets: [null] }, 'time_offsets must be a list of text.'],
  ])('%s: [null] answers 400 naming it, saved or posted', async (_name, overrides, message) => {
    const qc = context([query(overrides)]);
    const posted = await admin.post<{ message: string }>('/api/v1/chart/data', qc);
    expect(posted.status, posted.text).toBe(400);
    expect(posted.body.message).toContain(message);
    const id = await saveChart(tableParams(), qc);
    const saved = await admin.get<{ message: string }>(`/api/v1/chart/${id}/data/`);
    expect(saved.status, saved.text).toBe(400);
    expect(saved.body.message).toContain(message);
  });

  it('a query asking for more time shifts than the bound answers 400 before any query runs', async () => {
    const offsets = Array.from({ length: 21 }, (_, i) => `${i + 1} weeks ago`);
    const posted = await admin.post<{ message: string }>('/api/v1/chart/data', context([query({ time_offsets: offsets })]));
    expect(posted.status, posted.text).toBe(400);
    expect(posted.body.message).toBe('time_offsets may name at most 20 time shifts.');
  });

  it('post_processing: [null] is an empty slot the web client leaves, and is skipped', async () => {
    const r = await admin.post<{ result: { colnames: string[]; rowcount: number }[] }>(
      '/api/v1/chart/data',
      context([query({ post_processing: [null, {}] })]),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].colnames).toEqual(['origin', 'count']);
    expect(r.body.result[0].rowcount).toBeGreaterThan(0);
  });
});
