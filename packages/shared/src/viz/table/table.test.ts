import { describe, expect, it } from 'vitest';
import type { ExploreDatasource } from '../../api/dataset.js';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { AGGREGATE_NEEDS_VALUE, buildTableQuery, isCompleteRule, parseOrderByCols, tableDefinition, tableQueryMode } from './index.js';

const agg: QueryFormData = {
  datasource: '4__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['origin', 'ds'],
  metrics: ['count'],
  adhoc_filters: [],
  row_limit: 1000,
  order_desc: true,
};

const raw: QueryFormData = {
  datasource: '4__table',
  viz_type: 'table',
  query_mode: 'raw',
  all_columns: ['origin', 'dest', 'delay'],
  order_by_cols: ['["delay", false]', '["origin", true]'],
  metrics: ['count'],
  row_limit: 500,
};

const ctx = (formData: QueryFormData, datasource: ExploreDatasource | null = null): ControlContext => ({
  formData,
  datasource,
  sqlMaxRow: 100000,
});
const errors = (name: string, value: unknown, formData: QueryFormData) => {
  const c = tableDefinition.controlPanel.controls[name];
  return (c?.validators ?? []).map((v) => v(value, ctx(formData))).filter(Boolean);
};

describe('table buildQuery', () => {
  it('aggregate mode groups by the dimensions and orders by the first metric, largest first', () => {
    const qc = buildTableQuery(agg);
    expect(qc.queries).toHaveLength(1);
    expect(qc.queries[0]).toMatchObject({ columns: ['origin', 'ds'], metrics: ['count'], orderby: [['count', false]], row_limit: 1000 });
  });

  it('a temporal dimension gets the grain and goes first as the base axis', () => {
    const [q] = buildTableQuery({ ...agg, time_grain_sqla: 'P1M', temporal_columns_lookup: { ds: true } }).queries;
    expect(q.columns).toEqual([
      { timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' },
      'origin',
    ]);
  });

  it('a sort-by metric follows "Sort descending"', () => {
    expect(buildTableQuery({ ...agg, timeseries_limit_metric: 'sum_delay', order_desc: false }).queries[0].orderby).toEqual([
      ['sum_delay', true],
    ]);
    expect(buildTableQuery({ ...agg, timeseries_limit_metric: 'sum_delay', order_desc: true }).queries[0].orderby).toEqual([
      ['sum_delay', false],
    ]);
  });

  it('percentage metrics are queried and turned into %metric shares of the column total', () => {
    const [q] = buildTableQuery({ ...agg, groupby: ['origin'], percent_metrics: ['count', 'sum_delay'] }).queries;
    expect(q.metrics).toEqual(['count', 'sum_delay']);
    expect(q.post_processing).toEqual([
      { operation: 'contribution', options: { columns: ['count', 'sum_delay'], rename_columns: ['%count', '%sum_delay'] } },
    ]);
    const frame = frameFromRows(
      ['origin', 'count', 'sum_delay'],
      [
        ['SEA', 1, 30],
        ['SFO', 3, 10],
      ],
    );
    const out = frameToRecords(applyPostProcessing(frame, q.post_processing));
    expect(out).toEqual([
      { origin: 'SEA', count: 1, sum_delay: 30, '%count': 0.25, '%sum_delay': 0.75 },
      { origin: 'SFO', count: 3, sum_delay: 10, '%count': 0.75, '%sum_delay': 0.25 },
    ]);
  });

  it('"Show summary" adds a totals query without dimensions or ordering', () => {
    const qc = buildTableQuery({ ...agg, show_totals: true });
    expect(qc.queries).toHaveLength(2);
    expect(qc.queries[1]).toMatchObject({ columns: [], metrics: ['count'], row_limit: 0, row_offset: 0 });
    expect(qc.queries[1].orderby).toBeUndefined();
  });

  it('raw mode reads the chosen columns without metrics, in the chosen order', () => {
    const qc = buildTableQuery(raw);
    const [q] = qc.queries;
    expect(q.columns).toEqual(['origin', 'dest', 'delay']);
    expect('metrics' in q).toBe(false);
    expect(q.orderby).toEqual([
      ['delay', false],
      ['origin', true],
    ]);
    expect(buildTableQuery({ ...raw, show_totals: true }).queries).toHaveLength(1);
  });

  it('server pagination asks for the current page and a row count', () => {
    const qc = buildTableQuery({ ...agg, server_pagination: true, server_page_length: 20 }, { ownState: { currentPage: 2 } });
    expect(qc.queries).toHaveLength(2);
    expect(qc.queries[0]).toMatchObject({ row_offset: 40, row_limit: 20 });
    expect(qc.queries[1]).toMatchObject({ is_rowcount: true, row_offset: 0, row_limit: 1000, post_processing: [] });
  });

  it('pagination never goes past the row limit, and takes sort and search from the chart state', () => {
    const ownState = { currentPage: 99, pageSize: 300, sortBy: [{ key: 'origin', desc: true }], searchText: 'SE', searchColumn: 'origin' };
    const [q] = buildTableQuery({ ...agg, server_pagination: true }, { ownState }).queries;
    expect(q).toMatchObject({ row_offset: 900, row_limit: 100, orderby: [['origin', false]] });
    expect(q.filters).toContainEqual({ col: 'origin', op: 'ILIKE', val: 'SE%' });
  });

  it('a chart saved with raw columns and no mode reads as raw', () => {
    expect(tableQueryMode({ datasource: '1__table', viz_type: 'table', all_columns: ['a'] })).toBe('raw');
    expect(tableQueryMode({ datasource: '1__table', viz_type: 'table' })).toBe('aggregate');
  });

  it('order_by_cols entries that are not ["column", ascending] are left out', () => {
    expect(parseOrderByCols(['["a", true]', 'not json', '["b"]', ['c', false]])).toEqual([
      ['a', true],
      ['c', false],
    ]);
  });
});

describe('table control panel validators (spec section 5)', () => {
  it('aggregate mode needs a dimension, metric or percentage metric', () => {
    const empty = { ...agg, groupby: [], metrics: [], percent_metrics: [] };
    expect(errors('metrics', [], empty)).toEqual([AGGREGATE_NEEDS_VALUE]);
    expect(errors('groupby', [], empty)).toEqual(['Group By, Metrics or Percentage Metrics must have a value']);
    expect(errors('metrics', [], { ...empty, groupby: ['origin'] })).toEqual([]);
    expect(errors('percent_metrics', ['count'], empty)).toEqual([]);
    expect(errors('metrics', [], { ...raw, metrics: [] })).toEqual([]);
  });

  it('raw mode needs columns, and orderings must be [column, ascending] pairs', () => {
    expect(errors('all_columns', [], raw)).toEqual(['cannot be empty']);
    expect(errors('all_columns', [], agg)).toEqual([]);
    expect(errors('order_by_cols', ['["a", "yes"]'], raw)).toEqual(['Found invalid orderby options']);
    expect(errors('order_by_cols', ['["a", true]'], raw)).toEqual([]);
  });

  it('the row limit is a positive integer no larger than the server maximum', () => {
    const c = tableDefinition.controlPanel.controls.row_limit ?? sharedControls.row_limit;
    expect((c.validators ?? []).map((v) => v(100001, ctx(agg))).filter(Boolean)).toEqual(['Value cannot exceed 100000']);
    expect((c.validators ?? []).map((v) => v(0, ctx(agg))).filter(Boolean)).toHaveLength(1);
  });

  it('each mode shows its own query controls', () => {
    const { controls } = tableDefinition.controlPanel;
    expect(controls.all_columns?.visibility?.(ctx(raw))).toBe(true);
    expect(controls.all_columns?.visibility?.(ctx(agg))).toBe(false);
    expect(controls.metrics?.visibility?.(ctx(raw))).toBe(false);
    expect(controls.order_by_cols?.visibility?.(ctx(raw))).toBe(true);
  });

  it('ordering choices come from the datasource', () => {
    const choices = tableDefinition.controlPanel.controls.order_by_cols;
    const ds = { order_by_choices: [['["a", true]', 'a [asc]']] } as unknown as ExploreDatasource;
    expect(typeof choices?.choices === 'function' ? choices.choices(ctx(raw, ds)) : null).toEqual([['["a", true]', 'a [asc]']]);
  });

  it('cell defaults: bars on, +/- colours on, all rows on one page', () => {
    const { controls } = tableDefinition.controlPanel;
    expect(controls.show_cell_bars?.default).toBe(true);
    expect(controls.color_pn?.default).toBe(true);
    expect(controls.server_page_length?.default).toBe(10);
    expect(controls.page_length?.choices).toEqual([
      [0, 'All'],
      [10, '10'],
      [20, '20'],
      [50, '50'],
      [100, '100'],
      [200, '200'],
    ]);
  });

  it('a conditional formatting rule is complete when its operator has the values it needs', () => {
    expect(isCompleteRule({ column: 'count', operator: '>', targetValue: 3, colorScheme: '#ACE1C4' })).toBe(true);
    expect(isCompleteRule({ column: 'count', operator: '< x <', targetValueLeft: 1, colorScheme: 'red' })).toBe(false);
    expect(isCompleteRule({ column: 'count', operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 5, colorScheme: 'red' })).toBe(true);
  });
});
