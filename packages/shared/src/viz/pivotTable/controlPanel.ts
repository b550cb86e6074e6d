/**
 * The pivot table's control panel: row and column dimensions, metrics, how cells aggregate in the
 * browser, totals and subtotals, ordering and formats.
 */
import { TIME_FORMAT_OPTIONS } from '../../format/options.js';
import { ensureArray } from '../buildQueryHelpers.js';
import { sharedControls, checkboxControl } from '../sharedControls.js';
import type { ChoiceList, ControlConfig, ControlContext, ControlPanelConfig } from '../types.js';

/** The aggregations the browser applies when pivoting and totalling (the BI server's names). */
export const PIVOT_AGGREGATE_FUNCTIONS = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;
export type PivotAggregateFunction = (typeof PIVOT_AGGREGATE_FUNCTIONS)[number];

export const PIVOT_ORDERS: ChoiceList = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
  ['value_a_to_z', 'value ascending'],
  ['value_z_to_a', 'value descending'],
];

const checkbox = (label: string, description: string): ControlConfig => checkboxControl(label, false, description);

/** The grain applies when a dimension is temporal (or an expression, which may be). */
const hasTemporalDimension = ({ formData, datasource }: ControlContext): boolean => {
  const temporal = new Set((datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name));
  return [...ensureArray<unknown>(formData.groupbyColumns), ...ensureArray<unknown>(formData.groupbyRows)].some((c) =>
    typeof c === 'string' ? temporal.has(c) : true,
  );
};

export const pivotTableControlPanel: ControlPanelConfig = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['groupbyColumns'],
        ['groupbyRows'],
        ['time_grain_sqla', 'temporal_columns_lookup'],
        ['metrics'],
        ['metricsLayout'],
        ['adhoc_filters'],
        ['series_limit'],
        ['row_limit'],
        ['series_limit_metric'],
        ['order_desc'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'data',
      controlSetRows: [
        ['aggregateFunction'],
        ['rowTotals'],
        ['rowSubTotals'],
        ['colTotals'],
        ['colSubTotals'],
        ['transposePivot'],
        ['combineMetric'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['valueFormat'],
        ['currency_format'],
        ['date_format'],
        ['rowOrder'],
        ['colOrder'],
        ['rowSubtotalPosition'],
        ['colSubtotalPosition'],
        ['conditional_formatting'],
      ],
    },
  ],
  controls: {
    groupbyColumns: { ...sharedControls.groupby, label: 'Columns', description: 'Columns to group by on the columns' },
    groupbyRows: { ...sharedControls.groupby, label: 'Rows', description: 'Columns to group by on the rows' },
    time_grain_sqla: { ...sharedControls.time_grain_sqla, visibility: hasTemporalDimension },
    temporal_columns_lookup: {
      type: 'HiddenControl',
      label: 'Temporal columns',
      default: {},
      description: 'Which dimensions are temporal: `{column: true}`, filled by Explore from the dataset',
    },
    metricsLayout: {
      type: 'SelectControl',
      label: 'Apply metrics on',
      default: 'COLUMNS',
      clearable: false,
      renderTrigger: true,
      choices: [
        ['COLUMNS', 'Columns'],
        ['ROWS', 'Rows'],
      ],
      description: 'Use metrics as a top level group for columns or for rows',
    },
    row_limit: { ...sharedControls.row_limit, label: 'Cell limit', description: 'Limits the number of cells that get retrieved.' },
    series_limit_metric: {
      ...sharedControls.series_limit_metric,
      description:
        'Metric used to define how the top series are sorted if a series or cell limit is present. If undefined reverts to the first metric.',
    },
    aggregateFunction: {
      type: 'SelectControl',
      label: 'Aggregation function',
      default: 'Sum',
      clearable: false,
      renderTrigger: true,
      choices: PIVOT_AGGREGATE_FUNCTIONS.map((f) => [f, f]),
      description: 'Aggregate function to apply when pivoting and computing the total rows and columns',
    },
    rowTotals: checkbox('Show rows total', 'Display row level total'),
    rowSubTotals: checkbox('Show rows subtotal', 'Display row level subtotal'),
    colTotals: checkbox('Show columns total', 'Display column level total'),
    colSubTotals: checkbox('Show columns subtotal', 'Display column level subtotal'),
    transposePivot: checkbox('Transpose pivot', 'Swap rows and columns'),
    combineMetric: checkbox(
      'Combine metrics',
      'Display metrics side by side within each column, as opposed to each column being displayed side by side for each metric.',
    ),
    valueFormat: { ...sharedControls.y_axis_format, label: 'Value format' },
    date_format: {
      type: 'SelectControl',
      label: 'Date format',
      freeForm: true,
      default: TIME_FORMAT_OPTIONS[0][0],
      choices: TIME_FORMAT_OPTIONS,
      renderTrigger: true,
      description: 'D3 time format for datetime columns',
    },
    rowOrder: {
      type: 'SelectControl',
      label: 'Sort rows by',
      default: 'key_a_to_z',
      choices: PIVOT_ORDERS,
      renderTrigger: true,
      description: 'Order rows by their names (key) or by their metric values (value)',
    },
    colOrder: {
      type: 'SelectControl',
      label: 'Sort columns by',
      default: 'key_a_to_z',
      choices: PIVOT_ORDERS,
      renderTrigger: true,
      description: 'Order columns by their names (key) or by their metric values (value)',
    },
    rowSubtotalPosition: {
      type: 'SelectControl',
      label: 'Rows subtotal position',
      default: false,
      choices: [
        [true, 'Top'],
        [false, 'Bottom'],
      ],
      renderTrigger: true,
      description: 'Position of row level subtotal',
    },
    colSubtotalPosition: {
      type: 'SelectControl',
      label: 'Columns subtotal position',
      default: false,
      choices: [
        [true, 'Left'],
        [false, 'Right'],
      ],
      renderTrigger: true,
      description: 'Position of column level subtotal',
    },
    conditional_formatting: {
      type: 'ConditionalFormattingControl',
      label: 'Conditional formatting',
      default: [],
      renderTrigger: true,
      description: 'Apply conditional color formatting to metrics',
    },
  },
};
