/**
 * The timeseries family's query (line, bar, area, scatter, smooth, step, generic): the x axis and
 * the dimensions as columns, then post-processing that pivots one series per dimension value and
 * applies the advanced analytics (rolling window, time comparison, resample) in the BI server's
 * order, so that its exported charts draw the same series here.
 */
import type { PostProcessingRule, QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import {
  baseQueryObject,
  buildQueryContext,
  contributionOperator,
  defaultOrderBy,
  ensureArray,
  flattenOperator,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingOperator,
  rules,
  sortOperator,
  timeCompareOperator,
  timeShifts,
  uniqueColumns,
  uniqueMetrics,
  xAxisColumn,
} from '../buildQueryHelpers.js';

/**
 * One timeseries query along the x axis `x`: the x axis and `fd`'s dimensions as columns, a series
 * per dimension value, the time comparison's offsets, and the post-processing in the BI server's
 * order (pivot, rolling window, time comparison, resample, rename), then `more`, then flatten.
 */
export function timeseriesQueryObject(fd: QueryFormData, x: QueryColumn | null, more: (PostProcessingRule | null)[] = []): QueryObject {
  const groupby = uniqueColumns(ensureArray<QueryColumn>(fd.groupby));
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    columns: x ? [x, ...groupby] : groupby,
    series_columns: groupby,
  };
  q.orderby = defaultOrderBy(q);
  q.time_offsets = isTimeComparison(fd) ? timeShifts(fd) : [];
  q.post_processing = rules(
    pivotOperator(fd, q),
    rollingOperator(fd, q),
    timeCompareOperator(fd, q),
    resampleOperator(fd),
    renameOperator(fd, q),
    ...more,
    flattenOperator(),
  );
  return q;
}

export const buildTimeseriesQuery: BuildQuery = (fd) =>
  buildQueryContext(fd, [timeseriesQueryObject(fd, xAxisColumn(fd), [contributionOperator(fd), sortOperator(fd)])]);
