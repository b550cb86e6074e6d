/**
 * The pieces every buildQuery shares: the base query object read from form data (dashboard
 * `extra_form_data` merged in), the x-axis column, the default ordering, the query context
 * envelope, and the post-processing rules in the option shapes `charts/postprocess` accepts. The
 * rules follow the BI server's web client so that a chart exported from it draws the same numbers.
 */
import type { AdhocColumn, PostProcessingRule, QueryColumn, QueryContext, QueryMetric, QueryObject } from '../api/chartData.js';
import { ensureArray, withExtraFormData } from '../charts/baseQuery.js';
import { parseDatasourceKey } from '../sqllab/editor.js';
import type { QueryFormData } from './types.js';

// The base query object is built below the chart types (filters' option queries start from it
// too); the types take it from here with the rest of their helpers.
export { baseQueryObject, ensureArray, withExtraFormData } from '../charts/baseQuery.js';

/** A metric's result column name, as the server labels it. */
export function metricLabelOf(m: QueryMetric): string {
  if (typeof m === 'string') return m;
  if (m.label?.trim()) return m.label;
  if (m.expressionType === 'SQL') return m.sqlExpression ?? '';
  return `${m.aggregate ?? ''}(${m.column?.column_name ?? ''})`;
}

/** A column's result column name: its name, or the adhoc column's label (else its SQL). */
export function columnLabelOf(c: QueryColumn): string {
  if (typeof c === 'string') return c;
  return c.label?.trim() ? c.label : c.sqlExpression;
}

