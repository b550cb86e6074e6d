/**
 * The histogram's query: the column's raw values (no metrics, so no GROUP BY) with the dimensions,
 * binned by the `histogram` operation on the server into one row per dimension group and one
 * column per bin.
 */
import type { PostProcessingRule, QueryColumn, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import { baseQueryObject, buildQueryContext, columnLabelOf, ensureArray } from '../buildQueryHelpers.js';

/** The `histogram` rule: a bins value that is not a number falls back to 5, as in the BI server's client. */
export function histogramOperator(fd: QueryFormData): PostProcessingRule {
  const bins = Number(fd.bins);
  const column = ensureArray<QueryColumn>(fd.column)[0];
  return {
    operation: 'histogram',
    options: {
      column: column === undefined ? null : columnLabelOf(column),
      groupby: ensureArray<QueryColumn>(fd.groupby).map(columnLabelOf),
      bins: fd.bins === undefined || fd.bins === null || fd.bins === '' || Number.isNaN(bins) ? 5 : bins,
      cumulative: fd.cumulative === true,
      normalize: fd.normalize === true,
    },
  };
}

export const buildHistogramQuery: BuildQuery = (fd) => {
  const q: QueryObject = {
    ...baseQueryObject(fd),
    columns: [...ensureArray<QueryColumn>(fd.groupby), ...ensureArray<QueryColumn>(fd.column)],
    post_processing: [histogramOperator(fd)],
  };
  // raw values: a query without metrics reads rows instead of aggregating them
  delete q.metrics;
  return buildQueryContext(fd, [q]);
};
