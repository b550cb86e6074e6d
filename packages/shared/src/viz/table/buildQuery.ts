/**
 * The table's queries. Aggregate mode groups by the dimensions (a temporal one at the chosen
 * grain) and adds the percentage metrics as shares of their column's total; raw mode reads the
 * chosen columns in the chosen order. Server pagination asks for one page plus a row count; "show
 * summary" adds a query without dimensions for the totals row.
 */
import type { AdhocColumn, PostProcessingRule, QueryColumn, QueryMetric, QueryObject } from '../../api/chartData.js';
import { baseQueryObject, buildQueryContext, ensureArray, metricLabelOf, uniqueColumns, uniqueMetrics } from '../buildQueryHelpers.js';
import type { BuildQuery, QueryFormData } from '../types.js';

export type TableQueryMode = 'aggregate' | 'raw';

/** The mode a table runs in: as set, else raw when it has raw columns (charts saved before the control). */
export function tableQueryMode(fd: QueryFormData): TableQueryMode {
  if (fd.query_mode === 'aggregate' || fd.query_mode === 'raw') return fd.query_mode;
  return ensureArray(fd.all_columns).length > 0 ? 'raw' : 'aggregate';
}

/** `order_by_cols` entries are JSON `["column", ascending]` strings; others are left out. */
export function parseOrderByCols(v: unknown): [QueryColumn, boolean][] {
  const out: [QueryColumn, boolean][] = [];
  for (const item of ensureArray<unknown>(v)) {
    let pair: unknown = item;
    if (typeof item === 'string') {
      try {
        pair = JSON.parse(item);
      } catch {
        continue;
      }
    }
    if (
      Array.isArray(pair) &&
      pair.length === 2 &&
      typeof pair[1] === 'boolean' &&
      (typeof pair[0] === 'string' || typeof pair[0] === 'object')
    ) {
      out.push([pair[0] as QueryColumn, pair[1]]);
    }
  }
  return out;
}

/** Which columns are temporal, as Explore records it in form data (the BI server's two spellings). */
function temporalLookup(fd: QueryFormData): Record<string, unknown> {
  const lookup = fd.temporal_columns_lookup ?? fd.isDTTMLookup;
  return lookup && typeof lookup === 'object' ? (lookup as Record<string, unknown>) : {};
}

/**
 * Dimensions with the first temporal one moved to the front as the grain-carrying base axis; the
 * pivot table grains every temporal one.
 */
export function withTimeGrain(columns: QueryColumn[], fd: QueryFormData, onlyFirst: boolean): QueryColumn[] {
  const grain = typeof fd.time_grain_sqla === 'string' && fd.time_grain_sqla ? fd.time_grain_sqla : null;
  if (!grain) return columns;
  const lookup = temporalLookup(fd);
  const grained: AdhocColumn[] = [];
  const rest = columns.filter((c) => {
    if (typeof c !== 'string' || !lookup[c] || (onlyFirst && grained.length > 0)) return true;
    grained.push({ timeGrain: grain, columnType: 'BASE_AXIS', sqlExpression: c, label: c, expressionType: 'SQL' });
    return false;
  });
  return onlyFirst ? [...grained, ...rest] : columns.map((c) => grained.find((g) => g.label === c) ?? c);
}

/** The most time shifts one table compares with: each one is a query of its own. */
export const MAX_TABLE_TIME_SHIFTS = 10;

/**
 * The table's time shifts (`time_compare`: one shift, or a list), in the order chosen, each once,
 * at most MAX_TABLE_TIME_SHIFTS; "inherit" and "custom" are left out (they need a range of their own).
 */
export function tableTimeShifts(fd: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const v of ensureArray<unknown>(fd.time_compare)) {
    if (typeof v !== 'string') continue;
    const shift = v.trim();
    if (!shift || shift === 'inherit' || shift === 'custom' || out.includes(shift)) continue;
    out.push(shift);
    if (out.length === MAX_TABLE_TIME_SHIFTS) break;
  }
  return out;
}

interface TableOwnState {
  currentPage?: unknown;
  pageSize?: unknown;
  sortBy?: { key?: unknown; desc?: unknown }[];
  searchText?: unknown;
  searchColumn?: unknown;
}

