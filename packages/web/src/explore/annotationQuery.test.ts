import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken } from '../core/api';
import { fetchAnnotationData, type QueriedAnnotationLayer } from './annotationLayers';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const m = (i: number) => Date.UTC(2023, i, 1);

/** The source chart: count of flights by month, over its own range "Last year". */
const sourceDetail = {
  id: 4,
  viz_type: 'echarts_timeseries_line',
  datasource_id: 2,
  datasource_type: 'table',
  params: JSON.stringify({
    x_axis: 'ds',
    time_grain_sqla: 'P1M',
    metrics: ['count'],
    adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last year', clause: 'WHERE' }],
  }),
};

let posted: { url: string; body: unknown }[] = [];

beforeEach(() => {
  resetCsrfToken();
  posted = [];
  vi.stubGlobal('window', { location: { pathname: '/superset/dashboard/1/', search: '', assign: vi.fn() } });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url.includes('csrf_token')) return Promise.resolve(json(200, { result: 'tok' }));
    posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.includes('/api/v1/chart/4/data')) return Promise.resolve(json(200, { result: [{ data: [{ saved: true }] }] }));
    if (url.includes('/api/v1/chart/4')) return Promise.resolve(json(200, { result: sourceDetail }));
    if (url.includes('/api/v1/chart/data'))
      return Promise.resolve(
        json(200, {
          result: [
            {
              data: [
                { ds: m(0), count: 3, 'count__1 week ago': 1 },
                { ds: m(1), count: 4, 'count__1 week ago': 2 },
              ],
            },
          ],
        }),
      );
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const mainFd = {
  viz_type: 'echarts_timeseries_bar',
  datasource: '2__table',
  x_axis: 'ds',
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: '2023-01-01 : 2023-03-01', clause: 'WHERE' },
  ],
};

const layer = (patch: Partial<QueriedAnnotationLayer> = {}): QueriedAnnotationLayer => ({
  name: 'Trend',
  annotationType: 'TIME_SERIES',
  chartId: 4,
  overrides: { time_range: null },
  ...patch,
});

type Query = { time_range: string; filters: unknown[]; time_offsets?: string[] };
const postedQuery = () => (posted.find((p) => p.url.includes('/api/v1/chart/data'))?.body as { queries: Query[] }).queries[0];

describe('annotation query (rule "overrides", dashboard filters)', () => {
  it("a time-series layer runs the source chart's query over the main chart's time range and keeps its series as {key, values}", async () => {
    const data = await fetchAnnotationData(layer(), mainFd);
    expect(postedQuery().time_range).toBe('2023-01-01 : 2023-03-01');
    expect(data).toEqual([
      {
        key: 'count',
        values: [
          { x: m(0), y: 3 },
          { x: m(1), y: 4 },
        ],
      },
      {
        key: 'count__1 week ago',
        values: [
          { x: m(0), y: 1 },
          { x: m(1), y: 2 },
        ],
      },
    ]);
  });

  it('without the time-range override the source chart keeps its own range', async () => {
    await fetchAnnotationData(layer({ overrides: {} }), mainFd);
    expect(postedQuery().time_range).toBe('Last year');
  });

  it('the filters a dashboard applies to the main chart reach its annotation query', async () => {
    const extra = { filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }] };
    await fetchAnnotationData(layer({ annotationType: 'EVENT', overrides: {} }), { ...mainFd, extra_form_data: extra });
    expect(postedQuery().filters).toContainEqual({ col: 'origin', op: 'IN', val: ['SEA'], isExtra: true });
  });

  it('a time shift keeps only the shifted series, under the unshifted names', async () => {
    const data = await fetchAnnotationData(layer({ overrides: { time_shift: '1 week' } }), mainFd);
    expect(postedQuery().time_offsets).toEqual(['1 week ago']);
    expect(data).toEqual([
      {
        key: 'count',
        values: [
          { x: m(0), y: 1 },
          { x: m(1), y: 2 },
        ],
      },
    ]);
  });

  it('an event layer without overrides or filters reads the source chart data as saved', async () => {
    const data = await fetchAnnotationData(layer({ annotationType: 'EVENT', overrides: {} }), mainFd);
    expect(data).toEqual([{ saved: true }]);
    expect(posted.map((p) => p.url).some((u) => u.includes('/api/v1/chart/4/data'))).toBe(true);
  });
});
