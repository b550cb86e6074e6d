import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, isControlVisible, validateControls } from '../transitions.js';
import { buildTreeQuery, treeDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '21__table',
  viz_type: 'tree_chart',
  id: 'id',
  parent: 'parent',
  name: 'name',
  metric: 'sum_size',
  adhoc_filters: [],
  row_limit: 1000,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('tree buildQuery', () => {
  it('one row per node: id, parent and name as columns, the metric', () => {
    expect(buildTreeQuery(fd).queries[0]).toMatchObject({ columns: ['id', 'parent', 'name'], metrics: ['sum_size'], row_limit: 1000 });
  });

  it('name and metric are optional', () => {
    const [q] = buildTreeQuery({ ...fd, name: null, metric: null }).queries;
    expect(q.columns).toEqual(['id', 'parent']);
    expect(q.metrics).toEqual([]);
  });
});

describe('tree control panel', () => {
  it('has the tree defaults: orthogonal, left to right, empty circles of 7', () => {
    expect(defaultFormData(treeDefinition, null)).toMatchObject({
      layout: 'orthogonal',
      orient: 'LR',
      node_label_position: 'left',
      child_label_position: 'right',
      emphasis: 'descendant',
      symbol: 'emptyCircle',
      symbolSize: 7,
      roam: true,
    });
  });

  it('orientation is for the orthogonal layout; id and parent are required', () => {
    const { controls } = treeDefinition.controlPanel;
    expect(isControlVisible(controls.orient, ctx({ ...fd, layout: 'radial' }))).toBe(false);
    expect(Object.keys(validateControls(treeDefinition, ctx({ ...fd, id: null, parent: null })))).toEqual(['id', 'parent']);
  });
});
