/**
 * The bullet chart's query: its one metric over the filtered rows (the ranges and markers it is
 * drawn against are numbers typed in the controls, not data).
 */
import type { QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray } from '../buildQueryHelpers.js';

export const buildBulletQuery: BuildQuery = (fd) => {
  const q: QueryObject = { ...baseQueryObject(fd), metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1), columns: [] };
  return buildQueryContext(fd, [q]);
};
