import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, isControlVisible, validateControls } from '../transitions.js';
import { buildWorldMapQuery, worldMapDefinition } from './index.js';

/** Life expectancy by country name in 2005, bubbles sized by population, as the peer's client saves it. */
const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'world_map',
  entity: 'country',
  country_fieldtype: 'name',
  metric: 'avg_life_expect',
  secondary_metric: 'sum_population',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2005, clause: 'WHERE' }],
  row_limit: 10000,
  sort_by_metric: true,
  show_bubbles: true,
  max_bubble_size: '25',
  color_by: 'metric',
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('world map buildQuery', () => {
  it('the fill and bubble metrics by the country column, largest first when sorting by metric', () => {
    const qc = buildWorldMapQuery(fd);
    expect(qc.datasource).toEqual({ id: 7, type: 'table' });
    expect(qc.queries).toHaveLength(1);
    expect(qc.queries[0]).toMatchObject({
      columns: ['country'],
      metrics: ['avg_life_expect', 'sum_population'],
      orderby: [['avg_life_expect', false]],
      filters: [{ col: 'year', op: '==', val: 2005 }],
      row_limit: 10000,
    });
    expect(qc.queries[0].post_processing ?? []).toEqual([]);
  });

  it('a bubble metric equal to the fill metric is asked once; no order without sorting', () => {
    const [q] = buildWorldMapQuery({ ...fd, secondary_metric: 'avg_life_expect', sort_by_metric: false }).queries;
    expect(q.metrics).toEqual(['avg_life_expect']);
    expect(q.orderby).toEqual([]);
    const adhoc = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'pop' }, label: 'SUM(pop)' };
    const [q2] = buildWorldMapQuery({ ...fd, metric: adhoc, secondary_metric: null }).queries;
    expect(q2.metrics).toEqual([adhoc]);
  });
});

describe('world map control panel', () => {
  const def = worldMapDefinition;

  it('the peer defaults: ISO alpha-2 codes, no bubbles of at most 25 px, shaded by the metric', () => {
    const d = defaultFormData(def, null);
    expect(d).toMatchObject({
      country_fieldtype: 'cca2',
      show_bubbles: false,
      max_bubble_size: '25',
      color_by: 'metric',
      linear_color_scheme: 'superset_seq_1',
      row_limit: 10000,
      sort_by_metric: false,
    });
    expect(d.color_picker).toEqual({ r: 0, g: 122, b: 135, a: 1 });
    expect(def.controlPanel.controls.country_fieldtype?.choices).toHaveLength(4);
  });

  it('the country column and the metric are required', () => {
    expect(Object.keys(validateControls(def, ctx({ ...fd, entity: null, metric: null }))).sort()).toEqual(['entity', 'metric']);
    expect(validateControls(def, ctx(fd))).toEqual({});
  });

  it('the linear scheme shows when shading by metric, the categorical one when colouring by country', () => {
    const { linear_color_scheme: linear, color_scheme: categorical } = def.controlPanel.controls;
    expect(isControlVisible(linear, ctx(fd))).toBe(true);
    expect(isControlVisible(categorical, ctx(fd))).toBe(false);
    expect(isControlVisible(linear, ctx({ ...fd, color_by: 'country' }))).toBe(false);
    expect(isControlVisible(categorical, ctx({ ...fd, color_by: 'country' }))).toBe(true);
  });
});
