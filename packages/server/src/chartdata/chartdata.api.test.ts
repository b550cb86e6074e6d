/**
 * POST /api/v1/chart/data on the examples (DuckDB): the query contexts the BI server's web client
 * builds work unchanged; every result type and format; the cache and its single flight; and bad
 * input refused with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let flights: number;

interface QueryResult {
  cache_key: string | null;
  is_cached: boolean;
  cached_dttm: string | null;
  query: string;
  status: string;
  rowcount: number;
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  applied_filters: { column: string }[];
  rejected_filters: { column: string; reason: string }[];
  from_dttm: number | null;
  to_dttm: number | null;
  total_count?: number;
}
type Reply = { result: QueryResult[] };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  expect(r.status, r.text).toBe(201);
  flights = r.body.id;
});
afterAll(async () => {
  await server?.close();
});

/** The query context of api-shapes.md as the web client builds it from form data. */
const clientContext = (overrides: Record<string, unknown> = {}) => ({
  datasource: { id: flights, type: 'table' },
  force: false,
  queries: [
    {
      time_range: 'No filter',
      granularity: 'date',
      filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'LAX'] }],
      extras: { time_grain_sqla: 'P1M', having: '', where: '' },
      applied_time_extras: {},
      columns: ['origin'],
      metrics: ['count'],
      annotation_layers: [],
      row_limit: 1000,
      series_limit: 0,
      order_desc: true,
      url_params: {},
      custom_params: {},
      custom_form_data: {},
      ...overrides,
    },
  ],
  form_data: { datasource: `${flights}__table`, viz_type: 'echarts_timeseries_line' },
  result_format: 'json',
  result_type: 'full',
});

describe('query contexts from the web client', () => {
  it('answers the form-data query context of api-shapes unchanged', async () => {
    const r = await admin.post<Reply>('/api/v1/chart/data', clientContext());
    expect(r.status, r.text).toBe(200);
    const q = r.body.result[0];
    expect(q.status).toBe('success');
    expect(q.colnames).toEqual(['origin', 'count']);
    expect(q.coltypes).toEqual([1, 0]);
    expect(q.data.map((d) => d.origin).sort()).toEqual(['LAX', 'SFO']);
    expect(q.data.every((d) => typeof d.count === 'number' && d.count > 1000)).toBe(true);
    // ordered by the metric, descending (order_desc)
    expect(Number(q.data[0].count)).toBeGreaterThanOrEqual(Number(q.data[1].count));
    expect(q.applied_filters).toEqual([{ column: 'origin' }]);
    expect(q.query).toMatch(/GROUP BY/);
  });

  it('buckets time on the x-axis, pivots and flattens as the timeseries client asks', async () => {
    const body = {
      datasource: { id: flights, type: 'table' },
      force: false,
      queries: [
        {
          columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }, 'origin'],
          metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' }],
          filters: [
            { col: 'origin', op: 'IN', val: ['SEA', 'SFO'] },
            { col: 'date', op: 'TEMPORAL_RANGE', val: '2001-01-01 : 2001-04-01' },
          ],
          time_range: '2001-01-01 : 2001-04-01',
          extras: { time_grain_sqla: 'P1M', where: '', having: '' },
          orderby: [['AVG(delay)', false]],
          row_limit: 10000,
          series_limit: 0,
          post_processing: [
            { operation: 'pivot', options: { index: ['date'], columns: ['origin'], aggregates: { 'AVG(delay)': { operator: 'mean' } } } },
            { operation: 'rename', options: { columns: { 'AVG(delay)': null }, level: 0, inplace: true } },
            { operation: 'flatten' },
          ],
        },
      ],
      form_data: { viz_type: 'echarts_timeseries_line', slice_id: 12 },
      result_format: 'json',
      result_type: 'full',
    };
    const r = await admin.post<Reply>('/api/v1/chart/data', body);
    expect(r.status, r.text).toBe(200);
    const q = r.body.result[0];
    expect(q.colnames).toEqual(['date', 'SEA', 'SFO']);
    expect(q.coltypes[0]).toBe(2);
    expect(q.data.map((d) => d.date)).toEqual([Date.UTC(2001, 0, 1), Date.UTC(2001, 1, 1), Date.UTC(2001, 2, 1)]);
    expect(q.data.every((d) => typeof d.SEA === 'number' && typeof d.SFO === 'number')).toBe(true);
    expect(q.from_dttm).toBe(Date.UTC(2001, 0, 1));
    expect(q.to_dttm).toBe(Date.UTC(2001, 3, 1));
    expect(q.applied_filters).toEqual([{ column: 'origin' }, { column: '__time_range' }]);
  });

  it('rejects a filter on a column the dataset lacks instead of failing', async () => {
    const r = await admin.post<Reply>(
      '/api/v1/chart/data',
      clientContext({
        filters: [
          { col: 'no_such_column', op: '==', val: 'x' },
          { col: 'origin', op: '==', val: 'SEA' },
        ],
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].rejected_filters).toEqual([{ column: 'no_such_column', reason: 'not_in_datasource' }]);
    expect(r.body.result[0].data.map((d) => d.origin)).toEqual(['SEA']);
  });

  it('limits series to the top N by a metric through a subquery join', async () => {
    const r = await admin.post<Reply>(
      '/api/v1/chart/data',
      clientContext({
        filters: [],
        columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }, 'origin'],
        series_columns: ['origin'],
        series_limit: 3,
        series_limit_metric: 'count',
        orderby: [['count', false]],
      }),
    );
    expect(r.status, r.text).toBe(200);
    const origins = new Set(r.body.result[0].data.map((d) => d.origin));
    expect(origins.size).toBe(3);
    const top = await admin.post<Reply>('/api/v1/chart/data', clientContext({ filters: [], row_limit: 3 }));
    expect([...origins].sort()).toEqual(top.body.result[0].data.map((d) => d.origin).sort());
  });

  it('compares with a shifted time range (time_offsets)', async () => {
    const r = await admin.post<Reply>(
      '/api/v1/chart/data',
      clientContext({
        filters: [{ col: 'origin', op: '==', val: 'SEA' }],
        columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }],
        time_range: '2001-02-01 : 2001-04-01',
        time_offsets: ['1 month ago'],
        orderby: [],
      }),
    );
    expect(r.status, r.text).toBe(200);
    const q = r.body.result[0];
    expect(q.colnames).toEqual(['date', 'count', 'count__1 month ago']);
    const byDate = new Map(q.data.map((d) => [d.date, d]));
    const all = await admin.post<Reply>(
      '/api/v1/chart/data',
      clientContext({
        filters: [{ col: 'origin', op: '==', val: 'SEA' }],
        columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }],
        time_range: '2001-01-01 : 2001-04-01',
        orderby: [],
      }),
    );
    const counts = new Map(all.body.result[0].data.map((d) => [d.date, d.count]));
    expect(byDate.get(Date.UTC(2001, 1, 1))?.['count__1 month ago']).toBe(counts.get(Date.UTC(2001, 0, 1)));
    expect(byDate.get(Date.UTC(2001, 2, 1))?.['count__1 month ago']).toBe(counts.get(Date.UTC(2001, 1, 1)));
  });
});

