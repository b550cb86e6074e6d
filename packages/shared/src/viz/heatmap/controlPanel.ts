/** The heatmap's control panel (the BI server's names): x axis, one y dimension, one metric, colours. */
import { sharedControls, checkboxControl as checkbox } from '../sharedControls.js';
import { DEFAULT_SEQUENTIAL_SCHEME } from '../../colors/schemes.js';
import type { ChoiceList, ControlConfig, ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';

export const SORT_AXIS_CHOICES: ChoiceList = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
];

const intervals: ChoiceList = [[-1, 'Auto'], ...Array.from({ length: 50 }, (_, i): [number, string] => [i + 1, String(i + 1)])];
const margins: ChoiceList = [['auto', 'Auto'], ...[50, 75, 100, 125, 150, 200].map((n): [number, string] => [n, String(n)])];

const controls: Record<string, ControlConfig> = {
  groupby: {
    ...sharedControls.groupby,
    type: 'ColumnControl',
    multi: false,
    label: 'Y-Axis',
    default: null,
    description: 'Dimension to use on y-axis.',
    validators: [validateNonEmpty],
  },
  sort_x_axis: { type: 'SelectControl', label: 'Sort X Axis', default: 'alpha_asc', clearable: false, choices: SORT_AXIS_CHOICES },
  sort_y_axis: { type: 'SelectControl', label: 'Sort Y Axis', default: 'alpha_asc', clearable: false, choices: SORT_AXIS_CHOICES },
  normalize_across: {
    type: 'SelectControl',
    label: 'Normalize Across',
    default: 'heatmap',
    choices: [
      ['heatmap', 'heatmap'],
      ['x', 'x'],
      ['y', 'y'],
    ],
    description:
      'Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range: ' +
      'x: within each column; y: within each row; heatmap: across the entire heatmap.',
  },
  legend_type: {
    type: 'SelectControl',
    label: 'Legend Type',
    default: 'continuous',
    clearable: false,
    renderTrigger: true,
    choices: [
      ['continuous', 'Continuous'],
      ['piecewise', 'Piecewise'],
    ],
  },
  linear_color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Linear Color Scheme',
    default: DEFAULT_SEQUENTIAL_SCHEME,
    schemeType: 'sequential',
    renderTrigger: true,
    description: 'The color scheme for rendering chart',
  },
  xscale_interval: {
    type: 'SelectControl',
    label: 'XScale Interval',
    default: -1,
    clearable: false,
    choices: intervals,
    renderTrigger: true,
    description: 'Number of steps to take between ticks when displaying the X scale',
  },
  yscale_interval: {
    type: 'SelectControl',
    label: 'YScale Interval',
    default: -1,
    clearable: false,
    choices: intervals,
    renderTrigger: true,
    description: 'Number of steps to take between ticks when displaying the Y scale',
  },
  left_margin: {
    type: 'SelectControl',
    label: 'Left Margin',
    default: 'auto',
    freeForm: true,
    clearable: false,
    choices: margins,
    renderTrigger: true,
    description: 'Left margin, in pixels, allowing for more room for axis labels',
  },
  bottom_margin: {
    type: 'SelectControl',
    label: 'Bottom Margin',
    default: 'auto',
    freeForm: true,
    clearable: false,
    choices: margins,
    renderTrigger: true,
    description: 'Bottom margin, in pixels, allowing for more room for axis labels',
  },
  value_bounds: {
    type: 'BoundsControl',
    label: 'Value bounds',
    default: [null, null],
    renderTrigger: true,
    description: 'Hard value bounds applied for color coding.',
  },
  y_axis_format: { ...sharedControls.y_axis_format, label: 'Value Format' },
  xAxisLabelRotation: sharedControls.xAxisLabelRotation,
  show_legend: checkbox('Legend', true, 'Whether to display the legend (toggles)'),
  show_percentage: checkbox('Show percentage', true, 'Whether to include the percentage in the tooltip'),
  show_values: checkbox('Show Values', false, 'Whether to display the numerical values within the cells'),
  normalized: checkbox('Normalized', false, 'Whether to apply a normal distribution based on rank on the color scale'),
};

export const heatmapControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['x_axis'],
        ['time_grain_sqla'],
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        ['row_limit'],
        ['sort_x_axis'],
        ['sort_y_axis'],
        ['normalize_across'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['legend_type'],
        ['linear_color_scheme'],
        ['xscale_interval'],
        ['yscale_interval'],
        ['left_margin'],
        ['bottom_margin'],
        ['value_bounds'],
        ['y_axis_format'],
        ['currency_format'],
        ['x_axis_time_format'],
        ['xAxisLabelRotation'],
        ['show_legend'],
        ['show_percentage'],
        ['show_values'],
        ['normalized'],
      ],
    },
  ],
  controls,
};
