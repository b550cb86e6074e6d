import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { ONE_METRIC_WITH_GROUP_BY, buildTimeTableQuery, newTimeTableColumn, timeTableDefinition } from './index.js';

/** Monthly average price by stock symbol, with a sparkline and a year-over-year change. */
const fd: QueryFormData = {
  datasource: '4__table',
  viz_type: 'time_table',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1M',
  time_range: 'No filter',
  metrics: ['avg_price'],
  groupby: ['symbol'],
  limit: 10,
  row_limit: 10000,
  column_collection: [
    { ...newTimeTableColumn('a1'), label: 'Trend', colType: 'spark' },
    { ...newTimeTableColumn('b2'), label: 'YoY', colType: 'time', timeLag: '12', comparisonType: 'perc_change', d3format: '.1%' },
  ],
};
const ctx = (formData: Partial<QueryFormData>): ControlContext => ({
  formData: { ...fd, ...formData },
  datasource: null,
  sqlMaxRow: 100000,
});

describe('time table buildQuery', () => {
  it('the metrics on the legacy time axis by the dimension, ordered by the first metric ascending', () => {
    const [q] = buildTimeTableQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['symbol'],
      metrics: ['avg_price'],
      is_timeseries: true,
      granularity: 'date',
      orderby: [['avg_price', true]],
      series_limit: 10,
    });
  });

  it('"Sort descending" orders by the first metric, largest first', () => {
    expect(buildTimeTableQuery({ ...fd, order_desc: true }).queries[0].orderby).toEqual([['avg_price', false]]);
  });
});

describe('time table control panel', () => {
  const { controls } = timeTableDefinition.controlPanel;
  it('with a dimension, one metric only; without, any number', () => {
    const v = controls.metrics?.validators ?? [];
    expect(v.map((f) => f(['avg_price', 'count'], ctx({})))).toContain(ONE_METRIC_WITH_GROUP_BY);
    expect(v.map((f) => f(['avg_price', 'count'], ctx({ groupby: [] }))).filter(Boolean)).toEqual([]);
  });

  it('the columns are required and start empty', () => {
    expect(defaultFormData(timeTableDefinition, null).column_collection).toEqual([]);
    expect(controls.column_collection?.validators?.map((f) => f([], ctx({})))).toContain('cannot be empty');
    expect(controls.column_collection?.type).toBe('TimeSeriesColumnControl');
  });
});
