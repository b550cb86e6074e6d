/**
 * The data mask (spec section 3 "Data mask"): what a filter's value, or a click on a chart, asks
 * of the charts it reaches, as `extraFormData`; and the merge of every mask that reaches one chart
 * into that chart's `extra_form_data` (the BI server's rules: filters and adhoc filters are
 * appended, the time range, time grain and time column override). Pure, shared by the web app and
 * the server (reports render filtered dashboards).
 */
import type { QueryObjectFilter } from '../api/chartData.js';
import {
  NO_TIME_RANGE,
  isNativeFilter,
  type ChartConfiguration,
  type DataMask,
  type DataMaskState,
  type ExtraFormData,
  type FilterConfigItem,
  type FilterState,
  type GlobalChartConfiguration,
  type NativeFilter,
} from './types.js';

/** Keys whose lists add up when several masks reach one chart. */
export const EXTRA_FORM_DATA_APPEND_KEYS = [
  'adhoc_filters',
  'filters',
  'interactive_groupby',
  'interactive_highlight',
  'interactive_drilldown',
  'custom_form_data',
] as const;

/** Keys where the last mask wins. */
export const EXTRA_FORM_DATA_OVERRIDE_KEYS = [
  'granularity',
  'granularity_sqla',
  'time_column',
  'time_grain',
  'time_range',
  'time_grain_sqla',
  'relative_start',
  'relative_end',
] as const;

const APPEND = new Set<string>(EXTRA_FORM_DATA_APPEND_KEYS);
const OVERRIDE = new Set<string>(EXTRA_FORM_DATA_OVERRIDE_KEYS);

/** `a` then `b`: lists appended, overrides from `b` winning; keys outside both lists are dropped. */
export function mergeExtraFormData(a: ExtraFormData | undefined | null, b: ExtraFormData | undefined | null): ExtraFormData {
  const out: ExtraFormData = {};
  for (const src of [a, b]) {
    if (!src || typeof src !== 'object') continue;
    for (const [key, value] of Object.entries(src)) {
      if (value === undefined || value === null) continue;
      if (APPEND.has(key)) {
        if (key === 'custom_form_data' && typeof value === 'object' && !Array.isArray(value)) {
          out.custom_form_data = { ...((out.custom_form_data as object | undefined) ?? {}), ...(value as object) };
          continue;
        }
        const list = Array.isArray(value) ? value : [value];
        out[key] = [...((out[key] as unknown[] | undefined) ?? []), ...list];
      } else if (OVERRIDE.has(key)) out[key] = value;
    }
  }
  return out;
}

export const emptyDataMask = (id: string): DataMask => ({ id, extraFormData: {}, filterState: {}, ownState: {} });

/** A mask's value counts when it is set and not an empty list (a required filter needs one). */
export function hasFilterValue(state: FilterState | undefined | null): boolean {
  const v = state?.value;
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.length > 0 && v.some((x) => x !== null && x !== undefined);
  return true;
}

const columnOf = (filter: NativeFilter): string | null => filter.targets?.[0]?.column?.name ?? null;

const labelOfValues = (values: unknown[]): string => values.map((v) => (v === null ? '<NULL>' : String(v))).join(', ');

/**
 * The mask a filter's value gives (the BI server's filter plugins):
 * - `filter_select`: `IN` (or `NOT IN` with inverse selection) on the target column;
 * - `filter_range`: `>=` and `<=` on the target column, either side optional;
 * - `filter_time`: `time_range` ('No filter' and empty clear it);
 * - `filter_timegrain`: `time_grain_sqla`; `filter_timecolumn`: `granularity_sqla`.
 * An empty value gives an empty mask.
 */
