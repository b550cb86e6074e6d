/**
 * The tree's query: one row per node with its id, its parent's id, its name and (optionally) the
 * metric (the BI server's tree buildQuery: these form fields are query columns).
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

export const buildTreeQuery: BuildQuery = (fd) => {
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1),
    columns: uniqueColumns((['id', 'parent', 'name'] as const).flatMap((f) => ensureArray<QueryColumn>(fd[f]))),
  };
  return buildQueryContext(fd, [q]);
};
