/**
 * The dark look of a chart: the `rama-dark` ECharts theme (axes, legends, tooltips, titles on the
 * dark surface) and the dark version of an option. An option names colours of its own (a palette's
 * colours from the colour scale, a label's ink, white borders between slices), which a theme does
 * not reach; `darkOption` swaps exactly those: palette colours for their dark-tuned versions (same
 * hue, readable on the surface), dark inks for the chart text colour, white separators for the
 * surface, light grey lines for the axis colour. Colours a user picked (label colours, a
 * sequential scale) and white labels drawn inside shapes stay as they are.
 */
import { bestInk, CATEGORICAL_SCHEMES, darkPaletteColor, getCategoricalScheme, THEME_TOKENS } from '@rama/shared';

export const DARK_ECHARTS_THEME = 'rama-dark';

const T = THEME_TOKENS.dark;

const PALETTE = new Set(CATEGORICAL_SCHEMES.flatMap((s) => s.colors.map((c) => c.toLowerCase())));
const INKS = new Set([
  '#555',
  '#555555',
  '#000',
  '#000000',
  '#1f1f1f',
  '#262626',
  '#333',
  '#333333',
  '#595959',
  '#666',
  '#666666',
  '#8c8c8c',
  '#4d5b63',
  '#1f2a30',
]);
const LINES = new Set(['#bfbfbf', '#8c98a4', '#c8ccd2', '#d9d9d9', '#e8e8e8', '#eeeeee', '#edf0f2']);
const WHITES = new Set(['#fff', '#ffffff', 'white']);
// light fills: an empty calendar day, a map's country without data
const FILLS = new Set(['#f5f5f5', '#fafafa', '#e3e5e8']);
// a dark outline (a hovered country) becomes a light one
const DARK_OUTLINES = new Set(['#3b3f45', '#333', '#333333']);
const SEPARATOR_KEYS = new Set(['borderColor', 'stroke']);
const INK_KEYS = new Set(['color', 'fill', 'textBorderColor']);

