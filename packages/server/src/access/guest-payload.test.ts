import { describe, expect, it } from 'vitest';
import { collectRefs, filterRefsByDataset, firstUnknownRef, itemRef, requestedRefs } from './guest-payload.js';

describe('guest query references', () => {
  it('names a metric or column by what it reads, not its exact JSON', () => {
    expect(itemRef('origin')).toBe('origin');
    expect(itemRef({ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1M' })).toBe(
      'date',
    );
    expect(itemRef({ expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'avg', label: 'x' })).toBe('AVG(delay)');
    expect(itemRef({ expressionType: 'SQL', sqlExpression: ' MAX(delay) ', label: 'm' })).toBe('MAX(delay)');
    expect(itemRef({ column_name: 'dest' })).toBe('dest');
    expect(itemRef(42)).toBeNull();
  });

  it('allows what the chart uses, whatever grain a filter picks, and refuses anything else', () => {
    const allowed = collectRefs({
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      metrics: ['count', { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'AVG(delay)' }],
      groupby: ['origin'],
    });
    const query = {
      columns: [{ columnType: 'BASE_AXIS', sqlExpression: 'date', label: 'date', expressionType: 'SQL', timeGrain: 'P1W' }, 'origin'],
      metrics: ['count', { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'AVG', label: 'renamed' }],
      orderby: [['count', false]],
    };
    expect(requestedRefs(query)).toEqual(['count', 'AVG(delay)', 'date', 'origin', 'count']);
    expect(firstUnknownRef([query], allowed)).toBeNull();
    expect(firstUnknownRef([{ ...query, columns: ['dest'] }], allowed)).toBe('dest');
    expect(firstUnknownRef([{ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(secret)' }] }], allowed)).toBe('SUM(secret)');
    expect(
      firstUnknownRef([{ metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'MAX' }] }], allowed),
    ).toBe('MAX(delay)');
    expect(firstUnknownRef([{ orderby: [[{ expressionType: 'SQL', sqlExpression: 'secret' }, true]] }], allowed)).toBe('secret');
    expect(firstUnknownRef([{ series_limit_metric: { expressionType: 'SQL', sqlExpression: 'x' } }], allowed)).toBe('x');
  });

  it('lets native filter option queries ask for their target column, sort metric and range', () => {
    const refs = filterRefsByDataset({
      native_filter_configuration: [
        { id: 'f1', filterType: 'filter_select', targets: [{ datasetId: 3, column: { name: 'origin' } }], sortMetric: 'count' },
        { id: 'f2', filterType: 'filter_range', targets: [{ datasetId: 3, column: { name: 'delay' } }] },
        { id: 'f3', filterType: 'filter_select', targets: [{ datasetId: 'x' }] },
      ],
    });
    expect([...refs.keys()]).toEqual([3]);
    const three = refs.get(3)!;
    expect(firstUnknownRef([{ columns: ['origin'], metrics: ['count'], orderby: [['count', true]] }], three)).toBeNull();
    const range = { expressionType: 'SIMPLE', column: { column_name: 'delay' }, aggregate: 'MIN', label: 'min' };
    expect(firstUnknownRef([{ columns: [], metrics: [range, { ...range, aggregate: 'MAX' }] }], three)).toBeNull();
    expect(firstUnknownRef([{ columns: ['dest'] }], three)).toBe('dest');
    expect(filterRefsByDataset(null).size).toBe(0);
  });
});
