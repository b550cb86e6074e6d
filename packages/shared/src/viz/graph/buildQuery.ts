/**
 * The graph's query: the metric by source and target (and their categories when chosen), one row
 * per edge (the BI server's graph buildQuery: these form fields are query columns).
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

export const GRAPH_COLUMN_FIELDS = ['source', 'target', 'source_category', 'target_category'] as const;

export const buildGraphQuery: BuildQuery = (fd) => {
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1),
    columns: uniqueColumns(GRAPH_COLUMN_FIELDS.flatMap((f) => ensureArray<QueryColumn>(fd[f]))),
  };
  return buildQueryContext(fd, [q]);
};
