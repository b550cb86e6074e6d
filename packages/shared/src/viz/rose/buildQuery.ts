/**
 * The rose's query: the legacy timeseries the BI server's rose rides on. The time column bucketed
 * by the grain (`__timestamp`, `is_timeseries`), the metrics by the dimensions, then post-processing
 * in that server's order: pivot one column per metric and group, resample, rolling window, time
 * comparison, the legacy "Contribution" (each value as a share of its point in time), flatten.
 */
import type { PostProcessingRule, QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import { legacyTimeRange } from '../flowControls.js';
import {
  baseQueryObject,
  buildQueryContext,
  columnLabelOf,
  defaultOrderBy,
  ensureArray,
  flattenOperator,
  isTimeComparison,
  metricLabelOf,
  metricOffsetsMap,
  resampleOperator,
  rollingOperator,
  rules,
  timeCompareOperator,
  timeShifts,
  uniqueColumns,
  uniqueMetrics,
} from '../buildQueryHelpers.js';

/** The legacy time axis's label in results. */
export const DTTM_ALIAS = '__timestamp';

/** One row per point in time, one column per metric (and shifted copy) and group. */
export function legacyPivotOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  const metrics = (q.metrics ?? []).map(metricLabelOf);
  if (!metrics.length) return null;
  const offsets = isTimeComparison(fd) ? [...metricOffsetsMap(fd, q).keys()] : [];
  return {
    operation: 'pivot',
    options: {
      index: [DTTM_ALIAS],
      columns: (q.columns ?? []).map(columnLabelOf),
      aggregates: Object.fromEntries([...metrics, ...offsets].map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: fd.show_empty_columns !== true,
    },
  };
}

export const buildRoseQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  const q: QueryObject = {
    ...base,
    time_range: legacyTimeRange(fd, base.time_range),
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    is_timeseries: true,
  };
  // the legacy timeseries ordered its series by the "Sort by" metric, else the first metric
  q.orderby = defaultOrderBy(q);
  q.time_offsets = isTimeComparison(fd) ? timeShifts(fd) : [];
  q.post_processing = rules(
    legacyPivotOperator(fd, q),
    resampleOperator(fd),
    rollingOperator(fd, q),
    timeCompareOperator(fd, q),
    fd.contribution === true ? { operation: 'contribution', options: { orientation: 'row' } } : null,
    flattenOperator(),
  );
  return buildQueryContext(fd, [q]);
};
