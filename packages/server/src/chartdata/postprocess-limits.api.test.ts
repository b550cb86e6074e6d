/**
 * Issue 24 item 2: one chart data request must not stop or stall the server. Post-processing that
 * would build more than RAMA_POSTPROCESS_MAX_CELLS is refused (400, naming the operation and the
 * limit) before it allocates; large frames are post-processed in a worker, so another user's
 * `/api/v1/me/` keeps answering; and `/health` stays OK afterwards. Against the DuckDB flights
 * example (3 million rows, January to June 2001).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';
import { warmPostProcessPool } from './postprocess-pool.js';

let server: TestServer;
let admin: Client;
let other: Client;
let flights: number;

interface QueryResult {
  rowcount: number;
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
}
type Reply = { result: QueryResult[]; message?: string };

/** Set RAMA_REPORT_MEASUREMENTS=1 to print the figures (latency of /me, memory) these tests see. */
const report = (what: string, values: Record<string, number>) => {
  if (process.env.RAMA_REPORT_MEASUREMENTS) console.info(what, JSON.stringify(values));
};
const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: server.examplesId, schema: 'main', table_name: 'flights' });
  expect(r.status, r.text).toBe(201);
  flights = r.body.id;
  ({ client: other } = await loggedInUser(server, admin, 'bystander', ['Gamma']));
  // latency is measured in the steady state: a worker's first start (seconds from the TypeScript sources) is not in it
  await warmPostProcessPool();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const context = (query: Record<string, unknown>) => ({
  datasource: { id: flights, type: 'table' },
  force: true,
  queries: [{ filters: [], extras: { where: '', having: '' }, metrics: ['count'], orderby: [], series_limit: 0, ...query }],
  form_data: { viz_type: 'echarts_timeseries_line' },
  result_format: 'json',
  result_type: 'full',
});

const dateAxis = (timeGrain?: string) => ({
  columnType: 'BASE_AXIS',
  sqlExpression: 'date',
  label: 'date',
  expressionType: 'SQL',
  timeGrain,
});

/** Daily counts over a time range, pivoted on the day and resampled by `rule` (the timeseries client's shape). */
const dailyResampled = (timeRange: string, rule: string) =>
  context({
    columns: [dateAxis('P1D')],
    filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: timeRange }],
    time_range: timeRange,
    row_limit: 10_000,
    post_processing: [
      {
        operation: 'pivot',
        options: { index: ['date'], columns: [], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false },
      },
      { operation: 'resample', options: { rule, method: 'asfreq' } },
      { operation: 'flatten' },
    ],
  });

