/**
 * The mixed chart's two queries: query A from the plain controls, query B from the `_b` ones, both
 * along the shared x axis. Each is a timeseries query (x axis and dimensions as columns, one series
 * per dimension value after the pivot) with its own advanced analytics, in the BI server's order.
 */
import type { BuildQuery, QueryFormData } from '../types.js';
import type { QueryObject } from '../../api/chartData.js';
import { buildQueryContext, xAxisColumn } from '../buildQueryHelpers.js';
import { timeseriesQueryObject } from '../timeseries/buildQuery.js';
import { removeFormDataSuffix, retainFormDataSuffix } from './formDataSuffix.js';

/** The form-data suffix of query B's query controls. */
export const QUERY_B_SUFFIX = '_b';

function queryOf(shared: QueryFormData, fd: QueryFormData): QueryObject {
  const x = xAxisColumn(shared);
  const q = timeseriesQueryObject(fd, x);
  // a chart saved before x axes existed draws along the legacy time column
  if (!x) q.is_timeseries = true;
  return q;
}

export const buildMixedTimeseriesQuery: BuildQuery = (formData) => {
  const queryA = queryOf(formData, removeFormDataSuffix(formData, QUERY_B_SUFFIX));
  const queryB = queryOf(formData, retainFormDataSuffix(formData, QUERY_B_SUFFIX));
  return buildQueryContext(formData, [queryA, queryB]);
};
