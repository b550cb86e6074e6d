/**
 * The result grid's filter box (issue 26 item 7, the peer's "Filter results"): which rows contain
 * the text, case-insensitively, in the text a cell shows, and where it is in a cell (for the
 * highlight). Pure, unit-tested in node.
 */
import { formatCell, type CellValue, type ResultGridColumn } from './gridModel';
import { t } from '../../i18n';

/** Longer filter text is cut: no cell match needs more, and every keystroke scans every cell. */
export const MAX_FILTER_LENGTH = 200;

/** The text filtered on: trimmed, bounded, lower-cased; '' filters nothing. */
export function normalizeFilter(text: string): string {
  return text.trim().slice(0, MAX_FILTER_LENGTH).toLowerCase();
}

/**
 * Indexes (in data order) of the rows one of whose cells shows the text; null when there is no
 * filter (every row). NULL cells never match: they hold no text, only the NULL marker.
 */
export function filterRowIndexes(
  columns: readonly ResultGridColumn[],
  data: readonly Record<string, CellValue>[],
  text: string,
): Uint32Array | null {
  const needle = normalizeFilter(text);
  if (!needle) return null;
  const out = new Uint32Array(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const row = data[i];
    for (const c of columns) {
      const v = row[c.name];
      if (v === null || v === undefined) continue;
      if (formatCell(v).text.toLowerCase().includes(needle)) {
        out[n++] = i;
        break;
      }
    }
  }
  return out.slice(0, n);
}

/** Display order with a filter applied: the (sorted) order keeps only the matching rows. */
export function filteredOrder(order: Uint32Array | null, matches: Uint32Array | null, total: number): Uint32Array | null {
  if (!matches) return order;
  if (!order) return matches;
  const keep = new Uint8Array(total);
  for (const i of matches) keep[i] = 1;
  return order.filter((i) => keep[i] === 1);
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** A cell's text cut into the parts that match the filter and the rest, for highlighting. */
export function highlightParts(text: string, filter: string): TextPart[] {
  const needle = normalizeFilter(filter);
  if (!needle || !text) return [{ text, match: false }];
  const lower = text.toLowerCase();
  // lower-casing may change a string's length (a few Unicode letters): then no highlight, the row still matches
  if (lower.length !== text.length) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let at = 0;
  for (let hit = lower.indexOf(needle); hit !== -1; hit = lower.indexOf(needle, at)) {
    if (hit > at) parts.push({ text: text.slice(at, hit), match: false });
    parts.push({ text: text.slice(hit, hit + needle.length), match: true });
    at = hit + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts.length ? parts : [{ text, match: false }];
}

/** "n of m rows" over the grid while a filter is on. */
export function filterCountText(shown: number, total: number): string {
  return t('components:grid.shownOf', { shown, total });
}
