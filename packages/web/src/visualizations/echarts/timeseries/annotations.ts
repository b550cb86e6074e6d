/**
 * Annotation layers on a timeseries chart (issue 11 part 8, spec section 3 "Annotation layer"):
 * a formula layer is an extra line `y = f(x)` over the chart's x values; an event layer marks
 * instants with vertical lines and an interval layer shades ranges, from rows its own query
 * returned (`annotationData` keyed by layer name); a time-series layer draws another chart's
 * series as extra lines, named "<layer>, <series>" as the peer names them.
 */
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { toDate } from '@rama/shared';
import { tryCompileFormula } from '../formula';
import { str } from '../utils';

export interface AnnotationLayer {
  name: string;
  annotationType?: string;
  sourceType?: string;
  value?: unknown;
  show?: boolean;
  showLabel?: boolean;
  color?: string | null;
  width?: number;
  style?: string;
  opacity?: string;
  showMarkers?: boolean;
  hideLine?: boolean;
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
}

const LAYER_GREY = '#666666';

const OPACITY: Record<string, number> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };

const dash = (style: string | undefined): 'solid' | 'dashed' | 'dotted' | number[] =>
  style === 'dashed' ? 'dashed' : style === 'dotted' ? 'dotted' : style === 'longDashed' ? [10, 6] : 'solid';

const safeColor = (c: unknown): string => (typeof c === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : LAYER_GREY);

/** The layers to draw: shown ones with a name, as the annotation layer control saves them. */
export function annotationLayersOf(value: unknown): AnnotationLayer[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (l): l is AnnotationLayer =>
      Boolean(l) && typeof l === 'object' && typeof (l as AnnotationLayer).name === 'string' && (l as AnnotationLayer).show !== false,
  );
}

const typeOf = (l: AnnotationLayer): string => (l.annotationType ?? l.sourceType ?? '').toUpperCase();

export const isFormulaLayer = (l: AnnotationLayer): boolean => typeOf(l) === 'FORMULA' || l.sourceType?.toUpperCase() === 'FORMULA';

export const isTimeseriesLayer = (l: AnnotationLayer): boolean => typeOf(l) === 'TIME_SERIES';

/** The line opacity of a time-series layer (the peer's opacity choices; none: opaque). */
const lineOpacity = (opacity: string | undefined): number => (opacity ? (OPACITY[opacity] ?? 1) : 1);

interface TimeseriesResult {
  key: string;
  values: { x: unknown; y: unknown }[];
}

/** Annotation data of a time-series layer: a list of `{key, values: [{x, y}]}` (the peer's shape). */
function timeseriesResults(data: unknown): TimeseriesResult[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (d): d is TimeseriesResult =>
      Boolean(d) && typeof d === 'object' && Array.isArray((d as TimeseriesResult).values) && (d as TimeseriesResult).key !== undefined,
  );
}

export interface TimeseriesLayerOptions {
  /** the chart's x axis kind: time (epoch ms), numbers, or categories (matched by their text) */
  xType: 'time' | 'value' | 'category';
  horizontal: boolean;
  markerSize: number;
  /** the chart's colour for a name (its scheme), for a layer without a colour of its own */
  colorOf?: (name: string) => string;
}

/**
 * A time-series layer as extra line series, one per series of its source chart, named
 * "<layer>, <series>", in the layer's colour, width, style and opacity; markers only when asked,
 * the line hidden (width 0) when asked. Points whose x or y cannot be read are left out.
 */
export function timeseriesLayerSeries(layer: AnnotationLayer, data: unknown, options: TimeseriesLayerOptions): LineSeriesOption[] {
  if (!isTimeseriesLayer(layer)) return [];
  const own = typeof layer.color === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(layer.color);
  const color = own || !options.colorOf ? safeColor(layer.color) : options.colorOf(layer.name);
  const xOf = (x: unknown): number | string | null => {
    if (options.xType === 'time') return toDate(x as never)?.getTime() ?? null;
    if (options.xType === 'value') return typeof x === 'number' && Number.isFinite(x) ? x : null;
    return x === null || x === undefined ? null : String(x);
  };
  return timeseriesResults(data).map((result) => {
    const name = `${layer.name}, ${String(result.key)}`;
    const points: [number | string, number | string][] = [];
    for (const v of result.values) {
      const x = v && typeof v === 'object' ? xOf(v.x) : null;
      const y = v && typeof v === 'object' && typeof v.y === 'number' && Number.isFinite(v.y) ? v.y : null;
      if (x === null || y === null) continue;
      points.push(options.horizontal ? [y, x] : [x, y]);
    }
    return {
      type: 'line',
      id: `annotation:${layer.name}:${String(result.key)}`,
      name,
      data: points,
      showSymbol: Boolean(layer.showMarkers),
      symbolSize: layer.showMarkers ? options.markerSize : 0,
      itemStyle: { color },
      lineStyle: {
        color,
        width: layer.hideLine ? 0 : (layer.width ?? 1.5),
        type: dash(layer.style),
        opacity: lineOpacity(layer.opacity),
      },
      connectNulls: false,
      z: 4,
      animation: false,
    };
  });
}

