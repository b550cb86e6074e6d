/**
 * JSON for result rows, written by hand so integers beyond 2^53 (bigint cells) keep every digit and
 * 100k-row results do not pay for a replacer callback per value. Each row becomes one JSON object
 * text; the stored result is those lines, so a `rows` cap is a slice, not a re-parse.
 */
import type { Cell, ResultColumn } from '../../engines/types.js';

function encodeCell(v: Cell): string {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'bigint':
      return v.toString();
    case 'boolean':
      return v ? 'true' : 'false';
    case 'string':
      return JSON.stringify(v);
    default:
      return 'null';
  }
}

/** Result column names made unique (`a`, `a__1`, …) so each row can be an object. */
export function uniqueColumnNames(columns: ResultColumn[]): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    return n === 0 ? c.name : `${c.name}__${n}`;
  });
}

/** One JSON object text per row. */
export function rowsToJsonLines(columns: ResultColumn[], rows: Cell[][], count = rows.length): string[] {
  const keys = uniqueColumnNames(columns).map((k, i) => `${i === 0 ? '{' : ','}${JSON.stringify(k)}:`);
  const n = Math.min(count, rows.length);
  const out = new Array<string>(n);
  const width = keys.length;
  for (let r = 0; r < n; r++) {
    const row = rows[r];
    let s = '';
    for (let c = 0; c < width; c++) s += keys[c] + encodeCell(row[c]);
    out[r] = width ? `${s}}` : '{}';
  }
  return out;
}

/** A cell as `JSON.parse` reads `encodeCell`'s text back (a bigint becomes the nearest number). */
function cellValue(v: Cell): string | number | boolean | null {
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'bigint':
      return Number(v);
    case 'boolean':
    case 'string':
      return v;
    default:
      return null;
  }
}

/**
 * One object per row, equal to `JSON.parse` of `rowsToJsonLines`'s text, without writing the text:
 * for rows kept on the server (an SQL Lab script's side statements).
 */
export function rowsToRecords(columns: ResultColumn[], rows: Cell[][]): Record<string, unknown>[] {
  const keys = uniqueColumnNames(columns);
  // fromEntries defines each key as JSON.parse does (a later duplicate replaces the value in place)
  return rows.map((row) => Object.fromEntries(keys.map((k, c) => [k, cellValue(row[c])])));
}

/** JSON.stringify that writes bigint as exact integer digits. */
export function stringifyExact(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') {
      marks.push(v.toString());
      return `\u0000big${marks.length - 1}\u0000`;
    }
    return v;
  });
  return marks.length ? text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]) : text;
}
