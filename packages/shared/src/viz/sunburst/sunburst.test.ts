import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, isControlVisible } from '../transitions.js';
import { buildSunburstQuery, sunburstDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '12__table',
  viz_type: 'sunburst_v2',
  columns: ['species', 'island', 'sex'],
  metric: 'count',
  secondary_metric: 'avg_body_mass_g',
  adhoc_filters: [],
  row_limit: 10000,
  sort_by_metric: true,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('sunburst buildQuery', () => {
  it('both metrics by the hierarchy, largest first when sorting by the primary metric', () => {
    const [q] = buildSunburstQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['species', 'island', 'sex'],
      metrics: ['count', 'avg_body_mass_g'],
      orderby: [['count', false]],
    });
  });

  it('a secondary metric equal to the primary is asked once; a chart saved with groupby still reads', () => {
    const [q] = buildSunburstQuery({ ...fd, columns: [], groupby: ['species'], secondary_metric: 'count', sort_by_metric: false }).queries;
    expect(q.columns).toEqual(['species']);
    expect(q.metrics).toEqual(['count']);
    expect(q.orderby).toEqual([]);
  });
});

describe('sunburst control panel', () => {
  const { controls } = sunburstDefinition.controlPanel;

  it('has the sunburst defaults', () => {
    expect(defaultFormData(sunburstDefinition, null)).toMatchObject({
      show_labels: false,
      show_labels_threshold: 5,
      label_type: 'key',
      show_total: false,
      secondary_metric: null,
      linear_color_scheme: 'superset_seq_1',
    });
  });

  it('a secondary metric switches the categorical scheme for the linear one', () => {
    expect(isControlVisible(controls.color_scheme, ctx({ ...fd, secondary_metric: null }))).toBe(true);
    expect(isControlVisible(controls.linear_color_scheme, ctx({ ...fd, secondary_metric: null }))).toBe(false);
    expect(isControlVisible(controls.linear_color_scheme, ctx(fd))).toBe(true);
    expect(isControlVisible(controls.color_scheme, ctx(fd))).toBe(false);
    expect(isControlVisible(controls.color_scheme, ctx({ ...fd, secondary_metric: 'count' }))).toBe(true);
  });
});
