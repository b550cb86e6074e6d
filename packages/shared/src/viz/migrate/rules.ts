/**
 * Per legacy `viz_type`, how its form data becomes a current type's: the BI server's own viz
 * migrations (`migrate_viz` processors) for the NVD3 and v1 types it migrates, and Rama's own
 * mapping for the ones it never migrated but Rama can draw (`compare`, `directed_force`).
 */
import type { AdhocColumn } from '../../api/chartData.js';
import { columnLabelOf } from '../buildQueryHelpers.js';
import type { MigrationDraft, MigrationRule } from './engine.js';
import { asList, isRecord } from './engine.js';

/** The legacy margin choice that let the chart size itself; Rama's margins are numbers. */
const AUTO = 'auto';

/** A title margin of 30 when the axis has a title and no margin chosen; an `auto` margin otherwise goes. */
function titleMargin(draft: MigrationDraft, margin: string, label: string): void {
  const d = draft.data;
  const unset = d[margin] === undefined || d[margin] === null || d[margin] === '' || d[margin] === AUTO;
  if (d[label] && unset) d[margin] = 30;
  else if (d[margin] === AUTO) delete d[margin];
}

/** The legacy x tick layout as a label rotation: 45 for `45°`, else flat. */
function tickRotation(draft: MigrationDraft): void {
  const layout = draft.data.x_ticks_layout;
  if (layout) draft.data.x_ticks_layout = layout === '45°' ? 45 : 0;
}

const TIMESERIES_RENAMES: Record<string, string> = {
  bottom_margin: 'x_axis_title_margin',
  left_margin: 'y_axis_title_margin',
  show_controls: 'show_extra_controls',
  x_axis_label: 'x_axis_title',
  x_axis_format: 'x_axis_time_format',
  x_axis_showminmax: 'truncateXAxis',
  x_ticks_layout: 'xAxisLabelRotation',
  y_axis_label: 'y_axis_title',
  y_axis_showminmax: 'truncateYAxis',
  y_log_scale: 'logAxis',
};

const TIMESERIES_REMOVED = ['contribution', 'line_interpolation', 'reduce_x_ticks', 'show_brush', 'show_markers'];

/** A legacy time shift (`1 week`) as the current control writes it (`1 week ago`). */
const shiftAgo = (shift: string): string => (/\bago$/i.test(shift.trim()) ? shift.trim() : `${shift.trim()} ago`);

/** What every NVD3 time series chart shares (the BI server's TimeseriesChart migration). */
function prepareTimeseries(draft: MigrationDraft): void {
  const d = draft.data;
  d.contributionMode = d.contribution ? 'row' : null;
  d.zoomable = d.show_brush === 'yes' || d.show_brush === true;
  d.markerEnabled = d.show_markers === true;
  // the legacy charts fitted the y axis to the data
  d.y_axis_showminmax = true;
  titleMargin(draft, 'bottom_margin', 'x_axis_label');
  titleMargin(draft, 'left_margin', 'y_axis_label');
  if (d.time_compare !== undefined) {
    d.time_compare = asList(d.time_compare)
      .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
      .map(shiftAgo);
  }
  const comparison = typeof d.comparison_type === 'string' && d.comparison_type ? d.comparison_type : 'values';
  d.comparison_type = comparison === 'absolute' ? 'difference' : comparison;
  tickRotation(draft);
}

/**
 * `bar_stacked` becomes the stack choice; `show_bar_value` is the current `show_value`. Bars start
 * at zero: the legacy bar charts kept 0 on their axis (a bar measured from 60k misleads), so the
 * fitted axis of the other time series charts is not carried over (Rama's choice; see decisions).
 */
function prepareBars(draft: MigrationDraft): void {
  draft.data.y_axis_showminmax = false;
  draft.rename.show_bar_value = 'show_value';
  draft.remove.add('bar_stacked');
  draft.data.stack = draft.data.bar_stacked ? 'Stack' : null;
}

const LINE_STYLES: Record<string, { target: string; seriesType?: string }> = {
  cardinal: { target: 'echarts_timeseries_smooth' },
  'step-before': { target: 'echarts_timeseries_step', seriesType: 'start' },
  'step-after': { target: 'echarts_timeseries_step', seriesType: 'end' },
};

const AREA_STACKS: Record<string, string> = { expand: 'Expand', stack: 'Stack', stream: 'Stream' };

const PIVOT_AGGREGATES: Record<string, string> = {
  sum: 'Sum',
  mean: 'Average',
  median: 'Median',
  min: 'Minimum',
  max: 'Maximum',
  std: 'Sample Standard Deviation',
  var: 'Sample Variance',
};

