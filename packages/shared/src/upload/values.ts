/**
 * Reading the cells of an uploaded file: which values are null, which kind a column is (from all
 * its values, widened as more are seen), and the value each cell stores as. The same rules for CSV
 * text and for Excel's typed cells.
 */
import { DEFAULT_NULL_VALUES, type UploadColumnKind } from './options.js';

/** A cell as a reader hands it over: CSV gives text, Excel numbers, booleans and dates too. */
export type RawCell = string | number | boolean | Date | null;

/** What a loader writes: integers as number (bigint beyond 2^53), datetimes as Date (UTC wall time). */
export type StoredValue = string | number | bigint | boolean | Date | null;

export interface CellRules {
  nullValues: ReadonlySet<string>;
  decimal: string;
  dayFirst: boolean;
}

export function cellRules(opts: { null_values: string[] | null; decimal_character: string; day_first: boolean }): CellRules {
  return { nullValues: new Set(opts.null_values ?? DEFAULT_NULL_VALUES), decimal: opts.decimal_character, dayFirst: opts.day_first };
}

const INT_RE = /^[+-]?\d+$/;
const FLOAT_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
const TRUE_TEXT = new Set(['True', 'TRUE', 'true']);
const FALSE_TEXT = new Set(['False', 'FALSE', 'false']);

/** The text without surrounding white space (most cells have none: no copy then). */
function trimmed(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  const a = s.charCodeAt(0);
  const b = s.charCodeAt(n - 1);
  return a > 32 && b > 32 && a !== 160 && b !== 160 ? s : s.trim();
}

export function isNullCell(raw: RawCell, rules: CellRules): boolean {
  if (raw === null) return true;
  if (typeof raw === 'string') return rules.nullValues.has(raw);
  if (typeof raw === 'number') return Number.isNaN(raw);
  return false;
}

/** Text with the decimal character made a dot (`1,5` → `1.5` when the decimal character is `,`). */
function dotted(text: string, decimal: string): string {
  return decimal === '.' ? text : text.includes('.') ? '\u0000' : text.replace(decimal, '.');
}

/** The kind one non-null cell suggests. */
export function kindOfCell(raw: Exclude<RawCell, null>, rules: CellRules): UploadColumnKind {
  if (typeof raw === 'number') return Number.isInteger(raw) ? 'integer' : 'float';
  if (typeof raw === 'boolean') return 'boolean';
  if (raw instanceof Date) return 'datetime';
  const t = trimmed(raw);
  if (INT_RE.test(t)) {
    // up to 18 digits always fits 64 bits; only longer numbers need the exact check
    if (t.length <= 18) return 'integer';
    const n = BigInt(t);
    return n <= INT64_MAX && n >= INT64_MIN ? 'integer' : 'float';
  }
  if (FLOAT_RE.test(dotted(t, rules.decimal))) return 'float';
  if (TRUE_TEXT.has(t) || FALSE_TEXT.has(t)) return 'boolean';
  return 'string';
}

/**
 * The kind of a column that was `a` so far and has a cell of kind `b` now (null: no value yet):
 * integers widen to floats, anything else mixed is text. Dates are only read where asked
 * (`column_dates`), so a column of date-looking text stays text.
 */
