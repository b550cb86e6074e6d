import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.js';
import { defaultFormData } from '../transitions.js';
import { buildRoseQuery, roseDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'rose',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1M',
  time_range: '2015-01-01 : 2016-01-01',
  metrics: ['count'],
  groupby: ['weather'],
  adhoc_filters: [],
  row_limit: 10000,
  order_desc: true,
};

const ops = (f: QueryFormData) => (buildRoseQuery(f).queries[0].post_processing ?? []).map((r) => (r as { operation: string }).operation);

describe('rose buildQuery', () => {
  it('a legacy timeseries: __timestamp by grain, pivoted by the groups, flattened', () => {
    const [q] = buildRoseQuery(fd).queries;
    expect(q).toMatchObject({
      is_timeseries: true,
      granularity: 'date',
      time_range: '2015-01-01 : 2016-01-01',
      extras: { time_grain_sqla: 'P1M' },
      columns: ['weather'],
      metrics: ['count'],
      orderby: [['count', false]],
      time_offsets: [],
    });
    expect(q.post_processing?.[0]).toEqual({
      operation: 'pivot',
      options: { index: ['__timestamp'], columns: ['weather'], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: true },
    });
    expect(ops(fd)).toEqual(['pivot', 'flatten']);
  });

  it('adds resample, rolling and contribution in the server order', () => {
    expect(
      ops({ ...fd, rolling_type: 'mean', rolling_periods: 3, resample_rule: '1M', resample_method: 'ffill', contribution: true }),
    ).toEqual(['pivot', 'resample', 'rolling', 'contribution', 'flatten']);
  });

  it('a time comparison asks for the offsets and compares', () => {
    const f = { ...fd, time_compare: ['1 year ago'], comparison_type: 'percentage' };
    const [q] = buildRoseQuery(f).queries;
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(ops(f)).toEqual(['pivot', 'compare', 'flatten']);
    const pivot = q.post_processing?.[0] as { options: { aggregates: Record<string, unknown> } };
    expect(Object.keys(pivot.options.aggregates)).toEqual(['count', 'count__1 year ago']);
  });

  it('"Sort by" and the series limit reach the query', () => {
    const [q] = buildRoseQuery({ ...fd, limit: 5, timeseries_limit_metric: 'sum_precipitation', order_desc: false }).queries;
    expect(q.series_limit).toBe(5);
    expect(q.orderby).toEqual([['sum_precipitation', true]]);
  });
});

describe('rose control panel', () => {
  it('has the rose defaults and the legacy time section', () => {
    expect(defaultFormData(roseDefinition, null)).toMatchObject({
      time_range: 'No filter',
      number_format: 'SMART_NUMBER',
      date_time_format: 'smart_date',
      rich_tooltip: true,
      rose_area_proportion: false,
      contribution: false,
    });
    expect(roseDefinition.controlPanel.sections[0].controlSetRows.flat()).toEqual(['granularity_sqla', 'time_grain_sqla', 'time_range']);
  });
});

describe('rose time range', () => {
  it("the Time section's range wins over Explore's open time filter; a filter narrows an open range", () => {
    const explore = { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' };
    expect(buildRoseQuery({ ...fd, adhoc_filters: [explore] }).queries[0].time_range).toBe('2015-01-01 : 2016-01-01');
    const narrow = { ...explore, comparator: 'Last year' };
    expect(buildRoseQuery({ ...fd, time_range: 'No filter', adhoc_filters: [narrow] }).queries[0].time_range).toBe('Last year');
  });
});
