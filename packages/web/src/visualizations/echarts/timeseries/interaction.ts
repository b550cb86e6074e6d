/**
 * Cross-filters and drilling on the timeseries family (pure). With dimensions a click on a series
 * filters the dimensions with that series' values; without dimensions a click on a category (a
 * bar of origins) filters the x axis; a time axis without dimensions has nothing to filter. A
 * right click drills on the point: the x value (epoch ms on a time axis) and the series' values.
 */
import type { EChartsCoreOption } from 'echarts/core';
import {
  DIMMED_OPACITY,
  concernsColumns,
  crossFilterLabel,
  isSelected,
  type CrossFilterValues,
  type DimensionValue,
} from '../../crossFilter';

export interface TimeseriesCrossFilterMeta {
  /** per data series (its ECharts id, the reply's column): its name and groupby values (physical columns) */
  series: Record<string, { name: string; values: DimensionValue[] }>;
  /** the chart has dimensions (series by groupby) */
  hasGroupby: boolean;
  /** the x axis's dataset column (null: an adhoc axis, nothing to filter) */
  xCol: string | null;
  xKind: 'time' | 'value' | 'category';
  /** the x value of each data index: epoch ms, a number, or a category's cell as it came */
  xValues: unknown[];
  formatX: (v: unknown) => string;
}

/** The x value at a data index as a dimension value (null: no column, no such point). */
function xValueAt(meta: TimeseriesCrossFilterMeta, dataIndex: number | undefined): DimensionValue | null {
  if (meta.xCol === null || dataIndex === undefined || dataIndex < 0 || dataIndex >= meta.xValues.length) return null;
  const val = meta.xValues[dataIndex];
  return { col: meta.xCol, val, formattedVal: val === null ? '<NULL>' : meta.formatX(val) };
}

/** What a click on a series (at a data index) cross-filters on; null when nothing. */
export function timeseriesClickValues(
  meta: TimeseriesCrossFilterMeta,
  seriesId: string | undefined,
  dataIndex: number | undefined,
): { values: DimensionValue[]; label: string } | null {
  const series = seriesId === undefined ? undefined : meta.series[seriesId];
  if (!series) return null;
  if (meta.hasGroupby) return series.values.length ? { values: series.values, label: crossFilterLabel(series.values) } : null;
  if (meta.xKind === 'time') return null;
  const x = xValueAt(meta, dataIndex);
  return x ? { values: [x], label: x.formattedVal } : null;
}

/** The filters of a right click on a point: its x value, then its series' groupby values. */
export function timeseriesPointValues(meta: TimeseriesCrossFilterMeta, seriesId: string | undefined, dataIndex: number | undefined) {
  const series = seriesId === undefined ? undefined : meta.series[seriesId];
  if (!series) return null;
  const x = xValueAt(meta, dataIndex);
  return [...(x ? [x] : []), ...series.values];
}

type SeriesOption = Record<string, unknown> & { id?: unknown; type?: unknown; data?: unknown };

const dim = (style: unknown, factor = 1): Record<string, unknown> => ({
  ...((style as Record<string, unknown> | undefined) ?? {}),
  opacity: DIMMED_OPACITY * factor,
});

/**
 * The option as a dashboard draws it: lines answer clicks on the line itself, and the selection
 * shows — series (with dimensions) or categories (without) outside it at a lower opacity. Without
 * `animate` a redraw for a new selection does not replay the entry animation.
 */
export function interactiveTimeseriesOption(
  option: EChartsCoreOption,
  meta: TimeseriesCrossFilterMeta,
  crossFilter: CrossFilterValues | null,
  animate: boolean,
): EChartsCoreOption {
  const series = ((option as { series?: unknown }).series ?? []) as SeriesOption[];
  const groupCols = Object.values(meta.series).flatMap((s) => s.values.map((v) => v.col));
  const bySeries = meta.hasGroupby && concernsColumns(crossFilter, groupCols);
  const byCategory = !meta.hasGroupby && meta.xKind !== 'time' && concernsColumns(crossFilter, [meta.xCol]);
  const selectedIndexes = byCategory
    ? meta.xValues.map((val) => isSelected(crossFilter, [{ col: meta.xCol as string, val }]) !== false)
    : null;

  const next = series.map((s): SeriesOption => {
    const own = typeof s.id === 'string' ? meta.series[s.id] : undefined;
    if (!own) return s;
    let out: SeriesOption = s.type === 'line' ? { ...s, triggerEvent: true } : s;
    if (bySeries && isSelected(crossFilter, own.values) === false) {
      out = {
        ...out,
        itemStyle: dim(out.itemStyle),
        lineStyle: dim(out.lineStyle),
        ...(out.areaStyle ? { areaStyle: dim(out.areaStyle, Number((out.areaStyle as { opacity?: unknown }).opacity ?? 1)) } : {}),
      };
    }
    if (selectedIndexes && Array.isArray(out.data)) {
      out = {
        ...out,
        data: (out.data as unknown[]).map((value, i) => (selectedIndexes[i] ? value : { value, itemStyle: { opacity: DIMMED_OPACITY } })),
      };
    }
    return out;
  });
  return { ...option, series: next, ...(animate ? {} : { animation: false }) };
}
