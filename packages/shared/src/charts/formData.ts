/**
 * Form data (a chart's saved controls) → a query object, the way the BI server's legacy path and
 * generic buildQuery read it: groupby/columns, metrics, adhoc filters split into WHERE filters and
 * custom SQL, time range on the time column, time grain, row limit, series limit, ordering.
 * Pure, shared by the server (explore_json, saved charts, reports) and the web app.
 */
import type { QueryColumn, QueryMetric, QueryObject, QueryObjectFilter } from '../api/chartData.js';
import { filterOperatorSymbol } from './operators.js';

export interface AdhocFilter {
  expressionType: 'SIMPLE' | 'SQL';
  subject?: string | { sqlExpression: string; label?: string };
  operator?: string;
  comparator?: unknown;
  clause?: 'WHERE' | 'HAVING';
  sqlExpression?: string;
  isExtra?: boolean;
}

export type FormData = Record<string, unknown>;

/** A chart's form data: its controls' values, keyed by control name (spec section 3 "Chart form data"). */
export type QueryFormData = Record<string, unknown> & {
  viz_type: string;
  /** `{id}__{type}`, e.g. `3__table` */
  datasource: string;
};

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : v === undefined || v === null || v === '' ? [] : [v as T]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A name or an adhoc object: what a metric or column entry of form data may be. */
const isNameOrObject = (v: unknown): boolean => (typeof v === 'string' && v.trim() !== '') || isObject(v);

function adhocFilterProblem(f: unknown, where: string): string | null {
  if (!isObject(f)) return `${where} must be an adhoc filter object.`;
  if (f.expressionType === 'SQL') {
    return f.sqlExpression === undefined || f.sqlExpression === null || typeof f.sqlExpression === 'string'
      ? null
      : `${where}.sqlExpression must be text.`;
  }
  const subject = f.subject;
  if (
    subject !== undefined &&
    subject !== null &&
    typeof subject !== 'string' &&
    !(isObject(subject) && typeof subject.sqlExpression === 'string')
  )
    return `${where}.subject must be a column name or an object with a sqlExpression.`;
  return null;
}

/** Form data lists whose entries must each be a name or an object (null or a number cannot be read). */
const NAME_OR_OBJECT_LISTS = ['metrics', 'percent_metrics', 'groupby', 'columns', 'all_columns', 'series_columns'] as const;

/**
 * What is wrong with form data's shape, for the server to answer 400 before reading it (a saved
 * chart's params or a legacy request are client-written JSON): null for readable form data.
 */
export function formDataProblem(fd: FormData): string | null {
  const adhoc = fd.adhoc_filters;
  if (adhoc !== undefined && adhoc !== null && adhoc !== '') {
    if (!Array.isArray(adhoc)) return 'adhoc_filters must be a list of adhoc filter objects.';
    for (let i = 0; i < adhoc.length; i++) {
      const problem = adhocFilterProblem(adhoc[i], `adhoc_filters[${i}]`);
      if (problem) return problem;
    }
  }
  for (const name of NAME_OR_OBJECT_LISTS) {
    const v = fd[name];
    if (v === undefined || v === null || v === '') continue;
    const entries: unknown[] = Array.isArray(v) ? v : [v];
    const bad = entries.findIndex((e) => !isNameOrObject(e));
    if (bad >= 0) return `${name}[${bad}] must be a name or an object.`;
  }
  for (const name of ['metric', 'timeseries_limit_metric', 'series_limit_metric'] as const) {
    const v = fd[name];
    if (v !== undefined && v !== null && v !== '' && !isNameOrObject(v)) return `${name} must be a metric name or an adhoc metric object.`;
  }
  const extra = fd.extra_form_data;
  if (extra !== undefined && extra !== null) {
    if (!isObject(extra)) return 'extra_form_data must be an object.';
    if (extra.filters !== undefined && extra.filters !== null) {
      if (!Array.isArray(extra.filters)) return 'extra_form_data.filters must be a list.';
      const bad = extra.filters.findIndex((f) => !isObject(f));
      if (bad >= 0) return `extra_form_data.filters[${bad}] must be a filter object.`;
    }
  }
  return null;
}

