/**
 * The sankey's query: the metric by source, intermediate levels and target, ordered (with a row
 * limit) by the metric when "Sort by metric" is on, then by each level (the BI server's sankey
 * buildQuery), so a limit keeps the largest flows.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';
import { hierarchyOrderBy } from '../treemap/buildQuery.js';

export const buildSankeyQuery: BuildQuery = (fd) => {
  const metrics = ensureArray<QueryMetric>(fd.metric).slice(0, 1);
  const levels = uniqueColumns([
    ...ensureArray<QueryColumn>(fd.source).slice(0, 1),
    ...ensureArray<QueryColumn>(fd.intermediate_levels),
    ...ensureArray<QueryColumn>(fd.target).slice(0, 1),
  ]);
  const q: QueryObject = { ...baseQueryObject(fd), metrics, columns: levels };
  q.orderby = hierarchyOrderBy(metrics[0], levels, fd.sort_by_metric === true, fd.row_limit);
  return buildQueryContext(fd, [q]);
};
