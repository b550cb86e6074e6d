/**
 * Cross-filters and drilling for charts whose clickable elements are data items (a box, a bar, a
 * cell, a bubble, a word), pure: each item of each series stands for some dimension values; a
 * click filters on them, a right click drills on them, and items outside the selection are drawn
 * at a lower opacity.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { DIMMED_OPACITY, crossFilterLabel, isSelected, type CrossFilterValues, type DimensionValue } from '../crossFilter';

/** Per series index, per data index: the item's dimension values (empty: nothing to filter). */
export type ElementValues = DimensionValue[][][];

/** Where the item's opacity lives: `itemStyle` for shapes, `textStyle` for the word cloud's words. */
export type DimStyleKey = 'itemStyle' | 'textStyle';

const valuesAt = (elements: ElementValues, seriesIndex: number | undefined, dataIndex: number | undefined) =>
  seriesIndex === undefined || dataIndex === undefined ? undefined : elements[seriesIndex]?.[dataIndex];

/** What a click on the item cross-filters (null: an item without dataset columns). */
export function elementClickValues(elements: ElementValues, seriesIndex: number | undefined, dataIndex: number | undefined) {
  const values = valuesAt(elements, seriesIndex, dataIndex);
  return values && values.length ? { values, label: crossFilterLabel(values) } : null;
}

/** The dimension values a right click on the item drills on (null: not a data item). */
export function elementPointValues(elements: ElementValues, seriesIndex: number | undefined, dataIndex: number | undefined) {
  const values = valuesAt(elements, seriesIndex, dataIndex);
  return values && values.length ? values : null;
}

type SeriesOption = Record<string, unknown> & { data?: unknown };

const isItemObject = (d: unknown): d is Record<string, unknown> => typeof d === 'object' && d !== null && !Array.isArray(d);

/** The option with the items outside the selection dimmed; without `animate` the redraw does not replay the entry animation. */
export function interactiveElementOption(
  option: EChartsCoreOption,
  elements: ElementValues,
  crossFilter: CrossFilterValues | null,
  animate: boolean,
  styleKey: DimStyleKey = 'itemStyle',
): EChartsCoreOption {
  const series = ((option as { series?: unknown }).series ?? []) as SeriesOption[];
  const next = series.map((s, si) => {
    const items = elements[si];
    if (!items || !Array.isArray(s.data)) return s;
    const selected = items.map((values) => (values.length ? isSelected(crossFilter, values) : null));
    if (!selected.some((x) => x === false)) return s;
    return {
      ...s,
      data: (s.data as unknown[]).map((d, i) => {
        if (selected[i] !== false) return d;
        const item = isItemObject(d) ? d : { value: d };
        const style = (item[styleKey] as Record<string, unknown> | undefined) ?? {};
        return { ...item, [styleKey]: { ...style, opacity: DIMMED_OPACITY } };
      }),
    };
  });
  return { ...option, series: next, ...(animate ? {} : { animation: false }) };
}
