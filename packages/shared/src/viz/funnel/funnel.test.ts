import { describe, expect, it } from 'vitest';
import type { ControlContext, QueryFormData } from '../types.js';
import { defaultFormData, validateControls } from '../transitions.js';
import { buildFunnelQuery, funnelDefinition } from './index.js';

const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'funnel',
  groupby: ['stage'],
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'region', operator: 'IN', comparator: ['EMEA'], clause: 'WHERE' }],
  row_limit: 10,
  sort_by_metric: true,
};
const ctx = (formData: QueryFormData): ControlContext => ({ formData, datasource: null, sqlMaxRow: 100000 });

describe('funnel buildQuery', () => {
  it('asks for the metric by stage, largest first, as the client does', () => {
    const qc = buildFunnelQuery(fd);
    expect(qc.datasource).toEqual({ id: 7, type: 'table' });
    expect(qc.queries).toHaveLength(1);
    expect(qc.queries[0]).toMatchObject({
      columns: ['stage'],
      metrics: ['count'],
      filters: [{ col: 'region', op: 'IN', val: ['EMEA'] }],
      orderby: [['count', false]],
      row_limit: 10,
      is_timeseries: false,
    });
  });

  it('leaves the order to the server when "Sort by metric" is off', () => {
    expect(buildFunnelQuery({ ...fd, sort_by_metric: false }).queries[0].orderby).toEqual([]);
  });
});

describe('funnel control panel', () => {
  it('has the funnel defaults: 10 rows, sorted, % from the first step, labels by name', () => {
    const d = defaultFormData(funnelDefinition, null);
    expect(d).toMatchObject({
      row_limit: 10,
      sort_by_metric: true,
      percent_calculation_type: 'first_step',
      label_type: 'key',
      tooltip_label_type: 'key_value_percent',
      number_format: 'SMART_NUMBER',
      show_labels: true,
    });
  });

  it('requires the metric', () => {
    expect(validateControls(funnelDefinition, ctx({ ...fd, metric: null })).metric).toEqual(['cannot be empty']);
    expect(validateControls(funnelDefinition, ctx(fd))).toEqual({});
  });
});
