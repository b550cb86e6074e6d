/**
 * The timeseries family's control panel. The members share the query, advanced analytics and axis
 * controls; each shows the chart options that mean something for its series style (markers for
 * lines, orientation for bars, streams for areas). Control names are the BI server's form-data keys.
 */
import type { ChoiceList, ControlConfig, ControlContext, ControlPanelConfig, ControlPanelSection } from '../types.js';
import { ensureArray, metricLabelOf, xAxisLabel } from '../buildQueryHelpers.js';
import type { QueryMetric } from '../../api/chartData.js';
import { sharedControls, checkboxControl as checkbox, axisTitleControls } from '../sharedControls.js';

/** What a member of the family offers beyond the common controls. */
export interface TimeseriesVariant {
  /** the "Series style" choices and default (generic and step charts) */
  seriesTypes?: { choices: ChoiceList; default: string };
  /** "Area chart" checkbox (line types); area charts always fill */
  areaToggle?: boolean;
  /** fill opacity; for area charts it is always shown */
  opacity?: 'withArea' | 'always';
  /** "Marker" checkbox and marker size */
  markers?: boolean;
  /** marker size without the checkbox (scatter plots always draw markers) */
  markerSizeOnly?: boolean;
  /** stacking choices (null = no stacking) */
  stackChoices?: ChoiceList;
  /** bar orientation */
  orientation?: boolean;
  /** default fill opacity */
  opacityDefault?: number;
}

export const STACK_CHOICES: ChoiceList = [
  [null, 'None'],
  ['Stack', 'Stack'],
  ['Stream', 'Stream'],
];
/** Area charts can also stack to 100 % ("Expand"), as the BI server offers it. */
export const AREA_STACK_CHOICES: ChoiceList = [...STACK_CHOICES, ['Expand', 'Expand']];

/** How the series are ordered in the chart, the legend and the stack. */
export const SERIES_ORDER_CHOICES: ChoiceList = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

/** The x axis bounds apply to a numeric x axis (a time or category axis has its own range). */
const xAxisNumeric = ({ formData, datasource }: ControlContext): boolean => {
  const x = xAxisLabel(formData);
  if (x === null) return false;
  const column = datasource?.columns.find((c) => c.column_name === x);
  return column?.type_generic === 0;
};

/** Controls every member has. */
/** The x axis sort applies to a categorical axis without dimensions (as the BI server offers it). */
const xAxisSortable = ({ formData, datasource }: ControlContext): boolean => {
  const x = xAxisLabel(formData);
  if (x === null || ensureArray(formData.groupby).length > 0) return false;
  const column = datasource?.columns.find((c) => c.column_name === x);
  return !column?.is_dttm;
};

/**
 * A numeric x axis's range (`truncateXAxis`, `xAxisBounds`): the timeseries family's and the mixed
 * chart's, drawn by the same code (web timeseries `numericXRange`).
 */
export const X_AXIS_BOUNDS_CONTROLS: Record<string, ControlConfig> = {
  truncateXAxis: checkbox(
    'Truncate X Axis',
    true,
    'Truncate X Axis. Can be overridden by specifying a min or max bound. Only applicable for numerical X axis.',
    {
      visibility: xAxisNumeric,
    },
  ),
  xAxisBounds: {
    type: 'BoundsControl',
    label: 'X Axis Bounds',
    default: [null, null],
    renderTrigger: true,
    visibility: (ctx) => xAxisNumeric(ctx) && ctx.formData.truncateXAxis !== false,
    description:
      'Bounds for numerical X axis. Not applicable for temporal or categorical axes. When left empty, the bounds are dynamically ' +
      "defined based on the min/max of the data. Note that this feature will only expand the axis range. It won't narrow the data's extent.",
  },
};

const COMMON: Record<string, ControlConfig> = {
  x_axis_sort: {
    type: 'SelectControl',
    label: 'X-axis sort by',
    description: 'What orders the x axis: its own values, or one of the metrics.',
    default: null,
    clearable: true,
    choices: ({ formData }) => {
      const x = xAxisLabel(formData);
      const metrics = ensureArray<QueryMetric>(formData.metrics).map(metricLabelOf);
      return [...(x === null ? [] : [x]), ...metrics].map((v): [string, string] => [v, v]);
    },
    visibility: xAxisSortable,
  },
  x_axis_sort_asc: {
    type: 'CheckboxControl',
    label: 'X-axis sort ascending',
    description: 'Smallest first; off sorts from the largest.',
    default: true,
    visibility: xAxisSortable,
  },
  show_empty_columns: {
    type: 'CheckboxControl',
    label: 'Show empty columns',
    default: true,
    description: 'Keep series that have no value at any point of the x axis',
  },
  ...axisTitleControls,
  show_value: checkbox('Show value', false, 'Show series values on the chart'),
  zoomable: checkbox('Data zoom', false, 'Enable data zooming controls'),
  xAxisLabelRotation: sharedControls.xAxisLabelRotation,
  tooltipSortByMetric: sharedControls.tooltipSortByMetric,
  tooltipTimeFormat: sharedControls.tooltipTimeFormat,
  logAxis: checkbox('Logarithmic y-axis', false, 'Logarithmic y-axis'),
  minorSplitLine: checkbox('Minor split line', false, 'Draw split lines for minor y-axis ticks'),
  truncateYAxis: checkbox('Truncate Y axis', false, 'Truncate Y Axis. Can be overridden by specifying a min or max bound.'),
  sort_series_type: {
    type: 'SelectControl',
    label: 'Sort Series By',
    default: 'sum',
    choices: SERIES_ORDER_CHOICES,
    renderTrigger: true,
    description: 'Based on what should series be ordered on the chart and legend',
  },
  sort_series_ascending: checkbox('Sort Series Ascending', false, 'Sort series in ascending order'),
  ...X_AXIS_BOUNDS_CONTROLS,
  y_axis_bounds: {
    type: 'BoundsControl',
    label: 'Y axis bounds',
    default: [null, null],
    renderTrigger: true,
    visibility: ({ formData }) => formData.truncateYAxis === true,
    description:
      'Bounds for the Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data. ' +
      "This only expands the axis range; it won't narrow the data's extent.",
  },
};

