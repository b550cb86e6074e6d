/**
 * The table's per-cell rules as pure functions: the text of a cell, its cell bar, sorting and the
 * search box's filter. They work on row indexes so a 10,000-row result is never copied.
 */
import { t } from '../../i18n';
import { NULL_VALUE_TEXT } from '@rama/shared';
import { theme } from '../../core/theme';
import { backgroundOf } from './conditionalFormatting';
import type { CellBarSpec, TableColumn } from './types';

export const isNullish = (v: unknown): v is null | undefined => v === null || v === undefined;

/** A cell's text: null reads 'N/A' (drawn muted); anything else through the column's formatter. */
export function cellText(column: TableColumn, value: unknown): string {
  return isNullish(value) ? NULL_VALUE_TEXT : column.format(value);
}

export interface CellBar {
  /** % of the cell width from the left edge */
  left: number;
  /** % of the cell width */
  width: number;
  color: string;
  /** the bar's colour as a thin opaque strip, drawn instead when a conditional colour fills the cell */
  strip: string;
}

/** The numeric extent a column's bars are scaled to: [min, max], or [0, max |v|] when bars are aligned at 0. */
export function valueRange(values: Iterable<unknown>, alignPositiveNegative: boolean): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    const x = alignPositiveNegative ? Math.abs(v) : v;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (min === Infinity) return null;
  return alignPositiveNegative ? [0, max] : [min, max];
}

// a CSS variable: a faint dark bar in the light look, a faint light one in the dark look (styles.css)
const BAR_NEUTRAL = 'var(--rama-cell-bar)';
const BAR_POSITIVE = 'rgba(44,160,44,0.25)';
const BAR_NEGATIVE = 'rgba(214,39,40,0.25)';
const STRIP_NEUTRAL = 'rgba(60,72,80,0.55)';
const STRIP_POSITIVE = 'rgb(44,140,44)';
const STRIP_NEGATIVE = 'rgb(190,30,35)';

/**
 * The bar behind a numeric cell (the BI server's geometry). Aligned: every bar starts at the left
 * edge, its length |value| / max |value|. Not aligned: the column's zero sits where its negative
 * span ends, negative bars grow left of it and positive ones right.
 */
export function cellBar(value: unknown, spec: CellBarSpec): CellBar | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const [min, max] = spec.range;
  const color = !spec.colorPositiveNegative ? BAR_NEUTRAL : value < 0 ? BAR_NEGATIVE : BAR_POSITIVE;
  const strip = !spec.colorPositiveNegative ? STRIP_NEUTRAL : value < 0 ? STRIP_NEGATIVE : STRIP_POSITIVE;
  if (spec.alignPositiveNegative) {
    const width = max === 0 ? 0 : Math.abs(Math.round((value / max) * 100));
    return { left: 0, width: Math.min(100, width), color, strip };
  }
  const pos = Math.abs(Math.max(max, 0));
  const neg = Math.abs(Math.min(min, 0));
  const total = pos + neg;
  if (total === 0) return { left: 0, width: 0, color, strip };
  const width = Math.round((Math.abs(value) / total) * 100);
  const left = Math.round((Math.min(neg + value, neg) / total) * 100);
  return { left, width, color, strip };
}

/** The conditional-formatting background of a cell, if a rule colours it. */
export function cellBackground(column: TableColumn, value: unknown): string | undefined {
  return column.colorFormatters.length ? backgroundOf(column.colorFormatters, value) : undefined;
}

export type SortDirection = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Row indexes in the order of one column: numbers and times by value, text by a natural collation;
 * empty values last in either direction. Stable, so equal values keep the query's order.
 */
export function sortIndexes(
  data: readonly Record<string, unknown>[],
  indexes: readonly number[],
  column: TableColumn,
  direction: SortDirection,
): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const numeric = column.kind === 'numeric' || column.kind === 'temporal';
  const keyed = indexes.map((i) => {
    const v = data[i][column.key];
    return { i, v: isNullish(v) ? null : numeric ? Number(v) : String(v) };
  });
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
    const c = numeric ? (a.v as number) - (b.v as number) : collator.compare(a.v as string, b.v as string);
    return c === 0 || Number.isNaN(c) ? a.i - b.i : sign * c;
  });
  return keyed.map((k) => k.i);
}

