import { describe, expect, it } from 'vitest';
import { queryObjectFromFormData, splitAdhocFilters } from './formData.js';

describe('form data → query object (legacy explore_json and generic charts)', () => {
  it('splits adhoc filters: simple WHERE filters, custom SQL WHERE and HAVING (spec section 3, adhoc filter)', () => {
    const out = splitAdhocFilters([
      { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SEA'], clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'delay', operator: 'GREATER_THAN', comparator: 5, clause: 'WHERE' },
      { expressionType: 'SIMPLE', subject: 'destination', operator: 'IS_NULL', comparator: 'ignored', clause: 'WHERE' },
      { expressionType: 'SQL', sqlExpression: 'distance > 100', clause: 'WHERE' },
      { expressionType: 'SQL', sqlExpression: 'COUNT(*) > 10', clause: 'HAVING' },
    ]);
    expect(out.filters).toEqual([
      { col: 'origin', op: 'IN', val: ['SEA'] },
      { col: 'delay', op: '>', val: 5 },
      { col: 'destination', op: 'IS NULL' },
    ]);
    expect(out.where).toBe('(distance > 100)');
    expect(out.having).toBe('(COUNT(*) > 10)');
  });

  it('reads groupby, metrics, time column and grain, row limit and the series limit metric', () => {
    const q = queryObjectFromFormData({
      viz_type: 'table',
      groupby: ['origin'],
      metrics: ['count'],
      granularity_sqla: 'date',
      time_grain_sqla: 'P1M',
      time_range: 'Last year',
      row_limit: '500',
      timeseries_limit_metric: 'count',
      order_desc: true,
      extra_form_data: { filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }] },
    });
    expect(q).toMatchObject({
      columns: ['origin'],
      metrics: ['count'],
      granularity: 'date',
      time_range: 'Last year',
      extras: { time_grain_sqla: 'P1M', where: '', having: '' },
      row_limit: 500,
      orderby: [['count', false]],
      filters: [{ col: 'origin', op: 'IN', val: ['SFO'] }],
    });
  });

  it('defaults the time range to No filter (spec section 5: default chart time range)', () => {
    expect(queryObjectFromFormData({ metrics: ['count'] }).time_range).toBe('No filter');
  });
});
