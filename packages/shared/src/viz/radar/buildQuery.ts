/**
 * The radar's query: one polygon per group of the dimensions, one spoke per metric. Rows come
 * ordered by the "Sort by" metric, else by the first metric, largest first (the BI server's radar
 * buildQuery), so a row limit keeps the largest groups.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';

export const buildRadarQuery: BuildQuery = (fd) => {
  const metrics = uniqueMetrics(ensureArray<QueryMetric>(fd.metrics));
  // the control is `timeseries_limit_metric`; the client also reads `series_limit_metric`
  const sortBy = ensureArray<QueryMetric>(fd.series_limit_metric ?? fd.timeseries_limit_metric)[0];
  const q: QueryObject = { ...baseQueryObject(fd), metrics, columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)) };
  const by = sortBy ?? metrics[0];
  q.orderby = by === undefined ? [] : [[by, false]];
  return buildQueryContext(fd, [q]);
};
