/**
 * Chained filters (issue 13: "picking a country narrows the cities offered"): a filter's parents
 * (`cascadeParentIds`) narrow the options it offers, never the charts directly. A filter cannot be
 * its own ancestor.
 */
import type { QueryContext, QueryMetric, QueryObject } from '../api/chartData.js';
import { baseQueryObject } from '../charts/baseQuery.js';
import { mergeExtraFormData } from './dataMask.js';
import {
  NO_TIME_RANGE,
  isNativeFilter,
  type DataMaskState,
  type ExtraFormData,
  type FilterConfigItem,
  type NativeFilter,
} from './types.js';

/** Options a select filter fetches at most (a search narrows a larger column). */
export const FILTER_OPTIONS_LIMIT = 1000;

const byId = (filters: readonly FilterConfigItem[]) => new Map(filters.filter(isNativeFilter).map((f) => [f.id, f]));

/** Every ancestor of `id` (parents, their parents …), nearest first; a cycle stops the walk. */
export function ancestorFilterIds(filters: readonly FilterConfigItem[], id: string): string[] {
  const map = byId(filters);
  const out: string[] = [];
  const stack = [...(map.get(id)?.cascadeParentIds ?? [])];
  while (stack.length) {
    const next = stack.shift() as string;
    if (next === id || out.includes(next) || !map.has(next)) continue;
    out.push(next);
    stack.push(...(map.get(next)?.cascadeParentIds ?? []));
  }
  return out;
}

/** The filters whose options depend on `id` (children, grandchildren …). */
export function descendantFilterIds(filters: readonly FilterConfigItem[], id: string): string[] {
  return filters
    .filter(isNativeFilter)
    .filter((f) => f.id !== id && ancestorFilterIds(filters, f.id).includes(id))
    .map((f) => f.id);
}

/** Making `parentId` a parent of `childId` would close a loop (or is the filter itself). */
export function wouldCreateCycle(filters: readonly FilterConfigItem[], childId: string, parentId: string): boolean {
  return childId === parentId || ancestorFilterIds(filters, parentId).includes(childId);
}

/** The filters a filter may take as parents: other value filters that would not close a loop. */
export function possibleParentFilters(filters: readonly FilterConfigItem[], childId: string): NativeFilter[] {
  return filters.filter(isNativeFilter).filter((f) => f.filterType === 'filter_select' && !wouldCreateCycle(filters, childId, f.id));
}

/** What a filter's ancestors' applied values ask of its options query. */
export function parentExtraFormData(filters: readonly FilterConfigItem[], dataMask: DataMaskState, id: string): ExtraFormData {
  let out: ExtraFormData = {};
  for (const parent of ancestorFilterIds(filters, id).reverse()) out = mergeExtraFormData(out, dataMask[parent]?.extraFormData);
  return out;
}

/**
 * The chart data query that lists a filter's options: distinct values of a select filter's column
 * (sorted by the sort metric or by value, narrowed by its pre-filter, its parents and a search),
 * or the min and max of a range filter's column.
 */
export function filterOptionsQueryContext(
  filter: NativeFilter,
  args: {
    parentExtraFormData?: ExtraFormData;
    search?: string;
    limit?: number;
    /** the dashboard asking: under DASHBOARD_RBAC (and for guests) it grants the filter's dataset */
    dashboardId?: number;
  } = {},
): QueryContext | null {
  const target = filter.targets?.[0];
  const column = target?.column?.name;
  const datasetId = target?.datasetId;
  if (!column || !datasetId) return null;
  const formData = {
    datasource: `${datasetId}__table`,
    viz_type: filter.filterType,
    adhoc_filters: filter.adhoc_filters ?? [],
    time_range: filter.time_range || NO_TIME_RANGE,
    granularity_sqla: filter.granularity_sqla,
    extra_form_data: args.parentExtraFormData ?? {},
    ...(args.dashboardId ? { dashboardId: args.dashboardId } : {}),
  };
  const base = baseQueryObject(formData);
  let query: QueryObject;
  if (filter.filterType === 'filter_range') {
    const agg = (aggregate: 'MIN' | 'MAX'): QueryMetric => ({
      expressionType: 'SIMPLE',
      column: { column_name: column },
      aggregate,
      label: aggregate.toLowerCase(),
    });
    query = { ...base, columns: [], metrics: [agg('MIN'), agg('MAX')], orderby: [], row_limit: 1 };
  } else {
    const asc = filter.controlValues?.sortAscending !== false;
    const sortMetric = filter.sortMetric || null;
    const filters = [...(base.filters ?? [])];
    const search = args.search?.trim();
    if (search) filters.push({ col: column, op: 'ILIKE', val: `%${search}%` });
    query = {
      ...base,
      filters,
      columns: [column],
      metrics: sortMetric ? [sortMetric] : [],
      orderby: [[sortMetric ?? column, asc]],
      row_limit: args.limit ?? FILTER_OPTIONS_LIMIT,
    };
  }
  return {
    datasource: { id: datasetId, type: 'table' },
    force: false,
    queries: [query],
    form_data: formData,
    result_format: 'json',
    result_type: 'full',
  } as QueryContext;
}