/**
 * Adhoc filters → `filters` (simple WHERE), and the SQL of custom WHERE / HAVING clauses. Entries
 * that are not filter objects are skipped here (the web client must not crash on a stored null);
 * the server refuses them first with `formDataProblem`.
 */
export function splitAdhocFilters(adhoc: AdhocFilter[]): { filters: QueryObjectFilter[]; where: string; having: string } {
  const filters: QueryObjectFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of adhoc as unknown[]) {
    if (adhocFilterProblem(f, 'adhoc_filters') !== null) continue;
    const filter = f as AdhocFilter;
    if (filter.expressionType === 'SQL') {
      if (filter.sqlExpression?.trim()) (filter.clause === 'HAVING' ? having : where).push(`(${filter.sqlExpression.trim()})`);
      continue;
    }
    if (filter.clause === 'HAVING') {
      // a Simple filter on a metric: the web app stores its condition as SQL on the aggregate
      if (typeof filter.sqlExpression === 'string' && filter.sqlExpression.trim()) having.push(`(${filter.sqlExpression.trim()})`);
      continue;
    }
    const op = filterOperatorSymbol(filter.operator);
    if (!op || filter.subject === undefined || filter.subject === null) continue;
    const subject = filter.subject;
    const col: QueryColumn = typeof subject === 'string' ? subject : { sqlExpression: subject.sqlExpression, label: subject.label };
    const flt: QueryObjectFilter = { col, op };
    if (op !== 'IS NULL' && op !== 'IS NOT NULL' && op !== 'IS TRUE' && op !== 'IS FALSE') flt.val = filter.comparator;
    if (filter.isExtra) flt.isExtra = true;
    filters.push(flt);
  }
  return { filters, where: where.join(' AND '), having: having.join(' AND ') };
}

/** A generic query object from form data (what a plugin without its own buildQuery sends). */
export function queryObjectFromFormData(fd: FormData): QueryObject {
  const { filters, where, having } = splitAdhocFilters(list<AdhocFilter>(fd.adhoc_filters));
  const metrics = [...list<QueryMetric>(fd.metrics), ...list<QueryMetric>(fd.metric)];
  const columns = [...list<QueryColumn>(fd.groupby), ...list<QueryColumn>(fd.columns), ...list<QueryColumn>(fd.all_columns)];
  const granularity =
    typeof fd.granularity_sqla === 'string' ? fd.granularity_sqla : typeof fd.granularity === 'string' ? fd.granularity : null;
  const timeRange = typeof fd.time_range === 'string' ? fd.time_range : 'No filter';
  const extraFilters = list<QueryObjectFilter>((fd.extra_form_data as { filters?: unknown } | undefined)?.filters);
  const seriesLimitMetric = (fd.timeseries_limit_metric ?? fd.series_limit_metric ?? null) as QueryMetric | null;
  const orderDesc = fd.order_desc !== false;
  return {
    columns,
    metrics,
    filters: [...filters, ...extraFilters.map((f) => ({ ...f, isExtra: true }))],
    granularity,
    time_range: timeRange,
    extras: {
      time_grain_sqla: typeof fd.time_grain_sqla === 'string' ? fd.time_grain_sqla : undefined,
      where,
      having,
    },
    is_timeseries:
      fd.is_timeseries === true || (granularity !== null && fd.viz_type !== undefined && /^line$|^bar$|^area$/.test(String(fd.viz_type))),
    orderby: seriesLimitMetric ? [[seriesLimitMetric, !orderDesc]] : [],
    order_desc: orderDesc,
    row_limit:
      typeof fd.row_limit === 'number' ? fd.row_limit : typeof fd.row_limit === 'string' ? Number(fd.row_limit) || undefined : undefined,
    series_limit: typeof fd.series_limit === 'number' ? fd.series_limit : typeof fd.limit === 'number' ? fd.limit : 0,
    series_limit_metric: seriesLimitMetric,
    url_params: (fd.url_params as Record<string, string> | undefined) ?? {},
  };
}
