/**
 * The partition's query (the BI server's partition buildQuery, after its legacy query_obj): the
 * metrics by every level of the hierarchy, per point in time (`__timestamp`) unless the time-series
 * option ignores time; the "Sort by" metric joins the metrics and orders the rows when sorting
 * descending. The levels are summed up the hierarchy in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { legacyTimeRange } from '../flowControls.js';
import { baseQueryObject, buildQueryContext, ensureArray, metricLabelOf, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';

export const buildPartitionQuery: BuildQuery = (fd) => {
  let metrics = uniqueMetrics(ensureArray<QueryMetric>(fd.metrics));
  const sortBy = ensureArray<QueryMetric>(fd.timeseries_limit_metric)[0];
  const orderby: [QueryMetric, boolean][] = [];
  if (sortBy !== undefined) {
    if (!metrics.some((m) => metricLabelOf(m) === metricLabelOf(sortBy))) metrics = [...metrics, sortBy];
    if (fd.order_desc !== false) orderby.push([sortBy, false]);
  }
  const base = baseQueryObject(fd);
  const q: QueryObject = {
    ...base,
    time_range: legacyTimeRange(fd, base.time_range),
    metrics,
    columns: uniqueColumns(ensureArray<QueryColumn>(fd.groupby)),
    is_timeseries: (typeof fd.time_series_option === 'string' ? fd.time_series_option : 'not_time') !== 'not_time',
    orderby,
  };
  return buildQueryContext(fd, [q]);
};
