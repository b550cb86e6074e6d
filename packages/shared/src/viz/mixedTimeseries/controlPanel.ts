/**
 * The mixed chart's control panel, by the BI server's control names: the shared x axis and grain,
 * query A's controls and their `_b` twins for query B, then each query's series style (query B's
 * with a `B` suffix: `seriesTypeB`, `yAxisIndexB`) and the two y axes.
 */
import { sharedControls, checkboxControl as checkbox, axisTitleControls } from '../sharedControls.js';
import type { ChoiceList, ControlConfig, ControlContext, ControlPanelConfig, ControlPanelSection } from '../types.js';
import { X_AXIS_BOUNDS_CONTROLS } from '../timeseries/controlPanel.js';
import { QUERY_B_SUFFIX } from './buildQuery.js';
import { retainFormDataSuffix } from './formDataSuffix.js';

/** The customize controls of query B end in `B` (the BI server's names). */
export const CUSTOMIZE_B_SUFFIX = 'B';

export const MIXED_SERIES_TYPES: ChoiceList = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth Line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
];

/** How the series of a query are ordered in the chart and the legend. */
export const SORT_SERIES_CHOICES: ChoiceList = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

/** A control as query B holds it: its visibility reads query B's controls under their plain names. */
function forQueryB(config: ControlConfig): ControlConfig {
  const { visibility } = config;
  if (!visibility) return config;
  return {
    ...config,
    visibility: (ctx: ControlContext) => visibility({ ...ctx, formData: retainFormDataSuffix(ctx.formData, QUERY_B_SUFFIX) }),
  };
}

const QUERY_CONTROLS: Record<string, ControlConfig> = {
  metrics: sharedControls.metrics,
  groupby: sharedControls.groupby,
  adhoc_filters: sharedControls.adhoc_filters,
  limit: { ...sharedControls.series_limit, label: 'Series limit' },
  timeseries_limit_metric: sharedControls.series_limit_metric,
  order_desc: { ...sharedControls.order_desc, label: 'Sort Descending' },
  row_limit: { ...sharedControls.row_limit, default: 10000 },
  truncate_metric: sharedControls.truncate_metric,
};
const QUERY_ROWS = Object.keys(QUERY_CONTROLS);

const ANALYTICS_ROWS = [
  ['rolling_type'],
  ['rolling_periods', 'min_periods'],
  ['time_compare', 'comparison_type'],
  ['resample_rule', 'resample_method'],
];

function seriesControls(suffix: string): Record<string, ControlConfig> {
  const s = (name: string) => `${name}${suffix}`;
  return {
    [s('seriesType')]: {
      type: 'SelectControl',
      label: 'Series type',
      default: 'line',
      choices: MIXED_SERIES_TYPES,
      renderTrigger: true,
      description: 'Series chart type (line, bar etc)',
    },
    [s('stack')]: checkbox('Stack series', false, 'Stack series on top of each other'),
    [s('area')]: checkbox('Area chart', false, 'Draw area under curves. Only applicable for line types.'),
    [s('show_value')]: checkbox('Show Values', false, 'Whether to display the numerical values within the cells'),
    [s('only_total')]: checkbox(
      'Only Total',
      true,
      'Only show the total value on the stacked chart, and not show on the selected category',
      {
        visibility: ({ formData }) => Boolean(formData[s('show_value')]) && Boolean(formData[s('stack')]),
      },
    ),
    [s('opacity')]: {
      type: 'SliderControl',
      label: 'Opacity',
      default: 0.2,
      min: 0,
      max: 1,
      step: 0.1,
      renderTrigger: true,
      description: 'Opacity of area chart.',
    },
    [s('markerEnabled')]: checkbox('Marker', false, 'Draw a marker on data points. Only applicable for line types.'),
    [s('markerSize')]: {
      type: 'SliderControl',
      label: 'Marker size',
      default: 6,
      min: 0,
      max: 100,
      renderTrigger: true,
      description: 'Size of marker. Also applies to forecast observations.',
    },
    [s('yAxisIndex')]: {
      type: 'SelectControl',
      label: 'Y Axis',
      default: 0,
      clearable: false,
      choices: [
        [0, 'Primary'],
        [1, 'Secondary'],
      ],
      renderTrigger: true,
      description: 'Primary or secondary y-axis',
    },
    [s('sort_series_type')]: {
      type: 'SelectControl',
      label: 'Sort Series By',
      default: 'sum',
      choices: SORT_SERIES_CHOICES,
      renderTrigger: true,
      description: 'Based on what should series be ordered on the chart and legend',
    },
    [s('sort_series_ascending')]: checkbox('Sort Series Ascending', false, 'Sort series in ascending order'),
  };
}