export function widenKind(a: UploadColumnKind | null, b: UploadColumnKind): UploadColumnKind {
  if (a === null || a === b) return b;
  if ((a === 'integer' && b === 'float') || (a === 'float' && b === 'integer')) return 'float';
  return 'string';
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

function validDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date | null {
  if (y < 1 || y > 9999 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const dt = new Date(Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms));
  dt.setUTCFullYear(y);
  if (dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return dt;
}

const TIME = String.raw`(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const LOCAL_DATE = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The common `YYYY-MM-DD` and `YYYY-MM-DD HH:MM:SS` read digit by digit (most date columns are
 * written so); undefined when the text has another shape, for the general reader.
 */
function fastIsoDate(t: string): Date | null | undefined {
  const n = t.length;
  if ((n !== 10 && n !== 19) || t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45) return undefined;
  if (n === 19) {
    const sep = t.charCodeAt(10);
    if ((sep !== 32 && sep !== 84) || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return undefined;
  }
  let bad = false;
  const num = (from: number, to: number): number => {
    let v = 0;
    for (let i = from; i < to; i++) {
      const c = t.charCodeAt(i) - 48;
      if (c < 0 || c > 9) bad = true;
      v = v * 10 + c;
    }
    return v;
  };
  const y = num(0, 4);
  const mo = num(5, 7);
  const d = num(8, 10);
  const h = n === 19 ? num(11, 13) : 0;
  const mi = n === 19 ? num(14, 16) : 0;
  const sec = n === 19 ? num(17, 19) : 0;
  if (bad || y < 100) return undefined;
  if (mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo - 1] || h > 23 || mi > 59 || sec > 59) return null;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return null;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
}

/**
 * A date or timestamp written as text: `YYYY-MM-DD[ HH:MM[:SS[.fff]]]` (also with `/` or `.`,
 * `T`, and a `Z` or `±HH:MM` offset, converted to UTC), and `MM/DD/YYYY` or, with `dayFirst`,
 * `DD/MM/YYYY`. The wall time is kept as UTC; null when the text is not a date.
 */
export function parseDateText(text: string, dayFirst: boolean): Date | null {
  const fast = fastIsoDate(text);
  if (fast !== undefined) return fast;
  const t = text.trim();
  let m = ISO_DATE.exec(t);
  let y: number, mo: number, d: number;
  if (m) {
    y = Number(m[1]);
    mo = Number(m[2]);
    d = Number(m[3]);
  } else {
    m = LOCAL_DATE.exec(t);
    if (!m) return null;
    y = Number(m[3]);
    mo = Number(dayFirst ? m[2] : m[1]);
    d = Number(dayFirst ? m[1] : m[2]);
  }
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const dt = validDate(y, mo, d, Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), ms);
  if (!dt) return null;
  const zone = m[8];
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    return new Date(dt.getTime() - sign * offsetMin * 60_000);
  }
  return dt;
}

/** A datetime as text for loaders that write text (`YYYY-MM-DD HH:MM:SS.fff`, no zone). */
export function formatStoredDate(d: Date): string {
  const y = d.getUTCFullYear();
  if (y >= 1000 && y <= 9999) {
    // the native ISO text is much faster than assembling the parts
    const iso = d.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
  }
  return (
    `${pad(y, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`
  );
}

/** A cell that does not fit its column's kind (the message names value and kind; the caller adds where). */
export class CellError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CellError';
  }
}

const shown = (raw: RawCell): string => {
  const s = raw instanceof Date ? raw.toISOString() : String(raw);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/** The value a cell stores as in a column of `kind`; throws CellError when it does not fit. */
export function storedValue(raw: RawCell, kind: UploadColumnKind, rules: CellRules): StoredValue {
  if (isNullCell(raw, rules)) return null;
  const value = raw as Exclude<RawCell, null>;
  switch (kind) {
    case 'string':
      if (value instanceof Date) return formatStoredDate(value);
      if (typeof value === 'boolean') return value ? 'True' : 'False';
      return String(value);
    case 'integer': {
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      const t = typeof value === 'string' ? trimmed(value) : '';
      if (!INT_RE.test(t)) throw new CellError(`"${shown(raw)}" is not a whole number`);
      const n = Number(t);
      if (Number.isSafeInteger(n)) return n;
      const big = BigInt(t);
      if (big > INT64_MAX || big < INT64_MIN) throw new CellError(`"${shown(raw)}" is too large for a whole number column`);
      return big;
    }
    case 'float': {
      if (typeof value === 'number') return value;
      if (typeof value === 'boolean') return value ? 1 : 0;
      const t = typeof value === 'string' ? dotted(trimmed(value), rules.decimal) : '';
      if (!FLOAT_RE.test(t)) throw new CellError(`"${shown(raw)}" is not a number`);
      return Number(t);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
      const t = typeof value === 'string' ? value.trim() : '';
      if (TRUE_TEXT.has(t)) return true;
      if (FALSE_TEXT.has(t)) return false;
      throw new CellError(`"${shown(raw)}" is not True or False`);
    }
    case 'datetime': {
      if (value instanceof Date) return value;
      const d = typeof value === 'string' ? parseDateText(value, rules.dayFirst) : null;
      if (!d) throw new CellError(`"${shown(raw)}" is not a date`);
      return d;
    }
  }
}

/** A cell as preview text (null stays null). */
export function previewText(raw: RawCell, rules: CellRules): string | null {
  if (isNullCell(raw, rules)) return null;
  if (raw instanceof Date)
    return formatStoredDate(raw)
      .replace(/ 00:00:00\.000$/, '')
      .replace(/\.000$/, '');
  return String(raw);
}
