/**
 * Which charts a filter reaches (spec section 3 "Native filter": scope.rootPath, scope.excluded,
 * chartsInScope, tabsInScope). A scope names layout components (ROOT_ID for the whole dashboard,
 * or tabs) and excludes chart ids; the charts in scope are the chart components below one of the
 * named components whose chart is not excluded. It reads the dashboard's layout, so it lives with
 * the dashboards; the filters' own shapes (filters/) know nothing of layouts.
 */
import type { FilterScope } from '../filters/types.js';
import { childrenOf, descendantIds, itemOf } from './tree.js';
import { CHART_TYPE, ROOT_ID, TAB_TYPE, type DashboardLayout } from './types.js';

const chartIdOf = (layout: DashboardLayout, id: string): number | null => {
  const item = itemOf(layout, id);
  if (item?.type !== CHART_TYPE) return null;
  const n = Number(item.meta?.chartId);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A scope read defensively (an old or hand-written json_metadata may lack parts of it). */
export function normaliseScope(scope: unknown): FilterScope {
  const s = (scope && typeof scope === 'object' ? scope : {}) as Partial<FilterScope>;
  const rootPath = Array.isArray(s.rootPath) ? s.rootPath.filter((x): x is string => typeof x === 'string') : [];
  const excluded = Array.isArray(s.excluded) ? s.excluded.map(Number).filter((n) => Number.isInteger(n)) : [];
  return { rootPath: rootPath.length ? rootPath : [ROOT_ID], excluded };
}

/** Every chart id on the layout (reachable from the root), in layout order, without repeats. */
export function layoutChartIds(layout: DashboardLayout): number[] {
  return chartIdsUnder(layout, ROOT_ID);
}

function chartIdsUnder(layout: DashboardLayout, id: string): number[] {
  const out: number[] = [];
  for (const c of [id, ...descendantIds(layout, id)]) {
    const chartId = chartIdOf(layout, c);
    if (chartId !== null && !out.includes(chartId)) out.push(chartId);
  }
  return out;
}

/** The chart ids a scope reaches, in layout order. */
export function chartsInScope(layout: DashboardLayout, scope: unknown): number[] {
  const { rootPath, excluded } = normaliseScope(scope);
  const out: number[] = [];
  for (const root of rootPath) {
    if (!itemOf(layout, root)) continue;
    for (const id of chartIdsUnder(layout, root)) if (!excluded.includes(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The tabs that hold at least one chart in scope (a tab shows how many filters reach it). */
export function tabsInScope(layout: DashboardLayout, scope: unknown): string[] {
  const charts = new Set(chartsInScope(layout, scope));
  const tabs: string[] = [];
  for (const id of descendantIds(layout, ROOT_ID)) {
    if (itemOf(layout, id)?.type !== TAB_TYPE) continue;
    if (chartIdsUnder(layout, id).some((c) => charts.has(c))) tabs.push(id);
  }
  return tabs;
}

/**
 * The scope for a set of charts chosen in the scoping tree: the whole dashboard minus the charts
 * not chosen. (Naming tabs instead would let charts added to those tabs later join the scope; the
 * peer stores the same shape.)
 */
export function scopeFromCharts(layout: DashboardLayout, selected: Iterable<number>): FilterScope {
  const chosen = new Set(selected);
  return { rootPath: [ROOT_ID], excluded: layoutChartIds(layout).filter((id) => !chosen.has(id)) };
}

/** A filter or cross-filter configuration with chartsInScope and tabsInScope computed from the layout. */
export function withScopeComputed<T extends { scope?: unknown }>(
  layout: DashboardLayout,
  item: T,
): T & { chartsInScope: number[]; tabsInScope: string[] } {
  const scope = normaliseScope(item.scope);
  return { ...item, scope, chartsInScope: chartsInScope(layout, scope), tabsInScope: tabsInScope(layout, scope) };
}

/** Tree of the layout for a scope picker: tabs and charts (other containers are flattened away). */
export interface ScopeTreeNode {
  /** component id */
  key: string;
  type: 'ROOT' | 'TAB' | 'CHART';
  title: string;
  chartId: number | null;
  children: ScopeTreeNode[];
}

export function scopeTree(layout: DashboardLayout, chartName: (chartId: number) => string = (id) => `Chart ${id}`): ScopeTreeNode {
  const walk = (id: string, seen: Set<string>): ScopeTreeNode[] => {
    const out: ScopeTreeNode[] = [];
    for (const child of childrenOf(itemOf(layout, id))) {
      if (seen.has(child)) continue;
      seen.add(child);
      const item = itemOf(layout, child);
      if (!item) continue;
      if (item.type === CHART_TYPE) {
        const chartId = chartIdOf(layout, child);
        if (chartId !== null)
          out.push({ key: child, type: 'CHART', title: item.meta?.sliceNameOverride || chartName(chartId), chartId, children: [] });
      } else if (item.type === TAB_TYPE) {
        const children = walk(child, seen);
        out.push({ key: child, type: 'TAB', title: String(item.meta?.text ?? 'Tab'), chartId: null, children });
      } else out.push(...walk(child, seen));
    }
    return out;
  };
  return { key: ROOT_ID, type: 'ROOT', title: 'All panels', chartId: null, children: walk(ROOT_ID, new Set([ROOT_ID])) };
}
