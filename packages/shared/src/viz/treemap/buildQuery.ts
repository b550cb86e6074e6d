/**
 * The treemap's query: one metric by the hierarchy's columns. With a row limit the rows are ordered
 * (by the metric when "Sort by metric" is on, then by each level) so the limit cuts the smallest
 * rectangles and the order of the levels is stable (the BI server's treemap buildQuery).
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

/** Metric first (descending) when sorting by it, then every level ascending; none without a row limit. */
export function hierarchyOrderBy(
  metric: QueryMetric | undefined,
  levels: QueryColumn[],
  sortByMetric: boolean,
  rowLimit: unknown,
): [QueryMetric | QueryColumn, boolean][] {
  const limited = rowLimit !== undefined && rowLimit !== null && rowLimit !== 0 && rowLimit !== '';
  if (!limited) return [];
  const byMetric: [QueryMetric | QueryColumn, boolean][] = sortByMetric && metric !== undefined ? [[metric, false]] : [];
  return [...byMetric, ...levels.map((c): [QueryColumn, boolean] => [c, true])];
}

export const buildTreemapQuery: BuildQuery = (fd) => {
  const metrics = ensureArray<QueryMetric>(fd.metric).slice(0, 1);
  const groupby = uniqueColumns(ensureArray<QueryColumn>(fd.groupby));
  const q: QueryObject = { ...baseQueryObject(fd), metrics, columns: groupby };
  q.orderby = hierarchyOrderBy(metrics[0], groupby, fd.sort_by_metric === true, fd.row_limit);
  return buildQueryContext(fd, [q]);
};
