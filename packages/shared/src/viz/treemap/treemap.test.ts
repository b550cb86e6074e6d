import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.js';
import { defaultFormData } from '../transitions.js';
import { buildTreemapQuery, treemapDefinition } from './index.js';

const REGION = { expressionType: 'SQL' as const, sqlExpression: 'CASE cluster WHEN 0 THEN 1 END', label: 'Region' };
const fd: QueryFormData = {
  datasource: '4__table',
  viz_type: 'treemap_v2',
  groupby: [REGION, 'country'],
  metric: 'sum_population',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2005, clause: 'WHERE' }],
  row_limit: 10000,
  sort_by_metric: true,
};

describe('treemap buildQuery', () => {
  it('the metric by every level; with a row limit, by the metric then each level', () => {
    const [q] = buildTreemapQuery(fd).queries;
    expect(q).toMatchObject({
      columns: [REGION, 'country'],
      metrics: ['sum_population'],
      filters: [{ col: 'year', op: '==', val: 2005 }],
      orderby: [
        ['sum_population', false],
        [REGION, true],
        ['country', true],
      ],
    });
  });

  it('by the levels alone without "Sort by metric"; no order without a row limit', () => {
    expect(buildTreemapQuery({ ...fd, sort_by_metric: false }).queries[0].orderby).toEqual([
      [REGION, true],
      ['country', true],
    ]);
    expect(buildTreemapQuery({ ...fd, row_limit: null }).queries[0].orderby).toEqual([]);
  });
});

describe('treemap control panel', () => {
  it('has the treemap defaults: category and value labels, upper labels on', () => {
    expect(defaultFormData(treemapDefinition, null)).toMatchObject({
      row_limit: 10000,
      sort_by_metric: false,
      show_labels: true,
      show_upper_labels: true,
      label_type: 'key_value',
      number_format: 'SMART_NUMBER',
      date_format: 'smart_date',
    });
  });
});
