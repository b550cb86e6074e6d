/**
 * What a dashboard's workbook holds (issue 30 item 2): the charts the viewer sees in the tabs that
 * show, in layout order, and the filters applied, each with its value as the filter bar labels it.
 * The filter configuration and its defaults are read as the dashboard page reads them, so the
 * server and the web app agree on what a chart is asked.
 */
import { filterDataMask, singleFilterValue, hasFilterValue } from '../filters/dataMask.js';
import { isFilterDivider, isNativeFilter, type DataMaskState, type FilterConfigItem } from '../filters/types.js';
import { defaultActiveTabs } from './activeTabs.js';
import { withScopeComputed } from './filterScope.js';
import { childrenOf, itemOf } from './tree.js';
import { CHART_TYPE, ROOT_ID, TABS_TYPE, type DashboardLayout } from './types.js';

/** json_metadata.native_filter_configuration read defensively, scopes computed from the layout. */
export function configuredFilters(raw: unknown, layout: DashboardLayout): FilterConfigItem[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is FilterConfigItem => isNativeFilter(f) || isFilterDivider(f))
    .map((f) =>
      isNativeFilter(f)
        ? withScopeComputed(layout, { ...f, cascadeParentIds: f.cascadeParentIds ?? [], controlValues: f.controlValues ?? {} })
        : f,
    );
}

/** Each filter's default value as a mask (a time grain or column default is a one-item list). */
export function defaultMasks(filters: readonly FilterConfigItem[]): DataMaskState {
  const out: DataMaskState = {};
  for (const f of filters) {
    if (!isNativeFilter(f)) continue;
    const state = f.defaultDataMask?.filterState;
    const value = f.filterType === 'filter_timegrain' || f.filterType === 'filter_timecolumn' ? singleFilterValue(state) : state?.value;
    out[f.id] = filterDataMask(f, value);
  }
  return out;
}

export interface WorkbookChart {
  chartId: number;
  /** the layout component (one chart may sit on the layout once) */
  componentId: string;
  /** the title the card shows instead of the chart's name (the layout's override) */
  titleOverride: string | null;
  /** the layout's copy of the chart's name */
  layoutName: string | null;
}

/**
 * The charts a viewer sees with `activeTabs` showing (the first tab of each tabs component when a
 * tabs component has none of its tabs among them), in layout order: depth first, children in
 * order, into the active tab only. A chart that sits on the layout twice counts once.
 */
export function workbookCharts(layout: DashboardLayout, activeTabs?: readonly string[] | null): WorkbookChart[] {
  const active = new Set(activeTabs?.length ? activeTabs : defaultActiveTabs(layout));
  const out: WorkbookChart[] = [];
  const seenCharts = new Set<number>();
  const seen = new Set<string>();
  const walk = (id: string) => {
    const item = itemOf(layout, id);
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (item.type === CHART_TYPE) {
      const chartId = Number(item.meta?.chartId);
      if (!Number.isInteger(chartId) || chartId <= 0 || seenCharts.has(chartId)) return;
      seenCharts.add(chartId);
      const override = item.meta?.sliceNameOverride;
      const name = item.meta?.sliceName;
      out.push({
        chartId,
        componentId: id,
        titleOverride: typeof override === 'string' && override.trim() ? override : null,
        layoutName: typeof name === 'string' && name.trim() ? name : null,
      });
      return;
    }
    const children = childrenOf(item).filter((c) => itemOf(layout, c));
    if (item.type === TABS_TYPE) {
      const shown = children.find((c) => active.has(c)) ?? children[0];
      if (shown) walk(shown);
      return;
    }
    for (const c of children) walk(c);
  };
  walk(ROOT_ID);
  return out;
}

export interface AppliedFilter {
  /** the filter's name, or `<chart title> (cross-filter)` */
  name: string;
  /** the value as the filter bar shows it */
  value: string;
}

const valueText = (value: unknown): string =>
  Array.isArray(value)
    ? value.map((v) => (v === null ? '<NULL>' : String(v))).join(', ')
    : value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * The filters that hold a value, in the filter bar's order, then the cross-filters (by the title of
 * the chart that set them). The label the mask carries, else its value.
 */
export function appliedFilters(
  filters: readonly FilterConfigItem[],
  dataMask: DataMaskState,
  chartTitle: (chartId: number) => string,
): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  for (const f of filters) {
    if (!isNativeFilter(f)) continue;
    const mask = dataMask[f.id];
    if (!mask || !hasFilterValue(mask.filterState) || !Object.keys(mask.extraFormData ?? {}).length) continue;
    const label = mask.filterState.label;
    out.push({ name: f.name || f.id, value: typeof label === 'string' && label ? label : valueText(mask.filterState.value) });
  }
  for (const [key, mask] of Object.entries(dataMask)) {
    const chartId = Number(key);
    if (!Number.isInteger(chartId) || !mask?.extraFormData?.filters?.length) continue;
    const label = mask.filterState?.label;
    out.push({
      name: `${chartTitle(chartId)} (cross-filter)`,
      value: typeof label === 'string' && label ? label : valueText(mask.filterState?.value),
    });
  }
  return out;
}
