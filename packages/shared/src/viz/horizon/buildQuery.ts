/**
 * The horizon chart's query: the metrics on the legacy time axis (`__timestamp`, the time column at
 * the grain) by the dimensions, the series limit keeping the largest groups. The rows are pivoted
 * into one band row per group in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';

export const buildHorizonQuery: BuildQuery = (fd) => {
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    is_timeseries: true,
  };
  return buildQueryContext(fd, [q]);
};
