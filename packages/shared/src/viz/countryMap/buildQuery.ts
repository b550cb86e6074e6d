/**
 * The country map's query (the BI server's legacy country map query object): the metric by the
 * subdivision code column. The map's shapes are matched to the codes in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray } from '../buildQueryHelpers.js';

export const buildCountryMapQuery: BuildQuery = (fd) => {
  const entity = ensureArray<QueryColumn>(fd.entity)[0];
  const q: QueryObject = {
    ...baseQueryObject(fd),
    columns: entity === undefined ? [] : [entity],
    metrics: ensureArray<QueryMetric>(fd.metric).slice(0, 1),
  };
  return buildQueryContext(fd, [q]);
};
