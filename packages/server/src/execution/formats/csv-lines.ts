/** CSV cells and lines: SQL Lab's result export, report attachments and chart data CSV all write them so. */
import type { Cell } from '../../engines/types.js';

/**
 * One CSV cell. Text beginning with = + - @ or a tab/carriage return would be run as a formula by
 * spreadsheet programs, so it gets a leading apostrophe (formula-injection escaping).
 */
export function csvCell(v: Cell): string {
  if (v === null) return '';
  let s = typeof v === 'string' ? v : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * One stored row (a flat JSON object text, as `rowsToJsonLines` writes it) as a CSV line. Numbers
 * keep their exact digits (integers beyond 2^53 included); strings get the formula escaping.
 */
export function rowJsonToCsv(line: string): string {
  const cells: string[] = [];
  let i = line.indexOf('{') + 1;
  const n = line.length;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === 0x7d /* } */) break;
    if (c === 0x2c /* , */ || c === 0x20) {
      i++;
      continue;
    }
    // the key: a JSON string
    i = skipString(line, i);
    i++; // the colon
    const start = i;
    if (line.charCodeAt(i) === 0x22 /* " */) {
      i = skipString(line, i);
      cells.push(csvCell(JSON.parse(line.slice(start, i)) as string));
    } else {
      while (i < n && line.charCodeAt(i) !== 0x2c && line.charCodeAt(i) !== 0x7d) i++;
      const raw = line.slice(start, i);
      cells.push(raw === 'null' ? '' : raw);
    }
  }
  return `${cells.join(',')}\r\n`;
}

/** Index just past the JSON string starting at `i` (which holds its opening quote). */
function skipString(text: string, i: number): number {
  i++;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i += 2;
    else if (c === 0x22 || Number.isNaN(c)) return i + 1;
    else i++;
  }
}

/** Rows text (stored rows joined by ",\n") as CSV lines, chunk by chunk. */
export async function* rowsTextToCsv(source: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of source) {
    const text = rest + chunk;
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      rest = text;
      continue;
    }
    let out = '';
    for (const line of text.slice(0, last).split('\n')) if (line) out += rowJsonToCsv(line);
    rest = text.slice(last + 1);
    yield out;
  }
  if (rest) yield rowJsonToCsv(rest);
}
