/**
 * The waterfall's control panel (the BI server's names): x axis, one breakdown, one metric; the
 * colours and legend labels of increases, decreases and totals.
 */
import { TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';

/** The BI server's default colours: green increases, red decreases, grey totals. */
export const WATERFALL_COLORS = {
  increase: { r: 90, g: 193, b: 137, a: 1 },
  decrease: { r: 224, g: 67, b: 85, a: 1 },
  total: { r: 102, g: 102, b: 102, a: 1 },
} as const;

const color = (label: string, def: object, description: string): ControlConfig => ({
  type: 'ColorPickerControl',
  label,
  default: def,
  renderTrigger: true,
  description,
});
const text = (label: string, description: string): ControlConfig => ({ type: 'TextControl', label, renderTrigger: true, description });

const controls: Record<string, ControlConfig> = {
  groupby: {
    ...sharedControls.groupby,
    type: 'ColumnControl',
    label: 'Breakdowns',
    multi: false,
    default: null,
    description: 'Breaks down the series by the category specified in this control: how each category affects the overall value.',
  },
  show_value: {
    type: 'CheckboxControl',
    label: 'Show Value',
    default: false,
    renderTrigger: true,
    description: 'Show series values on the chart',
  },
  show_legend: { ...sharedControls.show_legend, default: false },
  increase_color: color('Increase color', WATERFALL_COLORS.increase, 'The color used for values that indicate an increase in the chart'),
  increase_label: text('Increase label', 'The label of increasing values in the tooltips and the legend.'),
  decrease_color: color('Decrease color', WATERFALL_COLORS.decrease, 'The color used for values that indicate a decrease in the chart.'),
  decrease_label: text('Decrease label', 'The label of decreasing values in the tooltips and the legend.'),
  show_total: {
    type: 'CheckboxControl',
    label: 'Show total',
    default: true,
    renderTrigger: true,
    description: 'Display cumulative total at end',
  },
  total_color: color('Total color', WATERFALL_COLORS.total, 'The color used for total bars in the chart'),
  total_label: text('Total label', 'The label of total values in the tooltips, the legend and the axis.'),
  x_axis_label: { type: 'TextControl', label: 'X Axis Label', default: '', renderTrigger: true },
  x_axis_time_format: {
    ...sharedControls.x_axis_time_format,
    default: TIME_FORMAT_OPTIONS[0][0],
  },
  x_ticks_layout: sharedControls.x_ticks_layout,
  y_axis_label: { type: 'TextControl', label: 'Y Axis Label', default: '', renderTrigger: true },
};

export const waterfallControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['x_axis'], ['time_grain_sqla'], ['groupby'], ['metric'], ['adhoc_filters'], ['row_limit']],
    },
    { label: 'Chart Options', expanded: true, tab: 'customize', controlSetRows: [['show_value'], ['show_legend']] },
    {
      label: 'Series settings',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['increase_color', 'increase_label'],
        ['decrease_color', 'decrease_label'],
        ['show_total'],
        ['total_color', 'total_label'],
      ],
    },
    { label: 'X Axis', expanded: true, tab: 'customize', controlSetRows: [['x_axis_label'], ['x_axis_time_format'], ['x_ticks_layout']] },
    { label: 'Y Axis', expanded: true, tab: 'customize', controlSetRows: [['y_axis_label'], ['y_axis_format'], ['currency_format']] },
  ],
  controls,
};
