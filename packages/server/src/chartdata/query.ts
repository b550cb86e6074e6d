/**
 * A query object as the client sends it → the normalized form the compiler reads: old and new
 * spellings merged (groupby/columns, timeseries_limit/series_limit, granularity_sqla/granularity,
 * operator names), limits applied, and every part checked for shape (400 naming the part).
 */
import type { AdhocColumn, AdhocMetric, PostProcessingRule, QueryColumn, QueryMetric, QueryObject, QueryObjectFilter } from '@rama/shared';
import { METRIC_AGGREGATES, filterOperatorSymbol, formDataProblem, type CanonicalOp } from '@rama/shared';
import { badRequest } from '../http/errors.js';

/** 400 naming the first entry of form data that cannot be read (a stored `null` filter, metric, column …). */
export function requireReadableFormData(formData: Record<string, unknown>): void {
  const problem = formDataProblem(formData);
  if (problem) throw badRequest(`Invalid form data: ${problem}`);
}

export function canonicalOp(op: unknown): CanonicalOp {
  const found = filterOperatorSymbol(op);
  if (!found) throw badRequest(`Unsupported filter operator: ${typeof op === 'string' ? op : JSON.stringify(op)}`);
  return found;
}

export interface NormalizedFilter {
  col: QueryColumn;
  op: CanonicalOp;
  val: unknown;
}

export interface NormalizedQuery {
  columns: QueryColumn[];
  /** null: a raw (ungrouped) query; an array (possibly empty): group by the columns */
  metrics: QueryMetric[] | null;
  filters: NormalizedFilter[];
  granularity: string | null;
  timeRange: string | null;
  timeGrain: string | null;
  where: string;
  having: string;
  isTimeseries: boolean;
  orderby: [QueryMetric | QueryColumn, boolean][];
  orderDesc: boolean;
  rowLimit: number;
  rowOffset: number;
  seriesColumns: QueryColumn[];
  seriesLimit: number;
  seriesLimitMetric: QueryMetric | null;
  timeOffsets: string[];
  postProcessing: PostProcessingRule[];
  urlParams: Record<string, string>;
  appliedTimeExtras: Record<string, string>;
  relativeStart: 'today' | 'now' | null;
  relativeEnd: 'today' | 'now' | null;
  /** count the rows the query would answer instead of answering them (table server pagination) */
  isRowcount: boolean;
}

/** Rows a query returns when it names no limit (the form-data default). */
export const DEFAULT_ROW_LIMIT = 1000;
/** The most time shifts one query asks for (each runs a query of its own). */
export const MAX_TIME_OFFSETS = 20;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function column(v: unknown, where: string): QueryColumn {
  if (typeof v === 'string') {
    if (!v.trim()) throw badRequest(`${where}: a column name cannot be empty.`);
    return v;
  }
  if (isObject(v) && typeof v.sqlExpression === 'string' && v.sqlExpression.trim()) return v as unknown as AdhocColumn;
  throw badRequest(`${where}: each column is a name or an object with a sqlExpression.`);
}

function columns(v: unknown, where: string): QueryColumn[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest(`${where} must be a list.`);
  return v.map((c) => column(c, where));
}

function metric(v: unknown, where: string): QueryMetric {
  if (typeof v === 'string') {
    if (!v.trim()) throw badRequest(`${where}: a metric name cannot be empty.`);
    return v;
  }
  if (isObject(v)) {
    const m = v as unknown as AdhocMetric;
    if (m.expressionType === 'SQL') {
      if (typeof m.sqlExpression !== 'string' || !m.sqlExpression.trim()) throw badRequest(`${where}: a SQL metric needs a sqlExpression.`);
      return m;
    }
    if (m.expressionType === 'SIMPLE') {
      if (!m.aggregate || !METRIC_AGGREGATES.includes(m.aggregate))
        throw badRequest(`${where}: the aggregate must be one of ${METRIC_AGGREGATES.join(', ')}.`);
      if (!isObject(m.column) || typeof m.column.column_name !== 'string') throw badRequest(`${where}: a SIMPLE metric needs a column.`);
      return m;
    }
  }
  throw badRequest(`${where}: each metric is a saved metric's name or an adhoc metric (SIMPLE or SQL).`);
}

/** A row count: 0 means "no limit" (the maximum), as the BI server reads row_limit. */
function limit(v: unknown, name: string, fallback: number, max: number): number {
  if (v === undefined || v === null) return fallback;
  const n = count(v, name, fallback);
  return Math.min(n === 0 ? max : n, max);
}

function count(v: unknown, name: string, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw badRequest(`${name} must be a non-negative integer.`);
  return n;
}

function stringMap(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string' || typeof x === 'number') out[k] = String(x);
  return out;
}

function text(v: unknown, name: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw badRequest(`${name} must be text.`);
  return v;
}

function filters(v: unknown): NormalizedFilter[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest('filters must be a list.');
  return v.map((f: unknown, i) => {
    if (!isObject(f)) throw badRequest(`filters[${i}] must be an object with col, op and val.`);
    const flt = f as unknown as QueryObjectFilter;
    return { col: column(flt.col, `filters[${i}].col`), op: canonicalOp(flt.op), val: flt.val };
  });
}

