/** The histogram's control panel (the BI server's names): a numeric column, dimensions, bins. */
import { NUMBER_FORMAT_OPTIONS } from '../../format/options.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';
import { validateInteger, validateNonEmpty } from '../validators.js';

const format = (label: string): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  default: NUMBER_FORMAT_OPTIONS[0][0],
  choices: NUMBER_FORMAT_OPTIONS,
  renderTrigger: true,
  description: 'D3 format syntax: https://github.com/d3/d3-format',
});

const controls: Record<string, ControlConfig> = {
  column: {
    type: 'ColumnControl',
    label: 'Column',
    columnFilter: 'numeric',
    default: null,
    validators: [validateNonEmpty],
    description: 'Numeric column used to calculate the histogram.',
  },
  bins: {
    type: 'SelectControl',
    label: 'Bins',
    freeForm: true,
    default: 5,
    choices: [5, 10, 15, 20].map((n) => [n, String(n)]),
    validators: [validateInteger],
    description: 'The number of bins for the histogram',
  },
  normalize: {
    type: 'CheckboxControl',
    label: 'Normalize',
    default: false,
    description:
      "Divides each bin's count by the total count of data points, so the bins sum up to 1 and distributions of different sizes compare.",
  },
  cumulative: {
    type: 'CheckboxControl',
    label: 'Cumulative',
    default: false,
    description: 'Each bar shows the running total of frequencies up to its bin: how likely a value falls below that point.',
  },
  show_value: {
    type: 'CheckboxControl',
    label: 'Show Value',
    default: false,
    renderTrigger: true,
    description: 'Show series values on the chart',
  },
  show_legend: sharedControls.show_legend,
  x_axis_title: { type: 'TextControl', label: 'X Axis Title', default: '', renderTrigger: true },
  x_axis_format: format('X Axis Format'),
  y_axis_title: { type: 'TextControl', label: 'Y Axis Title', default: '', renderTrigger: true },
  y_axis_format: format('Y Axis Format'),
};

export const histogramControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['column'], ['groupby'], ['adhoc_filters'], ['row_limit'], ['bins'], ['normalize'], ['cumulative']],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        ['show_value'],
        ['show_legend'],
        ['x_axis_title'],
        ['x_axis_format'],
        ['y_axis_title'],
        ['y_axis_format'],
      ],
    },
  ],
  controls,
};
