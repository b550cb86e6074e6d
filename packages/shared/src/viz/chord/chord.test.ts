import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { validateControls } from '../transitions.js';
import { buildChordQuery, chordDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'chord',
  groupby: 'origin',
  columns: 'destination',
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['ORD', 'ATL'], clause: 'WHERE' }],
  row_limit: 10000,
  sort_by_metric: true,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('chord buildQuery', () => {
  it('the metric by source and target, largest first when sorting', () => {
    expect(buildChordQuery(fd).queries[0]).toMatchObject({
      columns: ['origin', 'destination'],
      metrics: ['count'],
      orderby: [['count', false]],
      filters: [{ col: 'origin', op: 'IN', val: ['ORD', 'ATL'] }],
    });
  });

  it('reads a source and target saved as lists, as the client may write them', () => {
    const [q] = buildChordQuery({ ...fd, groupby: ['origin'], columns: ['destination'], sort_by_metric: false }).queries;
    expect(q.columns).toEqual(['origin', 'destination']);
    expect(q.orderby).toEqual([]);
  });
});

describe('chord control panel', () => {
  it('source, target and metric are required', () => {
    const errors = validateControls(chordDefinition, ctx({ ...fd, groupby: null, columns: null, metric: null }));
    expect(Object.keys(errors).sort()).toEqual(['columns', 'groupby', 'metric']);
    expect(validateControls(chordDefinition, ctx(fd))).toEqual({});
  });
});
