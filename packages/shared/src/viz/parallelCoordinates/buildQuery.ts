/**
 * Parallel coordinates' query: one row per value of the series column with every metric, the
 * colour metric among them; the sort metric joins the metrics and orders the rows only when "Sort
 * descending" is on, as the BI server's plugin asks (it ignores ordering left from other types).
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';
import { withSortMetric } from '../legacyControls.js';

export const buildParallelCoordinatesQuery: BuildQuery = (fd) => {
  const chosen = uniqueMetrics([...ensureArray<QueryMetric>(fd.metrics), ...ensureArray<QueryMetric>(fd.secondary_metric)]);
  const { metrics, orderby } = withSortMetric(fd, chosen);
  const q: QueryObject = {
    ...baseQueryObject(fd),
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.series)),
    metrics,
    orderby,
  };
  return buildQueryContext(fd, [q]);
};
