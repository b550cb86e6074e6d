/** The time table's controls: metrics (or one metric by a dimension) over time, and the columns to show. */
import { ensureArray } from '../buildQueryHelpers.js';
import { LEGACY_TIMESERIES_TIME, legacySeriesLimitControls, legacyTimeControls, requiredTimeColumn } from '../legacyControls.js';
import { sharedControls } from '../sharedControls.js';
import type { ControlPanelConfig, Validator } from '../types.js';
import { validateNonEmpty } from '../validators.js';

export const ONE_METRIC_WITH_GROUP_BY = "When using 'Group By' you are limited to use a single metric";

/** Grouped rows show one metric: more than one with a dimension is refused (the BI server refuses the query). */
export const validateOneMetricWhenGrouped: Validator = (value, ctx) =>
  ensureArray(ctx.formData.groupby).length > 0 && ensureArray(value).length > 1 ? ONE_METRIC_WITH_GROUP_BY : false;

export const timeTableControlPanel: ControlPanelConfig = {
  sections: [
    LEGACY_TIMESERIES_TIME,
    {
      label: 'Query',
      expanded: true,
      tab: 'data',
      controlSetRows: [['metrics'], ['adhoc_filters'], ['groupby'], ['limit'], ['column_collection'], ['row_limit'], ['url']],
    },
  ],
  controls: {
    ...legacyTimeControls,
    granularity_sqla: requiredTimeColumn,
    limit: legacySeriesLimitControls.limit,
    metrics: { ...sharedControls.metrics, validators: [validateNonEmpty, validateOneMetricWhenGrouped] },
    groupby: {
      ...sharedControls.groupby,
      description: 'Each group is one row of the table (with a single metric); without dimensions, each metric is a row.',
    },
    column_collection: {
      type: 'TimeSeriesColumnControl',
      label: 'Time series columns',
      default: [],
      renderTrigger: true,
      validators: [validateNonEmpty],
      description: 'The columns of the table: sparklines, time comparisons, contributions and period averages',
    },
    url: {
      type: 'TextControl',
      label: 'URL',
      default: '',
      description: "Templated link, it's possible to include {{ metric }} or other values coming from the controls.",
    },
  },
};
