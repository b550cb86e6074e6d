/**
 * Legacy chart migrations (issue 31 item 2). Each fixture is a legacy chart's form data written
 * from the BI server's documented form-data keys of that type; each test checks the migrated
 * `viz_type`, the key fields, and that Rama's own buildQuery for the new type asks for the same
 * columns, metrics and filters the legacy chart did.
 */
import { describe, expect, it } from 'vitest';
import type { QueryColumn, QueryObject, QueryObjectFilter } from '../../api/chartData.js';
import { columnLabelOf, metricLabelOf } from '../buildQueryHelpers.js';
import { LEGACY_VIZ_TYPES } from '../legacyTypes.js';
import { VIZ_DEFINITIONS } from '../registry.js';
import type { QueryFormData } from '../types.js';
import { FORM_DATA_BAK_KEY, type LegacyMigrationResult } from './engine.js';
import { LEGACY_MIGRATION_TARGETS, hasLegacyMigration, migrateLegacyFormData } from './migrate.js';
import { RETIRED_VIZ_TYPES, retiredVizSuggestion } from './retired.js';

import { DS, FIXTURES, SALES, WII } from './legacyFixtures.js';

function migrate(type: string, overrides: Record<string, unknown> = {}): LegacyMigrationResult {
  const result = migrateLegacyFormData({ ...FIXTURES[type], ...overrides });
  if (!result) throw new Error(`no migration for ${type}`);
  return result;
}

const queriesOf = (r: LegacyMigrationResult): QueryObject[] => {
  const def = VIZ_DEFINITIONS.get(r.to);
  if (!def) throw new Error(`${r.to} is not in the registry`);
  return def.buildQuery(r.formData).queries;
};
const columnLabels = (q: QueryObject): string[] => (q.columns ?? []).map((c: QueryColumn) => columnLabelOf(c));
const metricLabels = (q: QueryObject): string[] => (q.metrics ?? []).map(metricLabelOf);
const WII_FILTER: QueryObjectFilter = { col: 'platform', op: 'IN', val: ['Wii'] };
const timeFilter = (col: string, range: string): QueryObjectFilter => ({ col, op: 'TEMPORAL_RANGE', val: range });

describe('legacy viz_type coverage', () => {
  it('gives every legacy key either a migration or a retired-type suggestion, never both', () => {
    const missing = LEGACY_VIZ_TYPES.filter((k) => !hasLegacyMigration(k) && retiredVizSuggestion(k) === null);
    expect(missing).toEqual([]);
    expect(LEGACY_VIZ_TYPES.filter((k) => hasLegacyMigration(k) && retiredVizSuggestion(k) !== null)).toEqual([]);
    expect([...LEGACY_MIGRATION_TARGETS.keys(), ...RETIRED_VIZ_TYPES].sort()).toEqual([...LEGACY_VIZ_TYPES].sort());
  });

  it('migrates only to types the registry draws', () => {
    for (const [from, to] of LEGACY_MIGRATION_TARGETS) expect(VIZ_DEFINITIONS.has(to), `${from} → ${to}`).toBe(true);
    for (const variant of ['cardinal', 'step-before', 'step-after']) {
      expect(VIZ_DEFINITIONS.has(migrate('line', { line_interpolation: variant }).to)).toBe(true);
    }
  });

  it('has a fixture for every legacy key that migrates', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual([...LEGACY_MIGRATION_TARGETS.keys()].sort());
  });
});