/**
 * Each row's searchable text: its raw values and their shown text, lower-cased. Built once per
 * result (on the first search), so each keystroke after is a plain substring scan.
 */
export function searchTexts(data: readonly Record<string, unknown>[], columns: readonly TableColumn[]): string[] {
  return data.map((row) => {
    const parts: string[] = [];
    for (const c of columns) {
      const v = row[c.key];
      if (isNullish(v)) continue;
      const raw = String(v);
      const shown = c.format(v);
      parts.push(raw === shown ? raw : `${raw}\u0001${shown}`);
    }
    return parts.join('\u0001').toLowerCase();
  });
}

/** Rows whose shown text (or raw value) contains the search text, case-insensitively. */
export function searchIndexes(texts: readonly string[], text: string): number[] {
  const needle = text.trim().toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < texts.length; i += 1) if (!needle || texts[i].includes(needle)) out.push(i);
  return out;
}

/** A column order after dragging the header at `from` onto the header at `to`. */
export function moveColumn(order: readonly string[], from: string, to: string): string[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0 || a === b) return [...order];
  const next = [...order];
  next.splice(a, 1);
  next.splice(b, 0, from);
  return next;
}

/** '10,000 rows', '1 row' (in the user's language: '10 000 lignes'). */
export function rowCountText(n: number): string {
  return t('common:rows', { count: n });
}

const CHAR_PX = 7.4;
const MIN_WIDTH = 48;
const MAX_WIDTH = 360;
/** a cell's side padding (10 px each side) and its border */
const CELL_PAD = 22;
/** a header's side padding, the sort arrow and the gap before it, and the border */
const HEADER_PAD = 36;

let measuring: OffscreenCanvasRenderingContext2D | null | undefined;
/** the app's font (antd's theme), which the table's cells inherit */
const TABLE_FONT = theme.token?.fontFamily ?? 'sans-serif';

/**
 * The width in px of `text` in the table's 13 px font (semibold for headers), measured on a canvas
 * in the browser; without one (unit tests) about 7.4 px a character, more for bold capitals.
 */
export function tableTextWidth(text: string, bold = false): number {
  if (measuring === undefined) measuring = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!measuring) return Math.ceil(text.length * CHAR_PX * (bold ? 1.12 : 1));
  measuring.font = `${bold ? '600 ' : ''}13px ${TABLE_FONT}`;
  // digits are drawn tabular (a little wider than proportional ones in some fonts)
  return Math.ceil(measuring.measureText(text).width * 1.04);
}

/**
 * Column widths: a configured width wins; otherwise the header or the widest text among the first
 * rows (and the totals row) decides, so no value or header is cut (the rest of a large result is
 * never measured; a text wider than 360 px ends in an ellipsis). Narrow tables stretch to fill;
 * wider ones keep their widths and scroll sideways.
 */
export function columnWidths(
  columns: readonly TableColumn[],
  data: readonly Record<string, unknown>[],
  available: number,
  sampleRows = 50,
  totals?: Record<string, unknown> | null,
): number[] {
  const n = Math.min(sampleRows, data.length);
  const widths = columns.map((c) => {
    if (c.width) return c.width;
    let widest = tableTextWidth(c.label, true) + HEADER_PAD;
    // the longest texts are the widest: measure only those few of the sample
    const texts = Array.from({ length: n }, (_, i) => cellText(c, data[i][c.key]));
    const longest = Math.max(0, ...texts.map((t) => t.length));
    for (const t of texts) if (t.length >= longest - 2) widest = Math.max(widest, tableTextWidth(t) + CELL_PAD);
    // the totals row is drawn in bold
    if (totals && c.key in totals) widest = Math.max(widest, tableTextWidth(cellText(c, totals[c.key]), true) + CELL_PAD);
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest)));
  });
  const total = widths.reduce((a, b) => a + b, 0);
  if (total > 0 && total < available) {
    const flexible = columns.map((c) => !c.width);
    const flexTotal = widths.reduce((a, w, i) => a + (flexible[i] ? w : 0), 0);
    if (flexTotal > 0) {
      const extra = available - total;
      return widths.map((w, i) => (flexible[i] ? Math.floor(w + (extra * w) / flexTotal) : w));
    }
  }
  return widths;
}
