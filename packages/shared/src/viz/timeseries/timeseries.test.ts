import { describe, expect, it } from 'vitest';
import type { AdhocMetric } from '../../api/chartData.js';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildTimeseriesQuery, timeseriesDefinitions } from './index.js';

const NAMES = ['date', 'origin', 'AVG(delay)'];
const run = (rules: unknown[], rows: unknown[][]) =>
  frameToRecords(applyPostProcessing(frameFromRows(NAMES, rows, { temporalColumns: ['date'] }), rules));

const AVG_DELAY: AdhocMetric = { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' };

/** The line chart of api-shapes "Chart data": average delay by origin per month, last year. */
const lineFormData: QueryFormData = {
  datasource: '3__table',
  viz_type: 'echarts_timeseries_line',
  slice_id: 12,
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  metrics: [AVG_DELAY],
  groupby: ['origin'],
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SEA', 'SFO'], clause: 'WHERE' },
    { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'Last year', clause: 'WHERE' },
  ],
  row_limit: 10000,
  order_desc: true,
  truncate_metric: true,
  show_empty_columns: true,
};

describe('timeseries buildQuery', () => {
  it('builds the query context the BI server client sends for the api-shapes line chart', () => {
    const qc = buildTimeseriesQuery(lineFormData);
    expect(qc.datasource).toEqual({ id: 3, type: 'table' });
    expect(qc.result_format).toBe('json');
    expect(qc.result_type).toBe('full');
    expect(qc.queries).toHaveLength(1);
    const [q] = qc.queries;
    expect(q).toMatchObject({
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }, 'origin'],
      metrics: [AVG_DELAY],
      filters: [
        { col: 'origin', op: 'IN', val: ['SEA', 'SFO'] },
        { col: 'date', op: 'TEMPORAL_RANGE', val: 'Last year' },
      ],
      time_range: 'Last year',
      extras: { time_grain_sqla: 'P1M', where: '', having: '' },
      orderby: [[AVG_DELAY, false]],
      row_limit: 10000,
      series_limit: 0,
      series_columns: ['origin'],
    });
    // truncate_metric with one metric and a dimension names series by origin alone
    expect(q.post_processing).toEqual([
      {
        operation: 'pivot',
        options: { index: ['date'], columns: ['origin'], aggregates: { 'AVG(delay)': { operator: 'mean' } }, drop_missing_columns: false },
      },
      { operation: 'rename', options: { columns: { 'AVG(delay)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });

  it('without truncation the pivot and flatten alone run, and their output names series by metric and origin', () => {
    const qc = buildTimeseriesQuery({ ...lineFormData, truncate_metric: false });
    const rules = qc.queries[0].post_processing ?? [];
    expect(rules.map((r) => (r && 'operation' in r ? r.operation : null))).toEqual(['pivot', 'flatten']);
    const out = run(rules, [
      [Date.UTC(2023, 0, 1), 'SEA', 4.8],
      [Date.UTC(2023, 0, 1), 'SFO', 3.1],
    ]);
    expect(out).toEqual([{ date: Date.UTC(2023, 0, 1), 'AVG(delay), SEA': 4.8, 'AVG(delay), SFO': 3.1 }]);
  });

  it('the server applies the truncated rules: one column per origin', () => {
    const rules = buildTimeseriesQuery(lineFormData).queries[0].post_processing ?? [];
    const out = run(rules, [
      [Date.UTC(2023, 0, 1), 'SEA', 4.8],
      [Date.UTC(2023, 1, 1), 'SFO', 3.1],
    ]);
    expect(Object.keys(out[0])).toEqual(['date', 'SEA', 'SFO']);
  });

  it('x_axis_sort ranks a categorical axis by a metric (descending when x_axis_sort_asc is off), or by the axis itself', () => {
    const bars: QueryFormData = {
      datasource: '3__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'origin',
      metrics: [AVG_DELAY],
      groupby: [],
      x_axis_sort: 'AVG(delay)',
      x_axis_sort_asc: false,
      row_limit: 100,
    };
    const rules = buildTimeseriesQuery(bars).queries[0].post_processing ?? [];
    expect(rules).toContainEqual({ operation: 'sort', options: { by: 'AVG(delay)', ascending: false } });
    const rows = [
      ['LAX', 7.4],
      ['ORD', 9.3],
      ['ATL', 8.8],
    ];
    const names = ['origin', 'AVG(delay)'];
    const out = (r: unknown[]) => frameToRecords(applyPostProcessing(frameFromRows(names, rows), r)).map((o) => o.origin);
    expect(out(rules)).toEqual(['ORD', 'ATL', 'LAX']);
    const byAxis = buildTimeseriesQuery({ ...bars, x_axis_sort: 'origin', x_axis_sort_asc: true }).queries[0].post_processing ?? [];
    expect(out(byAxis)).toEqual(['ATL', 'LAX', 'ORD']);
    // with dimensions, or a label that is neither the axis nor a metric, nothing is sorted
    expect(buildTimeseriesQuery({ ...bars, groupby: ['dest'] }).queries[0].post_processing).not.toContainEqual(
      expect.objectContaining({ operation: 'sort' }),
    );
    expect(buildTimeseriesQuery({ ...bars, x_axis_sort: 'nope' }).queries[0].post_processing).not.toContainEqual(
      expect.objectContaining({ operation: 'sort' }),
    );
  });

  it('orders by the sort-by metric, ascending when "Sort descending" is off, and limits series', () => {
    const q = buildTimeseriesQuery({ ...lineFormData, series_limit: 5, series_limit_metric: 'count', order_desc: false }).queries[0];
    expect(q.orderby).toEqual([['count', true]]);
    expect(q.series_limit).toBe(5);
    expect(q.series_limit_metric).toBe('count');
  });

  it('maps the advanced analytics to rolling, compare and resample in the server order', () => {
    const q = buildTimeseriesQuery({
      ...lineFormData,
      groupby: [],
      rolling_type: 'mean',
      rolling_periods: '7',
      min_periods: 2,
      time_compare: ['1 year ago'],
      comparison_type: 'percentage',
      resample_rule: '1D',
      resample_method: 'zerofill',
    }).queries[0];
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['date'],
          columns: [],
          aggregates: { 'AVG(delay)': { operator: 'mean' }, 'AVG(delay)__1 year ago': { operator: 'mean' } },
          drop_missing_columns: false,
        },
      },
      {
        operation: 'rolling',
        options: {
          rolling_type: 'mean',
          window: 7,
          min_periods: 2,
          columns: { 'AVG(delay)': 'AVG(delay)', 'AVG(delay)__1 year ago': 'AVG(delay)__1 year ago' },
        },
      },
      {
        operation: 'compare',
        options: {
          source_columns: ['AVG(delay)'],
          compare_columns: ['AVG(delay)__1 year ago'],
          compare_type: 'percentage',
          drop_original_columns: true,
        },
      },
      { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
      { operation: 'flatten' },
    ]);
  });

  it('a cumulative sum is a cum rule; "values" comparison keeps the shifted series without compare', () => {
    const q = buildTimeseriesQuery({ ...lineFormData, rolling_type: 'cumsum', time_compare: ['1 week ago'], comparison_type: 'values' })
      .queries[0];
    const ops = (q.post_processing ?? []).map((r) => (r && 'operation' in r ? r.operation : null));
    expect(ops).toEqual(['pivot', 'cum', 'rename', 'flatten']);
    expect(q.post_processing?.[1]).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { 'AVG(delay)': 'AVG(delay)', 'AVG(delay)__1 week ago': 'AVG(delay)__1 week ago' } },
    });
    expect(q.post_processing?.[2]).toEqual({
      operation: 'rename',
      options: { columns: { 'AVG(delay)__1 week ago': '1 week ago', 'AVG(delay)': null }, level: 0, inplace: true },
    });
  });

  it('contribution mode adds a contribution rule before flatten', () => {
    const q = buildTimeseriesQuery({ ...lineFormData, contributionMode: 'row', truncate_metric: false }).queries[0];
    expect(q.post_processing?.at(-2)).toEqual({ operation: 'contribution', options: { orientation: 'row', time_shifts: [] } });
  });

  it('a chart saved with the legacy time column uses it as the x axis and keeps its time range', () => {
    const q = buildTimeseriesQuery({
      datasource: '3__table',
      viz_type: 'echarts_timeseries_line',
      granularity_sqla: 'date',
      time_grain_sqla: 'P1M',
      time_range: 'No filter',
      metrics: ['count'],
      groupby: ['origin'],
      adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SFO', 'LAX'], clause: 'WHERE' }],
      row_limit: 1000,
    }).queries[0];
    expect(q.columns?.[0]).toMatchObject({ columnType: 'BASE_AXIS', sqlExpression: 'date', timeGrain: 'P1M' });
    expect(q).toMatchObject({
      time_range: 'No filter',
      granularity: 'date',
      metrics: ['count'],
      row_limit: 1000,
      orderby: [['count', false]],
    });
    expect(q.filters).toEqual([{ col: 'origin', op: 'IN', val: ['SFO', 'LAX'] }]);
  });

  it('a dashboard filter adds its filters and its time range replaces the chart range', () => {
    const q = buildTimeseriesQuery({
      ...lineFormData,
      extra_form_data: { filters: [{ col: 'dest', op: 'IN', val: ['JFK'] }], time_range: 'Last week', time_grain_sqla: 'P1D' },
    }).queries[0];
    expect(q.filters).toContainEqual({ col: 'dest', op: 'IN', val: ['JFK'], isExtra: true });
    expect(q.filters).toContainEqual({ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last week' });
    expect(q.time_range).toBe('Last week');
    expect(q.columns?.[0]).toMatchObject({ timeGrain: 'P1D' });
  });

  it('duplicate metrics and dimensions are sent once (spec section 5)', () => {
    const q = buildTimeseriesQuery({ ...lineFormData, metrics: [AVG_DELAY, AVG_DELAY], groupby: ['origin', 'origin', ''] }).queries[0];
    expect(q.metrics).toHaveLength(1);
    expect(q.columns).toHaveLength(2);
  });
});

describe('timeseries control panels', () => {
  const def = (key: string) => timeseriesDefinitions.find((d) => d.meta.key === key)!;
  const ctx = (formData: Partial<QueryFormData>): ControlContext => ({
    formData: { datasource: '3__table', viz_type: 'echarts_timeseries_line', ...formData },
    datasource: null,
    sqlMaxRow: 100000,
  });

  it('the family has the seven gallery entries, in gallery order, all under Evolution', () => {
    expect(timeseriesDefinitions.map((d) => d.meta.key)).toEqual([
      'echarts_timeseries_line',
      'echarts_timeseries',
      'echarts_area',
      'echarts_timeseries_bar',
      'echarts_timeseries_scatter',
      'echarts_timeseries_smooth',
      'echarts_timeseries_step',
    ]);
    expect(new Set(timeseriesDefinitions.map((d) => d.meta.category))).toEqual(new Set(['Evolution']));
  });

  it('each member shows the chart options of its series style', () => {
    const byKey = new Map(timeseriesDefinitions.map((d) => [d.meta.key, d.controlPanel.controls]));
    expect(byKey.get('echarts_timeseries_bar')?.orientation?.default).toBe('vertical');
    expect(byKey.get('echarts_timeseries_bar')?.markerEnabled).toBeUndefined();
    expect(byKey.get('echarts_timeseries_step')?.seriesType?.choices).toEqual([
      ['start', 'Start'],
      ['middle', 'Middle'],
      ['end', 'End'],
    ]);
    expect(byKey.get('echarts_timeseries')?.seriesType?.default).toBe('line');
    expect(byKey.get('echarts_area')?.stack?.choices).toContainEqual(['Stream', 'Stream']);
    expect(byKey.get('echarts_timeseries_line')?.area?.default).toBe(false);
  });

  it('metrics and x axis are required with the spec message; the row limit validator is the shared one', () => {
    const { controls } = def('echarts_timeseries_line').controlPanel;
    const metrics = controls.metrics ?? sharedControls.metrics;
    const xAxis = controls.x_axis ?? sharedControls.x_axis;
    const rowLimit = controls.row_limit ?? sharedControls.row_limit;
    expect(metrics.validators?.map((v) => v([], ctx({})))).toContain('cannot be empty');
    expect(xAxis.validators?.map((v) => v(null, ctx({})))).toContain('cannot be empty');
    expect(rowLimit.validators?.map((v) => v(200000, ctx({})))).toContain('Value cannot exceed 100000');
    expect(rowLimit.default).toBe(10000);
  });

  it('opacity shows with the area toggle on line charts and always on area charts', () => {
    const line = def('echarts_timeseries_line').controlPanel.controls.opacity;
    const area = def('echarts_area').controlPanel.controls.opacity;
    expect(line?.visibility?.(ctx({ area: false }))).toBe(false);
    expect(line?.visibility?.(ctx({ area: true }))).toBe(true);
    expect(area?.visibility).toBeUndefined();
  });
});
