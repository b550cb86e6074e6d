/**
 * The dashboard's filter state as the shared rules read it (`DashboardFilterState`), built once per
 * change of its inputs, and what reaches one chart.
 */
import { createSelector } from '@reduxjs/toolkit';
import {
  chartExtraFormData,
  chartFilterIndicators,
  chartsHeldByRequiredFilters,
  type ChartConfiguration,
  type ChartExtraFormData,
  type ChartFilterTarget,
  type DashboardFilterState,
  type FilterIndicator,
  type GlobalChartConfiguration,
} from '@rama/shared';
import type { RootState } from '../../core/state';

const datasetIdOf = (uid: unknown): number | null => {
  const m = typeof uid === 'string' ? /^(\d+)__/.exec(uid) : null;
  return m ? Number(m[1]) : null;
};

const selectTargets = createSelector(
  [(s: RootState) => s.dashboardCharts.slices, (s: RootState) => s.dashboardCharts.datasources],
  (slices, datasources): Record<number, ChartFilterTarget> => {
    const out: Record<number, ChartFilterTarget> = {};
    for (const slice of Object.values(slices)) {
      const uid = slice.form_data.datasource;
      const ds = typeof uid === 'string' ? datasources[uid] : undefined;
      out[slice.id] = {
        chartId: slice.id,
        datasetId: datasetIdOf(uid),
        columns: ds ? new Set(ds.columns.map((c) => c.column_name)) : null,
      };
    }
    return out;
  },
);

export const selectDashboardFilterState = createSelector(
  [
    (s: RootState) => s.nativeFilters.filters,
    (s: RootState) => s.nativeFilters.dataMask,
    (s: RootState) => s.dashboardInfo.json_metadata.chart_configuration,
    (s: RootState) => s.dashboardInfo.json_metadata.global_chart_configuration,
    (s: RootState) => s.dashboardInfo.crossFiltersEnabled,
    selectTargets,
  ],
  (filters, dataMask, chartConfiguration, globalChartConfiguration, crossFiltersEnabled, charts): DashboardFilterState => ({
    filters,
    dataMask,
    chartConfiguration: (chartConfiguration ?? {}) as ChartConfiguration,
    globalChartConfiguration: (globalChartConfiguration ?? null) as GlobalChartConfiguration | null,
    crossFiltersEnabled,
    charts,
  }),
);

const EMPTY: ChartExtraFormData = { extraFormData: {}, nativeFilterIds: [], crossFilterChartIds: [] };

/** What reaches one chart; the same object while its content is the same (so a chart queries again only on a real change). */
export function makeSelectChartExtraFormData(chartId: number): (s: RootState) => ChartExtraFormData {
  let last: { key: string; value: ChartExtraFormData } | null = null;
  return createSelector([selectDashboardFilterState], (state) => {
    const value = chartExtraFormData(state, chartId);
    const key = JSON.stringify(value);
    if (last?.key === key) return last.value;
    last = { key, value: value.nativeFilterIds.length || value.crossFilterChartIds.length ? value : EMPTY };
    return last.value;
  });
}

export const selectHeldCharts = createSelector(
  [(s: RootState) => s.nativeFilters.filters, (s: RootState) => s.nativeFilters.dataMask],
  (filters, dataMask) => chartsHeldByRequiredFilters(filters, dataMask),
);

export function chartIndicators(state: RootState, chartId: number, rejectedColumns: readonly string[]): FilterIndicator[] {
  const names = state.dashboardCharts.slices;
  return chartFilterIndicators(selectDashboardFilterState(state), chartId, {
    rejectedColumns,
    chartName: (id) => names[id]?.slice_name ?? `Chart ${id}`,
  });
}
