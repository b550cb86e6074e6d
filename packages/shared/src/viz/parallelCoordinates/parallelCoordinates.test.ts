import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildParallelCoordinatesQuery, parallelCoordinatesDefinition } from './index.js';

/** Gapminder countries in 2005: population, life expectancy and fertility, coloured by fertility. */
const fd: QueryFormData = {
  datasource: '7__table',
  viz_type: 'para',
  series: 'country',
  metrics: ['sum_population', 'avg_life_expect'],
  secondary_metric: 'avg_fertility',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'year', operator: '==', comparator: 2005, clause: 'WHERE' }],
  limit: 25,
  row_limit: 100,
  timeseries_limit_metric: 'sum_population',
  order_desc: true,
};
const ctx = (formData: Partial<QueryFormData> = {}): ControlContext => ({
  formData: { ...fd, ...formData },
  datasource: null,
  sqlMaxRow: 100000,
});

describe('parallel coordinates buildQuery', () => {
  it('one row per series value with every metric and the colour metric, largest by the sort metric first', () => {
    const qc = buildParallelCoordinatesQuery(fd);
    expect(qc.datasource).toEqual({ id: 7, type: 'table' });
    expect(qc.queries[0]).toMatchObject({
      columns: ['country'],
      metrics: ['sum_population', 'avg_life_expect', 'avg_fertility'],
      orderby: [['sum_population', false]],
      filters: [{ col: 'year', op: '==', val: 2005 }],
      series_limit: 25,
      row_limit: 100,
      is_timeseries: false,
    });
  });

  it('a sort metric outside the metrics joins them; without "Sort descending" it does not order', () => {
    const [q] = buildParallelCoordinatesQuery({ ...fd, timeseries_limit_metric: 'count', order_desc: false }).queries;
    expect(q.metrics).toEqual(['sum_population', 'avg_life_expect', 'avg_fertility', 'count']);
    expect(q.orderby).toEqual([]);
  });

  it('the colour metric is not asked for twice; ordering left from other types is ignored', () => {
    const [q] = buildParallelCoordinatesQuery({
      ...fd,
      secondary_metric: 'avg_life_expect',
      timeseries_limit_metric: undefined,
      order_by_cols: ['["country", true]'],
    }).queries;
    expect(q.metrics).toEqual(['sum_population', 'avg_life_expect']);
    expect(q.orderby).toEqual([]);
  });
});

describe('parallel coordinates control panel', () => {
  const def = parallelCoordinatesDefinition;
  it('has the peer defaults: no data table, no series axis, the first sequential scheme', () => {
    const d = defaultFormData(def, null);
    expect(d).toMatchObject({ show_datatable: false, include_series: false, linear_color_scheme: 'superset_seq_1', order_desc: true });
    expect(def.meta).toMatchObject({ key: 'para', name: 'Parallel Coordinates', category: 'Ranking' });
  });

  it('the series and the metrics are required; the colour metric is not', () => {
    const { controls } = def.controlPanel;
    expect(controls.series?.validators?.map((v) => v(null, ctx()))).toContain('cannot be empty');
    expect(controls.secondary_metric?.validators ?? []).toEqual([]);
    expect(controls.limit?.validators?.map((v) => v('x', ctx()))).toContain('is expected to be an integer');
  });
});