function optionControls(v: TimeseriesVariant): Record<string, ControlConfig> {
  const out: Record<string, ControlConfig> = {};
  if (v.seriesTypes) {
    out.seriesType = {
      type: 'SelectControl',
      label: 'Series style',
      default: v.seriesTypes.default,
      choices: v.seriesTypes.choices,
      renderTrigger: true,
      description: 'Series chart type (line, bar etc)',
    };
  }
  if (v.stackChoices) {
    out.stack = {
      type: 'SelectControl',
      label: 'Stacked style',
      default: null,
      clearable: true,
      choices: v.stackChoices,
      renderTrigger: true,
      description: 'Stack series on top of each other',
    };
    out.only_total = checkbox('Only total', true, 'Only show the total value on the stacked chart, and not show on the selected category', {
      visibility: ({ formData }) => Boolean(formData.show_value) && Boolean(formData.stack),
    });
  }
  if (v.areaToggle) out.area = checkbox('Area chart', false, 'Draw area under curves. Only applicable for line types.');
  if (v.opacity) {
    out.opacity = {
      type: 'SliderControl',
      label: 'Area chart opacity',
      default: v.opacityDefault ?? 0.2,
      min: 0,
      max: 1,
      step: 0.1,
      renderTrigger: true,
      description: 'Opacity of area chart',
      ...(v.opacity === 'withArea' ? { visibility: ({ formData }) => formData.area === true } : {}),
    };
  }
  if (v.markers) out.markerEnabled = checkbox('Marker', false, 'Draw a marker on data points. Only applicable for line types.');
  if (v.markers || v.markerSizeOnly) {
    out.markerSize = {
      type: 'SliderControl',
      label: 'Marker size',
      default: 6,
      min: 0,
      max: 20,
      renderTrigger: true,
      description: 'Size of marker',
      ...(v.markers ? { visibility: ({ formData }) => formData.markerEnabled === true } : {}),
    };
  }
  if (v.orientation) {
    out.orientation = {
      type: 'SelectControl',
      label: 'Bar orientation',
      default: 'vertical',
      choices: [
        ['vertical', 'Vertical'],
        ['horizontal', 'Horizontal'],
      ],
      renderTrigger: true,
      description: 'Orientation of bar chart',
    };
  }
  return out;
}

const QUERY_SECTION: ControlPanelSection = {
  label: 'Query',
  expanded: true,
  tab: 'data',
  controlSetRows: [
    ['x_axis'],
    ['x_axis_sort', 'x_axis_sort_asc'],
    ['time_grain_sqla'],
    ['metrics'],
    ['groupby'],
    ['contributionMode'],
    ['adhoc_filters'],
    ['series_limit'],
    ['series_limit_metric'],
    ['order_desc'],
    ['row_limit'],
    ['truncate_metric'],
    ['show_empty_columns'],
  ],
};

export const ADVANCED_ANALYTICS_SECTION: ControlPanelSection = {
  label: 'Advanced analytics',
  description: 'Post processing of the query results: rolling windows, time comparison and resampling',
  tab: 'data',
  controlSetRows: [
    ['rolling_type'],
    ['rolling_periods', 'min_periods'],
    ['time_compare', 'comparison_type'],
    ['resample_rule', 'resample_method'],
  ],
};

export function timeseriesControlPanel(v: TimeseriesVariant): ControlPanelConfig {
  const controls = { ...COMMON, ...optionControls(v) };
  const optionRows = ['seriesType', 'orientation', 'show_value', 'stack', 'only_total', 'area', 'opacity', 'markerEnabled', 'markerSize']
    .filter((name) => name in controls)
    .map((name) => [name]);
  return {
    sections: [
      QUERY_SECTION,
      ADVANCED_ANALYTICS_SECTION,
      { label: 'Annotations and layers', tab: 'data', controlSetRows: [['annotation_layers']] },
      {
        label: 'Chart title',
        tab: 'customize',
        controlSetRows: [['x_axis_title'], ['x_axis_title_margin'], ['y_axis_title'], ['y_axis_title_margin'], ['y_axis_title_position']],
      },
      { label: 'Chart options', expanded: true, tab: 'customize', controlSetRows: [['color_scheme'], ...optionRows, ['zoomable']] },
      { label: 'Series Order', tab: 'customize', controlSetRows: [['sort_series_type'], ['sort_series_ascending']] },
      { label: 'Legend', tab: 'customize', controlSetRows: [['show_legend'], ['legendType', 'legendOrientation']] },
      {
        label: 'X axis',
        tab: 'customize',
        controlSetRows: [['x_axis_time_format'], ['xAxisLabelRotation'], ['truncateXAxis'], ['xAxisBounds']],
      },
      { label: 'Tooltip', tab: 'customize', controlSetRows: [['rich_tooltip'], ['tooltipSortByMetric'], ['tooltipTimeFormat']] },
      {
        label: 'Y axis',
        tab: 'customize',
        controlSetRows: [['y_axis_format'], ['currency_format'], ['logAxis'], ['minorSplitLine'], ['truncateYAxis'], ['y_axis_bounds']],
      },
    ],
    controls,
  };
}
