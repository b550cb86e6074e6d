/**
 * A chart whose filters match no rows answers 200 with no rows, whatever its type and its
 * post-processing chain (issue 26 item 1): for every visualization type, its example chart's form
 * data plus a filter that matches nothing, through the type's buildQuery, posted to
 * /api/v1/chart/data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIZ_DEFINITIONS, getVizDefinition, type QueryFormData } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { EXAMPLE_CHARTS, exampleFormData, exampleQueryContext } from '../examples/charts.js';
import type { ExampleChart } from '../examples/types.js';
import { filter, timeAxis, timeRange } from '../examples/formData.js';
import { registerExampleDatasets } from '../examples/datasets.js';

let server: TestServer;
let admin: Client;
const datasetOf = new Map<string, number>();

interface QueryResult {
  status: string;
  rowcount: number;
  colnames: string[];
  data: unknown[];
}

/** A filter no row passes, on any dataset. */
const NOTHING = {
  expressionType: 'SQL',
  sqlExpression: '1 = 0',
  clause: 'WHERE',
  isExtra: false,
  filterOptionName: 'filter_nothing',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  await registerExampleDatasets(server.ctx, server.examplesId);
  const rows = await server.ctx.store.db
    .selectFrom('tables')
    .select(['id', 'table_name'])
    .where('database_id', '=', server.examplesId)
    .where('sql', 'is', null)
    .orderBy('id')
    .execute();
  for (const r of rows) if (!datasetOf.has(r.table_name)) datasetOf.set(r.table_name, r.id);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The example's form data with the nothing-filter added to its own filters. */
function emptyFormData(chart: ExampleChart): QueryFormData {
  const datasetId = datasetOf.get(chart.table);
  if (datasetId === undefined) throw new Error(`no dataset on ${chart.table}`);
  const formData = exampleFormData(chart, datasetId);
  const out: QueryFormData = { ...formData };
  // the mixed chart's second query has filters of its own
  for (const key of ['adhoc_filters', 'adhoc_filters_b']) {
    if (key === 'adhoc_filters' || key in formData) out[key] = [...(Array.isArray(formData[key]) ? formData[key] : []), NOTHING];
  }
  return out;
}

/**
 * A query of metrics without any column (nor time series) is one aggregate over no rows: SQL answers one row (a
 * count of 0, others null), as the BI server shows a big number of 0. Every other query answers none.
 */
function expectNoRows(
  q: QueryResult,
  query: { columns?: unknown[]; metrics?: unknown[] | null; is_timeseries?: boolean },
  label: string,
): void {
  if ((query.columns ?? []).length === 0 && (query.metrics ?? []).length > 0 && query.is_timeseries !== true) {
    expect(q.rowcount, label).toBe(1);
    for (const v of Object.values(q.data[0] as Record<string, unknown>)) expect([0, null], `${label}: ${String(v)}`).toContain(v);
    return;
  }
  expect(q.rowcount, label).toBe(0);
  expect(q.data, label).toEqual([]);
}

/** Posts the form data's query context; checks every query answered without rows. */
async function postEmpty(formData: QueryFormData, label: string): Promise<void> {
  const qc = exampleQueryContext(formData);
  const r = await admin.post<{ result: QueryResult[] }>('/api/v1/chart/data', qc);
  expect(r.status, `${label}: ${r.text.slice(0, 500)}`).toBe(200);
  expect(r.body.result.length, label).toBe(qc.queries.length);
  r.body.result.forEach((q, i) => {
    expect(q.status, label).toBe('success');
    expectNoRows(q, qc.queries[i], `${label} query ${i}`);
  });
}

describe('chart data of a chart whose filters match nothing', () => {
  it('has an example chart to start from for every visualization type', () => {
    const without = [...VIZ_DEFINITIONS.keys()].filter((k) => !EXAMPLE_CHARTS.some((c) => c.vizType === k));
    expect(without).toEqual([]);
  });

  for (const vizType of VIZ_DEFINITIONS.keys()) {
    it(`${vizType}: 200, every query without rows`, async () => {
      // every example of the type: their settings exercise different post-processing chains
      const charts = EXAMPLE_CHARTS.filter((c) => c.vizType === vizType);
      expect(charts.length, vizType).toBeGreaterThan(0);
      for (const chart of charts) await postEmpty(emptyFormData(chart), chart.key);
    });
  }

  // the charts of the issue: a series chart grouped by a dimension with truncate_metric (pivot →
  // rename → flatten), a cumulative bar chart (cum), and the analytics options of a line chart
  const flights = (params: Record<string, unknown>, vizType: string): QueryFormData => {
    const chart: ExampleChart = {
      key: `empty-${vizType}`,
      name: 'empty',
      table: 'flights',
      vizType,
      params: {
        ...timeAxis('date', 'P1W'),
        metrics: ['avg_delay'],
        groupby: ['origin'],
        adhoc_filters: [timeRange('date'), filter('origin', 'EQUALS', 'NO SUCH AIRPORT')],
        ...params,
      },
    };
    const formData = exampleFormData(chart, datasetOf.get('flights') ?? -1);
    return { ...formData, adhoc_filters: chart.params.adhoc_filters };
  };

  const CASES: [string, string, Record<string, unknown>][] = [
    ['line, grouped, truncate_metric', 'echarts_timeseries_line', { truncate_metric: true }],
    ['bar, cumulative', 'echarts_timeseries_bar', { rolling_type: 'cumsum' }],
    [
      'line, rolling mean and resample',
      'echarts_timeseries_line',
      { rolling_type: 'mean', rolling_periods: 3, resample_rule: '1D', resample_method: 'zerofill' },
    ],
    ['line, time comparison', 'echarts_timeseries_line', { time_compare: ['1 week ago'], comparison_type: 'percentage' }],
    ['area, contribution', 'echarts_area', { contributionMode: 'row', truncate_metric: true }],
  ];

  for (const [name, vizType, params] of CASES) {
    it(`${name}: 200 with no rows`, async () => {
      expect(getVizDefinition(vizType), vizType).toBeTruthy();
      const formData = flights(params, vizType);
      const qc = exampleQueryContext(formData);
      expect(qc.queries[0].post_processing?.length, name).toBeGreaterThan(0);
      await postEmpty(formData, name);
    });
  }
});
