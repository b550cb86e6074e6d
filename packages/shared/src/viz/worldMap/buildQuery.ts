/**
 * The world map's query (the BI server's legacy world map query object, as its client now builds
 * it): the fill metric, and the bubble-size metric when it is another one, by the country column;
 * largest first when "Sort by metric" is on. Codes become countries in the browser.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import { baseQueryObject, buildQueryContext, ensureArray, metricLabelOf } from '../buildQueryHelpers.js';

export const buildWorldMapQuery: BuildQuery = (fd) => {
  const entity = ensureArray<QueryColumn>(fd.entity)[0];
  const metric = ensureArray<QueryMetric>(fd.metric)[0];
  const secondary = ensureArray<QueryMetric>(fd.secondary_metric)[0];
  const metrics: QueryMetric[] = metric === undefined ? [] : [metric];
  if (secondary !== undefined && (metric === undefined || metricLabelOf(secondary) !== metricLabelOf(metric))) metrics.push(secondary);
  const q: QueryObject = {
    ...baseQueryObject(fd),
    columns: entity === undefined ? [] : [entity],
    metrics,
    orderby: fd.sort_by_metric === true && metric !== undefined ? [[metric, false]] : [],
  };
  return buildQueryContext(fd, [q]);
};