/** Metrics without repeats (spec section 5: duplicate metrics and columns are removed). */
export function uniqueMetrics(metrics: QueryMetric[]): QueryMetric[] {
  const seen = new Set<string>();
  return metrics.filter((m) => {
    const label = metricLabelOf(m);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

/** Columns without repeats; empty column names are dropped (spec section 5). */
export function uniqueColumns(columns: QueryColumn[]): QueryColumn[] {
  const seen = new Set<string>();
  return columns.filter((c) => {
    const label = columnLabelOf(c);
    if (!label.trim() || seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The x axis a chart draws along: `x_axis`, or the legacy time column of a chart saved before it. */
export function xAxisOf(fd: QueryFormData): QueryColumn | null {
  const x = fd.x_axis ?? fd.granularity_sqla;
  if (typeof x === 'string') return x.trim() ? x : null;
  if (x && typeof x === 'object' && typeof (x as AdhocColumn).sqlExpression === 'string') return x as AdhocColumn;
  return null;
}

/**
 * The x axis as the BI server's client sends it: an adhoc `BASE_AXIS` column carrying the time
 * grain; the server applies the grain only to a temporal column.
 */
export function xAxisColumn(fd: QueryFormData): AdhocColumn | null {
  const x = xAxisOf(fd);
  if (x === null) return null;
  const timeGrain = text(withExtraFormData(fd).time_grain_sqla) ?? null;
  if (typeof x === 'string') return { timeGrain, columnType: 'BASE_AXIS', sqlExpression: x, label: x, expressionType: 'SQL' };
  return { ...x, columnType: 'BASE_AXIS', timeGrain };
}

export const xAxisLabel = (fd: QueryFormData): string | null => {
  const x = xAxisOf(fd);
  return x === null ? null : columnLabelOf(x);
};

/**
 * Default ordering (the BI server's normalizeOrderBy): by the sort-by metric, else by the first
 * metric, descending unless "Sort descending" is off.
 */
export function defaultOrderBy(q: QueryObject): [QueryMetric | QueryColumn, boolean][] {
  const asc = q.order_desc === false;
  if (q.series_limit_metric) return [[q.series_limit_metric, asc]];
  const first = q.metrics?.[0];
  return first === undefined ? [] : [[first, asc]];
}

/** The envelope posted to /api/v1/chart/data. */
export function buildQueryContext(fd: QueryFormData, queries: QueryObject[]): QueryContext {
  const ds = parseDatasourceKey(fd.datasource);
  return {
    datasource: ds ?? { id: fd.datasource, type: 'table' },
    force: fd.force === true,
    queries,
    form_data: fd,
    result_format: fd.result_format === 'csv' || fd.result_format === 'xlsx' ? fd.result_format : 'json',
    result_type: fd.result_type === 'results' || fd.result_type === 'samples' ? fd.result_type : 'full',
  };
}

// ---- post-processing rules -------------------------------------------------------------------

const COMPARISON_TYPES = new Set(['values', 'absolute', 'difference', 'percentage', 'ratio']);

/** Time comparison is on when shifts are chosen with a known calculation type. */
export function isTimeComparison(fd: QueryFormData): boolean {
  return COMPARISON_TYPES.has(String(fd.comparison_type)) && timeShifts(fd).length > 0;
}

export const timeShifts = (fd: QueryFormData): string[] =>
  ensureArray<unknown>(fd.time_compare).filter((s): s is string => typeof s === 'string' && s.trim() !== '');

/** `metric__shift` → `metric`, for every metric and shift, in metric then shift order. */
export function metricOffsetsMap(fd: QueryFormData, q: QueryObject): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of q.metrics ?? []) for (const s of timeShifts(fd)) map.set(`${metricLabelOf(m)}__${s}`, metricLabelOf(m));
  return map;
}

/** Series columns: every column but the x axis. */
const seriesLabels = (q: QueryObject): string[] =>
  ensureArray<QueryColumn>(q.columns)
    .filter((c) => typeof c === 'string' || c.columnType !== 'BASE_AXIS')
    .map(columnLabelOf);

/** One row per x value, one column per metric (and series); time shifts bring their own metrics. */
export function pivotOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  const index = xAxisLabel(fd);
  const metrics = (q.metrics ?? []).map(metricLabelOf);
  if (index === null || metrics.length === 0) return null;
  const offsets = isTimeComparison(fd) ? [...metricOffsetsMap(fd, q).keys()] : [];
  return {
    operation: 'pivot',
    options: {
      index: [index],
      columns: seriesLabels(q),
      aggregates: Object.fromEntries([...metrics, ...offsets].map((m) => [m, { operator: 'mean' }])),
      drop_missing_columns: fd.show_empty_columns !== true,
    },
  };
}

const intOr = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' ? Number(v.trim()) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : fallback;
};

/** Rolling window (mean, sum, std over `rolling_periods`) or a cumulative sum over each series. */
export function rollingOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  const offsets = metricOffsetsMap(fd, q);
  const columns = isTimeComparison(fd) ? [...new Set(offsets.values()), ...offsets.keys()] : (q.metrics ?? []).map(metricLabelOf);
  const map = Object.fromEntries(columns.map((c) => [c, c]));
  if (fd.rolling_type === 'cumsum') return { operation: 'cum', options: { operator: 'sum', columns: map } };
  if (fd.rolling_type === 'mean' || fd.rolling_type === 'sum' || fd.rolling_type === 'std') {
    return {
      operation: 'rolling',
      options: {
        rolling_type: fd.rolling_type,
        window: intOr(fd.rolling_periods, 1),
        min_periods: intOr(fd.min_periods, 0),
        columns: map,
      },
    };
  }
  return null;
}

/** Difference, percentage change or ratio of each metric to its shifted copy (the copies dropped). */
export function timeCompareOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  if (!isTimeComparison(fd) || fd.comparison_type === 'values') return null;
  const offsets = metricOffsetsMap(fd, q);
  return {
    operation: 'compare',
    options: {
      source_columns: [...offsets.values()],
      compare_columns: [...offsets.keys()],
      // the spec's word for a difference is 'absolute'; the client sends 'difference'
      compare_type: fd.comparison_type === 'absolute' ? 'difference' : fd.comparison_type,
      drop_original_columns: true,
    },
  };
}

/** Resample the x axis to a regular rule, filling gaps by the chosen method ('zerofill' fills 0). */
export function resampleOperator(fd: QueryFormData): PostProcessingRule | null {
  const zeroFill = fd.resample_method === 'zerofill';
  const method = zeroFill ? 'asfreq' : text(fd.resample_method);
  const rule = text(fd.resample_rule);
  if (!method || !rule) return null;
  return { operation: 'resample', options: { method, rule, fill_value: zeroFill ? 0 : null } };
}

/**
 * "Truncate metric": with one metric and series columns, series are named by their values alone
 * (`SEA`, not `AVG(delay), SEA`); shifted copies keep the shift as their name.
 */
export function renameOperator(fd: QueryFormData, q: QueryObject): PostProcessingRule | null {
  const metrics = q.metrics ?? [];
  const derived = isTimeComparison(fd) && fd.comparison_type !== 'values';
  if (metrics.length !== 1 || seriesLabels(q).length === 0 || xAxisLabel(fd) === null || derived || fd.truncate_metric !== true) {
    return null;
  }
  const pairs: [string, string | null][] = [];
  if (isTimeComparison(fd)) {
    const shifts = timeShifts(fd);
    for (const withOffset of metricOffsetsMap(fd, q).keys()) {
      const shift = shifts.find((s) => withOffset.endsWith(`__${s}`));
      if (shift) pairs.push([withOffset, shift]);
    }
  }
  pairs.push([metricLabelOf(metrics[0]), null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

/** Each value as a share of its row's (x value's) or its series' total. */
export function contributionOperator(fd: QueryFormData): PostProcessingRule | null {
  if (fd.contributionMode !== 'row' && fd.contributionMode !== 'column') return null;
  return { operation: 'contribution', options: { orientation: fd.contributionMode, time_shifts: timeShifts(fd) } };
}

export const flattenOperator = (): PostProcessingRule => ({ operation: 'flatten' });

/** The rules in the order the BI server's client sends them; empty ones left out. */
export const rules = (...list: (PostProcessingRule | null)[]): PostProcessingRule[] =>
  list.filter((r): r is PostProcessingRule => r !== null);

/**
 * The x axis order of a chart without dimensions (the BI server's `x_axis_sort` /
 * `x_axis_sort_asc`): by the axis value itself or by one of the metrics, so a bar chart of the
 * busiest airports can rank its bars instead of listing them A to Z.
 */
export function sortOperator(fd: QueryFormData): PostProcessingRule | null {
  const by = typeof fd.x_axis_sort === 'string' && fd.x_axis_sort !== '' ? fd.x_axis_sort : null;
  if (by === null || ensureArray(fd.groupby).length > 0) return null;
  const ascending = fd.x_axis_sort_asc !== false;
  if (by === xAxisLabel(fd)) return { operation: 'sort', options: { is_sort_index: true, ascending } };
  if (ensureArray<QueryMetric>(fd.metrics).map(metricLabelOf).includes(by)) return { operation: 'sort', options: { by, ascending } };
  return null;
}
