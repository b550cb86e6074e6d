/**
 * The bubble chart's query: one row per entity (and series), with the x, y and size metrics.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

export const buildBubbleQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  const metrics = [fd.x, fd.y, fd.size].flatMap((m) => ensureArray<QueryMetric>(m).slice(0, 1));
  const sortBy = ensureArray<QueryMetric>(fd.orderby)[0];
  // the BI server's client reads `limit` here (a chart saved there may carry it); Rama's control is the row limit
  const limit = Number(fd.limit);
  const q: QueryObject = {
    ...base,
    columns: uniqueColumns([...ensureArray<QueryColumn>(fd.entity), ...ensureArray<QueryColumn>(fd.series)]),
    metrics,
    orderby: sortBy === undefined ? [] : [[sortBy, fd.order_desc === false]],
    row_limit: Number.isInteger(limit) && limit > 0 ? limit : base.row_limit,
  };
  return buildQueryContext(fd, [q]);
};
