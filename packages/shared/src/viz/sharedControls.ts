/**
 * Controls many chart types share, by the form-data key the BI server uses, so a chart built there
 * opens here and a viz switch carries them over (spec section 4 "Explore"). A type's control panel
 * names these in its sections and may add its own.
 */
import { DEFAULT_COLOR_SCHEME } from '../colors/schemes.js';
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../format/options.js';
import { DEFAULT_TIME_GRAIN, TIME_GRAINS } from '../time/timeGrains.js';
import { TIME_SHIFT_OPTIONS } from '../time/timeShift.js';
import type { ChoiceList, ControlConfig, ControlContext } from './types.js';
import { validateNonEmpty, validateRowLimit, validateSeriesLimit } from './validators.js';

/** Row limit choices and default of the control (spec section 9). */
export const ROW_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000] as const;
export const ROW_LIMIT_CONTROL_DEFAULT = 10000;
/** Series limit choices (spec section 9). */
export const SERIES_LIMIT_OPTIONS = [5, 10, 25, 50, 100, 500] as const;
/** Rolling, comparison, time shift and resample choices (spec section 9). */
export const ROLLING_TYPE_CHOICES = ['mean', 'sum', 'std', 'cumsum'] as const;
export const COMPARISON_TYPES = ['values', 'absolute', 'percentage', 'ratio'] as const;
export const TIME_SHIFT_CHOICES = TIME_SHIFT_OPTIONS;
export const RESAMPLE_RULES = ['1T', '1H', '1D', '7D', '1M', '1AS'] as const;

/** A checkbox that only redraws the chart (most chart options). */
export const checkboxControl = (label: string, def: boolean, description: string, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  description,
  ...extra,
});

/** A label's number format (a D3 format; any typed format is kept). */
export const numberFormatControl = (def: string = NUMBER_FORMAT_OPTIONS[0][0], label = 'Number format'): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  default: def,
  choices: NUMBER_FORMAT_OPTIONS,
  renderTrigger: true,
  description: 'D3 format syntax: https://github.com/d3/d3-format',
});

/** A label's date format (a D3 time format). */
export const dateFormatControl = (label = 'Date format'): ControlConfig => ({
  type: 'SelectControl',
  label,
  freeForm: true,
  default: TIME_FORMAT_OPTIONS[0][0],
  choices: TIME_FORMAT_OPTIONS,
  renderTrigger: true,
  description: 'D3 time format for datetime columns',
});

const TITLE_MARGINS: ChoiceList = [15, 30, 50, 75, 100, 125, 150, 200].map((n) => [n, String(n)]);

/** The x tick layouts of the BI server's distribution charts. */
export const X_TICKS_LAYOUTS: ChoiceList = ['auto', 'flat', '45°', '90°', 'staggered'].map((v) => [v, v]);

/** The axis titles, their margins and the y title's position (timeseries, mixed chart, box plot). */
export const axisTitleControls: Record<string, ControlConfig> = {
  x_axis_title: { type: 'TextControl', label: 'X axis title', default: '', renderTrigger: true },
  x_axis_title_margin: {
    type: 'SelectControl',
    label: 'X axis title bottom margin',
    default: 15,
    clearable: true,
    choices: TITLE_MARGINS,
    renderTrigger: true,
  },
  y_axis_title: { type: 'TextControl', label: 'Y axis title', default: '', renderTrigger: true },
  y_axis_title_margin: {
    type: 'SelectControl',
    label: 'Y axis title margin',
    default: 15,
    clearable: true,
    choices: TITLE_MARGINS,
    renderTrigger: true,
  },
  y_axis_title_position: {
    type: 'SelectControl',
    label: 'Y axis title position',
    default: 'Left',
    choices: [
      ['Left', 'Left'],
      ['Top', 'Top'],
    ],
    renderTrigger: true,
  },
};

const pairs = (values: readonly (string | number)[]): ChoiceList => values.map((v) => [v, String(v)]);

/** The engine's grains as the datasource lists them, else every grain. */
const timeGrainChoices = (ctx: ControlContext): ChoiceList =>
  ctx.datasource?.time_grain_sqla?.length
    ? ctx.datasource.time_grain_sqla.map(([k, label]) => [k, label])
    : TIME_GRAINS.map((g) => [g.duration, g.name]);

const hasXAxisOrGranularity = ({ formData }: ControlContext) => Boolean(formData.x_axis ?? formData.granularity_sqla);

