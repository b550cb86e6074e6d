/** The bubble chart's control panel (the BI server's names): entity, series, x, y and size metrics. */
import { sharedControls, checkboxControl } from '../sharedControls.js';
import type { ChoiceList, ControlConfig, ControlPanelConfig } from '../types.js';
import { validateNonEmpty } from '../validators.js';

const TITLE_MARGINS: ChoiceList = [15, 30, 50, 75, 100, 125, 150, 200].map((n) => [n, String(n)]);

const metric = (label: string, description: string): ControlConfig => ({ ...sharedControls.metric, label, description });
const checkbox = (label: string, description: string): ControlConfig => checkboxControl(label, false, description);
const rotation = (choices: ChoiceList): ControlConfig => ({
  type: 'SelectControl',
  label: 'Rotate axis label',
  default: 0,
  freeForm: true,
  clearable: false,
  choices,
  renderTrigger: true,
  description: 'Input field supports custom rotation. e.g. 30 for 30°',
});

const controls: Record<string, ControlConfig> = {
  series: {
    type: 'ColumnControl',
    label: 'Dimension',
    columnFilter: 'groupable',
    default: null,
    clearable: true,
    description: 'Defines the grouping of entities. Each series is represented by a specific color in the chart.',
  },
  entity: {
    type: 'ColumnControl',
    label: 'Entity',
    columnFilter: 'groupable',
    default: null,
    validators: [validateNonEmpty],
    description: 'This defines the element to be plotted on the chart',
  },
  x: metric('X Axis', "The dataset's column or metric on the horizontal axis"),
  y: metric('Y Axis', "The dataset's column or metric on the vertical axis"),
  size: metric('Bubble Size', 'Metric used to calculate bubble size'),
  orderby: { ...sharedControls.series_limit_metric, label: 'Sort by', description: 'Metric used to order the rows the row limit keeps.' },
  order_desc: { ...sharedControls.order_desc, visibility: ({ formData }) => Boolean(formData.orderby) },
  max_bubble_size: {
    type: 'SelectControl',
    label: 'Max Bubble Size',
    default: '25',
    freeForm: true,
    renderTrigger: true,
    choices: ['5', '10', '15', '25', '50', '75', '100'].map((v) => [v, v]),
  },
  tooltipSizeFormat: { ...sharedControls.y_axis_format, label: 'Bubble size number format' },
  opacity: {
    type: 'SliderControl',
    label: 'Bubble Opacity',
    default: 0.6,
    min: 0,
    max: 1,
    step: 0.1,
    renderTrigger: true,
    description: 'Opacity of bubbles, 0 means completely transparent, 1 means opaque',
  },
  x_axis_label: { type: 'TextControl', label: 'X Axis Title', default: '', renderTrigger: true },
  xAxisLabelRotation: rotation([
    [0, '0°'],
    [45, '45°'],
    [90, '90°'],
  ]),
  x_axis_title_margin: { type: 'SelectControl', label: 'X Axis Title Margin', default: 30, choices: TITLE_MARGINS, renderTrigger: true },
  xAxisFormat: { ...sharedControls.y_axis_format, label: 'X Axis Format' },
  logXAxis: checkbox('Logarithmic x-axis', 'Logarithmic x-axis'),
  y_axis_label: { type: 'TextControl', label: 'Y Axis Title', default: '', renderTrigger: true },
  yAxisLabelRotation: rotation([
    [0, '0°'],
    [45, '45°'],
  ]),
  y_axis_title_margin: { type: 'SelectControl', label: 'Y Axis Title Margin', default: 30, choices: TITLE_MARGINS, renderTrigger: true },
  logYAxis: checkbox('Logarithmic y-axis', 'Logarithmic y-axis'),
  truncateXAxis: checkbox('Truncate X Axis', 'Truncate X Axis. Can be overridden by specifying a min or max bound.'),
  x_axis_bounds: {
    type: 'BoundsControl',
    label: 'X Axis Bounds',
    default: [null, null],
    renderTrigger: true,
    visibility: ({ formData }) => formData.truncateXAxis === true,
    description: 'Bounds for the X-axis. Empty bounds follow the data.',
  },
  truncateYAxis: checkbox('Truncate Y Axis', 'Truncate Y Axis. Can be overridden by specifying a min or max bound.'),
  y_axis_bounds: {
    type: 'BoundsControl',
    label: 'Y Axis Bounds',
    default: [null, null],
    renderTrigger: true,
    visibility: ({ formData }) => formData.truncateYAxis === true,
    description: 'Bounds for the Y-axis. Empty bounds follow the data.',
  },
};

export const bubbleControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['series'], ['entity'], ['x'], ['y'], ['adhoc_filters'], ['size'], ['orderby'], ['order_desc'], ['row_limit']],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        ['show_legend'],
        ['legendType', 'legendOrientation'],
        ['max_bubble_size'],
        ['tooltipSizeFormat'],
        ['opacity'],
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['x_axis_label'], ['xAxisLabelRotation'], ['x_axis_title_margin'], ['xAxisFormat'], ['logXAxis']],
    },
    {
      label: 'Y Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['y_axis_label'],
        ['yAxisLabelRotation'],
        ['y_axis_title_margin'],
        ['y_axis_format'],
        ['logYAxis'],
        ['truncateXAxis'],
        ['x_axis_bounds'],
        ['truncateYAxis'],
        ['y_axis_bounds'],
      ],
    },
  ],
  controls,
};
