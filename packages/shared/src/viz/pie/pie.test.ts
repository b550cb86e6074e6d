import { describe, expect, it } from 'vitest';
import { sharedControls } from '../sharedControls.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildPieQuery, pieDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'pie',
  metric: 'count',
  groupby: ['origin'],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2023, clause: 'WHERE' }],
  row_limit: 100,
  sort_by_metric: true,
};
const ctx = (formData: Partial<QueryFormData> = {}): ControlContext => ({
  formData: { ...fd, ...formData },
  datasource: null,
  sqlMaxRow: 100000,
});

describe('pie buildQuery', () => {
  it('one metric by the dimensions, largest first when sorting by metric', () => {
    const [q] = buildPieQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['origin'],
      metrics: ['count'],
      filters: [{ col: 'year', op: '==', val: 2023 }],
      orderby: [['count', false]],
      row_limit: 100,
    });
    expect(q.post_processing ?? []).toEqual([]);
  });

  it('without "Sort by metric" it asks for no order', () => {
    expect(buildPieQuery({ ...fd, sort_by_metric: false }).queries[0].orderby).toEqual([]);
  });
});

describe('pie control panel', () => {
  const { controls } = pieDefinition.controlPanel;

  it('has the pie defaults: 100 rows, 5% label threshold, radii 70 and 30', () => {
    expect(controls.row_limit?.default).toBe(100);
    expect(controls.show_labels_threshold?.default).toBe(5);
    expect(controls.outerRadius?.default).toBe(70);
    expect(controls.innerRadius?.default).toBe(30);
    expect(controls.label_type?.choices).toHaveLength(8);
  });

  it('the metric is required; the inner radius shows for a donut only', () => {
    expect(sharedControls.metric.validators?.map((v) => v(null, ctx()))).toContain('cannot be empty');
    expect(controls.innerRadius?.visibility?.(ctx({ donut: false }))).toBe(false);
    expect(controls.innerRadius?.visibility?.(ctx({ donut: true }))).toBe(true);
  });

  it('the row limit keeps the shared validator', () => {
    expect(controls.row_limit?.validators?.map((v) => v('abc', ctx()))).toContain('is expected to be an integer');
  });
});
