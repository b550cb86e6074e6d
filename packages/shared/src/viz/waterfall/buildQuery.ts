/**
 * The waterfall's query: one metric by the x axis (and the breakdown), in axis order, so the
 * running total accumulates from the first period to the last.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, xAxisColumn, xAxisOf } from '../buildQueryHelpers.js';

export const buildWaterfallQuery: BuildQuery = (fd) => {
  const x = xAxisOf(fd);
  const groupby = ensureArray<QueryColumn>(fd.groupby).slice(0, 1);
  // the order names the axis as the form data does; the column carries the grain (BASE_AXIS)
  const orderby: [QueryColumn, boolean][] = [...(x ? [x] : []), ...groupby].map((c) => [c, true]);
  const axis = xAxisColumn(fd);
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1),
    columns: [...(axis ? [axis] : []), ...groupby],
    orderby,
  };
  return buildQueryContext(fd, [q]);
};
