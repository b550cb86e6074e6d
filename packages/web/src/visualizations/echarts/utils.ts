/**
 * What the ECharts types share when turning form data and query results into an option: reading
 * form data values, escaping text for tooltips, display names, and the legend with the room it
 * takes from the plot so that nothing overlaps.
 */
import type { ChartDataQueryResult, ExploreDatasource, QueryFormData } from '@rama/shared';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * ECharts tooltips are HTML strings; series names and values come from the data, so every piece of
 * user text in one goes through here.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The coloured dot before a series in a tooltip (the colour comes from a scheme, never from user text). */
export function colorDot(color: string): string {
  const safe = /^#[0-9a-fA-F]{3,8}$|^rgba?\([\d\s.,%]+\)$/.test(color) ? color : '#999';
  return `<span style="display:inline-block;margin-right:6px;border-radius:50%;width:8px;height:8px;background:${safe}"></span>`;
}

export const bool = (v: unknown, fallback: boolean): boolean =>
  typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : fallback;

export function num(v: unknown, fallback: number): number;
export function num(v: unknown, fallback: null): number | null;
export function num(v: unknown, fallback: number | null): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : fallback;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : fallback;
  }
  return fallback;
}

export const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);

/** A cell as a number for plotting: numbers as they are, numeric strings (big decimals) parsed, else null. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  if (typeof v === 'bigint') return Number(v);
  return null;
}

/** The result column a metric (a saved metric's name or an adhoc metric) is returned under. */
export function metricLabel(metric: unknown): string | null {
  if (typeof metric === 'string') return metric || null;
  if (!metric || typeof metric !== 'object') return null;
  const m = metric as { label?: unknown; expressionType?: unknown; sqlExpression?: unknown; aggregate?: unknown; column?: unknown };
  if (typeof m.label === 'string' && m.label.trim()) return m.label;
  if (m.expressionType === 'SQL') return typeof m.sqlExpression === 'string' ? m.sqlExpression : null;
  const column = (m.column as { column_name?: unknown } | null | undefined)?.column_name;
  return `${typeof m.aggregate === 'string' ? m.aggregate : ''}(${typeof column === 'string' ? column : ''})`;
}

/** The result column of a column (a name or an adhoc column's label). */
export function columnLabel(column: unknown): string | null {
  if (typeof column === 'string') return column || null;
  if (!column || typeof column !== 'object') return null;
  const c = column as { label?: unknown; sqlExpression?: unknown };
  if (typeof c.label === 'string' && c.label.trim()) return c.label;
  return typeof c.sqlExpression === 'string' ? c.sqlExpression : null;
}

/** The first query's result, or an empty one; charts draw from it. */
export function firstQuery(
  queriesData: ChartDataQueryResult[],
): Pick<ChartDataQueryResult, 'colnames' | 'coltypes' | 'data' | 'label_map'> {
  const q = queriesData[0];
  return { colnames: q?.colnames ?? [], coltypes: q?.coltypes ?? [], data: q?.data ?? [], label_map: q?.label_map };
}

/**
 * The name a user reads for a result column: a metric's verbose name from the dataset, also as the
 * first part of a flattened `metric, group` name.
 */
export function displayNameOf(
  column: string,
  datasource: ExploreDatasource | null,
  labelMap: Record<string, string[]> | undefined,
): string {
  const verbose = datasource?.verbose_map;
  if (!verbose) return column;
  if (verbose[column]) return verbose[column];
  const parts = labelMap?.[column];
  if (parts && parts.length > 1 && verbose[parts[0]]) return [verbose[parts[0]], ...parts.slice(1)].join(', ');
  return column;
}

export type LegendOrientation = 'top' | 'bottom' | 'left' | 'right';

export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface LegendLayout {
  legend: Record<string, unknown>;
  /** room the legend takes on its side, added to the plot's padding */
  padding: Padding;
}

/** A legend entry's height and ECharts' default gap between entries. */
const LEGEND_ROW = 16;
const LEGEND_ITEM_GAP = 10;

let measuring: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * The width in px of `text` in ECharts' default font at `fontSize`, measured on a canvas in the
 * browser; where there is none (unit tests) a rough estimate of 0.54 em per character.
 */
export function textWidth(text: string, fontSize = 12): number {
  if (measuring === undefined) measuring = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!measuring) return Math.ceil(text.length * fontSize * 0.54);
  measuring.font = `${fontSize}px sans-serif`;
  return Math.ceil(measuring.measureText(text).width);
}

/**
 * The legend for `names` as the legend controls ask (show, scroll or plain, side, margin), with the
 * room to keep free on that side. A plain legend wraps, so its height grows with the names.
 */
