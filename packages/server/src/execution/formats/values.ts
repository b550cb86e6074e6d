/**
 * Reading result cells for file exports. Chart data rows carry temporal values as epoch
 * milliseconds (the JSON reply's form); engine rows may carry ISO strings or Date objects instead.
 * Wall times are UTC throughout, as the chart data engine computes them.
 */

/** `2024-01-01`, `2024-01-01 12:30`, `2024-01-01T12:30:00.5Z`, `2024-01-01 12:30:00+02:00` */
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `2024-01-01T12:30:00` or `…:00.500`, years 1000 to 9999: Date.parse of it with `Z` is Date.UTC of
 * its fields (years below 100 are not: Date.UTC reads them as 19xx).
 */
const CANONICAL_UTC_WALL = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?$/;

/** Epoch milliseconds of a temporal cell, or null when the value is not a point in time. */
export function temporalMs(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v !== 'string') return null;
  if (CANONICAL_UTC_WALL.test(v)) {
    // what engines write most (`2024-01-01T12:30:00`): read natively as the UTC wall time it is;
    // an impossible one (month 13) falls through to Date.UTC below, which rolls it over as before
    const t = Date.parse(`${v}Z`);
    if (!Number.isNaN(t)) return t;
  }
  const m = ISO_DATETIME.exec(v.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const ms = frac ? Math.round(Number(frac) * 1000) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  // a time without a zone is a wall time, kept as is; one with an offset is moved to UTC
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return Number.isNaN(t) ? null : t;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * `2024-01-01 00:00:00`: the form spreadsheet programs read as a date and time. Milliseconds are
 * written only when there are some, so whole seconds stay short.
 */
export function formatTemporal(ms: number): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const y = year < 0 ? `-${pad(-year, 6)}` : year > 9999 ? `+${pad(year, 6)}` : pad(year, 4);
  const base =
    `${y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const milli = d.getUTCMilliseconds();
  return milli ? `${base}.${pad(milli, 3)}` : base;
}

/** JSON text of a nested value (arrays, structs), with big integers as their digits. */
export function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? '';
  } catch {
    return String(v);
  }
}

/** The row's cells in column order: arrays as they are, records by column name. */
export function rowCells(colnames: readonly string[], row: Record<string, unknown> | readonly unknown[]): readonly unknown[] {
  if (Array.isArray(row)) return row as readonly unknown[];
  const record = row as Record<string, unknown>;
  return colnames.map((c) => record[c]);
}
