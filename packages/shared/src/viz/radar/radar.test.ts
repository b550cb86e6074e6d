import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.js';
import { defaultFormData } from '../transitions.js';
import { buildRadarQuery, radarDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '9__table',
  viz_type: 'radar',
  groupby: ['origin'],
  metrics: ['avg_mpg', 'avg_horsepower', 'avg_acceleration'],
  adhoc_filters: [],
  row_limit: 10,
};

describe('radar buildQuery', () => {
  it('one row per group, one column per metric, ordered by the first metric descending', () => {
    const [q] = buildRadarQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['origin'],
      metrics: ['avg_mpg', 'avg_horsepower', 'avg_acceleration'],
      orderby: [['avg_mpg', false]],
      row_limit: 10,
    });
  });

  it('orders by the "Sort by" metric when one is chosen', () => {
    expect(buildRadarQuery({ ...fd, timeseries_limit_metric: 'count' }).queries[0].orderby).toEqual([['count', false]]);
    expect(buildRadarQuery({ ...fd, series_limit_metric: 'avg_horsepower' }).queries[0].orderby).toEqual([['avg_horsepower', false]]);
  });
});

describe('radar control panel', () => {
  it('has the radar defaults: 10 rows, value labels on top, polygon shape', () => {
    expect(defaultFormData(radarDefinition, null)).toMatchObject({
      row_limit: 10,
      is_normalized: false,
      show_labels: true,
      label_type: 'value',
      label_position: 'top',
      is_circle: false,
      column_config: {},
    });
  });
});
