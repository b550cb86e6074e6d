/**
 * The chord's query: the metric by source (`groupby`) and target (`columns`), one row per pair,
 * largest first when "Sort by metric" is on (the BI server's chord buildQuery, after its legacy
 * query_obj). The diagram's matrix is built from these rows in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

export const buildChordQuery: BuildQuery = (fd) => {
  const source = ensureArray<QueryColumn>(fd.groupby)[0];
  const target = ensureArray<QueryColumn>(fd.columns)[0];
  const metrics = ensureArray<QueryMetric>(fd.metric).slice(0, 1);
  const q: QueryObject = {
    ...baseQueryObject(fd),
    columns: uniqueColumns([source, target].filter((c): c is QueryColumn => c !== undefined && c !== null)),
    metrics,
  };
  q.orderby = fd.sort_by_metric === true && metrics.length > 0 ? [[metrics[0], false]] : [];
  return buildQueryContext(fd, [q]);
};
