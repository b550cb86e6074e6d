import { describe, expect, it } from 'vitest';
import type { AdhocMetric } from '../../api/chartData.js';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { controlsOf, defaultFormData, isControlVisible } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildMixedTimeseriesQuery, mixedTimeseriesDefinition, removeFormDataSuffix, retainFormDataSuffix } from './index.js';

const AVG_DELAY: AdhocMetric = { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' };

/** Weekly departures by origin (query A, bars) against the average delay (query B, a line on the right). */
const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'mixed_timeseries',
  x_axis: 'date',
  time_grain_sqla: 'P1W',
  metrics: ['count'],
  groupby: ['origin'],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SFO', 'LAX'], clause: 'WHERE' }],
  limit: 5,
  timeseries_limit_metric: 'count',
  order_desc: true,
  row_limit: 10000,
  truncate_metric: true,
  metrics_b: [AVG_DELAY],
  groupby_b: [],
  adhoc_filters_b: [{ expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'Last year', clause: 'WHERE' }],
  row_limit_b: 500,
  rolling_type_b: 'mean',
  rolling_periods_b: 4,
  seriesType: 'bar',
  seriesTypeB: 'line',
  yAxisIndexB: 1,
};

describe('mixed timeseries form data suffixes', () => {
  it('query A drops the `_b` controls; query B takes them under the plain names and keeps the shared ones', () => {
    const a = removeFormDataSuffix(fd, '_b');
    expect(a.metrics).toEqual(['count']);
    expect('metrics_b' in a).toBe(false);
    const b = retainFormDataSuffix(fd, '_b');
    expect(b.metrics).toEqual([AVG_DELAY]);
    expect(b.row_limit).toBe(500);
    expect(b.x_axis).toBe('date');
    // a control query B does not have falls back to query A's, as in the BI server's client
    expect(b.limit).toBe(5);
  });
});

describe('mixed timeseries buildQuery', () => {
  const qc = buildMixedTimeseriesQuery(fd);

  it('asks two queries along the shared x axis, each with its own metrics, dimensions and filters', () => {
    expect(qc.datasource).toEqual({ id: 5, type: 'table' });
    expect(qc.queries).toHaveLength(2);
    const [a, b] = qc.queries;
    const axis = { columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1W' };
    expect(a).toMatchObject({
      columns: [axis, 'origin'],
      series_columns: ['origin'],
      metrics: ['count'],
      filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'LAX'] }],
      series_limit: 5,
      orderby: [['count', false]],
      row_limit: 10000,
      time_offsets: [],
    });
    expect(b).toMatchObject({
      columns: [axis],
      series_columns: [],
      metrics: [AVG_DELAY],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: 'Last year' }],
      time_range: 'Last year',
      orderby: [['count', false]],
      row_limit: 500,
    });
  });

  it('each query pivots by its dimensions and runs its own advanced analytics', () => {
    const [a, b] = qc.queries;
    expect(a.post_processing?.map((r) => (r && 'operation' in r ? r.operation : null))).toEqual(['pivot', 'rename', 'flatten']);
    expect(b.post_processing).toEqual([
      {
        operation: 'pivot',
        options: { index: ['date'], columns: [], aggregates: { 'AVG(delay)': { operator: 'mean' } }, drop_missing_columns: true },
      },
      { operation: 'rolling', options: { rolling_type: 'mean', window: 4, min_periods: 0, columns: { 'AVG(delay)': 'AVG(delay)' } } },
      { operation: 'flatten' },
    ]);
  });

  it("the server's post-processing of query A gives one column per origin", () => {
    const rules = qc.queries[0].post_processing ?? [];
    const t = Date.UTC(2023, 0, 2);
    const frame = frameFromRows(
      ['date', 'origin', 'count'],
      [
        [t, 'SFO', 120],
        [t, 'LAX', 200],
      ],
      { temporalColumns: ['date'] },
    );
    expect(frameToRecords(applyPostProcessing(frame, rules))).toEqual([{ date: t, LAX: 200, SFO: 120 }]);
  });
});

describe('mixed timeseries control panel', () => {
  const defaults = defaultFormData(mixedTimeseriesDefinition, null);
  const ctx = (formData: Partial<QueryFormData>): ControlContext => ({
    formData: { ...fd, ...formData },
    datasource: null,
    sqlMaxRow: 100000,
  });

  it("has each query's controls and the series style of each, with the BI server's names and defaults", () => {
    expect(defaults).toMatchObject({
      row_limit: 10000,
      row_limit_b: 10000,
      seriesType: 'line',
      seriesTypeB: 'line',
      yAxisIndex: 0,
      yAxisIndexB: 0,
    });
    expect(defaults).toMatchObject({ markerSize: 6, opacity: 0.2, stack: false, sort_series_type: 'sum', show_query_identifiers: false });
    const names = Object.keys(controlsOf(mixedTimeseriesDefinition));
    for (const name of [
      'metrics_b',
      'groupby_b',
      'adhoc_filters_b',
      'limit_b',
      'timeseries_limit_metric_b',
      'rolling_type_b',
      'y_axis_format_secondary',
    ]) {
      expect(names).toContain(name);
    }
  });

  it("query B's advanced analytics show by query B's rolling function", () => {
    const periodsB = controlsOf(mixedTimeseriesDefinition).rolling_periods_b;
    expect(isControlVisible(periodsB, ctx({ rolling_type_b: 'mean', rolling_type: null }))).toBe(true);
    expect(isControlVisible(periodsB, ctx({ rolling_type_b: null, rolling_type: 'mean' }))).toBe(false);
  });

  it('metrics of either query are required', () => {
    const { metrics_b: metricsB } = controlsOf(mixedTimeseriesDefinition);
    expect(metricsB.validators?.map((v) => v([], ctx({})))).toContain('cannot be empty');
  });
});