function darkColor(key: string, value: string): string {
  const v = value.toLowerCase();
  if (PALETTE.has(v)) return darkPaletteColor(value);
  if (SEPARATOR_KEYS.has(key) && WHITES.has(v)) return T.surface;
  if (SEPARATOR_KEYS.has(key) && DARK_OUTLINES.has(v)) return T.text;
  if (key === 'backgroundColor' && WHITES.has(v)) return T['chart-tooltip'];
  if (INK_KEYS.has(key) && INKS.has(v)) return T['chart-text'];
  if (LINES.has(v)) return T['chart-axis'];
  if (FILLS.has(v)) return T.fill;
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** `value` with its colours made dark; the same object back when nothing in it changed (big data arrays are not copied). */
function walk(key: string, value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length <= 24 ? darkColor(key, value) : value;
  if (depth > 12) return value;
  if (Array.isArray(value)) {
    // a row of numbers (series data) holds no colour
    if (value.length > 0 && typeof value[0] === 'number') return value;
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = walk(key, value[i], depth + 1);
      if (next !== value[i]) {
        out ??= value.slice();
        out[i] = next;
      }
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    // a data item's name or an axis's category is text, not a colour
    if (k === 'name' || k === 'text' || k === 'formatter') continue;
    const next = walk(k, v, depth + 1);
    if (next !== v) {
      out ??= { ...value };
      out[k] = next;
    }
  }
  return out ?? value;
}

/** Inks for a label drawn on a shape: the page's near-black or white, whichever reads on the (tuned) fill. */
// the darkest ink reads on every tuned palette colour (each reaches 4.5:1 against the lighter surface)
const ON_SHAPE = [T['bg-layout'], '#ffffff'];
const LABEL_KEYS = ['label', 'upperLabel'] as const;

/**
 * A label drawn on its own shape (a sunburst arc, a treemap cell, a pie slice inside) was given the
 * ink that reads on the light look's fill; the dark look lifts the fill, so the ink is chosen again
 * against the fill as drawn (and not turned into the chart text colour, which is for the background).
 */
function relabel(item: Record<string, unknown>, original: Record<string, unknown>): Record<string, unknown> {
  const fill = (item.itemStyle as { color?: unknown } | undefined)?.color;
  if (typeof fill !== 'string') return item;
  let out = item;
  for (const key of LABEL_KEYS) {
    const before = original[key] as { color?: unknown } | undefined;
    if (!before || typeof before.color !== 'string') continue;
    const ink = bestInk(fill, T.surface, ON_SHAPE);
    if (!ink) continue;
    out = out === item ? { ...item } : out;
    out[key] = { ...(out[key] as object), color: ink };
  }
  return out;
}

/** Treemap and sunburst labels sit on their cells: the series' own label ink stays the light look's (the cells are light in both). */
function keepShapeInk(series: Record<string, unknown>, original: Record<string, unknown>): Record<string, unknown> {
  if (series.type !== 'treemap' && series.type !== 'sunburst') return series;
  const before = original.label as { color?: unknown } | undefined;
  if (!before || typeof before.color !== 'string') return series;
  return { ...series, label: { ...(series.label as object), color: before.color } };
}

/** Pie slices with white labels inside: each slice gets the ink that reads on its tuned colour. */
function relabelPie(series: Record<string, unknown>): Record<string, unknown> {
  const label = series.label as { color?: unknown; position?: unknown } | undefined;
  if (series.type !== 'pie' || !label || typeof label.color !== 'string' || !WHITES.has(label.color.toLowerCase())) return series;
  if (!Array.isArray(series.data)) return series;
  const data = series.data.map((d: unknown) => {
    const fill = isPlainObject(d) ? (d.itemStyle as { color?: unknown } | undefined)?.color : undefined;
    const ink = typeof fill === 'string' ? bestInk(fill, T.surface, ON_SHAPE) : null;
    return ink && isPlainObject(d) ? { ...d, label: { ...((d.label as object | undefined) ?? {}), color: ink } } : d;
  });
  return { ...series, data };
}

function fixLabels(value: unknown, original: unknown, depth: number): unknown {
  if (depth > 12 || value === original) return value;
  if (Array.isArray(value) && Array.isArray(original)) return value.map((v, i) => fixLabels(v, original[i], depth + 1));
  if (!isPlainObject(value) || !isPlainObject(original)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [k, v] of Object.entries(value))
    if (k !== 'itemStyle' && !LABEL_KEYS.includes(k as 'label')) out[k] = fixLabels(v, original[k], depth + 1);
  return relabelPie(keepShapeInk(relabel(out, original), original));
}

export function darkOption<T>(option: T): T {
  return fixLabels(walk('', option, 0), option, 0) as T;
}

const axis = {
  axisLine: { lineStyle: { color: T['chart-axis'] } },
  axisTick: { lineStyle: { color: T['chart-axis'] } },
  axisLabel: { color: T['chart-text'] },
  splitLine: { lineStyle: { color: [T['chart-split']] } },
  splitArea: { areaStyle: { color: ['rgba(255,255,255,0.02)', 'rgba(255,255,255,0.05)'] } },
  nameTextStyle: { color: T['chart-text'] },
};

/** The `rama-dark` theme object: transparent background (the card's surface shows), light inks, dark tooltips. */
export const darkEChartsTheme = {
  darkMode: true,
  color: getCategoricalScheme(null).colors.map(darkPaletteColor),
  backgroundColor: 'transparent',
  textStyle: { color: T['chart-text'] },
  title: { textStyle: { color: T.text }, subtextStyle: { color: T['text-secondary'] } },
  legend: {
    textStyle: { color: T['chart-text'] },
    inactiveColor: T['chart-axis'],
    pageTextStyle: { color: T['chart-text'] },
    pageIconColor: T.brand,
    pageIconInactiveColor: T['chart-axis'],
  },
  tooltip: {
    backgroundColor: T['chart-tooltip'],
    borderColor: T['border-strong'],
    textStyle: { color: T.text },
    axisPointer: {
      lineStyle: { color: T['text-muted'] },
      crossStyle: { color: T['text-muted'] },
      label: { backgroundColor: T.fill, color: T.text },
    },
  },
  categoryAxis: axis,
  valueAxis: axis,
  logAxis: axis,
  timeAxis: axis,
  radar: {
    axisName: { color: T['chart-text'] },
    axisLine: { lineStyle: { color: T['chart-axis'] } },
    splitLine: { lineStyle: { color: T['chart-split'] } },
  },
  visualMap: { textStyle: { color: T['chart-text'] } },
  dataZoom: {
    textStyle: { color: T['chart-text'] },
    borderColor: T['border-strong'],
    fillerColor: 'rgba(91, 189, 208, 0.15)',
    handleStyle: { color: T['surface-subtle'], borderColor: T['text-muted'] },
    dataBackground: { lineStyle: { color: T['chart-axis'] }, areaStyle: { color: T.fill } },
  },
  geo: { itemStyle: { areaColor: T.fill, borderColor: T['border-strong'] }, label: { color: T['chart-text'] } },
  graph: { label: { color: T['chart-text'] } },
  gauge: { title: { color: T['chart-text'] }, detail: { color: T.text } },
  markPoint: { label: { color: T.text } },
};
