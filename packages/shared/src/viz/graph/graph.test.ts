import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, isControlVisible, validateControls } from '../transitions.js';
import { buildGraphQuery, graphDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '20__table',
  viz_type: 'graph_chart',
  source: 'source',
  target: 'target',
  metric: 'sum_value',
  source_category: 'source_group',
  target_category: 'target_group',
  adhoc_filters: [],
  row_limit: 10000,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('graph buildQuery', () => {
  it('one row per edge: source, target and their categories as columns, the metric', () => {
    const [q] = buildGraphQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['source', 'target', 'source_group', 'target_group'],
      metrics: ['sum_value'],
      row_limit: 10000,
      orderby: [],
    });
  });

  it('categories are optional', () => {
    expect(buildGraphQuery({ ...fd, source_category: null, target_category: '' }).queries[0].columns).toEqual(['source', 'target']);
  });
});

describe('graph control panel', () => {
  const { controls } = graphDefinition.controlPanel;

  it('has the graph defaults: force layout, arrows, repulsion 1000, gravity 0.3', () => {
    expect(defaultFormData(graphDefinition, null)).toMatchObject({
      layout: 'force',
      edgeSymbol: 'none,arrow',
      roam: true,
      draggable: false,
      selectedMode: 'single',
      baseNodeSize: 20,
      baseEdgeWidth: 3,
      edgeLength: 400,
      gravity: 0.3,
      repulsion: 1000,
      friction: 0.2,
    });
  });

  it('forces show for the force layout only; source and target are required', () => {
    expect(isControlVisible(controls.repulsion, ctx({ ...fd, layout: 'circular' }))).toBe(false);
    expect(isControlVisible(controls.repulsion, ctx(fd))).toBe(true);
    expect(Object.keys(validateControls(graphDefinition, ctx({ ...fd, source: null, target: null })))).toEqual(['source', 'target']);
  });
});