const CHART_CONTROLS: Record<string, ControlConfig> = {
  ...axisTitleControls,
  zoomable: checkbox('Data Zoom', false, 'Enable data zooming controls'),
  minorTicks: checkbox('Minor ticks', false, 'Show minor ticks on axes.'),
  xAxisLabelRotation: sharedControls.xAxisLabelRotation,
  ...X_AXIS_BOUNDS_CONTROLS,
  tooltipSortByMetric: sharedControls.tooltipSortByMetric,
  tooltipTimeFormat: sharedControls.tooltipTimeFormat,
  show_query_identifiers: checkbox(
    'Show query identifiers',
    false,
    'Adds Query A and Query B identifiers to metrics to help differentiate series',
    { visibility: ({ formData }) => formData.rich_tooltip !== false },
  ),
  minorSplitLine: checkbox('Minor Split Line', false, 'Draw split lines for minor y-axis ticks'),
  truncateYAxis: checkbox('Truncate Y Axis', false, 'Truncate Y Axis. Can be overridden by specifying a min or max bound.'),
  y_axis_bounds: {
    type: 'BoundsControl',
    label: 'Primary y-axis Bounds',
    default: [null, null],
    renderTrigger: true,
    description: 'Bounds for the primary Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data.',
  },
  y_axis_format: { ...sharedControls.y_axis_format, label: 'Primary y-axis format' },
  logAxis: checkbox('Logarithmic y-axis', false, 'Logarithmic scale on primary y-axis'),
  y_axis_bounds_secondary: {
    type: 'BoundsControl',
    label: 'Secondary y-axis Bounds',
    default: [null, null],
    renderTrigger: true,
    description: 'Bounds for the secondary Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data.',
  },
  y_axis_format_secondary: { ...sharedControls.y_axis_format, label: 'Secondary y-axis format' },
  currency_format_secondary: { ...sharedControls.currency_format, label: 'Secondary currency format' },
  yAxisTitleSecondary: { type: 'TextControl', label: 'Secondary y-axis title', default: '', renderTrigger: true },
  logAxisSecondary: checkbox('Logarithmic y-axis', false, 'Logarithmic scale on secondary y-axis'),
};

const suffixRows = (rows: string[][], suffix: string) => rows.map((row) => row.map((name) => `${name}${suffix}`));

function querySection(label: string, suffix: string): ControlPanelSection {
  return { label, expanded: true, tab: 'data', controlSetRows: QUERY_ROWS.map((name) => [`${name}${suffix}`]) };
}

function analyticsSection(label: string, suffix: string): ControlPanelSection {
  return {
    label,
    description: 'Post processing of the query results: rolling windows, time comparison and resampling',
    tab: 'data',
    controlSetRows: suffixRows(ANALYTICS_ROWS, suffix),
  };
}

const SERIES_ROWS = Object.keys(seriesControls('')).map((name) => [name]);

function queryBControls(): Record<string, ControlConfig> {
  const out: Record<string, ControlConfig> = {};
  for (const [name, config] of Object.entries(QUERY_CONTROLS)) out[`${name}${QUERY_B_SUFFIX}`] = forQueryB(config);
  for (const name of ANALYTICS_ROWS.flat()) out[`${name}${QUERY_B_SUFFIX}`] = forQueryB(sharedControls[name]);
  return out;
}

export const mixedTimeseriesControlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Shared query fields', expanded: true, tab: 'data', controlSetRows: [['x_axis'], ['time_grain_sqla']] },
    querySection('Query A', ''),
    analyticsSection('Advanced analytics Query A', ''),
    querySection('Query B', QUERY_B_SUFFIX),
    analyticsSection('Advanced analytics Query B', QUERY_B_SUFFIX),
    { label: 'Annotations and Layers', tab: 'data', controlSetRows: [['annotation_layers']] },
    {
      label: 'Chart Title',
      tab: 'customize',
      controlSetRows: [['x_axis_title'], ['x_axis_title_margin'], ['y_axis_title'], ['y_axis_title_margin'], ['y_axis_title_position']],
    },
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [['color_scheme'], ['zoomable'], ['minorTicks']] },
    { label: 'Query A', tab: 'customize', controlSetRows: SERIES_ROWS },
    { label: 'Query B', tab: 'customize', controlSetRows: suffixRows(SERIES_ROWS, CUSTOMIZE_B_SUFFIX) },
    { label: 'Legend', tab: 'customize', controlSetRows: [['show_legend'], ['legendType', 'legendOrientation']] },
    {
      label: 'X Axis',
      tab: 'customize',
      controlSetRows: [['x_axis_time_format'], ['xAxisLabelRotation'], ['truncateXAxis'], ['xAxisBounds']],
    },
    {
      label: 'Tooltip',
      tab: 'customize',
      controlSetRows: [['rich_tooltip'], ['tooltipSortByMetric'], ['tooltipTimeFormat'], ['show_query_identifiers']],
    },
    {
      label: 'Y Axis',
      tab: 'customize',
      controlSetRows: [
        ['minorSplitLine'],
        ['truncateYAxis'],
        ['y_axis_bounds'],
        ['y_axis_format'],
        ['currency_format'],
        ['logAxis'],
        ['y_axis_bounds_secondary'],
        ['y_axis_format_secondary'],
        ['currency_format_secondary'],
        ['yAxisTitleSecondary'],
        ['logAxisSecondary'],
      ],
    },
  ],
  controls: {
    ...QUERY_CONTROLS,
    ...queryBControls(),
    ...seriesControls(''),
    ...seriesControls(CUSTOMIZE_B_SUFFIX),
    ...CHART_CONTROLS,
  },
};
