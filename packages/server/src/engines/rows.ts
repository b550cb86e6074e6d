/**
 * Cell value conversion shared by the engines: every value leaving an engine is JSON-safe
 * (`Cell`): exact integers beyond 2^53 as bigint, dates and timestamps as ISO text, nested
 * values as JSON text, binary as (bounded) hex.
 */
import type { Cell, ResultColumn, RowSink, StatementResult, StreamOutcome } from './types.js';
import type { GenericInfo } from './sql-text.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = -MAX_SAFE;

/** bigint → number when it fits exactly, else the bigint itself. */
export function fromBigInt(v: bigint): number | bigint {
  return v >= MIN_SAFE && v <= MAX_SAFE ? Number(v) : v;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** Integer text (pg int8, MySQL BIGINT): number when exact, bigint otherwise. */
export function fromIntegerText(s: string): number | bigint | string {
  if (s.length < 16) return Number(s);
  return INTEGER_TEXT.test(s) ? fromBigInt(BigInt(s)) : s;
}

/** DECIMAL/NUMERIC text: integral values stay exact (bigint when large), fractions become numbers. */
export function fromDecimalText(s: string): number | bigint | string | null {
  if (s === 'NaN' || s === 'Infinity' || s === '-Infinity') return null;
  if (INTEGER_TEXT.test(s)) return s.length < 16 ? Number(s) : fromBigInt(BigInt(s));
  const n = Number(s);
  return Number.isNaN(n) ? s : n;
}

/** Non-finite floats have no JSON form; they become null (as the BI server's encoder does). */
export function finiteOrNull(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}

/**
 * `YYYY-MM-DD HH:MM:SS[.ffffff][+HH[:MM]]` (pg, MySQL text) → `YYYY-MM-DDTHH:MM:SS[.SSS][Z|+HH:MM]`.
 * Text that does not look like a timestamp (`infinity`, BC dates) passes unchanged.
 */
export function isoFromSqlTimestamp(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::\d{2})?|(Z))?$/.exec(text);
  if (!m) return text;
  const [, date, time, frac, sign, oh, om, z] = m;
  let out = `${date}T${time}`;
  if (frac && !/^0+$/.test(frac.slice(0, 3))) out += `.${frac.slice(0, 3).padEnd(3, '0')}`;
  if (z) out += 'Z';
  else if (sign) out += oh === '00' && (!om || om === '00') ? 'Z' : `${sign}${oh}:${om ?? '00'}`;
  return out;
}

const MS_PER_DAY = 86_400_000;
/** Date's own range (±8.64e15 ms); beyond it values keep the engine's own text. */
const MAX_DATE_MS = 8.64e15;

const PAD2: string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const PAD3: string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * `YYYY-MM-DD` for days since the epoch, cached: result columns repeat the same days a lot, and
 * this runs once per cell for 100k-row results (Date + toISOString is several times slower).
 */
const dayCache = new Map<number, string>();
const DAY_CACHE_MAX = 100_000;

function formatDay(days: number): string | null {
  const cached = dayCache.get(days);
  if (cached !== undefined) return cached;
  // civil-from-days (H. Hinnant), proleptic Gregorian
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) return null;
  const text = `${String(y).padStart(4, '0')}-${PAD2[m]}-${PAD2[d]}`;
  if (dayCache.size >= DAY_CACHE_MAX) dayCache.clear();
  dayCache.set(days, text);
  return text;
}

/** `YYYY-MM-DD` from days since the epoch (null outside years 0–9999). */
export function dateFromEpochDays(days: number): string | null {
  return Number.isInteger(days) ? formatDay(days) : null;
}

/** ISO text from epoch milliseconds: `YYYY-MM-DDTHH:mm:ss[.SSS]` (+ `Z` when `utc`); null out of range. */
export function isoFromEpochMillis(ms: number, utc: boolean): string | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  const whole = Math.floor(ms);
  const day = Math.floor(whole / MS_PER_DAY);
  const date = formatDay(day);
  if (date === null) return null;
  let rest = whole - day * MS_PER_DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000);
  rest -= mi * 60_000;
  const sec = Math.floor(rest / 1000);
  const milli = rest - sec * 1000;
  const text = `${date}T${PAD2[h]}:${PAD2[mi]}:${PAD2[sec]}${milli ? `.${PAD3[milli]}` : ''}`;
  return utc ? `${text}Z` : text;
}

/** Longest binary value shown in full; longer ones are cut with an ellipsis (results are for reading). */
export const MAX_BINARY_BYTES = 1024;

/** Binary as `0x…` hex, at most MAX_BINARY_BYTES bytes. */
export function hexFromBytes(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, MAX_BINARY_BYTES));
  return `0x${buf.toString('hex')}${bytes.byteLength > MAX_BINARY_BYTES ? '…' : ''}`;
}

function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') {
    const n = fromBigInt(value);
    return typeof n === 'number' ? n : value.toString();
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // Buffer's toJSON runs before the replacer
    const rec = value as Record<string, unknown>;
    if (rec.type === 'Buffer' && Array.isArray(rec.data)) return hexFromBytes(Uint8Array.from(rec.data as number[]));
  }
  return value;
}

/** JSON text of a nested value (arrays, objects), with bigint and binary made representable. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, jsonReplacer) ?? 'null';
}

/** Any driver value as a Cell: primitives pass, the rest becomes text. */
export function toCell(value: unknown): Cell {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return finiteOrNull(value);
    case 'bigint':
      return fromBigInt(value);
    case 'undefined':
      return null;
    case 'object':
      if (value === null) return null;
      if (value instanceof Uint8Array) return hexFromBytes(value);
      if (value instanceof Date) return isoFromEpochMillis(value.getTime(), true);
      return jsonText(value);
    default:
      return String(value);
  }
}

export function resultColumn(name: string, type: string, info: GenericInfo): ResultColumn {
  return { column_name: name, name, type, type_generic: info.type_generic, is_dttm: info.is_dttm };
}

/** Make column names unique the way the SQL Lab result grid needs them (`a`, `a__1`, …). */
export function dedupeNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = seen.get(name);
    if (count === undefined) {
      seen.set(name, 0);
      return name;
    }
    let next = count + 1;
    while (seen.has(`${name}__${next}`)) next++;
    seen.set(name, next);
    seen.set(`${name}__${next}`, 0);
    return `${name}__${next}`;
  });
}

/** Hand a fully read result to a sink in batches (engines whose driver cannot stream rows). */
export async function sinkResult(result: StatementResult, sink: RowSink, batchSize = 2000): Promise<StreamOutcome> {
  sink.columns(result.columns);
  let sent = 0;
  for (let i = 0; i < result.rows.length; i += batchSize) {
    const batch = result.rows.slice(i, i + batchSize);
    sent += batch.length;
    if ((await sink.rows(batch)) === false) break;
  }
  return { rowCount: result.rowCount, rows: sent };
}
