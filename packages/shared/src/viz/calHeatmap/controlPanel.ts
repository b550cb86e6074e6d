/**
 * The calendar heatmap's control panel (the BI server's legacy calendar): the time column and the
 * metrics, the domain (one block: a month, a week …) and the subdomain (one cell: a day, an hour …).
 */
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { DEFAULT_SEQUENTIAL_SCHEME } from '../../colors/schemes.js';
import { sharedControls, checkboxControl as checkbox } from '../sharedControls.js';
import type { ChoiceList, ControlConfig, ControlPanelConfig } from '../types.js';
import { validateInteger, validateNonEmpty } from '../validators.js';

export const DOMAIN_GRANULARITIES: ChoiceList = ['hour', 'day', 'week', 'month', 'year'].map((v) => [v, v]);
export const SUBDOMAIN_GRANULARITIES: ChoiceList = ['min', 'hour', 'day', 'week', 'month'].map((v) => [v, v]);

const int = (label: string, def: number, description: string): ControlConfig => ({
  type: 'TextControl',
  label,
  isInt: true,
  default: def,
  renderTrigger: true,
  validators: [validateInteger],
  description,
});
const controls: Record<string, ControlConfig> = {
  granularity_sqla: {
    type: 'ColumnControl',
    label: 'Time Column',
    columnFilter: 'temporal',
    default: null,
    validators: [validateNonEmpty],
    description: 'The time column the calendar lays out.',
  },
  domain_granularity: {
    type: 'SelectControl',
    label: 'Domain',
    default: 'month',
    clearable: false,
    choices: DOMAIN_GRANULARITIES,
    description: 'The time unit used for the grouping of blocks',
  },
  subdomain_granularity: {
    type: 'SelectControl',
    label: 'Subdomain',
    default: 'day',
    clearable: false,
    choices: SUBDOMAIN_GRANULARITIES,
    description: 'The time unit for each block. Should be a smaller unit than domain_granularity. Should be larger or equal to Time Grain',
  },
  linear_color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Linear Color Scheme',
    default: DEFAULT_SEQUENTIAL_SCHEME,
    schemeType: 'sequential',
    renderTrigger: true,
  },
  cell_size: int('Cell Size', 10, 'The size of the square cell, in pixels'),
  cell_padding: int('Cell Padding', 2, 'The distance between cells, in pixels'),
  cell_radius: int('Cell Radius', 0, 'The pixel radius'),
  steps: int('Color Steps', 10, 'The number color "steps"'),
  y_axis_format: {
    type: 'SelectControl',
    label: 'Number Format',
    freeForm: true,
    default: NUMBER_FORMAT_OPTIONS[0][0],
    choices: NUMBER_FORMAT_OPTIONS,
    renderTrigger: true,
    description: 'D3 format syntax: https://github.com/d3/d3-format',
  },
  x_axis_time_format: {
    ...sharedControls.x_axis_time_format,
    default: TIME_FORMAT_OPTIONS[0][0],
  },
  show_legend: checkbox('Legend', true, 'Whether to display the legend (toggles)'),
  show_values: checkbox('Show Values', false, 'Whether to display the numerical values within the cells'),
  show_metric_name: checkbox('Show Metric Names', true, 'Whether to display the metric name as a title'),
};

export const calHeatmapControlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Time', expanded: true, tab: 'data', controlSetRows: [['granularity_sqla']] },
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['domain_granularity', 'subdomain_granularity'], ['metrics'], ['adhoc_filters']],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['linear_color_scheme'],
        ['cell_size', 'cell_padding'],
        ['cell_radius', 'steps'],
        ['y_axis_format', 'x_axis_time_format'],
        ['show_legend', 'show_values'],
        ['show_metric_name'],
      ],
    },
  ],
  controls,
};
