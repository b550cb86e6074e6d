/**
 * The gauge's query: one metric, one needle per group of the dimensions (none: one needle), the
 * largest first when "Sort by metric" is on (the BI server's gauge buildQuery).
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

export const buildGaugeQuery: BuildQuery = (fd) => {
  const metrics = ensureArray<QueryMetric>(fd.metric).slice(0, 1);
  const q: QueryObject = { ...baseQueryObject(fd), metrics, columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)) };
  q.orderby = fd.sort_by_metric === true && metrics.length > 0 ? [[metrics[0], false]] : [];
  return buildQueryContext(fd, [q]);
};
