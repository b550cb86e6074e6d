/**
 * The dark look of a chart: the `rama-dark` ECharts theme (axes, legends, tooltips, titles on the
 * dark surface) and the dark version of an option. An option names colours of its own (a palette's
 * colours from the colour scale, a label's ink, white borders between slices), which a theme does
 * not reach; `darkOption` swaps exactly those: palette colours for their dark-tuned versions (same
 * hue, readable on the surface), dark inks for the chart text colour, white separators for the
 * surface, light grey lines for the axis colour. Colours a user picked (label colours, a
 * sequential scale) and white labels drawn inside shapes stay as they are.
 */
import { CATEGORICAL_SCHEMES, darkPaletteColor, getCategoricalScheme, THEME_TOKENS } from '@rama/shared';

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

export function darkOption<T>(option: T): T {
  return walk('', option, 0) as T;
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
