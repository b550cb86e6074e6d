/**
 * What a chart shows about the filters that reach it (issue 13 part 3): how many apply, and which
 * are applied, incompatible (their column is not in the chart's dataset, or the server rejected
 * it) or unset; cross-filters from other charts count as applied.
 */
import { chartExtraFormData, hasFilterValue, type DashboardFilterState } from './dataMask.js';
import { isNativeFilter, type NativeFilter } from './types.js';

export type IndicatorStatus = 'applied' | 'incompatible' | 'unset';

export interface FilterIndicator {
  /** filter id, or the emitting chart's id for a cross-filter */
  id: string;
  name: string;
  column: string | null;
  /** the value as text ('' when unset) */
  value: string;
  status: IndicatorStatus;
  crossFilter: boolean;
}

const COLUMN_FILTER_TYPES = new Set(['filter_select', 'filter_range']);

function targetColumn(f: NativeFilter): string | null {
  return COLUMN_FILTER_TYPES.has(f.filterType) ? (f.targets?.[0]?.column?.name ?? null) : null;
}

export function chartFilterIndicators(
  state: DashboardFilterState,
  chartId: number,
  options: { rejectedColumns?: readonly string[]; chartName?: (chartId: number) => string } = {},
): FilterIndicator[] {
  const target = state.charts[chartId];
  const rejected = new Set(options.rejectedColumns ?? []);
  const out: FilterIndicator[] = [];
  for (const f of state.filters) {
    if (!isNativeFilter(f) || !(f.chartsInScope ?? []).includes(chartId)) continue;
    const mask = state.dataMask[f.id];
    const column = targetColumn(f);
    const set = hasFilterValue(mask?.filterState) && Object.keys(mask?.extraFormData ?? {}).length > 0;
    const missing = column !== null && ((target?.columns != null && !target.columns.has(column)) || rejected.has(column));
    out.push({
      id: f.id,
      name: f.name,
      column,
      value: set ? String(mask?.filterState.label ?? mask?.filterState.value ?? '') : '',
      status: missing ? 'incompatible' : set ? 'applied' : 'unset',
      crossFilter: false,
    });
  }
  const { crossFilterChartIds } = chartExtraFormData(state, chartId);
  for (const emitter of crossFilterChartIds) {
    const mask = state.dataMask[String(emitter)];
    const filters = mask?.filterState.filters ?? {};
    out.push({
      id: String(emitter),
      name: options.chartName?.(emitter) ?? `Chart ${emitter}`,
      column: Object.keys(filters)[0] ?? null,
      value: String(mask?.filterState.label ?? ''),
      status: 'applied',
      crossFilter: true,
    });
  }
  return out;
}