describe('result types and formats', () => {
  it('query returns the SQL only; samples and drill_detail return rows with paging', async () => {
    const q = await admin.post<{ result: { query: string; language: string }[] }>('/api/v1/chart/data', {
      ...clientContext(),
      result_type: 'query',
    });
    expect(q.status, q.text).toBe(200);
    expect(q.body.result[0].language).toBe('sql');
    expect(q.body.result[0].query).toMatch(/^SELECT/);
    expect(q.body.result[0].query).toContain("'SFO'");

    const s = await admin.post<Reply>('/api/v1/chart/data', { ...clientContext({ row_limit: 5 }), result_type: 'samples' });
    expect(s.status, s.text).toBe(200);
    expect(s.body.result[0].data).toHaveLength(5);
    expect(s.body.result[0].colnames).toEqual(expect.arrayContaining(['date', 'delay', 'distance', 'origin', 'destination']));

    // a first page asked with row_offset 0 starts at the first row (0 is not "no limit" for an offset)
    const first = await admin.post<Reply>('/api/v1/chart/data', {
      ...clientContext({ row_limit: 5, row_offset: 0 }),
      result_type: 'drill_detail',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.result[0].data).toHaveLength(5);

    const samples = await admin.post<{ result: QueryResult & { page: number; per_page: number } }>(
      `/datasource/samples?datasource_type=table&datasource_id=${flights}&per_page=10&page=2`,
      { filters: [{ col: 'origin', op: '==', val: 'SEA' }] },
    );
    expect(samples.status, samples.text).toBe(200);
    expect(samples.body.result.data).toHaveLength(10);
    expect(samples.body.result.page).toBe(2);
    expect(samples.body.result.total_count).toBeGreaterThan(1000);
    expect(samples.body.result.data.every((d) => d.origin === 'SEA')).toBe(true);
  });

  it('lists the time grains of the engine', async () => {
    const r = await admin.post<{ result: { data: { name: string; duration: string }[] }[] }>('/api/v1/chart/data', {
      ...clientContext(),
      result_type: 'timegrains',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result[0].data.map((g) => g.duration)).toEqual(expect.arrayContaining(['P1D', 'P1W', 'P1M', 'P1Y']));
  });

  it('downloads CSV and a typed Excel file; several queries come as a zip', async () => {
    const csv = await admin.post('/api/v1/chart/data', { ...clientContext(), result_format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.replace('\ufeff', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('origin,count');
    expect(lines).toHaveLength(3);

    const res = await fetch(`${server.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await bearer()}` },
      body: JSON.stringify({ ...clientContext(), result_format: 'xlsx' }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('origin');
    expect(typeof sheet.getCell('B2').value).toBe('number');

    const two = clientContext();
    two.queries.push({ ...two.queries[0], columns: ['destination'] } as never);
    const zip = await fetch(`${server.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await bearer()}` },
      body: JSON.stringify({ ...two, result_format: 'csv' }),
    });
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(2);
  });

  it('needs can_csv for CSV and Excel', async () => {
    await customRole(server, 'chart_reader_no_csv', [
      ['can_read', 'Chart'],
      ['can_read', 'Dataset'],
      ['all_datasource_access', 'all_datasource_access'],
    ]);
    const { client: reader } = await loggedInUser(server, admin, 'reader_no_csv', ['chart_reader_no_csv']);
    const json = await reader.post<Reply>('/api/v1/chart/data', clientContext());
    expect(json.status, json.text).toBe(200);
    const csv = await reader.post('/api/v1/chart/data', { ...clientContext(), result_format: 'csv' });
    expect(csv.status).toBe(403);
  });
});

async function bearer(): Promise<string> {
  const r = await server.client().post<{ access_token: string }>('/api/v1/security/login', {
    username: 'admin',
    password: 'admin-test-password-1',
    provider: 'db',
  });
  return r.body.access_token;
}

describe('cache', () => {
  it('serves a repeated request from the cache, by key too, and force bypasses it', async () => {
    const body = clientContext({ filters: [{ col: 'origin', op: 'IN', val: ['BOS'] }] });
    const first = await admin.post<Reply>('/api/v1/chart/data', body);
    expect(first.body.result[0].is_cached).toBe(false);
    const second = await admin.post<Reply>('/api/v1/chart/data', body);
    expect(second.body.result[0].is_cached).toBe(true);
    expect(second.body.result[0].cached_dttm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(second.body.result[0].data).toEqual(first.body.result[0].data);
    const byKey = await admin.get<Reply>(`/api/v1/chart/data/${first.body.result[0].cache_key}`);
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body.result[0].data).toEqual(first.body.result[0].data);
    const forced = await admin.post<Reply>('/api/v1/chart/data', { ...body, force: true });
    expect(forced.body.result[0].is_cached).toBe(false);
    expect((await admin.get('/api/v1/chart/data/0123456789abcdef0123456789abcdef01234567')).status).toBe(404);
  });

  it('runs the database query once for many identical requests on a cold cache (single flight)', async () => {
    const body = clientContext({ filters: [{ col: 'origin', op: 'IN', val: ['JFK', 'ORD'] }] });
    const before = server.ctx.charts.queriesRun;
    const replies = await Promise.all(Array.from({ length: 30 }, () => admin.post<Reply>('/api/v1/chart/data', body)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(server.ctx.charts.queriesRun - before).toBe(1);
    expect(new Set(replies.map((r) => JSON.stringify(r.body.result[0].data))).size).toBe(1);
  });
});

describe('bad input', () => {
  const post = (body: unknown) => admin.post<{ message?: unknown; errors?: { message: string }[] }>('/api/v1/chart/data', body);

  it('names the columns and metrics the dataset lacks', async () => {
    const r = await post(clientContext({ columns: ['nope'], metrics: ['count', 'no_metric'] }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("Columns missing in dataset: ['nope', 'no_metric']");
  });

  it('refuses SQL that is not one expression', async () => {
    for (const sqlExpression of [
      '1; DROP TABLE flights',
      '(SELECT 1)',
      "read_csv('/etc/passwd')",
      'COUNT(*) -- hidden',
      'COUNT(*) UNION SELECT 1',
    ]) {
      const r = await post(clientContext({ metrics: [{ expressionType: 'SQL', sqlExpression, label: 'm' }] }));
      expect(r.status, sqlExpression).toBe(400);
    }
    const where = await post(clientContext({ extras: { where: "origin = 'SEA'; DELETE FROM flights" } }));
    expect(where.status).toBe(400);
    const ok = await post(
      clientContext({ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(CASE WHEN delay > 0 THEN 1 ELSE 0 END)', label: 'late' }] }),
    );
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses unknown result types, formats, operations and malformed time ranges with the reason', async () => {
    expect((await post({ ...clientContext(), result_type: 'everything' })).body.message).toBe('Unsupported result_type: everything');
    expect((await post({ ...clientContext(), result_format: 'pdf' })).status).toBe(400);
    const op = await post(clientContext({ post_processing: [{ operation: 'teleport', options: {} }] }));
    expect(op.status).toBe(400);
    expect(String(op.body.message)).toContain('teleport');
    const tr = await post(clientContext({ time_range: 'sometime : now' }));
    expect(tr.status).toBe(400);
    expect(String(tr.body.message)).toContain('sometime');
    expect((await post({ queries: [] })).status).toBe(400);
  });

  it('answers a missing and a forbidden dataset the same', async () => {
    const missing = await post({ ...clientContext(), datasource: { id: 999999, type: 'table' } });
    expect(missing.status).toBe(404);
    await customRole(server, 'chart_reader_no_data', [
      ['can_read', 'Chart'],
      ['can_read', 'Dataset'],
    ]);
    const { client: reader } = await loggedInUser(server, admin, 'reader_no_data', ['chart_reader_no_data']);
    const forbidden = await reader.post<{ message: string }>('/api/v1/chart/data', clientContext());
    expect(forbidden.status).toBe(404);
    expect(forbidden.body).toEqual(missing.body);
  });

  it('refuses an oversized body with 413', async () => {
    const r = await post({ ...clientContext(), form_data: { big: 'x'.repeat(6 * 1024 * 1024) } });
    expect(r.status).toBe(413);
  });
});

describe('virtual datasets', () => {
  it('run their SQL as a subquery, its template rendered with the query filters and time bounds', async () => {
    const sql =
      "SELECT origin, delay, date FROM flights WHERE origin IN {{ where_in(filter_values('origin', 'SEA')) }}" +
      "{% if from_dttm %} AND date >= '{{ from_dttm }}'{% endif %}";
    const created = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'templated_flights',
      sql,
    });
    expect(created.status, created.text).toBe(201);
    const ask = (filters: unknown[], time_range = 'No filter') =>
      admin.post<Reply>('/api/v1/chart/data', {
        datasource: { id: created.body.id, type: 'table' },
        queries: [
          {
            columns: ['origin'],
            metrics: [{ expressionType: 'SQL', sqlExpression: 'MIN(date)', label: 'first' }],
            filters,
            time_range,
            granularity: 'date',
          },
        ],
      });
    const byDefault = await ask([]);
    expect(byDefault.status, byDefault.text).toBe(200);
    expect(byDefault.body.result[0].data.map((d) => d.origin)).toEqual(['SEA']);
    const filtered = await ask([{ col: 'origin', op: 'IN', val: ['BOS', 'JFK'] }], '2001-03-01 : 2001-04-01');
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.result[0].data.map((d) => d.origin).sort()).toEqual(['BOS', 'JFK']);
    expect(filtered.body.result[0].query).toContain("origin IN ('BOS', 'JFK') AND date >= '2001-03-01 00:00:00'");
  });

  it('refuse SQL that changes data or holds several statements, whatever the database allows', async () => {
    const created = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: server.examplesId,
      schema: 'main',
      table_name: 'soon_hostile',
      sql: 'SELECT origin FROM flights',
    });
    expect(created.status, created.text).toBe(201);
    for (const hostile of ['SELECT 1; SELECT 2', 'DELETE FROM flights', "COPY flights TO '/tmp/x.csv'"]) {
      await server.ctx.store.db.updateTable('tables').set({ sql: hostile }).where('id', '=', created.body.id).execute();
      const r = await admin.post<{ errors?: { error_type: string }[] }>('/api/v1/chart/data', {
        datasource: { id: created.body.id, type: 'table' },
        queries: [{ columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }] }],
      });
      expect(r.status, hostile).toBe(400);
    }
  });
});

describe('legacy endpoint', () => {
  it('POST /rama/explore_json/ runs form data through the same engine', async () => {
    const formData = {
      datasource: `${flights}__table`,
      viz_type: 'table',
      groupby: ['origin'],
      metrics: ['count'],
      adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SFO', 'LAX'], clause: 'WHERE' }],
      time_range: 'No filter',
      row_limit: 1000,
    };
    const r = await admin.postForm<{ data: Record<string, unknown>[]; status: string; form_data: unknown }>(
      '/rama/explore_json/',
      new URLSearchParams({ form_data: JSON.stringify(formData) }),
      { csrf: true },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('success');
    expect(r.body.data.map((d) => d.origin).sort()).toEqual(['LAX', 'SFO']);
    const modern = await admin.post<Reply>('/api/v1/chart/data', clientContext());
    const counts = (rows: Record<string, unknown>[]) => Object.fromEntries(rows.map((d) => [d.origin, d.count]));
    expect(counts(r.body.data)).toEqual(counts(modern.body.result[0].data));
  });
});
