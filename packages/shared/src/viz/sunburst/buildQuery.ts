/**
 * The sunburst's query: the primary metric (arc sizes) and the optional secondary metric (colour as
 * a ratio) by the hierarchy's columns, largest first when "Sort by metric" is on (the BI server's
 * sunburst buildQuery). The hierarchy is `columns`; charts saved with `groupby` keep working.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';

/** The hierarchy's levels, innermost ring first. */
export function sunburstLevels(fd: QueryFormData): QueryColumn[] {
  const columns = ensureArray<QueryColumn>(fd.columns);
  return uniqueColumns(columns.length ? columns : ensureArray<QueryColumn>(fd.groupby));
}

export const buildSunburstQuery: BuildQuery = (fd) => {
  const metric = ensureArray<QueryMetric>(fd.metric)[0];
  const secondary = ensureArray<QueryMetric>(fd.secondary_metric)[0];
  const metrics = uniqueMetrics([metric, secondary].filter((m): m is QueryMetric => m !== undefined));
  const q: QueryObject = { ...baseQueryObject(fd), metrics, columns: sunburstLevels(fd) };
  q.orderby = fd.sort_by_metric === true && metric !== undefined ? [[metric, false]] : [];
  return buildQueryContext(fd, [q]);
};
