/**
 * The mixed chart's two queries: query A from the plain controls, query B from the `_b` ones, both
 * along the shared x axis. Each is a timeseries query (x axis and dimensions as columns, one series
 * per dimension value after the pivot) with its own advanced analytics, in the BI server's order.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import {
  baseQueryObject,
  buildQueryContext,
  defaultOrderBy,
  ensureArray,
  flattenOperator,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingOperator,
  rules,
  timeCompareOperator,
  timeShifts,
  uniqueColumns,
  uniqueMetrics,
  xAxisColumn,
} from '../buildQueryHelpers.js';
import { removeFormDataSuffix, retainFormDataSuffix } from './formDataSuffix.js';

/** The form-data suffix of query B's query controls. */
export const QUERY_B_SUFFIX = '_b';

function queryOf(shared: QueryFormData, fd: QueryFormData): QueryObject {
  const x = xAxisColumn(shared);
  const groupby = uniqueColumns(ensureArray<QueryColumn>(fd.groupby));
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    columns: x ? [x, ...groupby] : groupby,
    series_columns: groupby,
  };
  // a chart saved before x axes existed draws along the legacy time column
  if (!x) q.is_timeseries = true;
  q.orderby = defaultOrderBy(q);
  q.time_offsets = isTimeComparison(fd) ? timeShifts(fd) : [];
  q.post_processing = rules(
    pivotOperator(fd, q),
    rollingOperator(fd, q),
    timeCompareOperator(fd, q),
    resampleOperator(fd),
    renameOperator(fd, q),
    flattenOperator(),
  );
  return q;
}

export const buildMixedTimeseriesQuery: BuildQuery = (formData) => {
  const queryA = queryOf(formData, removeFormDataSuffix(formData, QUERY_B_SUFFIX));
  const queryB = queryOf(formData, retainFormDataSuffix(formData, QUERY_B_SUFFIX));
  return buildQueryContext(formData, [queryA, queryB]);
};