export const buildTableQuery: BuildQuery = (fd, options) => {
  const mode = tableQueryMode(fd);
  const base = baseQueryObject(fd);
  let q: QueryObject;
  let contribution: PostProcessingRule | null = null;
  if (mode === 'raw') {
    // no metrics at all (not an empty list): the server then reads rows without grouping
    const rest: QueryObject = { ...base };
    delete rest.metrics;
    q = { ...rest, columns: uniqueColumns(ensureArray<QueryColumn>(fd.all_columns)), orderby: parseOrderByCols(fd.order_by_cols) };
    q.post_processing = [];
  } else {
    let metrics = uniqueMetrics(ensureArray<QueryMetric>(fd.metrics));
    const sortBy = ensureArray<QueryMetric>(fd.timeseries_limit_metric)[0];
    // a chosen sort metric follows "Sort descending"; otherwise the first metric, largest first
    const orderby: [QueryMetric, boolean][] = sortBy ? [[sortBy, fd.order_desc !== true]] : metrics[0] ? [[metrics[0], false]] : [];
    const percent = uniqueMetrics(ensureArray<QueryMetric>(fd.percent_metrics));
    if (percent.length > 0) {
      const labels = percent.map(metricLabelOf);
      metrics = uniqueMetrics([...metrics, ...percent]);
      contribution = { operation: 'contribution', options: { columns: labels, rename_columns: labels.map((m) => `%${m}`) } };
    }
    q = {
      ...base,
      metrics,
      columns: withTimeGrain(uniqueColumns(ensureArray<QueryColumn>(fd.groupby)), fd, true),
      orderby,
      // the legacy time column as `__timestamp` when "Include time" is on
      is_timeseries: fd.include_time === true && Boolean(base.granularity),
      post_processing: contribution ? [contribution] : [],
    };
    // time comparison: the same query over each shifted time range, joined on the dimensions
    const shifts = tableTimeShifts(fd);
    if (shifts.length > 0) q.time_offsets = shifts;
  }

  const own = (options?.ownState ?? {}) as TableOwnState;
  const paginate = fd.server_pagination === true && fd.result_format !== 'csv' && fd.result_format !== 'xlsx';
  if (paginate) {
    const pageSize = Number(own.pageSize ?? fd.server_page_length) || 10;
    const rowLimit = Number(fd.row_limit) || 0;
    // never page past the row limit: row_limit 0 would mean "no limit" to the server
    const lastPage = rowLimit > 0 ? Math.max(Math.ceil(rowLimit / pageSize) - 1, 0) : Number.MAX_SAFE_INTEGER;
    const page = Math.min(Math.max(Math.trunc(Number(own.currentPage) || 0), 0), lastPage);
    const offset = page * pageSize;
    q.row_offset = offset;
    q.row_limit = rowLimit > 0 ? Math.min(pageSize, rowLimit - offset) : pageSize;
    const sort = Array.isArray(own.sortBy) ? own.sortBy[0] : undefined;
    if (sort && typeof sort.key === 'string') q.orderby = [[sort.key, sort.desc !== true]];
    if (typeof own.searchText === 'string' && own.searchText && typeof own.searchColumn === 'string' && own.searchColumn) {
      q.filters = [...(q.filters ?? []), { col: own.searchColumn, op: 'ILIKE', val: `${own.searchText}%` }];
    }
  }

  const queries: QueryObject[] = [q];
  if (paginate) {
    queries.push({ ...q, time_offsets: [], row_limit: Number(fd.row_limit) || 0, row_offset: 0, post_processing: [], is_rowcount: true });
  }
  if (mode === 'aggregate' && fd.show_totals === true && (q.metrics?.length ?? 0) > 0) {
    const totals: QueryObject = { ...q };
    delete totals.orderby;
    delete totals.order_desc;
    queries.push({
      ...totals,
      columns: [],
      row_limit: 0,
      row_offset: 0,
      is_timeseries: false,
      post_processing: contribution ? [contribution] : [],
    });
  }
  return buildQueryContext(fd, queries);
};
