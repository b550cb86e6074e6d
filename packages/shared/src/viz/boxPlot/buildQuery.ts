/**
 * The box plot's query: the metrics at the grain of the "distribute across" columns and the
 * dimensions, then the `boxplot` operation reduces each dimension group to its quartiles,
 * whiskers and outliers (server side, so a box of 100,000 observations travels as ten numbers).
 */
import type { PostProcessingRule, QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import type { BuildQuery, QueryFormData } from '../types.js';
import {
  baseQueryObject,
  buildQueryContext,
  columnLabelOf,
  ensureArray,
  metricLabelOf,
  uniqueColumns,
  uniqueMetrics,
} from '../buildQueryHelpers.js';

/** The whisker choices (the BI server's labels): Tukey, min/max, or two percentiles. */
export const WHISKER_OPTIONS = ['Tukey', 'Min/max (no outliers)', '2/98 percentiles', '9/91 percentiles'] as const;

const PERCENTILES = /(\d+)\/(\d+) percentiles/;

/** The `boxplot` rule for the form data's whisker choice; null without one. Unknown choices throw. */
export function boxplotOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  const choice = fd.whiskerOptions;
  if (choice === undefined || choice === null || choice === '') return null;
  let whiskerType: string;
  let percentiles: [number, number] | undefined;
  const match = PERCENTILES.exec(String(choice));
  if (choice === 'Tukey') whiskerType = 'tukey';
  else if (choice === 'Min/max (no outliers)') whiskerType = 'min/max';
  else if (match) {
    whiskerType = 'percentile';
    percentiles = [Number.parseInt(match[1], 10), Number.parseInt(match[2], 10)];
  } else throw new Error(`Unsupported whisker type: ${String(choice)}`);
  return {
    operation: 'boxplot',
    options: {
      whisker_type: whiskerType,
      ...(percentiles ? { percentiles } : {}),
      groupby: ensureArray<QueryColumn>(fd.groupby).map(columnLabelOf),
      metrics: (q.metrics ?? []).map(metricLabelOf),
    },
  };
}

export const buildBoxPlotQuery: BuildQuery = (fd) => {
  const base = baseQueryObject(fd);
  const groupby = ensureArray<QueryColumn>(fd.groupby);
  const q: QueryObject = {
    ...base,
    metrics: uniqueMetrics(ensureArray<QueryMetric>(fd.metrics)),
    columns: uniqueColumns([...ensureArray<QueryColumn>(fd.columns), ...groupby]),
    series_columns: groupby,
  };
  const rule = boxplotOperator(fd, q);
  q.post_processing = rule ? [rule] : [];
  return buildQueryContext(fd, [q]);
};
