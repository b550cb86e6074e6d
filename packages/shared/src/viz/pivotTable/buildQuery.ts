/**
 * The pivot table's query: the metrics grouped by the column and row dimensions together; the
 * browser pivots, aggregates and totals the rows. Temporal dimensions carry the chosen grain.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';
import { withTimeGrain } from '../table/buildQuery.js';
import type { BuildQuery } from '../types.js';

export const buildPivotTableQuery: BuildQuery = (fd) => {
  const dimensions = uniqueColumns([...ensureArray<QueryColumn>(fd.groupbyColumns), ...ensureArray<QueryColumn>(fd.groupbyRows)]);
  const base = baseQueryObject(fd);
  const metrics = uniqueMetrics(ensureArray<QueryMetric>(fd.metrics));
  const asc = base.order_desc === false;
  const sortBy = base.series_limit_metric ?? metrics[0];
  const columns = withTimeGrain(dimensions, fd, false);
  const extras = { ...base.extras };
  // the grain travels on each temporal dimension, as the BI server's client sends it
  if (columns.some((c) => typeof c !== 'string')) delete extras.time_grain_sqla;
  const q: QueryObject = { ...base, extras, metrics, columns, orderby: sortBy ? [[sortBy, asc]] : [], post_processing: [] };
  return buildQueryContext(fd, [q]);
};