function postProcessing(v: unknown): PostProcessingRule[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest('post_processing must be a list.');
  // the client leaves empty objects where an optional operation does not apply
  return v
    .filter((r) => isObject(r) && Object.keys(r).length > 0)
    .map((r: Record<string, unknown>, i) => {
      if (typeof r.operation !== 'string' || !r.operation) throw badRequest(`post_processing[${i}] needs an operation.`);
      if (r.options !== undefined && r.options !== null && !isObject(r.options))
        throw badRequest(`post_processing[${i}].options must be an object.`);
      return { operation: r.operation, options: (r.options as Record<string, unknown> | undefined) ?? {} };
    });
}

function orderby(v: unknown): [QueryMetric | QueryColumn, boolean][] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw badRequest('Found invalid orderby options');
  return v.map((item: unknown) => {
    if (!Array.isArray(item) || item.length !== 2 || typeof item[1] !== 'boolean') throw badRequest('Found invalid orderby options');
    const target: unknown = item[0];
    if (typeof target === 'string') return [target, item[1]];
    if (isObject(target) && 'expressionType' in target && 'aggregate' in target) return [metric(target, 'orderby'), item[1]];
    if (isObject(target) && target.expressionType === 'SQL' && !('columnType' in target) && 'sqlExpression' in target && 'label' in target)
      return [metric(target, 'orderby'), item[1]];
    return [column(target, 'orderby'), item[1]];
  });
}

function relative(v: unknown): 'today' | 'now' | null {
  return v === 'today' || v === 'now' ? v : null;
}

export function normalizeQuery(raw: QueryObject, opts: { sqlMaxRow: number; defaultRowLimit?: number }): NormalizedQuery {
  // a saved query context is stored JSON: its queries are not checked by the request schema
  if (!isObject(raw)) throw badRequest('Each entry of queries must be a query object.');
  const q = raw as QueryObject & Record<string, unknown>;
  const extras = isObject(q.extras) ? q.extras : {};
  const cols = columns(q.columns ?? q.groupby, 'columns');
  const rawMetrics = q.metrics;
  if (rawMetrics !== undefined && rawMetrics !== null && !Array.isArray(rawMetrics)) throw badRequest('metrics must be a list.');
  const metrics = Array.isArray(rawMetrics) ? rawMetrics.map((m, i) => metric(m, `metrics[${i}]`)) : null;
  const granularity = q.granularity ?? q.granularity_sqla ?? null;
  if (granularity !== null && typeof granularity !== 'string') throw badRequest('granularity must be a column name.');
  const timeRange = q.time_range ?? null;
  if (timeRange !== null && typeof timeRange !== 'string') throw badRequest('time_range must be text.');
  const grain = extras.time_grain_sqla ?? (q.time_grain_sqla as string | undefined) ?? null;
  if (grain !== null && typeof grain !== 'string') throw badRequest('extras.time_grain_sqla must be a time grain.');
  const seriesLimitMetric = q.series_limit_metric ?? q.timeseries_limit_metric ?? null;
  const timeOffsets = q.time_offsets ?? [];
  if (!Array.isArray(timeOffsets) || !timeOffsets.every((o) => typeof o === 'string'))
    throw badRequest('time_offsets must be a list of text.');
  // each offset is a query of its own: a request names a bounded number of them
  if (timeOffsets.length > MAX_TIME_OFFSETS) throw badRequest(`time_offsets may name at most ${MAX_TIME_OFFSETS} time shifts.`);
  return {
    columns: cols,
    metrics,
    filters: filters(q.filters),
    granularity: granularity || null,
    timeRange: timeRange && timeRange.trim() ? timeRange : null,
    timeGrain: grain || null,
    where: text(extras.where, 'extras.where'),
    having: text(extras.having, 'extras.having'),
    isTimeseries: q.is_timeseries === true,
    orderby: orderby(q.orderby),
    orderDesc: q.order_desc !== false,
    rowLimit: limit(q.row_limit, 'row_limit', Math.min(opts.defaultRowLimit ?? DEFAULT_ROW_LIMIT, opts.sqlMaxRow), opts.sqlMaxRow),
    // an offset of 0 is the first row (not "no limit")
    rowOffset: count(q.row_offset, 'row_offset', 0),
    seriesColumns: columns(q.series_columns, 'series_columns'),
    seriesLimit: limit(q.series_limit ?? q.timeseries_limit, 'series_limit', 0, opts.sqlMaxRow),
    seriesLimitMetric:
      seriesLimitMetric === null || seriesLimitMetric === undefined ? null : metric(seriesLimitMetric, 'series_limit_metric'),
    timeOffsets: [...new Set(timeOffsets)],
    postProcessing: postProcessing(q.post_processing),
    urlParams: stringMap(q.url_params),
    appliedTimeExtras: stringMap(q.applied_time_extras),
    relativeStart: relative(extras.relative_start),
    relativeEnd: relative(extras.relative_end),
    isRowcount: q.is_rowcount === true,
  };
}

/** Result column names of columns and metrics: the one definition the web client uses too. */
export { getColumnLabel as columnLabel, getMetricLabel as metricLabel } from '@rama/shared';
