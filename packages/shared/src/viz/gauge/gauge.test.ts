import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, validateControls } from '../transitions.js';
import { buildGaugeQuery, gaugeDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '3__table',
  viz_type: 'gauge_chart',
  groupby: [],
  metric: { expressionType: 'SQL', sqlExpression: 'AVG(delay <= 0)', label: 'On time' },
  adhoc_filters: [],
  row_limit: 10,
  min_val: 0,
  max_val: 1,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('gauge buildQuery', () => {
  it('asks for the one metric without dimensions: one needle', () => {
    const [q] = buildGaugeQuery(fd).queries;
    expect(q).toMatchObject({ columns: [], metrics: [fd.metric], orderby: [], row_limit: 10 });
  });

  it('one needle per group, largest first when sorting by metric', () => {
    const [q] = buildGaugeQuery({ ...fd, groupby: ['origin'], sort_by_metric: true }).queries;
    expect(q.columns).toEqual(['origin']);
    expect(q.orderby).toEqual([[fd.metric, false]]);
  });
});

describe('gauge control panel', () => {
  it('has the gauge defaults: angles 225 to -45, font 15, ten splits, progress on', () => {
    expect(defaultFormData(gaugeDefinition, null)).toMatchObject({
      row_limit: 10,
      start_angle: 225,
      end_angle: -45,
      font_size: 15,
      split_number: 10,
      show_progress: true,
      overlap: true,
      round_cap: false,
      show_pointer: true,
      value_formatter: '{value}',
      intervals: '',
    });
    expect(gaugeDefinition.controlPanel.controls.row_limit?.choices).toHaveLength(10);
  });

  it('checks min and max are integers and the interval lists are numbers', () => {
    const errors = validateControls(gaugeDefinition, ctx({ ...fd, min_val: 'x', intervals: '2,four' }));
    expect(errors.min_val).toEqual(['is expected to be an integer']);
    expect(errors.intervals).toEqual(['is expected to be a comma-separated list of numbers']);
    expect(validateControls(gaugeDefinition, ctx({ ...fd, intervals: '0.5, 0.8,1', interval_color_indices: '6,7,3' }))).toEqual({});
  });
});
