/** The word cloud's query: one metric by the series column, largest first when sorting by metric. */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray } from '../buildQueryHelpers.js';

export const buildWordCloudQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  const metric = ensureArray<QueryMetric>(fd.metric)[0];
  const series = ensureArray<QueryColumn>(fd.series)[0];
  const orderby: [QueryMetric | QueryColumn, boolean][] = [];
  if (fd.sort_by_metric === true && metric !== undefined) orderby.push([metric, false]);
  if (fd.sort_by_series === true && series !== undefined) orderby.push([series, true]);
  // without a row limit the order would not choose which words stay, so none is asked for
  const limited = base.row_limit !== undefined && base.row_limit !== null && base.row_limit !== 0;
  const q: QueryObject = {
    ...base,
    columns: series === undefined ? [] : [series],
    metrics: metric === undefined ? [] : [metric],
    orderby: limited ? orderby : [],
  };
  return buildQueryContext(fd, [q]);
};
