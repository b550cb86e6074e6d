/**
 * The point map's query (the BI server's legacy MapBox query object). Without "Group by" it reads
 * rows as they are: longitude, latitude and, when set, the label and point-radius columns (sorted,
 * as the peer sorts them so equal choices share a cache key). With "Group by" it reads the distinct
 * groups, and a label of `count` is COUNT(*) of each group.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import { baseQueryObject, buildQueryContext, columnLabelOf, ensureArray, uniqueColumns } from '../buildQueryHelpers.js';

/** The label choice that counts a group's rows. */
export const MAPBOX_COUNT_LABEL = 'count';

export const COUNT_METRIC: QueryMetric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: MAPBOX_COUNT_LABEL };

const column = (v: unknown): QueryColumn | null => {
  const c = ensureArray<QueryColumn>(v)[0];
  return c === undefined || c === null || (typeof c === 'string' && c.trim() === '') ? null : c;
};

/** The label column (`mapbox_label`'s first entry), or null. */
export const mapboxLabelOf = (fd: QueryFormData): QueryColumn | null => column(fd.mapbox_label);

/** The point-radius column, or null for `Auto`. */
export const mapboxRadiusOf = (fd: QueryFormData): QueryColumn | null => {
  const r = column(fd.point_radius);
  return r === 'Auto' ? null : r;
};

export const buildMapboxQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  const groupby = uniqueColumns(ensureArray<QueryColumn>(fd.groupby));
  const label = mapboxLabelOf(fd);
  if (groupby.length > 0) {
    const q: QueryObject = { ...base, columns: groupby, metrics: label === MAPBOX_COUNT_LABEL ? [COUNT_METRIC] : [] };
    return buildQueryContext(fd, [q]);
  }
  const picked = [column(fd.all_columns_x), column(fd.all_columns_y), label, mapboxRadiusOf(fd)].filter(
    (c): c is QueryColumn => c !== null,
  );
  const columns = uniqueColumns(picked).sort((a, b) => columnLabelOf(a).localeCompare(columnLabelOf(b)));
  const q: QueryObject = { ...base, columns };
  // no metrics at all (not an empty list): the server reads rows without grouping
  delete q.metrics;
  return buildQueryContext(fd, [q]);
};