describe('migrateLegacyFormData: shared rules', () => {
  it('keeps the whole old form data under form_data_bak and leaves the input unchanged', () => {
    for (const type of Object.keys(FIXTURES)) {
      const input = structuredClone(FIXTURES[type]);
      const r = migrate(type);
      expect(r.from).toBe(type);
      expect(r.formData.viz_type).toBe(r.to);
      expect(r.formData.datasource).toBe(DS);
      expect(r.formData[FORM_DATA_BAK_KEY]).toEqual(input);
      expect(FIXTURES[type]).toEqual(input);
      expect(r.notes[0]).toBe(`"${type}" became "${r.to}".`);
    }
  });

  it('answers null for current, retired and malformed form data', () => {
    expect(migrateLegacyFormData({ viz_type: 'table', datasource: DS })).toBeNull();
    expect(migrateLegacyFormData({ viz_type: 'filter_box', datasource: DS })).toBeNull();
    expect(migrateLegacyFormData({ viz_type: 'markup' })).toBeNull();
    expect(migrateLegacyFormData(null)).toBeNull();
    expect(migrateLegacyFormData('line')).toBeNull();
    expect(migrateLegacyFormData({ datasource: DS })).toBeNull();
  });

  it('does not migrate a chart twice: its result is a current type', () => {
    const once = migrate('area');
    expect(migrateLegacyFormData(once.formData)).toBeNull();
  });

  it('keeps one backup level when the old form data carried a backup', () => {
    const r = migrate('sankey', { [FORM_DATA_BAK_KEY]: { viz_type: 'older' } });
    expect((r.formData[FORM_DATA_BAK_KEY] as Record<string, unknown>)[FORM_DATA_BAK_KEY]).toBeUndefined();
  });

  it('turns the legacy time column and range into a TEMPORAL_RANGE filter, the server default range when none', () => {
    const r = migrateLegacyFormData({ ...FIXTURES.heatmap, time_range: undefined }, { defaultTimeRange: 'Last week' });
    expect(r?.formData.granularity_sqla).toBeUndefined();
    expect(r?.formData.time_range).toBeUndefined();
    expect(r?.formData.adhoc_filters).toContainEqual({
      clause: 'WHERE',
      subject: 'release_date',
      operator: 'TEMPORAL_RANGE',
      comparator: 'Last week',
      expressionType: 'SIMPLE',
    });
    const none = migrateLegacyFormData({ ...FIXTURES.sankey, time_range: 'Last year' });
    expect(none?.formData.adhoc_filters).toEqual([WII]);
    expect(none?.formData.time_range).toBeUndefined();
  });

  it('filters on an adhoc time column by its expression', () => {
    const column = { sqlExpression: 'CAST(release AS DATE)', label: 'released', expressionType: 'SQL' };
    const r = migrate('line', { granularity_sqla: column });
    expect(r.formData.x_axis).toEqual(column);
    const [q] = queriesOf(r);
    expect(q.filters).toContainEqual({
      col: { sqlExpression: 'CAST(release AS DATE)', label: 'released' },
      op: 'TEMPORAL_RANGE',
      val: 'Last year',
    });
  });

  it('does not add a second TEMPORAL_RANGE filter on the same column', () => {
    const existing = {
      clause: 'WHERE',
      subject: 'release_date',
      operator: 'TEMPORAL_RANGE',
      comparator: 'Last month',
      expressionType: 'SIMPLE',
    };
    const r = migrate('area', { adhoc_filters: [existing] });
    expect(r.formData.adhoc_filters).toEqual([existing]);
  });

  it('ignores a __proto__ key of parsed form data', () => {
    const parsed = JSON.parse('{"viz_type":"sankey","datasource":"7__table","__proto__":{"polluted":true},"groupby":["a","b"]}') as unknown;
    const r = migrateLegacyFormData(parsed);
    expect((r?.formData as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r?.formData)).toBe(Object.prototype);
  });
});