/**
 * A formula layer as a line over the x values. Category axes have no numeric x: the formula runs
 * over the category's position (0, 1, 2…). A formula that does not parse draws nothing.
 */
export function formulaSeries(layer: AnnotationLayer, xs: number[], horizontal: boolean): LineSeriesOption | null {
  const compiled = tryCompileFormula(str(layer.value, ''));
  if (!compiled.formula) return null;
  const f = compiled.formula;
  const color = safeColor(layer.color);
  const data = xs.map((x) => (horizontal ? [f(x), x] : [x, f(x)]));
  return {
    type: 'line',
    id: `annotation:${layer.name}`,
    name: layer.name,
    data,
    showSymbol: Boolean(layer.showMarkers),
    symbolSize: 4,
    itemStyle: { color },
    lineStyle: { color, width: layer.width ?? 1.5, type: dash(layer.style), opacity: layer.hideLine ? 0 : 1 },
    z: 5,
    animation: false,
  };
}

interface AnnotationRow {
  start: number;
  end: number | null;
  title: string;
}

/** Rows of one layer from its query's data: `{start, end?, title}`, or the columns the layer names. */
export function annotationRows(layer: AnnotationLayer, data: unknown): AnnotationRow[] {
  const raw = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records)
      ? (data as { records: unknown[] }).records
      : [];
  const startKey = layer.timeColumn || 'start';
  const endKey = layer.intervalEndColumn || 'end';
  const titleKey = layer.titleColumn || 'title';
  const out: AnnotationRow[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const rec = r as Record<string, unknown>;
    const start = toDate((rec[startKey] ?? rec.start_dttm) as never)?.getTime();
    if (start === undefined) continue;
    const end = toDate((rec[endKey] ?? rec.end_dttm) as never)?.getTime() ?? null;
    const title = rec[titleKey] ?? rec.short_descr ?? '';
    out.push({ start, end, title: String(title ?? '') });
  }
  return out;
}

/**
 * Event and interval layers as an empty carrier series holding a markLine / markArea, so they are
 * drawn on the x axis without joining the data or the legend.
 */
export function eventIntervalSeries(layer: AnnotationLayer, data: unknown, horizontal: boolean): LineSeriesOption | BarSeriesOption | null {
  const kind = typeOf(layer);
  if (kind !== 'EVENT' && kind !== 'INTERVAL') return null;
  const rows = annotationRows(layer, data);
  if (rows.length === 0) return null;
  const color = safeColor(layer.color);
  const axis = horizontal ? 'yAxis' : 'xAxis';
  const label = { show: layer.showLabel !== false, formatter: '{b}', color, fontSize: 11 };
  const base: LineSeriesOption = {
    type: 'line',
    id: `annotation:${layer.name}`,
    name: layer.name,
    data: [],
    silent: false,
    tooltip: { show: false },
  };
  if (kind === 'EVENT') {
    base.markLine = {
      symbol: 'none',
      silent: true,
      label: { ...label, position: 'insideEndTop' },
      lineStyle: { color, width: layer.width ?? 1, type: dash(layer.style), opacity: layer.opacity ? (OPACITY[layer.opacity] ?? 1) : 1 },
      data: rows.map((r) => ({ [axis]: r.start, name: r.title })),
    };
  } else {
    base.markArea = {
      silent: true,
      label: { ...label, position: 'insideTop' },
      itemStyle: { color, opacity: layer.opacity ? (OPACITY[layer.opacity] ?? 0.2) : 0.2 },
      data: rows.map((r) => [{ [axis]: r.start, name: r.title }, { [axis]: r.end ?? r.start }]) as never,
    };
  }
  return base;
}
