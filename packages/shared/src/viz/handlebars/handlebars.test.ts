import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { DEFAULT_HANDLEBARS_TEMPLATE, buildHandlebarsQuery, handlebarsDefinition } from './index.js';

/** Gapminder's regions in 2005, rendered as cards by the template. */
const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'handlebars',
  query_mode: 'aggregate',
  groupby: ['country'],
  metrics: ['sum_population'],
  percent_metrics: ['avg_life_expect'],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2005, clause: 'WHERE' }],
  row_limit: 10,
  order_desc: true,
  handlebarsTemplate: DEFAULT_HANDLEBARS_TEMPLATE,
};

describe('handlebars buildQuery', () => {
  it('aggregate: the dimensions with the metrics, largest first by the first metric', () => {
    const [q] = buildHandlebarsQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['country'],
      metrics: ['sum_population', 'avg_life_expect'],
      orderby: [['sum_population', false]],
      row_limit: 10,
      filters: [{ col: 'year', op: '==', val: 2005 }],
      is_timeseries: false,
    });
  });

  it('aggregate: the sort metric orders, ascending when "Sort descending" is off; "Include time" adds the time axis', () => {
    const [q] = buildHandlebarsQuery({
      ...fd,
      timeseries_limit_metric: 'count',
      order_desc: false,
      include_time: true,
      granularity_sqla: 'date',
    }).queries;
    expect(q.orderby).toEqual([['count', true]]);
    expect(q.is_timeseries).toBe(true);
  });

  it('raw: the chosen columns in the chosen order, without metrics', () => {
    const [q] = buildHandlebarsQuery({
      ...fd,
      query_mode: 'raw',
      all_columns: ['country', 'pop'],
      order_by_cols: ['["pop", false]'],
    }).queries;
    expect(q.columns).toEqual(['country', 'pop']);
    expect(q.orderby).toEqual([['pop', false]]);
    expect('metrics' in q).toBe(false);
  });
});

describe('handlebars control panel', () => {
  it('starts with the peer template and CSS; the template is required', () => {
    const d = defaultFormData(handlebarsDefinition, null);
    expect(d.handlebarsTemplate).toContain('{{#each data}}');
    expect(d.styleTemplate).toContain('.data-list');
    expect(d.query_mode).toBe('aggregate');
    const v = handlebarsDefinition.controlPanel.controls.handlebarsTemplate?.validators ?? [];
    expect(v.map((f) => f('', { formData: fd, datasource: null, sqlMaxRow: 1000 }))).toContain('cannot be empty');
  });
});
