import { describe, expect, it } from 'vitest';
import { formDataProblem, queryObjectFromFormData, splitAdhocFilters, type AdhocFilter } from './formData.js';

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

  it('sends a Simple filter on a metric (clause HAVING) as its SQL condition, and ignores one without SQL', () => {
    const out = splitAdhocFilters([
      {
        expressionType: 'SIMPLE',
        subject: 'count',
        operator: 'GREATER_THAN',
        comparator: 100,
        clause: 'HAVING',
        sqlExpression: 'COUNT(*) > 100',
      },
      { expressionType: 'SIMPLE', subject: 'count', operator: 'LESS_THAN', comparator: 5, clause: 'HAVING' },
    ] as AdhocFilter[]);
    expect(out.filters).toEqual([]);
    expect(out.having).toBe('(COUNT(*) > 100)');
    expect(out.where).toBe('');
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

  it('names the first unreadable entry of stored form data, so the server can answer 400 instead of failing', () => {
    expect(formDataProblem({ adhoc_filters: [null] })).toBe('adhoc_filters[0] must be an adhoc filter object.');
    expect(formDataProblem({ adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'a > 1' }, 7] })).toBe(
      'adhoc_filters[1] must be an adhoc filter object.',
    );
    expect(formDataProblem({ adhoc_filters: 'origin' })).toBe('adhoc_filters must be a list of adhoc filter objects.');
    expect(formDataProblem({ adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 5 }] })).toBe(
      'adhoc_filters[0].sqlExpression must be text.',
    );
    expect(formDataProblem({ adhoc_filters: [{ expressionType: 'SIMPLE', subject: 3, operator: '==' }] })).toMatch(
      /adhoc_filters\[0\]\.subject/,
    );
    expect(formDataProblem({ metrics: ['count', null] })).toBe('metrics[1] must be a name or an object.');
    expect(formDataProblem({ groupby: [null] })).toBe('groupby[0] must be a name or an object.');
    expect(formDataProblem({ columns: [''] })).toBe('columns[0] must be a name or an object.');
    expect(formDataProblem({ all_columns: [1] })).toBe('all_columns[0] must be a name or an object.');
    expect(formDataProblem({ metric: 42 })).toBe('metric must be a metric name or an adhoc metric object.');
    expect(formDataProblem({ extra_form_data: { filters: [null] } })).toBe('extra_form_data.filters[0] must be a filter object.');
    expect(
      formDataProblem({
        adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SEA'] }],
        metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(x)' }],
        groupby: ['origin'],
        metric: 'count',
        extra_form_data: { filters: [] },
      }),
    ).toBeNull();
  });

  it('skips adhoc filters that are not filter objects rather than failing (a web client reading stored form data)', () => {
    const stored = [
      null,
      3,
      { expressionType: 'SIMPLE', subject: null, operator: 'IN' },
      { expressionType: 'SQL', sqlExpression: 'a > 1' },
    ];
    const out = splitAdhocFilters(stored as unknown as AdhocFilter[]);
    expect(out).toEqual({ filters: [], where: '(a > 1)', having: '' });
  });
});
