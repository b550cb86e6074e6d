/**
 * The heatmap's query: one metric by the x axis and one y dimension, ordered by the axes when they
 * sort by their own values (a sort by the metric happens in the browser, on each axis value's
 * total: an ORDER BY on the cells would cut the row limit unevenly), and the `rank` operation
 * for the "Normalized" colouring, within each column, row, or the whole grid.
 */
import type { QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery } from '../types.js';
import {
  baseQueryObject,
  buildQueryContext,
  columnLabelOf,
  ensureArray,
  metricLabelOf,
  xAxisColumn,
  xAxisOf,
} from '../buildQueryHelpers.js';

export const buildHeatmapQuery: BuildQuery = (fd) => {
  const x = xAxisColumn(fd);
  const groupby = ensureArray<QueryColumn>(fd.groupby);
  const columns: QueryColumn[] = [...(x ? [x] : []), ...groupby];
  const metrics = ensureArray<QueryMetric>(fd.metric).slice(0, 1);
  const orderby: [QueryColumn, boolean][] = [];
  const sortX = typeof fd.sort_x_axis === 'string' ? fd.sort_x_axis : '';
  const sortY = typeof fd.sort_y_axis === 'string' ? fd.sort_y_axis : '';
  if (sortX && !sortX.includes('value') && columns[0] !== undefined) orderby.push([columns[0], sortX.includes('asc')]);
  if (sortY && !sortY.includes('value') && columns[1] !== undefined) orderby.push([columns[1], sortY.includes('asc')]);
  const xAxis = xAxisOf(fd);
  const groupBy =
    fd.normalize_across === 'x' && xAxis !== null
      ? columnLabelOf(xAxis)
      : fd.normalize_across === 'y' && groupby[0] !== undefined
        ? columnLabelOf(groupby[0])
        : undefined;
  const q: QueryObject = {
    ...baseQueryObject(fd),
    metrics,
    columns,
    orderby,
    post_processing: [
      {
        operation: 'rank',
        options: {
          metric: metrics[0] === undefined ? null : metricLabelOf(metrics[0]),
          ...(groupBy === undefined ? {} : { group_by: groupBy }),
        },
      },
    ],
  };
  return buildQueryContext(fd, [q]);
};
