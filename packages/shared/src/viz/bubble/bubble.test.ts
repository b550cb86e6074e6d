import { describe, expect, it } from 'vitest';
import { defaultFormData, validateControls } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { bubbleDefinition, buildBubbleQuery } from './index.js';

/** Gapminder 2005: countries by fertility (x) and life expectancy (y), sized by population, coloured by region. */
const fd: QueryFormData = {
  datasource: '6__table',
  viz_type: 'bubble_v2',
  entity: 'country',
  series: 'cluster',
  x: 'avg_fertility',
  y: 'avg_life_expect',
  size: 'sum_population',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2005, clause: 'WHERE' }],
  row_limit: 100,
};

describe('bubble buildQuery', () => {
  it('one row per entity and series with the x, y and size metrics', () => {
    const [q] = buildBubbleQuery(fd).queries;
    expect(q).toMatchObject({
      columns: ['country', 'cluster'],
      metrics: ['avg_fertility', 'avg_life_expect', 'sum_population'],
      filters: [{ col: 'year', op: '==', val: 2005 }],
      orderby: [],
      row_limit: 100,
    });
  });

  it('orders by the sort-by metric, and takes a `limit` saved by the BI server over the row limit', () => {
    const [q] = buildBubbleQuery({ ...fd, orderby: 'sum_population', order_desc: true, limit: 20 }).queries;
    expect(q.orderby).toEqual([['sum_population', false]]);
    expect(q.row_limit).toBe(20);
  });
});

describe('bubble control panel', () => {
  it('entity and the three metrics are required; bubbles 25 px at most, 60% opaque', () => {
    const defaults = defaultFormData(bubbleDefinition, null);
    expect(defaults).toMatchObject({ max_bubble_size: '25', opacity: 0.6, logXAxis: false, logYAxis: false });
    const errors = validateControls(bubbleDefinition, { formData: defaults, datasource: null, sqlMaxRow: 100000 });
    expect(Object.keys(errors).sort()).toEqual(['entity', 'size', 'x', 'y']);
  });
});
