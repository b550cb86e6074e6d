/** Cross-filters on parallel coordinates (pure): a line stands for its series value; lines outside the selection fade (fainter than other types dim: many crossing lines). */
import type { EChartsCoreOption } from 'echarts/core';
import { crossFilterLabel, isSelected, type CrossFilterValues, type DimensionValue } from '../../crossFilter';

export function lineClickValues(lineFilters: DimensionValue[][], dataIndex: number | undefined) {
  const values = dataIndex === undefined ? undefined : lineFilters[dataIndex];
  return values && values.length ? { values, label: crossFilterLabel(values) } : null;
}

export function interactiveParallelOption(
  option: EChartsCoreOption,
  lineFilters: DimensionValue[][],
  crossFilter: CrossFilterValues | null,
  animate: boolean,
): EChartsCoreOption {
  const selected = lineFilters.map((v) => isSelected(crossFilter, v));
  if (!selected.some((s) => s === false)) return animate ? option : { ...option, animation: false };
  const series = ((option as { series?: Record<string, unknown>[] }).series ?? []).map((s) => ({
    ...s,
    data: ((s.data as Record<string, unknown>[] | undefined) ?? []).map((d, i) =>
      selected[i] === false
        ? { ...d, lineStyle: { ...(d.lineStyle as object | undefined), opacity: 0.1 } }
        : { ...d, lineStyle: { ...(d.lineStyle as object | undefined), opacity: 1, width: 2.5 } },
    ),
  }));
  return { ...option, series, animation: animate ? (option as { animation?: boolean }).animation : false };
}
