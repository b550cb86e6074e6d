/** The gauge's control panel: the metric (per group), the axis range and angles, progress and intervals. */
import { sharedControls, numberFormatControl } from '../sharedControls.js';
import type { ControlConfig, ControlPanelConfig } from '../types.js';
import { validateInteger, validateNumber } from '../validators.js';
import { renderCheckbox } from '../flowControls.js';

const text = (label: string, def: unknown, description: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  type: 'TextControl',
  label,
  default: def,
  renderTrigger: true,
  description,
  ...extra,
});

/** "2,4,5": numbers separated by commas, or empty. */
const validateNumberList = (v: unknown): string | false => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return false;
  return String(v)
    .split(',')
    .every((p) => p.trim() !== '' && Number.isFinite(Number(p)))
    ? false
    : 'is expected to be a comma-separated list of numbers';
};

export const gaugeControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['groupby'], ['metric'], ['adhoc_filters'], ['row_limit'], ['sort_by_metric']],
    },
    {
      label: 'General',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['min_val', 'max_val'],
        ['start_angle', 'end_angle'],
        ['color_scheme'],
        ['font_size'],
        ['number_format'],
        ['currency_format'],
        ['value_formatter'],
        ['show_pointer'],
        ['animation'],
      ],
    },
    { label: 'Axis', tab: 'customize', controlSetRows: [['show_axis_tick'], ['show_split_line'], ['split_number']] },
    { label: 'Progress', tab: 'customize', controlSetRows: [['show_progress'], ['overlap'], ['round_cap']] },
    { label: 'Intervals', tab: 'customize', controlSetRows: [['intervals'], ['interval_color_indices']] },
  ],
  controls: {
    groupby: { ...sharedControls.groupby, description: 'Columns to group by' },
    row_limit: {
      ...sharedControls.row_limit,
      default: 10,
      choices: Array.from({ length: 10 }, (_, i) => [i + 1, String(i + 1)]),
    },
    sort_by_metric: {
      type: 'CheckboxControl',
      label: 'Sort by metric',
      description: 'Whether to sort results by the selected metric in descending order.',
    },
    min_val: text('Min', null, 'Minimum value on the gauge axis', { isInt: true, validators: [validateInteger] }),
    max_val: text('Max', null, 'Maximum value on the gauge axis', { isInt: true, validators: [validateInteger] }),
    start_angle: text('Start angle', 225, 'Angle at which to start progress axis', { isFloat: true, validators: [validateNumber] }),
    end_angle: text('End angle', -45, 'Angle at which to end progress axis', { isFloat: true, validators: [validateNumber] }),
    font_size: {
      type: 'SliderControl',
      label: 'Font size',
      min: 10,
      max: 20,
      step: 1,
      default: 15,
      renderTrigger: true,
      description: 'Font size for axis labels, detail value and other text elements',
    },
    number_format: numberFormatControl(),
    value_formatter: text('Value format', '{value}', 'Additional text to add before or after the value, e.g. unit'),
    show_pointer: renderCheckbox('Show pointer', true, 'Whether to show the pointer'),
    animation: renderCheckbox('Animation', true, 'Whether to animate the progress and the value or just display them'),
    show_axis_tick: renderCheckbox('Show axis line ticks', false, 'Whether to show minor ticks on the axis'),
    show_split_line: renderCheckbox('Show split lines', false, 'Whether to show the split lines on the axis'),
    split_number: {
      type: 'SliderControl',
      label: 'Split number',
      min: 3,
      max: 30,
      step: 1,
      default: 10,
      renderTrigger: true,
      description: 'Number of split segments on the axis',
    },
    show_progress: renderCheckbox('Show progress', true, 'Whether to show the progress of gauge chart'),
    overlap: renderCheckbox('Overlap', true, 'Whether the progress bar overlaps when there are multiple groups of data'),
    round_cap: renderCheckbox('Round cap', false, 'Style the ends of the progress bar with a round cap'),
    intervals: text(
      'Interval bounds',
      '',
      'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5. Last number should match the value provided for MAX.',
      { validators: [validateNumberList] },
    ),
    interval_color_indices: text(
      'Interval colors',
      '',
      'Comma-separated color picks for the intervals, e.g. 1,2,4. Integers denote colors from the chosen color scheme and are 1-indexed. Length must be matching that of interval bounds.',
      { validators: [validateNumberList] },
    ),
  },
};