export function legendLayout(formData: QueryFormData, names: string[], width: number, height: number): LegendLayout {
  const padding: Padding = { top: 0, right: 0, bottom: 0, left: 0 };
  const show = bool(formData.show_legend, true) && names.length > 0;
  const orientation = (
    ['top', 'bottom', 'left', 'right'].includes(formData.legendOrientation as string) ? formData.legendOrientation : 'top'
  ) as LegendOrientation;
  const type = formData.legendType === 'plain' ? 'plain' : 'scroll';
  const margin = num(formData.legendMargin, null);
  if (!show) return { legend: { show: false, data: names }, padding };

  const itemWidths = names.map((n) => textWidth(n) + 35);
  const vertical = orientation === 'left' || orientation === 'right';
  const legend: Record<string, unknown> = {
    show: true,
    type,
    data: names,
    orient: vertical ? 'vertical' : 'horizontal',
    icon: 'roundRect',
    itemWidth: 14,
    itemHeight: 10,
    textStyle: { fontSize: 12, lineHeight: 16 },
    pageIconSize: 10,
  };
  if (vertical) {
    const want = margin ?? Math.min(Math.max(...itemWidths) + 10, Math.round(width * 0.3));
    legend[orientation] = 4;
    legend.top = 'middle';
    if (type === 'scroll') legend.height = Math.max(40, height - 20);
    // plain legends cannot scroll: names that do not fit are cut, the box keeps its width, and
    // entries that do not fit the height wrap into more columns, each taking the same room
    legend.textStyle = { fontSize: 12, width: Math.max(30, want - 35), overflow: 'truncate' };
    const perColumn = Math.max(1, Math.floor((height - 20 + LEGEND_ITEM_GAP) / (LEGEND_ROW + LEGEND_ITEM_GAP)));
    const columns = type === 'plain' ? Math.ceil(names.length / perColumn) : 1;
    padding[orientation] = columns * (want + 8);
  } else {
    let rows = 1;
    if (type === 'plain') {
      const avail = Math.max(50, width - 20);
      let line = 0;
      for (const w of itemWidths) {
        if (line > 0 && line + w > avail) {
          rows += 1;
          line = 0;
        }
        line += w + 10;
      }
    }
    legend.left = 'center';
    legend[orientation] = 4;
    padding[orientation] = margin ?? rows * 22 + 8;
  }
  return { legend, padding };
}

export const addPadding = (a: Padding, b: Padding): Padding => ({
  top: a.top + b.top,
  right: a.right + b.right,
  bottom: a.bottom + b.bottom,
  left: a.left + b.left,
});

/** How a category axis draws its labels: every `interval + 1`-th label, turned by `rotate`°, cut at `width` px. */
export interface CategoryLabelLayout {
  /** labels skipped between two drawn ones (0: every label) */
  interval: number;
  /** degrees, counter-clockwise (ECharts' sense) */
  rotate: number;
  /** the widest a label is drawn; a longer one ends in an ellipsis */
  width: number;
}

export interface CategoryLabelOptions {
  fontSize?: number;
  /** a rotation the chart's controls ask for; null or absent: chosen here */
  rotate?: number | null;
  /** the widest a label may be before it is cut (default 140 px) */
  maxWidth?: number;
  /** the axis runs down the side (horizontal bars): labels are lines stacked one under another */
  vertical?: boolean;
}

/** Room between two flat labels. */
const LABEL_GAP = 4;
/** Room a label's width keeps beyond its measured text, so that ECharts never cuts a label that fits. */
export const LABEL_SPARE = 3;

/**
 * The label layout of a category axis with `labels` over `available` px, as a chart designer
 * would choose it: every label flat when each fits its band (long ones cut with an ellipsis as
 * long as the band still shows a readable part), else turned 45°, else 90°, and only when even
 * upright lines collide every second (third …) label. A rotation the controls ask for is kept,
 * and labels are thinned only as far as that rotation needs.
 */
export function categoryLabelLayout(labels: string[], available: number, options: CategoryLabelOptions = {}): CategoryLabelLayout {
  const fontSize = options.fontSize ?? 12;
  const maxWidth = Math.max(20, options.maxWidth ?? 140);
  const lineHeight = Math.ceil(fontSize * 1.25);
  // turned labels are read along a slant: they need a little more room between lines than stacked ones
  const slantLine = Math.ceil(fontSize * 1.45);
  const n = labels.length;
  const forced = options.rotate ?? null;
  if (n === 0 || available <= 0) return { interval: 0, rotate: forced ?? 0, width: maxWidth };
  const band = available / n;
  // the smallest step (1 = every label) whose labels are `need` px apart when each takes `per` px of the axis
  const thinnedFor = (per: number, need: number): number => (per >= need ? 0 : Math.ceil(need / Math.max(per, 0.01)) - 1);

  if (options.vertical) return { interval: thinnedFor(band, lineHeight), rotate: forced ?? 0, width: maxWidth };

  // ECharts cuts a label 1 px short of its width and measures a little wider than the canvas: a few px spare
  const longest = Math.min(maxWidth, Math.max(...labels.map((l) => textWidth(l, fontSize))) + LABEL_SPARE);
  // a flat label cut to fewer than about five characters no longer says which category it is
  const readable = Math.min(longest, fontSize * 5);
  if (forced !== null && forced % 180 !== 0) {
    const sin = Math.abs(Math.sin((forced * Math.PI) / 180));
    return { interval: thinnedFor(band * sin, slantLine), rotate: forced, width: maxWidth };
  }
  if (forced !== null || band - LABEL_GAP >= readable) {
    const interval = thinnedFor(band - LABEL_GAP, readable);
    return { interval, rotate: forced ?? 0, width: Math.max(1, Math.floor(Math.min(longest, (interval + 1) * band - LABEL_GAP))) };
  }
  if (band * Math.SQRT1_2 >= slantLine) return { interval: 0, rotate: 45, width: maxWidth };
  return { interval: thinnedFor(band, slantLine), rotate: 90, width: maxWidth };
}

/** `categoryLabelLayout` as ECharts `axisLabel` settings (long labels end in "…"). */
export function categoryAxisLabel(layout: CategoryLabelLayout): Record<string, unknown> {
  return {
    interval: layout.interval,
    rotate: layout.rotate,
    width: layout.width,
    overflow: 'truncate',
    ellipsis: '…',
    // a safety net when the plot turns out narrower than estimated: overlapping labels are hidden, never drawn over each other
    hideOverlap: true,
  };
}

/**
 * The room a category axis's labels get along the axis in a chart `width` px wide: the plot
 * less its side padding and a value axis's labels (estimated; ECharts fits the grid to them).
 */
export function categoryAxisRoom(width: number, padding: Padding, valueAxisLabels = 56): number {
  return Math.max(40, width - padding.left - padding.right - valueAxisLabels);
}
