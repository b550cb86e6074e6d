/**
 * Column labels (a frame column's key, frame.ts) and column names as the BI server writes them.
 * Its series names come from Python's `str()` of a value, and the web client matches series by
 * name, so a name must be spelled the same way: `2.5`, `1e-05`, `True`, `2023-01-01 00:00:00`.
 */

/** A column label; `null` marks a level the `rename` operation dropped (a metric name, say). */
export type Label = string | null;

/** A column key is its labels, one per level: ['origin'] for a flat column; ['AVG(delay)', 'SEA'] after a pivot. */
export type ColumnKey = readonly Label[];

/** Levels of a multi-level column name are joined with this (the BI server's FLAT_COLUMN_SEPARATOR). */
export const FLAT_COLUMN_SEPARATOR = ', ';

/** A comma inside one level is escaped so that a client can split a flattened name back into levels. */
export function escapeSeparator(label: string): string {
  return label.includes(',') ? label.replaceAll(',', '\\,') : label;
}

export function unescapeSeparator(label: string): string {
  return label.replaceAll('\\,', ',');
}

/** A data column's flattened name: a flat name as is; levels joined, dropped (null) levels left out. */
export function flatColumnName(key: ColumnKey): string {
  if (key.length === 1) return key[0] ?? '';
  const parts: string[] = [];
  for (const label of key) if (label !== null) parts.push(escapeSeparator(label));
  return parts.join(FLAT_COLUMN_SEPARATOR);
}

/** Python's repr of a float: shortest round-trip digits, exponent below 1e-4 and from 1e16, always a `.0` on whole numbers. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expPart] = x.toExponential().split('e');
  const exp = Number(expPart);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** pandas' str() of a Timestamp: `2023-01-01 00:00:00`, with microseconds only when there are any. */
export function timestampLabel(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return 'NaT';
  const y = d.getUTCFullYear();
  const date = `${y < 1000 ? String(y).padStart(4, '0') : y}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  const time = `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
  const millis = d.getUTCMilliseconds();
  return millis === 0 ? `${date} ${time}` : `${date} ${time}.${String(millis).padStart(3, '0')}000`;
}

/**
 * A cell value as a column label. A JavaScript number does not say whether the database sent an
 * integer or a float; a whole number is written as an integer, the common case for group-by keys,
 * unless `asFloat` says the column holds floats (pandas makes a numeric column with a missing
 * value float: 9.0).
 */
export function labelOf(value: unknown, temporal: boolean, asFloat = false): Label {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return null;
    if (temporal) return timestampLabel(value);
    return !asFloat && Number.isInteger(value) && Math.abs(value) < 1e16 ? String(value) : pyFloatRepr(value);
  }
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return timestampLabel(value.getTime());
  return JSON.stringify(value) ?? String(value);
}
