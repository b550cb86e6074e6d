/**
 * The time table's query: the metrics (or one metric by the dimension) on the legacy time axis
 * (`__timestamp`), ordered by the first metric, ascending unless "Sort descending" is on, as the
 * BI server's plugin asks. The rows are pivoted by time in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';

export const buildTimeTableQuery: BuildQuery = (fd) => {
  const metrics = uniqueMetrics(ensureArray<QueryMetric>(fd.metrics));
  const first = metrics[0];
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics,
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    is_timeseries: true,
    orderby: first === undefined ? [] : [[first, fd.order_desc !== true]],
  };
  return buildQueryContext(fd, [q]);
};
