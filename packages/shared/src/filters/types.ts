/**
 * Native filters, cross-filters and the data mask (spec section 3 "Native filter", "Data mask",
 * "Dashboard metadata"; shapes in api-shapes.md "Native filter"). The shapes are the BI server's,
 * so its exported dashboards (json_metadata.native_filter_configuration, chart_configuration,
 * global_chart_configuration) open unchanged.
 */
import type { QueryObjectFilter } from '../api/chartData.js';
import type { AdhocFilter } from '../charts/formData.js';
import { NO_TIME_RANGE } from '../time/timeRange.js';

/** Spec section 5: a time-range filter's comparator defaults to 'No filter'. */
export { NO_TIME_RANGE };

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';

export const NATIVE_FILTER_TYPE = 'NATIVE_FILTER';
export const DIVIDER_TYPE_NAME = 'DIVIDER';

/** The filter types of the BI server (its `filterType` keys). */
export const FILTER_TYPES = ['filter_select', 'filter_range', 'filter_time', 'filter_timegrain', 'filter_timecolumn'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  filter_select: 'Value',
  filter_range: 'Numerical range',
  filter_time: 'Time range',
  filter_timegrain: 'Time grain',
  filter_timecolumn: 'Time column',
};

/** Spec section 9: a removed filter can be restored for 5 s. */
export const FILTER_REMOVAL_UNDO_MS = 5000;

/** A filter's scope: the layout components it reaches (ROOT_ID = everything) minus excluded charts. */
export interface FilterScope {
  rootPath: string[];
  excluded: number[];
}

export const GLOBAL_SCOPE: FilterScope = Object.freeze({ rootPath: ['ROOT_ID'], excluded: [] }) as FilterScope;

export interface FilterTarget {
  datasetId?: number;
  column?: { name: string; displayName?: string };
}

/** `controlValues` of a filter; unknown keys are kept. */
export interface FilterControlValues {
  multiSelect?: boolean;
  enableEmptyFilter?: boolean;
  defaultToFirstItem?: boolean;
  inverseSelection?: boolean;
  searchAllOptions?: boolean;
  sortAscending?: boolean;
  /** range filter: what the bar shows (slider, inputs, both) */
  rangeDisplayMode?: string;
  [key: string]: unknown;
}

/**
 * The options a filter receives from the server ("extraFormData"): filters appended, adhoc
 * filters appended, the rest overriding the chart's own values.
 */
export interface ExtraFormData {
  filters?: QueryObjectFilter[];
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_column?: string;
  relative_start?: string;
  relative_end?: string;
  [key: string]: unknown;
}

/** A filter's value as the bar holds it (the BI server's filterState). */
export interface FilterState {
  value?: unknown;
  label?: string;
  /** cross-filters: the clicked values and the filters they produced */
  selectedValues?: unknown[] | null;
  filters?: Record<string, unknown[]> | null;
  validateStatus?: 'error' | 'warning' | 'info' | undefined;
  validateMessage?: string | false;
  [key: string]: unknown;
}

export interface DataMask {
  id: string;
  extraFormData: ExtraFormData;
  filterState: FilterState;
  ownState: Record<string, unknown>;
}

/** Filter id or chart id (as a string) → its mask. */
export type DataMaskState = Record<string, DataMask>;

export interface NativeFilter {
  id: string;
  type: typeof NATIVE_FILTER_TYPE;
  name: string;
  filterType: FilterType | string;
  targets: FilterTarget[];
  controlValues: FilterControlValues;
  defaultDataMask: Omit<DataMask, 'id'> & { id?: string };
  cascadeParentIds: string[];
  scope: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
  /** pre-filter of the options query */
  adhoc_filters?: AdhocFilter[];
  time_range?: string;
  granularity_sqla?: string;
  requiredFirst?: boolean;
  sortMetric?: string | null;
  description: string;
}

export interface FilterDivider {
  id: string;
  type: typeof DIVIDER_TYPE_NAME;
  title: string;
  description: string;
  scope?: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
}

export type FilterConfigItem = NativeFilter | FilterDivider;

export const isNativeFilter = (item: unknown): item is NativeFilter =>
  typeof item === 'object' && item !== null && (item as { type?: unknown }).type === NATIVE_FILTER_TYPE;
export const isFilterDivider = (item: unknown): item is FilterDivider =>
  typeof item === 'object' && item !== null && (item as { type?: unknown }).type === DIVIDER_TYPE_NAME;

/** A chart's cross-filter settings (json_metadata.chart_configuration[chartId]). */
export interface ChartCrossFilterConfig {
  id: number;
  crossFilters: {
    /** 'global' follows global_chart_configuration */
    scope: 'global' | FilterScope;
    chartsInScope?: number[];
    /**
     * Beyond the peer: the cross-filter also reaches charts of other datasets that have a column
     * of the same name (on unless false).
     */
    matchOtherDatasets?: boolean;
  };
}

export type ChartConfiguration = Record<string, ChartCrossFilterConfig>;

export interface GlobalChartConfiguration {
  scope: FilterScope;
  chartsInScope?: number[];
}

/** PUT /api/v1/dashboard/{id}/filters: what changed in the filter list. */
export interface FilterChanges {
  /** new or changed filters and dividers, whole */
  modified: FilterConfigItem[];
  /** ids of removed filters and dividers */
  deleted: string[];
  /** every remaining id in the new order (empty: the order did not change) */
  reordered: string[];
}
