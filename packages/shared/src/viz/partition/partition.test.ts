import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, validateControls } from '../transitions.js';
import { buildPartitionQuery, partitionDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '8__table',
  viz_type: 'partition',
  granularity_sqla: 'release_date',
  time_range: 'No filter',
  metrics: ['sum_worldwide_gross'],
  groupby: ['major_genre', 'mpaa_rating'],
  adhoc_filters: [],
  row_limit: 10000,
  order_desc: true,
  time_series_option: 'not_time',
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('partition buildQuery', () => {
  it('the metrics by every level, ignoring time', () => {
    expect(buildPartitionQuery(fd).queries[0]).toMatchObject({
      columns: ['major_genre', 'mpaa_rating'],
      metrics: ['sum_worldwide_gross'],
      is_timeseries: false,
      granularity: 'release_date',
      orderby: [],
    });
  });

  it('per point in time for the time options; the "Sort by" metric joins and orders', () => {
    const [q] = buildPartitionQuery({ ...fd, time_series_option: 'agg_mean', timeseries_limit_metric: 'count' }).queries;
    expect(q.is_timeseries).toBe(true);
    expect(q.metrics).toEqual(['sum_worldwide_gross', 'count']);
    expect(q.orderby).toEqual([['count', false]]);
    expect(buildPartitionQuery({ ...fd, timeseries_limit_metric: 'count', order_desc: false }).queries[0].orderby).toEqual([]);
  });
});

describe('partition control panel', () => {
  it('has the partition defaults: not a time series, limit 5, threshold 0.05', () => {
    expect(defaultFormData(partitionDefinition, null)).toMatchObject({
      time_series_option: 'not_time',
      partition_limit: '5',
      partition_threshold: '0.05',
      log_scale: false,
      equal_date_size: true,
      rich_tooltip: true,
    });
  });

  it('needs a hierarchy and the metrics; the limit is an integer', () => {
    const errors = validateControls(partitionDefinition, ctx({ ...fd, groupby: [], metrics: [], partition_limit: '2.5' }));
    expect(errors).toEqual({
      groupby: ['cannot be empty'],
      metrics: ['cannot be empty'],
      partition_limit: ['is expected to be an integer'],
    });
  });
});