describe('migrateLegacyFormData: one rule per legacy type', () => {
  it('line → echarts_timeseries_line: x axis, grain, rolling window, time comparison and axes kept or mapped', () => {
    const r = migrate('line');
    expect(r.to).toBe('echarts_timeseries_line');
    const fd = r.formData;
    expect(fd).toMatchObject({
      x_axis: 'release_date',
      time_grain_sqla: 'P1W',
      time_compare: ['1 week ago'],
      comparison_type: 'difference',
      rolling_type: 'mean',
      zoomable: true,
      markerEnabled: true,
      contributionMode: null,
      x_axis_title: 'Week',
      x_axis_title_margin: 30,
      xAxisLabelRotation: 45,
      logAxis: true,
      truncateYAxis: true,
      y_axis_format: '.3s',
    });
    for (const gone of [
      'line_interpolation',
      'show_brush',
      'show_markers',
      'contribution',
      'x_axis_label',
      'bottom_margin',
      'granularity_sqla',
    ]) {
      expect(fd[gone], gone).toBeUndefined();
    }
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['release_date', 'platform']);
    expect(metricLabels(q)).toEqual(['SUM(global_sales)']);
    expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'Last year')]);
    expect(q.series_limit).toBe(5);
    expect(q.time_offsets).toEqual(['1 week ago']);
    const ops = (q.post_processing ?? []).map((p) => p?.operation);
    expect(ops).toEqual(['pivot', 'rolling', 'compare', 'flatten']);
    expect(q.post_processing?.find((p) => p?.operation === 'rolling')?.options).toMatchObject({ rolling_type: 'mean', window: 7 });
    expect(q.post_processing?.find((p) => p?.operation === 'compare')?.options).toMatchObject({ compare_type: 'difference' });
  });

  it('line interpolations → smooth and stepped lines', () => {
    expect(migrate('line', { line_interpolation: 'cardinal' }).to).toBe('echarts_timeseries_smooth');
    const before = migrate('line', { line_interpolation: 'step-before' });
    expect([before.to, before.formData.seriesType]).toEqual(['echarts_timeseries_step', 'start']);
    const after = migrate('line', { line_interpolation: 'step-after' });
    expect([after.to, after.formData.seriesType]).toEqual(['echarts_timeseries_step', 'end']);
    expect(after.formData[FORM_DATA_BAK_KEY]).toMatchObject({ viz_type: 'line', line_interpolation: 'step-after' });
  });

  it('line: a time shift already written "… ago" is kept as it is', () => {
    expect(migrate('line', { time_compare: '1 year ago' }).formData.time_compare).toEqual(['1 year ago']);
  });

  it('compare → echarts_timeseries_line, saying the percent change is not drawn', () => {
    const r = migrate('compare');
    expect(r.to).toBe('echarts_timeseries_line');
    expect(r.notes.join(' ')).toContain('percent change');
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['release_date', 'genre']);
    expect(q.filters).toEqual([timeFilter('release_date', 'Last year')]);
  });

  it('area → echarts_area: stacked style, contribution and opacity', () => {
    const r = migrate('area');
    expect(r.to).toBe('echarts_area');
    expect(r.formData).toMatchObject({
      stack: 'Expand',
      opacity: 0.7,
      contributionMode: 'row',
      show_extra_controls: true,
      x_axis: 'release_date',
    });
    expect(r.formData.stacked_style).toBeUndefined();
    expect(migrate('area', { stacked_style: undefined }).formData.stack).toBe('Stack');
    expect(migrate('area', { stacked_style: 'stream' }).formData.stack).toBe('Stream');
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['release_date', 'genre']);
    expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'Last year')]);
    expect(q.post_processing?.some((p) => p?.operation === 'contribution')).toBe(true);
  });

  it('bar → echarts_timeseries_bar along time: stacking and bar values', () => {
    const r = migrate('bar');
    expect(r.to).toBe('echarts_timeseries_bar');
    expect(r.formData).toMatchObject({ stack: 'Stack', show_value: true, x_axis: 'release_date', time_grain_sqla: 'P1D' });
    expect(r.formData.bar_stacked).toBeUndefined();
    expect(r.formData.show_bar_value).toBeUndefined();
    expect(migrate('bar', { bar_stacked: false }).formData.stack).toBeNull();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['release_date']);
    expect(metricLabels(q)).toEqual(['count']);
  });

  it('dist_bar → echarts_timeseries_bar with the first group-by as a categorical x axis, the rest as dimensions', () => {
    const r = migrate('dist_bar');
    expect(r.to).toBe('echarts_timeseries_bar');
    expect(r.formData).toMatchObject({
      x_axis: 'genre',
      groupby: ['platform', 'region'],
      stack: 'Stack',
      show_value: true,
      xAxisLabelRotation: 45,
      contributionMode: 'row',
      timeseries_limit_metric: 'count',
      order_desc: false,
      row_limit: 50,
    });
    expect(r.formData.columns).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['genre', 'platform', 'region']);
    expect((q.columns?.[0] as { columnType?: string }).columnType).toBe('BASE_AXIS');
    expect(metricLabels(q)).toEqual(['SUM(global_sales)', 'count']);
    expect(q.orderby).toEqual([['count', true]]);
    expect(q.row_limit).toBe(50);
    // the time column only filters: it is not the axis of a distribution chart
    expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'No filter')]);
  });

  it('dist_bar: "Sort bars" orders the categories by name', () => {
    const r = migrate('dist_bar', { groupby: ['genre'], columns: [], order_bars: true });
    expect(r.formData).toMatchObject({ x_axis: 'genre', groupby: [], x_axis_sort: 'genre', x_axis_sort_asc: true });
    const [q] = queriesOf(r);
    expect(q.post_processing).toContainEqual({ operation: 'sort', options: { is_sort_index: true, ascending: true } });
  });

  it('dual_line → mixed_timeseries: one metric per y axis, both filtered alike', () => {
    const r = migrate('dual_line');
    expect(r.to).toBe('mixed_timeseries');
    expect(r.formData).toMatchObject({
      metrics: [SALES],
      metrics_b: ['count'],
      yAxisIndex: 0,
      yAxisIndexB: 1,
      x_axis: 'release_date',
      time_grain_sqla: 'P1M',
      x_axis_time_format: 'smart_date',
      y_axis_format_secondary: '.1%',
      y_axis_bounds_secondary: [0, 1],
    });
    expect(r.formData.metric).toBeUndefined();
    expect(r.formData.metric_2).toBeUndefined();
    const [a, b] = queriesOf(r);
    expect(columnLabels(a)).toEqual(['release_date']);
    expect(columnLabels(b)).toEqual(['release_date']);
    expect(metricLabels(a)).toEqual(['SUM(global_sales)']);
    expect(metricLabels(b)).toEqual(['count']);
    for (const q of [a, b]) expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'Last year')]);
  });

  it('heatmap → heatmap_v2: x and y columns, metric, colour scheme and normalisation kept', () => {
    const r = migrate('heatmap');
    expect(r.to).toBe('heatmap_v2');
    expect(r.formData).toMatchObject({
      x_axis: 'platform',
      groupby: 'genre',
      metric: SALES,
      linear_color_scheme: 'blue_white_yellow',
      normalize_across: 'x',
      value_bounds: [0, 100],
      show_percentage: true,
      legend_type: 'continuous',
    });
    for (const gone of ['all_columns_x', 'all_columns_y', 'sort_by_metric', 'canvas_image_rendering', 'show_perc', 'bottom_margin']) {
      expect(r.formData[gone], gone).toBeUndefined();
    }
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['platform', 'genre']);
    expect(metricLabels(q)).toEqual(['SUM(global_sales)']);
    expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'Last year')]);
    expect(q.post_processing).toEqual([{ operation: 'rank', options: { metric: 'SUM(global_sales)', group_by: 'platform' } }]);
    expect(q.orderby?.map(([, asc]) => asc)).toEqual([true, false]);
  });

  it('histogram → histogram_v2: the column, the bins from link_length, normalised and cumulative', () => {
    const r = migrate('histogram');
    expect(r.to).toBe('histogram_v2');
    expect(r.formData).toMatchObject({
      column: 'global_sales',
      bins: 10,
      normalize: true,
      cumulative: true,
      x_axis_title: 'Sales',
      y_axis_title: 'Games',
    });
    expect(r.formData.all_columns_x).toBeUndefined();
    expect(r.formData.link_length).toBeUndefined();
    expect(migrate('histogram', { link_length: undefined }).formData.bins).toBe(5);
    expect(migrate('histogram', { groupby: undefined }).formData.groupby).toEqual([]);
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['genre', 'global_sales']);
    expect(q.metrics).toBeUndefined();
    expect(q.filters).toEqual([WII_FILTER]);
    expect(q.post_processing?.[0]).toMatchObject({
      operation: 'histogram',
      options: { column: 'global_sales', bins: 10, normalize: true, cumulative: true },
    });
  });

  it('pivot_table → pivot_table_v2: rows, columns, aggregate, totals and formats', () => {
    const r = migrate('pivot_table');
    expect(r.to).toBe('pivot_table_v2');
    expect(r.formData).toMatchObject({
      groupbyRows: ['genre'],
      groupbyColumns: ['platform'],
      aggregateFunction: 'Average',
      colTotals: true,
      colSubTotals: true,
      valueFormat: '.2f',
      combineMetric: true,
      transposePivot: true,
      series_limit: 100,
      series_limit_metric: 'count',
      rowOrder: 'value_z_to_a',
    });
    for (const gone of ['groupby', 'columns', 'pandas_aggfunc', 'pivot_margins', 'number_format', 'row_limit']) {
      expect(r.formData[gone], gone).toBeUndefined();
    }
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['platform', 'genre']);
    expect(metricLabels(q)).toEqual(['SUM(global_sales)']);
    expect(q.filters).toEqual([WII_FILTER, timeFilter('release_date', 'Last year')]);
    expect(q.orderby).toEqual([['count', false]]);
  });

  it('pivot_table: each pandas aggregate maps to its name; an unknown one sums, with a note', () => {
    const names: Record<string, string> = {
      sum: 'Sum',
      mean: 'Average',
      median: 'Median',
      min: 'Minimum',
      max: 'Maximum',
      std: 'Sample Standard Deviation',
      var: 'Sample Variance',
    };
    for (const [from, to] of Object.entries(names))
      expect(migrate('pivot_table', { pandas_aggfunc: from }).formData.aggregateFunction).toBe(to);
    const odd = migrate('pivot_table', { pandas_aggfunc: 'mode' });
    expect(odd.formData.aggregateFunction).toBe('Sum');
    expect(odd.notes.join(' ')).toContain('"mode"');
  });

  it('sunburst → sunburst_v2: the hierarchy as columns, both metrics', () => {
    const r = migrate('sunburst');
    expect(r.to).toBe('sunburst_v2');
    expect(r.formData).toMatchObject({
      columns: ['genre', 'platform'],
      metric: 'count',
      secondary_metric: SALES,
      linear_color_scheme: 'blue_white_yellow',
    });
    expect(r.formData.groupby).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['genre', 'platform']);
    expect(metricLabels(q)).toEqual(['count', 'SUM(global_sales)']);
    expect(q.filters).toEqual([WII_FILTER]);
  });

  it('treemap → treemap_v2: the first metric, sorted by it', () => {
    const r = migrate('treemap');
    expect(r.to).toBe('treemap_v2');
    expect(r.formData).toMatchObject({ metric: SALES, sort_by_metric: true, groupby: ['genre', 'publisher'] });
    expect(r.formData.metrics).toBeUndefined();
    expect(r.formData.order_desc).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['genre', 'publisher']);
    expect(metricLabels(q)).toEqual(['SUM(global_sales)']);
    expect(q.orderby?.[0]).toEqual([SALES, false]);
    expect(q.filters).toEqual([WII_FILTER]);
  });

  it('sankey → sankey_v2: the two group-by columns as source and target', () => {
    const r = migrate('sankey');
    expect(r.to).toBe('sankey_v2');
    expect(r.formData).toMatchObject({ source: 'platform', target: 'genre', metric: 'count' });
    expect(r.formData.groupby).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['platform', 'genre']);
    expect(metricLabels(q)).toEqual(['count']);
    expect(q.filters).toEqual([WII_FILTER]);
  });

  it('bars keep zero on their axis (dist_bar and bar), where the line charts fit the axis to the data', () => {
    expect(migrate('dist_bar').formData.truncateYAxis).toBe(false);
    expect(migrate('bar').formData.truncateYAxis).toBe(false);
    expect(migrate('line').formData.truncateYAxis).toBe(true);
  });

  it('bubble → bubble_v2: entity, series, the three metrics, limit as row limit, log axes', () => {
    const r = migrate('bubble');
    expect(r.to).toBe('bubble_v2');
    expect(r.formData).toMatchObject({
      row_limit: 20,
      logXAxis: true,
      logYAxis: false,
      xAxisFormat: '.3s',
      x_axis_title_margin: 30,
      xAxisLabelRotation: 0,
      truncateYAxis: true,
    });
    for (const gone of ['limit', 'x_log_scale', 'x_axis_showminmax', 'y_axis_showminmax', 'x_ticks_layout'])
      expect(r.formData[gone], gone).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['country_name', 'region']);
    expect(metricLabels(q)).toEqual(['SUM(global_sales)', 'count', 'population']);
    expect(q.row_limit).toBe(20);
    expect(q.filters).toEqual([WII_FILTER]);
  });

  it('directed_force → graph_chart: source and target columns, edge length and repulsion', () => {
    const r = migrate('directed_force');
    expect(r.to).toBe('graph_chart');
    expect(r.formData).toMatchObject({
      source: 'source_airport',
      target: 'destination_airport',
      metric: 'count',
      layout: 'force',
      edgeLength: 200,
      repulsion: 500,
    });
    expect(r.formData.groupby).toBeUndefined();
    expect(r.formData.charge).toBeUndefined();
    const [q] = queriesOf(r);
    expect(columnLabels(q)).toEqual(['source_airport', 'destination_airport']);
    expect(metricLabels(q)).toEqual(['count']);
    expect(q.filters).toEqual([WII_FILTER]);
    expect(q.row_limit).toBe(500);
  });

  it('every migrated fixture builds a query whose filters keep the legacy ones', () => {
    for (const type of Object.keys(FIXTURES)) {
      const r = migrate(type);
      const queries = queriesOf(r);
      expect(queries.length, type).toBeGreaterThan(0);
      const legacyFilters = (FIXTURES[type].adhoc_filters as unknown[]).length;
      if (legacyFilters) for (const q of queries) expect(q.filters, type).toContainEqual(WII_FILTER);
      expect((r.formData as QueryFormData).viz_type).toBe(r.to);
    }
  });
});

describe('migrated form data in Explore', () => {
  it('passes every validator of the new type’s controls', () => {
    for (const type of Object.keys(FIXTURES)) {
      const r = migrate(type);
      const panel = VIZ_DEFINITIONS.get(r.to)?.controlPanel;
      const ctx = { formData: r.formData, datasource: null, sqlMaxRow: 100000 };
      const shown = new Set(panel?.sections.flatMap((s) => s.controlSetRows.flat()) ?? []);
      const errors: string[] = [];
      for (const [name, control] of Object.entries(panel?.controls ?? {})) {
        if (!shown.has(name) || (control.visibility && !control.visibility(ctx))) continue;
        for (const validate of control.validators ?? []) {
          const error = validate(r.formData[name] ?? control.default, ctx);
          if (error) errors.push(`${type} → ${r.to}: ${name}: ${error}`);
        }
      }
      expect(errors).toEqual([]);
    }
  });
});