/** The result name of a column entry (name or adhoc column), for the x axis sort; null for anything else. */
const labelOf = (c: unknown): string | null =>
  typeof c === 'string' && c.trim() !== ''
    ? c
    : isRecord(c) && typeof c.sqlExpression === 'string'
      ? columnLabelOf(c as unknown as AdhocColumn)
      : null;

/** Force layout bounds of Rama's graph controls. */
const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

export const MIGRATION_RULES: readonly MigrationRule[] = [
  {
    source: 'line',
    target: 'echarts_timeseries_line',
    hasXAxis: true,
    rename: TIMESERIES_RENAMES,
    remove: TIMESERIES_REMOVED,
    prepare(draft) {
      prepareTimeseries(draft);
      const style = LINE_STYLES[String(draft.data.line_interpolation)];
      if (style) {
        draft.target = style.target;
        if (style.seriesType) draft.data.seriesType = style.seriesType;
        draft.notes.push(`The "${String(draft.data.line_interpolation)}" line interpolation is drawn by "${style.target}".`);
      }
    },
  },
  {
    // Rama's mapping (the BI server never migrated it): the same line chart; the legacy chart drew
    // each value as its change from the first point, which the line chart does not
    source: 'compare',
    target: 'echarts_timeseries_line',
    hasXAxis: true,
    rename: TIMESERIES_RENAMES,
    remove: TIMESERIES_REMOVED,
    prepare(draft) {
      prepareTimeseries(draft);
      draft.notes.push(
        'The legacy chart drew each value as its percent change from the first point; the line chart draws the values themselves (a time comparison can show the change).',
      );
    },
  },
  {
    source: 'area',
    target: 'echarts_area',
    hasXAxis: true,
    rename: TIMESERIES_RENAMES,
    remove: [...TIMESERIES_REMOVED, 'stacked_style'],
    prepare(draft) {
      prepareTimeseries(draft);
      const style = typeof draft.data.stacked_style === 'string' && draft.data.stacked_style ? draft.data.stacked_style : 'stack';
      draft.data.stack = AREA_STACKS[style] ?? 'Stack';
      draft.data.opacity = 0.7;
    },
  },
  {
    source: 'bar',
    target: 'echarts_timeseries_bar',
    hasXAxis: true,
    rename: TIMESERIES_RENAMES,
    remove: TIMESERIES_REMOVED,
    prepare(draft) {
      prepareTimeseries(draft);
      prepareBars(draft);
    },
  },
  {
    // categories along the x axis: the first "group by" is the axis, the rest and the breakdowns
    // ("columns") are the series
    source: 'dist_bar',
    target: 'echarts_timeseries_bar',
    rename: TIMESERIES_RENAMES,
    remove: [...TIMESERIES_REMOVED, 'columns', 'order_bars'],
    prepare(draft) {
      prepareTimeseries(draft);
      const d = draft.data;
      const groupby = asList(d.groupby);
      const columns = asList(d.columns);
      if (groupby.length > 0) d.x_axis = groupby[0];
      d.groupby = [...groupby.slice(1), ...columns];
      prepareBars(draft);
      d.x_ticks_layout = 45;
      // Rama's addition: "Sort bars" ordered the categories by name
      const x = labelOf(d.x_axis);
      if (d.order_bars === true && x !== null) {
        d.x_axis_sort = x;
        d.x_axis_sort_asc = true;
      }
    },
  },
  {
    source: 'dual_line',
    target: 'mixed_timeseries',
    hasXAxis: true,
    rename: {
      x_axis_format: 'x_axis_time_format',
      y_axis_2_format: 'y_axis_format_secondary',
      y_axis_2_bounds: 'y_axis_bounds_secondary',
    },
    remove: ['metric', 'metric_2'],
    prepare(draft) {
      const d = draft.data;
      d.yAxisIndex = 0;
      d.yAxisIndexB = 1;
      d.truncateYAxis = true;
      d.metrics = asList(d.metric).slice(0, 1);
      d.metrics_b = asList(d.metric_2).slice(0, 1);
    },
    finish(data) {
      // query B filters as query A does, time range included
      data.adhoc_filters_b = asList(data.adhoc_filters);
    },
  },
  {
    source: 'heatmap',
    target: 'heatmap_v2',
    rename: {
      all_columns_x: 'x_axis',
      all_columns_y: 'groupby',
      y_axis_bounds: 'value_bounds',
      show_perc: 'show_percentage',
    },
    remove: ['sort_by_metric', 'canvas_image_rendering'],
    prepare(draft) {
      draft.data.legend_type = 'continuous';
      if (draft.data.bottom_margin === AUTO) delete draft.data.bottom_margin;
      if (draft.data.left_margin === AUTO) delete draft.data.left_margin;
    },
  },
  {
    source: 'histogram',
    target: 'histogram_v2',
    rename: { x_axis_label: 'x_axis_title', y_axis_label: 'y_axis_title', normalized: 'normalize' },
    remove: ['all_columns_x', 'link_length', 'queryFields'],
    prepare(draft) {
      const d = draft.data;
      const first = asList(d.all_columns_x)[0];
      if (first !== undefined) d.column = first;
      const bins = Number.parseInt(String(d.link_length ?? ''), 10);
      d.bins = Number.isFinite(bins) && bins > 0 ? bins : 5;
      if (!d.groupby) d.groupby = [];
      if (asList(d.all_columns_x).length > 1) draft.notes.push('Only the first column is binned; the histogram draws one column.');
    },
  },
  {
    source: 'pivot_table',
    target: 'pivot_table_v2',
    rename: {
      columns: 'groupbyColumns',
      combine_metric: 'combineMetric',
      groupby: 'groupbyRows',
      number_format: 'valueFormat',
      pandas_aggfunc: 'aggregateFunction',
      row_limit: 'series_limit',
      timeseries_limit_metric: 'series_limit_metric',
      transpose_pivot: 'transposePivot',
    },
    remove: ['pivot_margins'],
    prepare(draft) {
      const d = draft.data;
      if (d.pivot_margins) {
        d.colTotals = d.pivot_margins;
        d.colSubTotals = d.pivot_margins;
      }
      if (d.pandas_aggfunc !== undefined && d.pandas_aggfunc !== null && d.pandas_aggfunc !== '') {
        const mapped = PIVOT_AGGREGATES[String(d.pandas_aggfunc)];
        if (mapped === undefined) draft.notes.push(`The aggregate "${String(d.pandas_aggfunc)}" is unknown; the table sums.`);
        d.pandas_aggfunc = mapped ?? 'Sum';
      }
      d.rowOrder = 'value_z_to_a';
    },
  },
  {
    source: 'sunburst',
    target: 'sunburst_v2',
    rename: { groupby: 'columns' },
  },
  {
    source: 'treemap',
    target: 'treemap_v2',
    rename: { order_desc: 'sort_by_metric' },
    remove: ['metrics'],
    prepare(draft) {
      const metrics = asList(draft.data.metrics);
      if (metrics.length > 0) draft.data.metric = metrics[0];
      if (metrics.length > 1) draft.notes.push('Only the first metric is drawn; the treemap sizes by one metric.');
    },
  },
  {
    source: 'sankey',
    target: 'sankey_v2',
    remove: ['groupby'],
    prepare(draft) {
      const groupby = asList(draft.data.groupby);
      if (groupby.length > 1) {
        draft.data.source = groupby[0];
        draft.data.target = groupby[1];
      }
    },
  },
  {
    source: 'bubble',
    target: 'bubble_v2',
    rename: {
      bottom_margin: 'x_axis_title_margin',
      left_margin: 'y_axis_title_margin',
      limit: 'row_limit',
      x_axis_format: 'xAxisFormat',
      x_log_scale: 'logXAxis',
      x_ticks_layout: 'xAxisLabelRotation',
      y_axis_showminmax: 'truncateYAxis',
      y_log_scale: 'logYAxis',
    },
    remove: ['x_axis_showminmax'],
    prepare(draft) {
      titleMargin(draft, 'bottom_margin', 'x_axis_label');
      if (draft.data.left_margin === AUTO) delete draft.data.left_margin;
      tickRotation(draft);
      draft.data.y_axis_showminmax = true;
    },
  },
  {
    // Rama's mapping (the BI server retired the force-directed graph without one): the two "group
    // by" columns are the edge's source and target
    source: 'directed_force',
    target: 'graph_chart',
    rename: { link_length: 'edgeLength' },
    remove: ['groupby', 'charge'],
    prepare(draft) {
      const d = draft.data;
      const groupby = asList(d.groupby);
      if (groupby.length > 0) d.source = groupby[0];
      if (groupby.length > 1) d.target = groupby[1];
      d.layout = 'force';
      const length = Number(d.link_length);
      if (d.link_length !== undefined) d.link_length = Number.isFinite(length) ? clamp(Math.round(length), 100, 1000) : 400;
      const charge = Number(d.charge);
      if (d.charge !== undefined && Number.isFinite(charge)) d.repulsion = clamp(Math.round(Math.abs(charge)), 100, 3000);
    },
  },
];

export const MIGRATION_RULE_BY_TYPE: ReadonlyMap<string, MigrationRule> = new Map(MIGRATION_RULES.map((r) => [r.source, r]));
