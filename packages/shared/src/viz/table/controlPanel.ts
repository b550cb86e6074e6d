/**
 * The table's control panel: aggregate or raw records mode (each shows its own query controls),
 * pagination, and the look of cells (formats, bars, colours, per-column settings, colour rules).
 */
import { TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { ensureArray } from '../buildQueryHelpers.js';
import { sharedControls, checkboxControl as checkbox } from '../sharedControls.js';
import type { ControlContext, ControlPanelConfig, Validator } from '../types.js';
import { validateOrderBy } from '../validators.js';
import { MAX_TABLE_TIME_SHIFTS, tableQueryMode, tableTimeShifts } from './buildQuery.js';

const isAggregate = ({ formData }: ControlContext) => tableQueryMode(formData) === 'aggregate';
const isRaw = ({ formData }: ControlContext) => tableQueryMode(formData) === 'raw';

export const AGGREGATE_NEEDS_VALUE = 'Group By, Metrics or Percentage Metrics must have a value';

/**
 * Aggregate mode needs something to group or aggregate. Each of the three controls checks all of
 * them, with its own value standing in for its form-data entry (the panel may not have stored it yet).
 */
const aggregateNeedsValue =
  (own: 'groupby' | 'metrics' | 'percent_metrics'): Validator =>
  (value, ctx) => {
    if (tableQueryMode(ctx.formData) !== 'aggregate') return false;
    const values = { ...ctx.formData, [own]: value };
    const any = ['groupby', 'metrics', 'percent_metrics'].some((k) => ensureArray(values[k]).length > 0);
    return any ? false : AGGREGATE_NEEDS_VALUE;
  };

/** Each time shift is a query of its own: a table compares with at most MAX_TABLE_TIME_SHIFTS. */
export const TOO_MANY_TIME_SHIFTS = `Choose at most ${MAX_TABLE_TIME_SHIFTS} time shifts`;
const validateTimeShifts: Validator = (value) =>
  ensureArray(value).filter((v) => typeof v === 'string' && v.trim()).length > MAX_TABLE_TIME_SHIFTS ? TOO_MANY_TIME_SHIFTS : false;

/** Raw mode reads the chosen columns, so it needs at least one. */
const rawNeedsColumns: Validator = (value, ctx) => (isRaw(ctx) && ensureArray(value).length === 0 ? 'cannot be empty' : false);

/** The time grain applies when a dimension is temporal (or an expression, which may be). */
const hasTemporalDimension = (ctx: ControlContext): boolean => {
  if (!isAggregate(ctx)) return false;
  const temporal = new Set((ctx.datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name));
  return ensureArray<unknown>(ctx.formData.groupby).some((c) => (typeof c === 'string' ? temporal.has(c) : true));
};

export const PAGE_LENGTH_CHOICES: [number, string][] = [
  [0, 'All'],
  [10, '10'],
  [20, '20'],
  [50, '50'],
  [100, '100'],
  [200, '200'],
];

export const tableControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['query_mode'],
        ['groupby'],
        ['time_grain_sqla', 'temporal_columns_lookup'],
        ['metrics'],
        ['all_columns'],
        ['percent_metrics'],
        ['adhoc_filters'],
        ['timeseries_limit_metric'],
        ['order_by_cols'],
        ['server_pagination'],
        ['row_limit', 'server_page_length'],
        ['order_desc'],
        ['show_totals'],
        ['include_time'],
      ],
    },
    {
      label: 'Time Comparison',
      tab: 'data',
      description:
        'Compare each metric with the same query over shifted time ranges: the shifted value (#), the difference (△) and the percentage change (%).',
      controlSetRows: [['time_compare'], ['comparison_type']],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['table_timestamp_format'],
        ['page_length'],
        ['include_search'],
        ['show_cell_bars'],
        ['align_pn'],
        ['color_pn'],
        ['allow_rearrange_columns'],
        ['column_config'],
        ['conditional_formatting'],
      ],
    },
  ],
  controls: {
    query_mode: {
      type: 'SelectControl',
      label: 'Query mode',
      default: 'aggregate',
      clearable: false,
      choices: [
        ['aggregate', 'Aggregate'],
        ['raw', 'Raw records'],
      ],
    },
    groupby: { ...sharedControls.groupby, visibility: isAggregate, validators: [aggregateNeedsValue('groupby')] },
    time_compare: {
      ...sharedControls.time_compare,
      label: 'Time shift',
      multi: true,
      clearable: true,
      default: [],
      visibility: isAggregate,
      validators: [validateTimeShifts],
      description:
        'Compare with one or more relative time periods (at most ' +
        `${MAX_TABLE_TIME_SHIFTS}). Expects relative time deltas in natural language (example: 24 hours, 7 days, ` +
        '52 weeks, 365 days). Free text is supported. The table needs a time range filter to shift.',
    },
    comparison_type: {
      ...sharedControls.comparison_type,
      // the table computes the calculation from the rows it has: no new query
      renderTrigger: true,
      visibility: (ctx) => isAggregate(ctx) && tableTimeShifts(ctx.formData).length > 0,
      description:
        'The columns each metric gets per time shift: actual values shows the shifted value (#), the difference (△) and the ' +
        'percentage change (%); difference, percentage change or ratio shows only that calculation.',
    },
    time_grain_sqla: { ...sharedControls.time_grain_sqla, visibility: hasTemporalDimension },
    temporal_columns_lookup: {
      type: 'HiddenControl',
      label: 'Temporal columns',
      default: {},
      description: 'Which dimensions are temporal: `{column: true}`, filled by Explore from the dataset',
    },
    metrics: { ...sharedControls.metrics, visibility: isAggregate, validators: [aggregateNeedsValue('metrics')] },
    all_columns: {
      type: 'ColumnsControl',
      label: 'Columns',
      multi: true,
      default: [],
      columnFilter: 'all',
      visibility: isRaw,
      validators: [rawNeedsColumns],
      description: 'Columns to display',
    },
    percent_metrics: {
      type: 'MetricsControl',
      label: 'Percentage metrics',
      multi: true,
      default: [],
      visibility: isAggregate,
      validators: [aggregateNeedsValue('percent_metrics')],
      description: 'Metrics shown as a share of their column total',
    },
    timeseries_limit_metric: { ...sharedControls.series_limit_metric, label: 'Sort by', visibility: isAggregate },
    order_by_cols: {
      type: 'SelectControl',
      label: 'Ordering',
      multi: true,
      default: [],
      choices: ({ datasource }) => datasource?.order_by_choices ?? [],
      visibility: isRaw,
      validators: [validateOrderBy],
      description: 'Order results by selected columns',
    },
    server_pagination: {
      type: 'CheckboxControl',
      label: 'Server pagination',
      default: false,
      description: 'Enable server side pagination of results (experimental feature)',
    },
    server_page_length: {
      type: 'SelectControl',
      label: 'Server page length',
      default: 10,
      freeForm: true,
      choices: PAGE_LENGTH_CHOICES.filter(([n]) => n > 0),
      visibility: ({ formData }) => formData.server_pagination === true,
      description: 'Rows per page, 0 means no pagination',
    },
    order_desc: {
      ...sharedControls.order_desc,
      visibility: (ctx) => isAggregate(ctx) && ensureArray(ctx.formData.timeseries_limit_metric).length > 0,
    },
    show_totals: {
      type: 'CheckboxControl',
      label: 'Show summary',
      default: false,
      visibility: isAggregate,
      description: 'Show total aggregations of selected metrics. Note that row limit does not apply to the result.',
    },
    include_time: {
      type: 'CheckboxControl',
      label: 'Include time',
      default: false,
      visibility: (ctx) => isAggregate(ctx) && Boolean(ctx.formData.granularity_sqla),
      description: 'Whether to include the time granularity as defined in the time section',
    },
    table_timestamp_format: {
      type: 'SelectControl',
      label: 'Timestamp format',
      freeForm: true,
      default: TIME_FORMAT_OPTIONS[0][0],
      choices: TIME_FORMAT_OPTIONS,
      renderTrigger: true,
      description: 'D3 time format for datetime columns',
    },
    page_length: {
      type: 'SelectControl',
      label: 'Page length',
      freeForm: true,
      default: 0,
      choices: PAGE_LENGTH_CHOICES,
      renderTrigger: true,
      visibility: ({ formData }) => formData.server_pagination !== true,
      description: 'Rows per page, 0 means no pagination',
    },
    include_search: checkbox('Search box', false, 'Whether to include a client-side search box'),
    show_cell_bars: checkbox('Cell bars', true, 'Whether to display a bar chart background in table columns'),
    align_pn: checkbox('Align +/-', false, 'Whether to align background charts with both positive and negative values at 0'),
    color_pn: checkbox(
      'Add colors to cell bars for +/-',
      true,
      'Whether to colorize numeric values by whether they are positive or negative',
    ),
    allow_rearrange_columns: checkbox(
      'Allow columns to be rearranged',
      false,
      "Allow end user to drag-and-drop column headers to rearrange them. Note their changes won't persist for the next time they open the chart.",
    ),
    column_config: {
      type: 'ColumnConfigControl',
      label: 'Customize columns',
      default: {},
      renderTrigger: true,
      description: 'Further customize how to display each column',
    },
    conditional_formatting: {
      type: 'ConditionalFormattingControl',
      label: 'Conditional formatting',
      default: [],
      renderTrigger: true,
      description: 'Apply conditional color formatting to numeric columns',
    },
  },
};
