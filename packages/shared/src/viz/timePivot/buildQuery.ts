/**
 * The time pivot's query: its one metric on the legacy time axis (`__timestamp`, the time column at
 * the grain). The rows are cut into periods of the chosen frequency and overlaid in the browser.
 */
import type { QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray } from '../buildQueryHelpers.js';

export const buildTimePivotQuery: BuildQuery = (fd) => {
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1),
    columns: [],
    is_timeseries: true,
  };
  return buildQueryContext(fd, [q]);
};