export function filterDataMask(filter: NativeFilter, value: unknown): DataMask {
  const mask = emptyDataMask(filter.id);
  const column = columnOf(filter);
  switch (filter.filterType) {
    case 'filter_select': {
      const values = (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).filter(
        (v) => v !== undefined,
      );
      if (!values.length || !column) return mask;
      const op = filter.controlValues?.inverseSelection ? 'NOT IN' : 'IN';
      mask.extraFormData = { filters: [{ col: column, op, val: values }] };
      mask.filterState = { value: values, label: labelOfValues(values) };
      return mask;
    }
    case 'filter_range': {
      const [min, max] = Array.isArray(value) ? value : [null, null];
      const lo = typeof min === 'number' && Number.isFinite(min) ? min : null;
      const hi = typeof max === 'number' && Number.isFinite(max) ? max : null;
      if ((lo === null && hi === null) || !column) return mask;
      const filters: QueryObjectFilter[] = [];
      if (lo !== null) filters.push({ col: column, op: '>=', val: lo });
      if (hi !== null) filters.push({ col: column, op: '<=', val: hi });
      mask.extraFormData = { filters };
      const label = lo !== null && hi !== null ? `${lo} ≤ x ≤ ${hi}` : lo !== null ? `x ≥ ${lo}` : `x ≤ ${hi}`;
      mask.filterState = { value: [lo, hi], label };
      return mask;
    }
    case 'filter_time': {
      if (typeof value !== 'string' || !value.trim() || value === NO_TIME_RANGE) return mask;
      mask.extraFormData = { time_range: value };
      mask.filterState = { value, label: value };
      return mask;
    }
    case 'filter_timegrain': {
      if (typeof value !== 'string' || !value) return mask;
      mask.extraFormData = { time_grain_sqla: value };
      mask.filterState = { value: [value], label: value };
      return mask;
    }
    case 'filter_timecolumn': {
      if (typeof value !== 'string' || !value) return mask;
      mask.extraFormData = { granularity_sqla: value };
      mask.filterState = { value: [value], label: value };
      return mask;
    }
    default:
      return mask;
  }
}

/** The single value a time-grain or time-column mask holds (stored as a one-item list, as the peer does). */
export function singleFilterValue(state: FilterState | undefined): unknown {
  const v = state?.value;
  return Array.isArray(v) ? v[0] : v;
}

/**
 * A chart's cross-filter (a click on a bar, slice, cell or series): `IN` on each clicked column.
 * `values` null or empty clears it.
 */
export function crossFilterDataMask(chartId: number, filters: Record<string, unknown[]> | null, label?: string): DataMask {
  const mask = emptyDataMask(String(chartId));
  const entries = Object.entries(filters ?? {}).filter(([, vals]) => vals.length > 0);
  if (!entries.length) {
    mask.filterState = { value: null, selectedValues: null, filters: null };
    return mask;
  }
  mask.extraFormData = { filters: entries.map(([col, val]) => ({ col, op: 'IN', val })) };
  const selected = entries.flatMap(([, vals]) => vals);
  mask.filterState = {
    value: selected,
    selectedValues: selected,
    filters: Object.fromEntries(entries),
    label: label ?? labelOfValues(selected),
  };
  return mask;
}

/** The columns a mask filters on (for matching charts of other datasets). */
export function maskColumns(extra: ExtraFormData): string[] {
  return (extra.filters ?? []).map((f) => (typeof f.col === 'string' ? f.col : '')).filter(Boolean);
}

export interface ChartFilterTarget {
  chartId: number;
  /** the chart's dataset id (null: unknown) */
  datasetId: number | null;
  /** the chart's dataset's column names (null: unknown, every column counts as present) */
  columns: ReadonlySet<string> | null;
}

export interface DashboardFilterState {
  /** json_metadata.native_filter_configuration, each filter with chartsInScope computed */
  filters: readonly FilterConfigItem[];
  /** applied masks: native filters by filter id, cross-filters by the emitting chart's id */
  dataMask: DataMaskState;
  chartConfiguration: ChartConfiguration;
  globalChartConfiguration?: GlobalChartConfiguration | null;
  crossFiltersEnabled: boolean;
  /** every chart on the dashboard (for a cross-filter's dataset matching) */
  charts: Readonly<Record<number, ChartFilterTarget>>;
}

