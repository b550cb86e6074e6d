/**
 * The handlebars chart's query: the rows its template is applied to. Aggregate mode groups by the
 * dimensions with the metrics (percentage metrics are plain metrics here: the template does its own
 * arithmetic), ordered by the sort metric or else the first metric; raw mode reads the chosen
 * columns in the chosen order. "Include time" adds the legacy `__timestamp` column.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';
import { parseOrderByCols, tableQueryMode } from '../table/buildQuery.js';

export const buildHandlebarsQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  if (tableQueryMode(fd) === 'raw') {
    const rest: QueryObject = { ...base };
    // no metrics at all (not an empty list): the server then reads rows without grouping
    delete rest.metrics;
    const q: QueryObject = {
      ...rest,
      columns: uniqueColumns(ensureArray<QueryColumn>(fd.all_columns)),
      orderby: parseOrderByCols(fd.order_by_cols),
    };
    return buildQueryContext(fd, [q]);
  }
  const metrics = uniqueMetrics([...ensureArray<QueryMetric>(fd.metrics), ...ensureArray<QueryMetric>(fd.percent_metrics)]);
  const sortBy = ensureArray<QueryMetric>(fd.timeseries_limit_metric)[0] ?? metrics[0];
  const q: QueryObject = {
    ...base,
    metrics,
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    orderby: sortBy === undefined ? [] : [[sortBy, fd.order_desc === false]],
    is_timeseries: fd.include_time === true && Boolean(base.granularity),
  };
  return buildQueryContext(fd, [q]);
};
