/**
 * Cross-filters and drilling on the pie (pure): a slice stands for its groupby values; slices
 * outside the selection are drawn at a lower opacity.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { DIMMED_OPACITY, isSelected, type CrossFilterValues } from '../../crossFilter';
import type { PieChartProps } from './transformProps';

type SliceFilters = PieChartProps['sliceFilters'];

/** What a click on the slice at `dataIndex` filters (null: a slice without dataset columns). */
export function pieClickValues(sliceFilters: SliceFilters, dataIndex: number | undefined) {
  const slice = dataIndex === undefined ? undefined : sliceFilters[dataIndex];
  return slice && slice.values.length ? slice : null;
}

/** The slices outside the selection dimmed; without `animate` the redraw does not replay the entry animation. */
export function interactivePieOption(
  option: EChartsCoreOption,
  sliceFilters: SliceFilters,
  crossFilter: CrossFilterValues | null,
  animate: boolean,
): EChartsCoreOption {
  const selected = sliceFilters.map((s) => isSelected(crossFilter, s.values));
  const series = ((option as { series?: unknown }).series ?? []) as Record<string, unknown>[];
  const next = series.map((s) => {
    if (s.type !== 'pie' || !Array.isArray(s.data) || !selected.some((x) => x === false)) return s;
    return {
      ...s,
      data: (s.data as Record<string, unknown>[]).map((d, i) =>
        selected[i] === false ? { ...d, itemStyle: { ...(d.itemStyle as object | undefined), opacity: DIMMED_OPACITY } } : d,
      ),
    };
  });
  return { ...option, series: next, ...(animate ? {} : { animation: false }) };
}
