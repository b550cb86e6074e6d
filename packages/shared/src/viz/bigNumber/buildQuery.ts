/**
 * Big number queries. The total is one metric over the filtered rows. The trendline version groups
 * the metric by the time axis and pivots it into one series, with the rolling window and resample
 * of the advanced analytics applied the way the BI server's client asks for them.
 */
import type { QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import {
  baseQueryObject,
  buildQueryContext,
  ensureArray,
  flattenOperator,
  pivotOperator,
  resampleOperator,
  rollingOperator,
  rules,
  xAxisColumn,
} from '../buildQueryHelpers.js';

const metricOf = (m: unknown): QueryMetric[] => ensureArray<QueryMetric>(m).slice(0, 1);

export const buildBigNumberTotalQuery: BuildQuery = (fd) => {
  const q: QueryObject = { ...baseQueryObject(fd), metrics: metricOf(fd.metric), columns: [] };
  return buildQueryContext(fd, [q]);
};

export const buildBigNumberQuery: BuildQuery = (fd) => {
  const x = xAxisColumn(fd);
  const q: QueryObject = { ...baseQueryObject(fd), metrics: metricOf(fd.metric), columns: x ? [x] : [] };
  // time shifts are not a control of this chart: rolling and pivot work on the metric alone
  const own = { ...fd, time_compare: [] };
  q.post_processing = rules(pivotOperator(own, q), rollingOperator(own, q), resampleOperator(own), flattenOperator());
  return buildQueryContext(fd, [q]);
};
