import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { validateControls } from '../transitions.js';
import { buildSankeyQuery, sankeyDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'sankey_v2',
  source: 'origin',
  target: 'destination',
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['DEN', 'PHX'], clause: 'WHERE' }],
  row_limit: 25,
  sort_by_metric: true,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('sankey buildQuery', () => {
  it('the metric by source and target, largest flows first then by the levels', () => {
    const [q] = buildSankeyQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['origin', 'destination'],
      metrics: ['count'],
      row_limit: 25,
      orderby: [
        ['count', false],
        ['origin', true],
        ['destination', true],
      ],
    });
  });

  it('intermediate levels sit between source and target', () => {
    const [q] = buildSankeyQuery({ ...fd, intermediate_levels: ['carrier'], sort_by_metric: false }).queries;
    expect(q.columns).toEqual(['origin', 'carrier', 'destination']);
    expect(q.orderby?.[0]).toEqual(['origin', true]);
  });
});

describe('sankey control panel', () => {
  it('source, target and metric are required', () => {
    const errors = validateControls(sankeyDefinition, ctx({ ...fd, source: null, target: '', metric: null }));
    expect(Object.keys(errors).sort()).toEqual(['metric', 'source', 'target']);
  });
});
