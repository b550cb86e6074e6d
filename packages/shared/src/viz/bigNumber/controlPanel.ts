/** The big number control panels: the number's metric and look; the trendline adds its time axis. */
import { TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { ADVANCED_ANALYTICS_SECTION } from '../timeseries/controlPanel.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';
import { validateInteger } from '../validators.js';
import { checkboxControl as checkbox } from '../sharedControls.js';

/** The spec's default picker colour (section 9). */
export const DEFAULT_PICKER_COLOR = { r: 0, g: 122, b: 135, a: 1 } as const;

/** Font sizes are proportions of the chart's height. */
const DISPLAY_CONTROLS: Record<string, ControlConfig> = {
  header_font_size: {
    type: 'SelectControl',
    label: 'Big number font size',
    default: 0.4,
    clearable: false,
    renderTrigger: true,
    choices: [
      [0.2, 'Tiny'],
      [0.3, 'Small'],
      [0.4, 'Normal'],
      [0.5, 'Large'],
      [0.6, 'Huge'],
    ],
  },
  subheader_font_size: {
    type: 'SelectControl',
    label: 'Subheader font size',
    default: 0.15,
    clearable: false,
    renderTrigger: true,
    choices: [
      [0.125, 'Tiny'],
      [0.15, 'Small'],
      [0.2, 'Normal'],
      [0.3, 'Large'],
      [0.4, 'Huge'],
    ],
  },
  time_format: {
    type: 'SelectControl',
    label: 'Date format',
    freeForm: true,
    default: TIME_FORMAT_OPTIONS[0][0],
    choices: TIME_FORMAT_OPTIONS,
    renderTrigger: true,
    description: 'D3 time format for datetime values',
  },
  force_timestamp_formatting: checkbox(
    'Force date format',
    false,
    'Use the date format even when the metric value is not a timestamp (e.g. epoch milliseconds)',
  ),
};

export const bigNumberTotalControlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Query', expanded: true, tab: 'data', controlSetRows: [['metric'], ['adhoc_filters']] },
    {
      label: 'Display settings',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['header_font_size'], ['subheader'], ['subheader_font_size']],
    },
    {
      label: 'Number formatting',
      tab: 'customize',
      controlSetRows: [['y_axis_format'], ['currency_format'], ['time_format'], ['force_timestamp_formatting']],
    },
  ],
  controls: {
    ...DISPLAY_CONTROLS,
    subheader: {
      type: 'TextControl',
      label: 'Subheader',
      default: '',
      renderTrigger: true,
      description: 'Description text that shows up below your Big Number',
    },
  },
};

export const bigNumberControlPanel: ControlPanelConfig = {
  sections: [
    { label: 'Query', expanded: true, tab: 'data', controlSetRows: [['x_axis'], ['time_grain_sqla'], ['metric'], ['adhoc_filters']] },
    {
      label: 'Options',
      tab: 'data',
      controlSetRows: [
        ['compare_lag', 'compare_suffix'],
        ['show_timestamp'],
        ['show_trend_line'],
        ['start_y_axis_at_zero'],
        ['time_range_fixed'],
      ],
    },
    {
      ...ADVANCED_ANALYTICS_SECTION,
      controlSetRows: [['rolling_type'], ['rolling_periods', 'min_periods'], ['resample_rule', 'resample_method']],
    },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['color_picker'], ['header_font_size'], ['subheader_font_size']],
    },
    {
      label: 'Number formatting',
      tab: 'customize',
      controlSetRows: [['y_axis_format'], ['currency_format'], ['time_format'], ['force_timestamp_formatting']],
    },
  ],
  controls: {
    ...DISPLAY_CONTROLS,
    compare_lag: {
      type: 'TextControl',
      label: 'Comparison period lag',
      isInt: true,
      validators: [validateInteger],
      description: 'Based on granularity, number of time periods to compare against',
    },
    compare_suffix: { type: 'TextControl', label: 'Comparison suffix', description: 'Suffix to apply after the percentage display' },
    show_timestamp: checkbox('Show timestamp', false, 'Whether to display the timestamp'),
    show_trend_line: checkbox('Show trend line', true, 'Whether to display the trend line'),
    start_y_axis_at_zero: checkbox(
      'Start y-axis at 0',
      true,
      'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.',
    ),
    time_range_fixed: checkbox(
      'Fix to selected time range',
      false,
      'Fix the trend line to the full time range specified in case filtered results do not include the start or end dates',
    ),
    color_picker: {
      type: 'ColorPickerControl',
      label: 'Fixed color',
      default: DEFAULT_PICKER_COLOR,
      renderTrigger: true,
      description: 'Use this to define a static color for all circles',
    },
  },
};