export const sharedControls: Record<string, ControlConfig> = {
  metrics: {
    type: 'MetricsControl',
    label: 'Metrics',
    multi: true,
    description: 'One or many metrics to display',
    validators: [validateNonEmpty],
  },
  metric: {
    type: 'MetricControl',
    label: 'Metric',
    description: 'The metric to display',
    validators: [validateNonEmpty],
  },
  groupby: {
    type: 'ColumnsControl',
    label: 'Dimensions',
    multi: true,
    columnFilter: 'groupable',
    description: 'Dimensions contain qualitative values such as names, dates, or geographical data.',
    default: [],
  },
  x_axis: {
    type: 'ColumnControl',
    label: 'X-axis',
    columnFilter: 'groupable',
    description: 'Dimension to use on x-axis.',
    default: null,
    validators: [validateNonEmpty],
  },
  time_grain_sqla: {
    type: 'SelectControl',
    label: 'Time grain',
    default: DEFAULT_TIME_GRAIN,
    clearable: true,
    choices: timeGrainChoices,
    description: 'Select a time grain for the visualization. The grain is the time interval represented by a single point on the chart.',
    visibility: hasXAxisOrGranularity,
  },
  adhoc_filters: {
    type: 'AdhocFilterControl',
    label: 'Filters',
    default: [],
    description: 'Filters narrow the rows the query reads; a time range is a filter on a temporal column.',
  },
  row_limit: {
    type: 'SelectControl',
    label: 'Row limit',
    freeForm: true,
    default: ROW_LIMIT_CONTROL_DEFAULT,
    choices: (ctx) => pairs(ROW_LIMIT_OPTIONS.filter((n) => n <= ctx.sqlMaxRow)),
    validators: [validateRowLimit],
    description: 'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
  },
  series_limit: {
    type: 'SelectControl',
    label: 'Series limit',
    freeForm: true,
    clearable: true,
    choices: pairs(SERIES_LIMIT_OPTIONS),
    validators: [validateSeriesLimit],
    description: 'Limits the number of series that get displayed. The series are ordered by the sort by metric.',
  },
  series_limit_metric: {
    type: 'MetricControl',
    label: 'Sort by',
    clearable: true,
    description: 'Metric used to order the series limit; the first metric when empty.',
  },
  order_desc: {
    type: 'CheckboxControl',
    label: 'Sort descending',
    default: true,
    description: 'Whether to sort descending or ascending',
  },
  color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Color scheme',
    default: DEFAULT_COLOR_SCHEME,
    renderTrigger: true,
    schemeType: 'categorical',
    description: 'The color scheme for rendering chart',
  },
  y_axis_format: {
    type: 'SelectControl',
    label: 'Number format',
    freeForm: true,
    default: NUMBER_FORMAT_OPTIONS[0][0],
    choices: NUMBER_FORMAT_OPTIONS,
    renderTrigger: true,
    description: 'D3 format syntax: https://github.com/d3/d3-format',
  },
  currency_format: {
    type: 'CurrencyControl',
    label: 'Currency format',
    renderTrigger: true,
    description: "Writes a currency's symbol before or after the values, with the number format above",
  },
  x_axis_time_format: {
    type: 'SelectControl',
    label: 'Time format',
    freeForm: true,
    default: TIME_FORMAT_OPTIONS[0][0],
    choices: TIME_FORMAT_OPTIONS,
    renderTrigger: true,
    description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
  },
  show_legend: {
    type: 'CheckboxControl',
    label: 'Show legend',
    default: true,
    renderTrigger: true,
    description: 'Whether to display a legend for the chart',
  },
  legendType: {
    type: 'SelectControl',
    label: 'Type',
    default: 'scroll',
    renderTrigger: true,
    choices: [
      ['scroll', 'Scroll'],
      ['plain', 'Plain'],
    ],
    visibility: ({ formData }) => formData.show_legend !== false,
    description: 'Legend type',
  },
  legendOrientation: {
    type: 'SelectControl',
    label: 'Orientation',
    default: 'top',
    renderTrigger: true,
    choices: [
      ['top', 'Top'],
      ['bottom', 'Bottom'],
      ['left', 'Left'],
      ['right', 'Right'],
    ],
    visibility: ({ formData }) => formData.show_legend !== false,
    description: 'Legend Orientation',
  },
  rich_tooltip: {
    type: 'CheckboxControl',
    label: 'Rich tooltip',
    default: true,
    renderTrigger: true,
    description: 'Shows a list of all series available at that point in time',
  },
  truncate_metric: {
    type: 'CheckboxControl',
    label: 'Truncate metric',
    default: true,
    description: 'Whether to truncate metrics',
  },
  contributionMode: {
    type: 'SelectControl',
    label: 'Contribution mode',
    default: null,
    clearable: true,
    choices: [
      [null, 'None'],
      ['row', 'Row'],
      ['column', 'Series'],
    ],
    description: 'Calculate contribution per series or row',
  },
  rolling_type: {
    type: 'SelectControl',
    label: 'Rolling function',
    default: null,
    clearable: true,
    choices: [[null, 'None'], ...pairs(ROLLING_TYPE_CHOICES)],
    description: 'Defines a rolling window function to apply, works along with the [Periods] text box',
  },
  rolling_periods: {
    type: 'TextControl',
    label: 'Periods',
    isInt: true,
    visibility: ({ formData }) => Boolean(formData.rolling_type) && formData.rolling_type !== 'cumsum',
    description: 'Defines the size of the rolling window function, relative to the time granularity selected',
  },
  min_periods: {
    type: 'TextControl',
    label: 'Min periods',
    isInt: true,
    visibility: ({ formData }) => Boolean(formData.rolling_type) && formData.rolling_type !== 'cumsum',
    description: 'The minimum number of rolling periods required to show a value.',
  },
  time_compare: {
    type: 'SelectControl',
    label: 'Time shift',
    multi: true,
    freeForm: true,
    default: [],
    choices: pairs(TIME_SHIFT_CHOICES),
    description: 'Overlay one or more timeseries from a relative time period.',
  },
  comparison_type: {
    type: 'SelectControl',
    label: 'Calculation type',
    default: 'values',
    choices: [
      ['values', 'Actual values'],
      ['absolute', 'Difference'],
      ['percentage', 'Percentage change'],
      ['ratio', 'Ratio'],
    ],
    description: 'How to display time shifts: as individual lines; as the difference, percentage change or ratio to the main series.',
  },
  resample_rule: {
    type: 'SelectControl',
    label: 'Rule',
    default: null,
    freeForm: true,
    clearable: true,
    choices: [
      ['1T', '1 minutely frequency'],
      ['1H', '1 hourly frequency'],
      ['1D', '1 calendar day frequency'],
      ['7D', '7 calendar day frequency'],
      ['1M', '1 month end frequency'],
      ['1AS', '1 year start frequency'],
    ],
    description: 'Pandas resample rule',
  },
  resample_method: {
    type: 'SelectControl',
    label: 'Fill method',
    default: null,
    clearable: true,
    choices: [
      ['asfreq', 'Null imputation'],
      ['bfill', 'Backward values'],
      ['ffill', 'Forward values'],
      ['median', 'Median values'],
      ['mean', 'Mean values'],
      ['sum', 'Sum values'],
    ],
    description: 'Pandas resample method',
  },
  annotation_layers: {
    type: 'AnnotationLayerControl',
    label: 'Annotation layers',
    default: [],
    description: 'Formula, event and interval annotations drawn over the chart',
  },
  xAxisLabelRotation: {
    type: 'SelectControl',
    label: 'Rotate x axis label',
    default: 0,
    freeForm: true,
    clearable: false,
    choices: [
      [0, '0°'],
      [45, '45°'],
      [90, '90°'],
    ],
    renderTrigger: true,
    description: 'Input field supports custom rotation. e.g. 30 for 30°',
  },
  tooltipSortByMetric: checkboxControl(
    'Tooltip sort by metric',
    false,
    'Whether to sort tooltip by the selected metric in descending order.',
    {
      visibility: ({ formData }) => formData.rich_tooltip !== false,
    },
  ),
  tooltipTimeFormat: {
    type: 'SelectControl',
    label: 'Tooltip time format',
    freeForm: true,
    default: TIME_FORMAT_OPTIONS[0][0],
    choices: TIME_FORMAT_OPTIONS,
    renderTrigger: true,
    description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
  },
  x_ticks_layout: {
    type: 'SelectControl',
    label: 'X Tick Layout',
    default: 'auto',
    clearable: false,
    choices: X_TICKS_LAYOUTS,
    renderTrigger: true,
    description: 'The way the ticks are laid out on the X-axis',
  },
};