/** The charts a chart's cross-filters reach (chart_configuration, else the global configuration, else all). */
export function crossFilterChartsInScope(state: DashboardFilterState, emitterId: number): number[] {
  const config = state.chartConfiguration[String(emitterId)]?.crossFilters;
  const all = Object.keys(state.charts).map(Number);
  let inScope: number[];
  if (config && config.scope !== 'global' && Array.isArray(config.chartsInScope)) inScope = config.chartsInScope;
  else if (state.globalChartConfiguration && Array.isArray(state.globalChartConfiguration.chartsInScope))
    inScope = state.globalChartConfiguration.chartsInScope;
  else inScope = all;
  return inScope.filter((id) => id !== emitterId);
}

/** A cross-filter's filters as they reach `target`, or null when they do not reach it. */
function crossFilterFor(state: DashboardFilterState, emitterId: number, mask: DataMask, target: ChartFilterTarget): ExtraFormData | null {
  if (!crossFilterChartsInScope(state, emitterId).includes(target.chartId)) return null;
  const emitter = state.charts[emitterId];
  const sameDataset = emitter && emitter.datasetId !== null && emitter.datasetId === target.datasetId;
  if (sameDataset || target.columns === null) return mask.extraFormData;
  if (state.chartConfiguration[String(emitterId)]?.crossFilters?.matchOtherDatasets === false) return null;
  const filters = (mask.extraFormData.filters ?? []).filter((f) => typeof f.col === 'string' && target.columns?.has(f.col));
  return filters.length ? { filters } : null;
}

export interface ChartExtraFormData {
  extraFormData: ExtraFormData;
  /** native filter ids whose value reached the chart */
  nativeFilterIds: string[];
  /** charts whose cross-filter reached the chart */
  crossFilterChartIds: number[];
}

/**
 * Everything that reaches one chart, merged: the native filters whose scope holds it (in the
 * configuration's order), then the cross-filters of other charts that reach it.
 */
export function chartExtraFormData(state: DashboardFilterState, chartId: number): ChartExtraFormData {
  let extraFormData: ExtraFormData = {};
  const nativeFilterIds: string[] = [];
  const crossFilterChartIds: number[] = [];
  for (const f of state.filters) {
    if (!isNativeFilter(f) || !(f.chartsInScope ?? []).includes(chartId)) continue;
    const mask = state.dataMask[f.id];
    if (!mask || !Object.keys(mask.extraFormData ?? {}).length) continue;
    extraFormData = mergeExtraFormData(extraFormData, mask.extraFormData);
    nativeFilterIds.push(f.id);
  }
  const target = state.charts[chartId];
  if (state.crossFiltersEnabled && target) {
    for (const [key, mask] of Object.entries(state.dataMask)) {
      const emitterId = Number(key);
      if (!Number.isInteger(emitterId) || emitterId === chartId || !mask.extraFormData?.filters?.length) continue;
      const extra = crossFilterFor(state, emitterId, mask, target);
      if (!extra) continue;
      extraFormData = mergeExtraFormData(extraFormData, extra);
      crossFilterChartIds.push(emitterId);
    }
  }
  return { extraFormData, nativeFilterIds, crossFilterChartIds };
}

/**
 * Spec: a required filter ("Filter value is required") holds the charts it reaches until it has
 * a value. The chart ids held back.
 */
export function chartsHeldByRequiredFilters(filters: readonly FilterConfigItem[], dataMask: DataMaskState): Set<number> {
  const held = new Set<number>();
  for (const f of filters) {
    if (!isNativeFilter(f) || !f.controlValues?.enableEmptyFilter) continue;
    if (hasFilterValue(dataMask[f.id]?.filterState)) continue;
    for (const id of f.chartsInScope ?? []) held.add(id);
  }
  return held;
}
