/**
 * The time pivot's controls: one metric over time, the period to pivot on (a pandas offset alias,
 * as the BI server saves it), the line's look and its axes.
 */
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { DEFAULT_PICKER_COLOR } from '../bigNumber/controlPanel.js';
import { LEGACY_TIMESERIES_TIME, legacyTimeControls, requiredTimeColumn } from '../legacyControls.js';
import { sharedControls, checkboxControl } from '../sharedControls.js';
import type { ChoiceList, ControlConfig, ControlPanelConfig, Validator } from '../types.js';

export const TIME_PIVOT_FREQUENCIES: [string, string][] = [
  ['AS', 'Year (freq=AS)'],
  ['52W-MON', '52 weeks starting Monday (freq=52W-MON)'],
  ['W-SUN', '1 week starting Sunday (freq=W-SUN)'],
  ['W-MON', '1 week starting Monday (freq=W-MON)'],
  ['D', 'Day (freq=D)'],
  ['4W-MON', '4 weeks (freq=4W-MON)'],
];

/** The offset aliases the pivot understands: years, months, weeks (anchored on a weekday), days, hours, minutes. */
export const FREQUENCY_PATTERN = /^(\d*)(AS|YS|A|Y|MS|M|W(?:-(MON|TUE|WED|THU|FRI|SAT|SUN))?|D|H|T|MIN)$/i;

export const validateFrequency: Validator = (v) =>
  typeof v === 'string' && FREQUENCY_PATTERN.test(v.trim()) ? false : 'is expected to be a pandas offset alias such as W-MON, MS or AS';

export const LINE_INTERPOLATIONS = ['linear', 'basis', 'cardinal', 'monotone', 'step-before', 'step-after'] as const;

const MARGINS: ChoiceList = ['auto', 50, 75, 100, 125, 150, 200].map((v) => [v, String(v)]);

const checkbox = (label: string, description: string): ControlConfig => checkboxControl(label, false, description);

const margin = (label: string, description: string): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  clearable: false,
  default: 'auto',
  choices: MARGINS,
  renderTrigger: true,
  description,
});

export const timePivotControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    { label: 'Query', expanded: true, tab: 'data', controlSetRows: [['metric'], ['adhoc_filters'], ['freq']] },
    {
      label: 'Chart Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['show_legend'], ['line_interpolation'], ['color_picker']],
    },
    {
      label: 'X Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['x_axis_label'], ['bottom_margin'], ['x_axis_showminmax'], ['x_axis_format']],
    },
    {
      label: 'Y Axis',
      expanded: true,
      tab: 'customize',
      controlSetRows: [['y_axis_label'], ['left_margin'], ['y_axis_showminmax'], ['y_log_scale'], ['y_axis_format'], ['y_axis_bounds']],
    },
  ],
  controls: {
    ...legacyTimeControls,
    granularity_sqla: requiredTimeColumn,
    metric: { ...sharedControls.metric, clearable: false },
    freq: {
      type: 'SelectControl',
      label: 'Frequency',
      default: 'W-MON',
      freeForm: true,
      clearable: false,
      choices: TIME_PIVOT_FREQUENCIES,
      validators: [validateFrequency],
      description:
        'The periodicity over which to pivot time. Users can provide "Pandas" offset alias: https://pandas.pydata.org/pandas-docs/stable/timeseries.html#offset-aliases',
    },
    line_interpolation: {
      type: 'SelectControl',
      label: 'Line Style',
      default: 'linear',
      renderTrigger: true,
      choices: LINE_INTERPOLATIONS.map((v) => [v, v]),
      description: 'Line interpolation as defined by d3.js',
    },
    color_picker: {
      type: 'ColorPickerControl',
      label: 'Fixed Color',
      default: DEFAULT_PICKER_COLOR,
      renderTrigger: true,
      description: 'Use this to define a static color for all circles',
    },
    x_axis_label: { type: 'TextControl', label: 'X Axis Label', default: '', renderTrigger: true },
    bottom_margin: margin('Bottom Margin', 'Bottom margin, in pixels, allowing for more room for axis labels'),
    x_axis_showminmax: checkbox('X bounds', 'Whether to display the min and max values of the X-axis'),
    x_axis_format: {
      type: 'SelectControl',
      label: 'X Axis Format',
      freeForm: true,
      default: TIME_FORMAT_OPTIONS[0][0],
      choices: TIME_FORMAT_OPTIONS,
      renderTrigger: true,
      description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
    },
    y_axis_label: { type: 'TextControl', label: 'Y Axis Label', default: '', renderTrigger: true },
    left_margin: margin('Left Margin', 'Left margin, in pixels, allowing for more room for axis labels'),
    y_axis_showminmax: checkbox('Y bounds', 'Whether to display the min and max values of the Y-axis'),
    y_log_scale: checkbox('Log Scale', 'Use a log scale for the Y-axis'),
    y_axis_format: {
      ...sharedControls.y_axis_format,
      label: 'Y Axis Format',
      default: NUMBER_FORMAT_OPTIONS[0][0],
    },
    y_axis_bounds: {
      type: 'BoundsControl',
      label: 'Y Axis Bounds',
      default: [null, null],
      renderTrigger: true,
      description:
        'Bounds for the Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data. ' +
        "Note that this feature will only expand the axis range. It won't narrow the data's extent.",
    },
  },
};