/** Run `work` while another user polls GET /api/v1/me/; the slowest answer in ms. */
async function meLatencyDuring<T>(work: () => Promise<T>): Promise<{ result: T; worstMs: number; polls: number }> {
  let running = true;
  let worstMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (running) {
      const t0 = performance.now();
      const r = await other.get('/api/v1/me/');
      expect(r.status).toBe(200);
      worstMs = Math.max(worstMs, performance.now() - t0);
      polls++;
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  try {
    const result = await work();
    return { result, worstMs, polls };
  } finally {
    running = false;
    await poller;
  }
}

describe('post-processing is bounded before it allocates', () => {
  it('a 1L (millisecond) resample of three days answers 400 naming resample and the limit, at once, and the server stays up', async () => {
    const before = rssMb();
    const t0 = performance.now();
    const { result: r, worstMs } = await meLatencyDuring(() =>
      admin.post<Reply>('/api/v1/chart/data', dailyResampled('2001-01-01 : 2001-01-04', '1L')),
    );
    const elapsed = performance.now() - t0;
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(
      /^The resample operation would produce 172,800,001 rows × 2 columns \(345,600,002 cells\), more than the limit of 2,000,000 cells \(RAMA_POSTPROCESS_MAX_CELLS\)\.$/,
    );
    expect(elapsed).toBeLessThan(2_000);
    expect(worstMs).toBeLessThan(500);
    expect((await other.get('/api/v1/me/')).status).toBe(200);
    expect((await server.client().get('/health')).text).toBe('OK');
    report('1L resample', { elapsedMs: Math.round(elapsed), meWorstMs: Math.round(worstMs), rssBeforeMb: before, rssAfterMb: rssMb() });
  });

  it('a 1S resample of 30 days is refused the same way', async () => {
    const r = await admin.post<Reply>('/api/v1/chart/data', dailyResampled('2001-01-01 : 2001-01-31', '1S'));
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(/^The resample operation would produce 2,505,601 rows × 2 columns .*RAMA_POSTPROCESS_MAX_CELLS/);
  });

  it('the same resample by hour still answers: an ordinary chart is far below the limit', async () => {
    const r = await admin.post<Reply>('/api/v1/chart/data', dailyResampled('2001-01-01 : 2001-01-04', '1H'));
    expect(r.status, r.text).toBe(200);
    const q = r.body.result[0];
    expect(q.colnames).toEqual(['date', 'count']);
    // three days of hours, the day's count at midnight and nothing in between
    expect(q.rowcount).toBe(49);
    expect(q.data.filter((d) => d.count !== null).map((d) => d.date)).toEqual([
      Date.UTC(2001, 0, 1),
      Date.UTC(2001, 0, 2),
      Date.UTC(2001, 0, 3),
    ]);
  });
});

describe('large frames are post-processed off the main thread', () => {
  it('a pivot of 100,000 dates × destination is refused, and nobody waits meanwhile', async () => {
    const before = rssMb();
    const {
      result: r,
      worstMs,
      polls,
    } = await meLatencyDuring(() =>
      admin.post<Reply>(
        '/api/v1/chart/data',
        context({
          columns: [dateAxis(), 'destination'],
          time_range: 'No filter',
          row_limit: 100_000,
          post_processing: [
            { operation: 'pivot', options: { index: ['date'], columns: ['destination'], aggregates: { count: { operator: 'mean' } } } },
            { operation: 'flatten' },
          ],
        }),
      ),
    );
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(/^The pivot operation would produce [\d,]+ rows × [\d,]+ columns .*RAMA_POSTPROCESS_MAX_CELLS/);
    expect(polls).toBeGreaterThan(0);
    expect(worstMs).toBeLessThan(500);
    expect((await server.client().get('/health')).text).toBe('OK');
    report('100k × destination pivot', { meWorstMs: Math.round(worstMs), polls, rssBeforeMb: before, rssAfterMb: rssMb() });
  });

  it('a pivot that fits answers from a worker with the same numbers, and nobody waits meanwhile', async () => {
    const query = {
      columns: [dateAxis('P1D'), 'destination'],
      time_range: 'No filter',
      row_limit: 100_000,
    };
    const pivoted = context({
      ...query,
      post_processing: [
        { operation: 'pivot', options: { index: ['date'], columns: ['destination'], aggregates: { count: { operator: 'sum' } } } },
        { operation: 'flatten' },
      ],
    });
    const before = rssMb();
    const { result: r, worstMs } = await meLatencyDuring(() => admin.post<Reply>('/api/v1/chart/data', pivoted));
    expect(r.status, r.text).toBe(200);
    const raw = await admin.post<Reply>('/api/v1/chart/data', context(query));
    expect(raw.status, raw.text).toBe(200);
    const rows = raw.body.result[0].data;
    // over the inline threshold (50,000 cells): this one was handed to a worker
    expect(rows.length * 3).toBeGreaterThan(50_000);
    const q = r.body.result[0];
    const days = new Set(rows.map((d) => d.date));
    const destinations = new Set(rows.map((d) => d.destination));
    expect(q.rowcount).toBe(days.size);
    expect(q.colnames).toHaveLength(destinations.size + 1);
    const total = (recs: Record<string, unknown>[], skip: string) =>
      recs.reduce((sum, d) => sum + Object.entries(d).reduce((s, [k, v]) => s + (k !== skip && typeof v === 'number' ? v : 0), 0), 0);
    expect(total(q.data, 'date')).toBe(rows.reduce((s, d) => s + Number(d.count), 0));
    expect(worstMs).toBeLessThan(500);
    expect((await server.client().get('/health')).text).toBe('OK');
    report('fitting pivot in a worker', { rows: rows.length, meWorstMs: Math.round(worstMs), rssBeforeMb: before, rssAfterMb: rssMb() });
  });
});

describe('the limit is a setting', () => {
  it('RAMA_POSTPROCESS_MAX_CELLS lowers it, and the refusal names it', async () => {
    const small = await startTestServer({ RAMA_POSTPROCESS_MAX_CELLS: '50' });
    try {
      const c = await small.admin();
      const ds = await c.post<{ id: number }>('/api/v1/dataset/', { database: small.examplesId, schema: 'main', table_name: 'flights' });
      const body = dailyResampled('2001-01-01 : 2001-01-04', '1H');
      const r = await c.post<Reply>('/api/v1/chart/data', { ...body, datasource: { id: ds.body.id, type: 'table' } });
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toBe(
        'The resample operation would produce 49 rows × 2 columns (98 cells), more than the limit of 50 cells (RAMA_POSTPROCESS_MAX_CELLS).',
      );
    } finally {
      await small.close();
    }
  });
});
