/**
 * Conditional formatting (the `conditional_formatting` control of the table and the pivot table):
 * a rule names a column, a comparison and a colour; a cell whose value passes the comparison gets
 * the colour as its background, more opaque the further the value lies from the cut-off towards
 * the column's extreme — the BI server's rule, so an exported chart colours the same cells alike.
 */

export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number | string | null;
  targetValueLeft?: number | string | null;
  targetValueRight?: number | string | null;
  colorScheme?: string;
}

/** value → a CSS background colour, or undefined when the rule does not apply to it */
export type ColorFormatter = (value: unknown) => string | undefined;

export interface ColumnColorFormatter {
  column: string;
  getColor: ColorFormatter;
}

/** The least opacity of a coloured cell when the rule has a cut-off (it must stay visible). */
const MIN_OPACITY_BOUNDED = 0.05;
/** 'None' colours the whole range: the column's minimum is fully transparent. */
const MIN_OPACITY_UNBOUNDED = 0;
const MAX_OPACITY = 1;

/** The colour names the BI server's newer clients store instead of a hex value. */
const NAMED_COLORS: Record<string, string> = {
  colorSuccess: '#ACE1C4',
  colorWarning: '#FDE380',
  colorError: '#EFA1AA',
};

const RANGE_OPERATORS = new Set(['< x <', '≤ x ≤', '≤ x <', '< x ≤', 'between']);

const toNumber = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Opacity grows linearly from `min` at the cut-off to `max` at the extreme value; rounded to 2 places. */
export function getOpacity(value: number, cutoff: number, extreme: number, min = MIN_OPACITY_BOUNDED, max = MAX_OPACITY): number {
  if (extreme === cutoff) return max;
  const raw = Math.abs(((max - min) / (extreme - cutoff)) * (value - cutoff)) + min;
  return Math.round(Math.min(max, raw) * 100) / 100;
}

/** A hex (#rgb, #rrggbb), rgb() or rgba() colour with the given opacity, as rgba(); unknown text is returned as is. */
export function withAlpha(color: string, opacity: number): string {
  const c = (NAMED_COLORS[color] ?? color).trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((x) => x + x).join('') : hex[1];
    const n = Number.parseInt(h, 16);
    return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${opacity})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(c);
  if (rgb) {
    // an rgba() colour keeps its own transparency as the ceiling
    const base = rgb[4] === undefined ? 1 : Number(rgb[4]);
    return `rgba(${rgb[1]},${rgb[2]},${rgb[3]},${Math.round(base * opacity * 100) / 100})`;
  }
  return c;
}

interface Bounds {
  cutoff: number;
  extreme: number;
}

/**
 * The colour function of one rule over one column's values. A rule missing its operator, colour or
 * target(s) colours nothing. Non-numeric values are never coloured.
 */
export function getColorFunction(rule: ConditionalFormattingRule, columnValues: readonly unknown[]): ColorFormatter {
  const { operator, colorScheme } = rule;
  const none = () => undefined;
  if (!operator || !colorScheme) return none;
  const target = toNumber(rule.targetValue);
  const left = toNumber(rule.targetValueLeft);
  const right = toNumber(rule.targetValueRight);
  if (RANGE_OPERATORS.has(operator) && (left === null || right === null)) return none;
  if (operator !== 'None' && !RANGE_OPERATORS.has(operator) && target === null) return none;

  let min = Infinity;
  let max = -Infinity;
  for (const v of columnValues) {
    const n = toNumber(v);
    if (n === null) continue;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  if (min === Infinity) return none;

  const t = target ?? 0;
  const l = left ?? 0;
  const r = right ?? 0;
  let minOpacity = MIN_OPACITY_BOUNDED;
  let compare: (v: number) => Bounds | null;
  switch (operator) {
    case 'None':
      minOpacity = MIN_OPACITY_UNBOUNDED;
      compare = () => ({ cutoff: min, extreme: max });
      break;
    case '>':
      compare = (v) => (v > t ? { cutoff: t, extreme: max } : null);
      break;
    case '≥':
    case '>=':
      compare = (v) => (v >= t ? { cutoff: t, extreme: max } : null);
      break;
    case '<':
      compare = (v) => (v < t ? { cutoff: t, extreme: min } : null);
      break;
    case '≤':
    case '<=':
      compare = (v) => (v <= t ? { cutoff: t, extreme: min } : null);
      break;
    case '=':
    case '==':
      compare = (v) => (v === t ? { cutoff: t, extreme: t } : null);
      break;
    case '≠':
    case '!=':
      // the further side of the column from the target is the extreme
      compare = (v) => (v !== t ? { cutoff: t, extreme: Math.abs(t - min) > Math.abs(max - t) ? min : max } : null);
      break;
    case '< x <':
    case 'between':
      compare = (v) => (v > l && v < r ? { cutoff: l, extreme: r } : null);
      break;
    case '≤ x ≤':
      compare = (v) => (v >= l && v <= r ? { cutoff: l, extreme: r } : null);
      break;
    case '≤ x <':
      compare = (v) => (v >= l && v < r ? { cutoff: l, extreme: r } : null);
      break;
    case '< x ≤':
      compare = (v) => (v > l && v <= r ? { cutoff: l, extreme: r } : null);
      break;
    default:
      return none;
  }
  return (value) => {
    const n = toNumber(value);
    if (n === null) return undefined;
    const b = compare(n);
    return b ? withAlpha(colorScheme, getOpacity(n, b.cutoff, b.extreme, minOpacity, MAX_OPACITY)) : undefined;
  };
}

/** One colour function per usable rule; `valuesOf(column)` gives the column's values the range is taken from. */
export function getColorFormatters(rules: unknown, valuesOf: (column: string) => readonly unknown[]): ColumnColorFormatter[] {
  if (!Array.isArray(rules)) return [];
  const out: ColumnColorFormatter[] = [];
  for (const r of rules as ConditionalFormattingRule[]) {
    if (!r || typeof r !== 'object' || typeof r.column !== 'string' || !r.operator) continue;
    out.push({ column: r.column, getColor: getColorFunction(r, valuesOf(r.column)) });
  }
  return out;
}

/** The background of a value under a column's rules: the last rule that matches wins. */
export function backgroundOf(formatters: readonly ColorFormatter[], value: unknown): string | undefined {
  let color: string | undefined;
  for (const f of formatters) color = f(value) ?? color;
  return color;
}
