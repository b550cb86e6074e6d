import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildHorizonQuery, horizonDefinition } from './index.js';

/** Weekly departures of the ten busiest airports. */
const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'horizon',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1W',
  time_range: 'No filter',
  metrics: ['count'],
  groupby: ['origin'],
  limit: 10,
  timeseries_limit_metric: 'count',
  order_desc: true,
  row_limit: 10000,
  series_height: '25',
  horizon_color_scale: 'series',
};

describe('horizon buildQuery', () => {
  it('the metrics on the legacy time axis by the dimensions, the series limit on the sort metric', () => {
    const [q] = buildHorizonQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['origin'],
      metrics: ['count'],
      is_timeseries: true,
      granularity: 'date',
      extras: { time_grain_sqla: 'P1W' },
      series_limit: 10,
      series_limit_metric: 'count',
      order_desc: true,
      row_limit: 10000,
    });
    expect(q.post_processing ?? []).toEqual([]);
  });
});

describe('horizon control panel', () => {
  const ctx = (formData: Partial<QueryFormData>): ControlContext => ({
    formData: { ...fd, ...formData },
    datasource: null,
    sqlMaxRow: 100000,
  });
  it('has the peer defaults: 25 px rows, each series on its own scale, no contribution', () => {
    expect(defaultFormData(horizonDefinition, null)).toMatchObject({
      series_height: '25',
      horizon_color_scale: 'series',
      contribution: false,
    });
  });
  it('needs its time column', () => {
    const v = horizonDefinition.controlPanel.controls.granularity_sqla?.validators ?? [];
    expect(v.map((f) => f(null, ctx({ granularity_sqla: null })))).toContain('cannot be empty');
  });
});
