/**
 * Controls of the BI server's older chart types (parallel coordinates, bullet, horizon, paired
 * t-test, time pivot, time table, handlebars), by the form-data keys those charts save: the legacy
 * time column `granularity_sqla` with its grain and `time_range`, the series limit `limit` and its
 * sort metric `timeseries_limit_metric`. A chart exported from the BI server keeps its settings
 * here because the keys are the same.
 */
import { sharedControls } from './sharedControls.js';
import type { ControlConfig, ControlPanelSection, QueryFormData } from './types.js';
import { validateNonEmpty } from './validators.js';
import { ensureArray, metricLabelOf } from './buildQueryHelpers.js';
import type { QueryMetric } from '../api/chartData.js';

export const legacyTimeControls: Record<string, ControlConfig> = {
  granularity_sqla: {
    type: 'ColumnControl',
    label: 'Time column',
    columnFilter: 'temporal',
    default: null,
    clearable: false,
    description: 'The time column for the visualization: the time range filters on it and the time grain buckets it.',
  },
  time_range: {
    type: 'TimeRangeControl',
    label: 'Time range',
    default: 'No filter',
    description: 'The time range on the time column the query reads.',
  },
};

/** A time-series type cannot run without its time column (the server needs it for `__timestamp`). */
export const requiredTimeColumn: ControlConfig = { ...legacyTimeControls.granularity_sqla, validators: [validateNonEmpty] };

/** The "Time" section of the time-series types: column, grain, range. */
export const LEGACY_TIMESERIES_TIME: ControlPanelSection = {
  label: 'Time',
  expanded: true,
  tab: 'data',
  description: 'Time related form attributes',
  controlSetRows: [['granularity_sqla'], ['time_grain_sqla'], ['time_range']],
};

/** The "Time" section of the types that only filter on time (no grain). */
export const LEGACY_REGULAR_TIME: ControlPanelSection = {
  ...LEGACY_TIMESERIES_TIME,
  controlSetRows: [['granularity_sqla'], ['time_range']],
};

/** The "Query" section of the legacy series types: metrics by dimensions, a series limit, contribution. */
export const LEGACY_SERIES_QUERY: ControlPanelSection = {
  label: 'Query',
  expanded: true,
  tab: 'data',
  controlSetRows: [
    ['metrics'],
    ['adhoc_filters'],
    ['groupby'],
    ['limit', 'timeseries_limit_metric'],
    ['order_desc'],
    ['contribution'],
    ['row_limit'],
  ],
};

/** The series limit and its sort metric under their legacy names. */
export const legacySeriesLimitControls: Record<string, ControlConfig> = {
  limit: { ...sharedControls.series_limit, label: 'Series limit' },
  timeseries_limit_metric: { ...sharedControls.series_limit_metric, label: 'Sort by' },
};

export const contributionControl: ControlConfig = {
  type: 'CheckboxControl',
  label: 'Contribution',
  default: false,
  description: 'Compute the contribution to the total',
};

/**
 * The chosen sort metric, added to the metrics when it is not one of them, and the order it asks
 * for when "Sort descending" is on (the legacy charts order only then), as parallel coordinates
 * and the paired t-test build their queries.
 */
export function withSortMetric(fd: QueryFormData, metrics: QueryMetric[]): { metrics: QueryMetric[]; orderby: [QueryMetric, boolean][] } {
  const sortBy = ensureArray<QueryMetric>(fd.timeseries_limit_metric)[0];
  if (sortBy === undefined) return { metrics, orderby: [] };
  const present = metrics.some((m) => metricLabelOf(m) === metricLabelOf(sortBy));
  const all = present ? metrics : [...metrics, sortBy];
  const desc = fd.order_desc === true || fd.order_desc === 'true';
  return { metrics: all, orderby: desc ? [[sortBy, false]] : [] };
}
