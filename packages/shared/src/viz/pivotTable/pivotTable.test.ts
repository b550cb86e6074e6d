import { describe, expect, it } from 'vitest';
import { sharedControls } from '../sharedControls.js';
import type { QueryFormData } from '../types.js';
import { PIVOT_AGGREGATE_FUNCTIONS, buildPivotTableQuery, pivotTableDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '6__table',
  viz_type: 'pivot_table_v2',
  groupbyRows: ['origin'],
  groupbyColumns: ['year'],
  metrics: ['count', 'sum_delay'],
  adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'delay > 0', clause: 'WHERE' }],
  row_limit: 10000,
  order_desc: true,
};

describe('pivot table buildQuery', () => {
  it('groups by the column then the row dimensions and leaves pivoting to the browser', () => {
    const [q] = buildPivotTableQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['year', 'origin'],
      metrics: ['count', 'sum_delay'],
      orderby: [['count', false]],
      row_limit: 10000,
      extras: { where: '(delay > 0)' },
      post_processing: [],
    });
  });

  it('a dimension on both rows and columns is queried once; temporal dimensions carry the grain', () => {
    const [q] = buildPivotTableQuery({
      ...fd,
      groupbyRows: ['origin', 'ds'],
      groupbyColumns: ['origin'],
      time_grain_sqla: 'P1Y',
      temporal_columns_lookup: { ds: true },
    }).queries;
    expect(q.columns).toEqual([
      'origin',
      { timeGrain: 'P1Y', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' },
    ]);
    expect(q.extras?.time_grain_sqla).toBeUndefined();
  });

  it('the sort-by metric and "Sort descending" decide the order', () => {
    expect(buildPivotTableQuery({ ...fd, series_limit_metric: 'sum_delay', order_desc: false }).queries[0].orderby).toEqual([
      ['sum_delay', true],
    ]);
  });
});

describe('pivot table control panel', () => {
  const { controls } = pivotTableDefinition.controlPanel;
  it('offers the eighteen aggregations, Sum by default, metrics as columns', () => {
    expect(PIVOT_AGGREGATE_FUNCTIONS).toHaveLength(18);
    expect(controls.aggregateFunction?.default).toBe('Sum');
    expect(controls.metricsLayout?.default).toBe('COLUMNS');
    expect(controls.valueFormat?.default).toBe('SMART_NUMBER');
    expect(controls.rowOrder?.default).toBe('key_a_to_z');
  });

  it('metrics are required (spec section 5)', () => {
    const metrics = controls.metrics ?? sharedControls.metrics;
    const ctx = { formData: fd, datasource: null, sqlMaxRow: 100000 };
    expect(metrics.validators?.map((v) => v([], ctx))).toContain('cannot be empty');
  });
});
