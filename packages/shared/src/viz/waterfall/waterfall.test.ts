import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { buildWaterfallQuery, waterfallDefinition } from './index.js';

/** Monthly change in precipitation, broken down by weather type. */
const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'waterfall',
  x_axis: 'date',
  time_grain_sqla: 'P1M',
  groupby: ['weather'],
  metric: 'sum_precipitation',
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2015-01-01 : 2016-01-01', clause: 'WHERE' },
  ],
  row_limit: 10000,
};

describe('waterfall buildQuery', () => {
  it('one metric by the x axis (with its grain) and the breakdown, in axis order', () => {
    const [q] = buildWaterfallQuery(fd).queries;
    expect(q).toMatchObject({
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' }, 'weather'],
      metrics: ['sum_precipitation'],
      orderby: [
        ['date', true],
        ['weather', true],
      ],
      time_range: '2015-01-01 : 2016-01-01',
      row_limit: 10000,
    });
    expect(q.post_processing ?? []).toEqual([]);
  });

  it('without a breakdown the x axis alone', () => {
    const [q] = buildWaterfallQuery({ ...fd, groupby: null }).queries;
    expect(q.columns).toHaveLength(1);
    expect(q.orderby).toEqual([['date', true]]);
  });
});

describe('waterfall control panel', () => {
  it("has the BI server's colours: green increases, red decreases, grey totals; the total shows", () => {
    const defaults = defaultFormData(waterfallDefinition, null);
    expect(defaults.increase_color).toEqual({ r: 90, g: 193, b: 137, a: 1 });
    expect(defaults.decrease_color).toEqual({ r: 224, g: 67, b: 85, a: 1 });
    expect(defaults.total_color).toEqual({ r: 102, g: 102, b: 102, a: 1 });
    expect(defaults).toMatchObject({ show_total: true, show_legend: false, x_ticks_layout: 'auto' });
  });
});
