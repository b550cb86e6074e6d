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

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : v === undefined || v === null || v === '' ? [] : [v as T]);

/** Adhoc filters → `filters` (simple WHERE), and the SQL of custom WHERE / HAVING clauses. */
export function splitAdhocFilters(adhoc: AdhocFilter[]): { filters: QueryObjectFilter[]; where: string; having: string } {
  const filters: QueryObjectFilter[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of adhoc) {
    if (f.expressionType === 'SQL') {
      if (f.sqlExpression?.trim()) (f.clause === 'HAVING' ? having : where).push(`(${f.sqlExpression.trim()})`);
      continue;
    }
    const op = filterOperatorSymbol(f.operator);
    if (!op || f.subject === undefined || f.clause === 'HAVING') continue;
    const col: QueryColumn = typeof f.subject === 'string' ? f.subject : { sqlExpression: f.subject.sqlExpression, label: f.subject.label };
    const flt: QueryObjectFilter = { col, op };
    if (op !== 'IS NULL' && op !== 'IS NOT NULL' && op !== 'IS TRUE' && op !== 'IS FALSE') flt.val = f.comparator;
    if (f.isExtra) flt.isExtra = true;
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
