import { describe, expect, it } from 'vitest';
import { buildQueryContext } from './exploreApi';
import { simpleFilter } from './controls/filters';

describe('a Simple filter on a metric in the query', () => {
  it('goes as the HAVING clause while the query context keeps the filter as written', () => {
    const having = { ...simpleFilter('count', 'GREATER_THAN', 1000, { clause: 'HAVING' }), sqlExpression: '(COUNT(*)) > 1000' };
    const formData = {
      viz_type: 'table',
      datasource: '3__table',
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: ['count'],
      adhoc_filters: [simpleFilter('origin', 'NOT_EQUALS', 'SFO'), having],
    };
    const qc = buildQueryContext(formData);
    expect(qc.queries[0].extras?.having).toBe('((COUNT(*)) > 1000)');
    expect(qc.queries[0].filters).toEqual([expect.objectContaining({ col: 'origin', op: '!=', val: 'SFO' })]);
    expect(qc.form_data?.adhoc_filters).toEqual(formData.adhoc_filters);
  });
});
