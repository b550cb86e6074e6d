/**
 * The partition's control panel: the legacy time section, metrics by a hierarchy of dimensions,
 * the time-series option (how time enters the hierarchy), pruning (limit and threshold), formats,
 * and the rolling window of the advanced analytics.
 */
import { sharedControls, dateFormatControl, numberFormatControl } from '../sharedControls.js';
import type { ChoiceList, ControlPanelConfig } from '../types.js';
import { validateInteger, validateNonEmpty, validateNumber } from '../validators.js';
import { renderCheckbox } from '../flowControls.js';
import {
  LEGACY_SERIES_QUERY,
  LEGACY_TIMESERIES_TIME,
  contributionControl,
  legacySeriesLimitControls,
  legacyTimeControls,
} from '../legacyControls.js';

export const PARTITION_TIME_SERIES_OPTIONS: ChoiceList = [
  ['not_time', 'Not Time Series'],
  ['time_series', 'Time Series'],
  ['agg_mean', 'Aggregate Mean'],
  ['agg_sum', 'Aggregate Sum'],
  ['point_diff', 'Metric change in value from `since` to `until`'],
  ['point_percent', 'Metric percent change in value from `since` to `until`'],
  ['point_factor', 'Metric factor change from `since` to `until`'],
  ['adv_anal', 'Advanced Analytics'],
];

export const partitionControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    LEGACY_SERIES_QUERY,
    { label: 'Time series options', expanded: true, tab: 'data', controlSetRows: [['time_series_option']] },
    {
      label: 'Chart options',
      expanded: true,
      tab: 'customize',
      controlSetRows: [
        ['color_scheme'],
        ['number_format', 'date_time_format'],
        ['partition_limit', 'partition_threshold'],
        ['log_scale', 'equal_date_size'],
        ['rich_tooltip'],
      ],
    },
    {
      label: 'Advanced analytics',
      description: 'Applied with the "Advanced Analytics" time-series option',
      tab: 'data',
      controlSetRows: [['rolling_type'], ['rolling_periods', 'min_periods']],
    },
  ],
  controls: {
    ...legacyTimeControls,
    ...legacySeriesLimitControls,
    groupby: { ...sharedControls.groupby, validators: [validateNonEmpty] },
    contribution: contributionControl,
    time_series_option: {
      type: 'SelectControl',
      label: 'Options',
      default: 'not_time',
      choices: PARTITION_TIME_SERIES_OPTIONS,
      validators: [validateNonEmpty],
      description: 'Settings for time series',
    },
    number_format: numberFormatControl(),
    date_time_format: dateFormatControl('Date time format'),
    partition_limit: {
      type: 'TextControl',
      label: 'Partition limit',
      isInt: true,
      default: '5',
      validators: [validateInteger],
      description: 'The maximum number of subdivisions of each group; lower values are pruned first',
    },
    partition_threshold: {
      type: 'TextControl',
      label: 'Partition threshold',
      isFloat: true,
      default: '0.05',
      validators: [validateNumber],
      description: 'Partitions whose height to parent height proportions are below this value are pruned',
    },
    log_scale: renderCheckbox('Log scale', false, 'Use a log scale'),
    equal_date_size: renderCheckbox('Equal date sizes', true, 'Check to force date partitions to have the same height'),
    rich_tooltip: {
      ...sharedControls.rich_tooltip,
      label: 'Rich tooltip',
      description: 'The rich tooltip shows a list of all series for that point in time',
    },
    rolling_type: { ...sharedControls.rolling_type, visibility: ({ formData }) => formData.time_series_option === 'adv_anal' },
  },
};
