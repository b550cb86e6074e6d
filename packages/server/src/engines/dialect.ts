/**
 * What the chart data compiler asks of an engine's SQL dialect, and the pieces the engine files
 * share to answer it: the time grain keys, the UTC text of a bound and string literals (the
 * functions an expression may call are in `<engine>/functions.ts`). Each engine's answers live in `<engine>/dialect.ts`.
 */
import { TIME_GRAINS, type TimeGrain } from '@rama/shared';
import type { EngineSpec } from './types.js';
import { normalizeTypeName } from './sql-text.js';

/** The members of EngineSpec a `<engine>/dialect.ts` module provides. */
export type EngineDialect = Pick<
  EngineSpec,
  'timeGrains' | 'timeGrainExpression' | 'dttmLiteral' | 'stringLiteral' | 'expressionFunctions'
>;

/**
 * Every time grain key in the order a grain picker lists them: the shared package's `TIME_GRAINS`.
 * `P1W` is the week starting Monday; the "week ending" grains give the last day of the week at midnight.
 */
export const TIME_GRAIN_KEYS: readonly TimeGrain[] = TIME_GRAINS.map((g) => g.duration);

export type TimeGrainKey = TimeGrain;

/** A grain → SQL template table; `{col}` is not used: each entry builds its text from the column. */
export type GrainTable = Partial<Record<TimeGrainKey, (col: string) => string>>;

/** The grain methods of an engine from its table: keys in the canonical order, null for a missing one. */
export function grainMethods(table: GrainTable): Pick<EngineDialect, 'timeGrains' | 'timeGrainExpression'> {
  const keys = TIME_GRAIN_KEYS.filter((k) => table[k] !== undefined);
  return {
    timeGrains: () => [...keys],
    timeGrainExpression: (grain, columnSql) => {
      const build = Object.hasOwn(table, grain) ? table[grain as TimeGrainKey] : undefined;
      return build ? build(columnSql) : null;
    },
  };
}

/**
 * The column as a timestamp first: DATE columns get sub-day grains (PostgreSQL cannot extract a
 * second from a date), text columns holding ISO dates work, and every grain gives a timestamp
 * without time zone — a TIMESTAMPTZ column is bucketed on the session's wall clock, the way
 * date_trunc on it would bucket, and reads back as that wall-clock time.
 */
const ts = (col: string): string => `CAST(${col} AS TIMESTAMP)`;

/** `date_trunc(unit) + floor(part / n) * n`: buckets of n parts inside the next larger unit. */
const every = (n: number, part: 'second' | 'minute' | 'hour', within: 'minute' | 'hour' | 'day', plural: string) => (col: string) =>
  `date_trunc('${within}', ${ts(col)}) + floor(extract(${part} FROM ${ts(col)}) / ${n}) * INTERVAL '${n} ${plural}'`;

const trunc = (unit: string) => (col: string) => `date_trunc('${unit}', ${ts(col)})`;

/** date_trunc('week') starts on Monday; a day later it starts on Sunday. */
const sundayWeek = (col: string): string => `date_trunc('week', ${ts(col)} + INTERVAL '1 day')`;

/** Grains with PostgreSQL-style `date_trunc` and intervals (engines that speak it share this table). */
export const DATE_TRUNC_GRAINS: GrainTable = {
  PT1S: trunc('second'),
  PT5S: every(5, 'second', 'minute', 'seconds'),
  PT30S: every(30, 'second', 'minute', 'seconds'),
  PT1M: trunc('minute'),
  PT5M: every(5, 'minute', 'hour', 'minutes'),
  PT10M: every(10, 'minute', 'hour', 'minutes'),
  PT15M: every(15, 'minute', 'hour', 'minutes'),
  PT30M: every(30, 'minute', 'hour', 'minutes'),
  PT1H: trunc('hour'),
  PT6H: every(6, 'hour', 'day', 'hours'),
  P1D: trunc('day'),
  P1W: trunc('week'),
  P1M: trunc('month'),
  P3M: trunc('quarter'),
  P1Y: trunc('year'),
  '1969-12-28T00:00:00Z/P1W': (col) => `${sundayWeek(col)} - INTERVAL '1 day'`,
  '1969-12-29T00:00:00Z/P1W': trunc('week'),
  // the Saturday that ends a Sunday–Saturday week; the Sunday that ends a Monday–Sunday week
  'P1W/1970-01-03T00:00:00Z': (col) => `${sundayWeek(col)} + INTERVAL '5 days'`,
  'P1W/1970-01-04T00:00:00Z': (col) => `date_trunc('week', ${ts(col)}) + INTERVAL '6 days'`,
};

/**
 * `TIMESTAMP '2024-01-31 00:00:00.000000'`; `DATE '2024-01-31'` for a DATE column at midnight
 * (index-friendly, no cast of the column); plain text, shortest form, for a text column.
 */
export function typedDttmLiteral(value: Date, nativeType: string | null): string {
  const t = utcText(value);
  const kind = boundKind(nativeType);
  if (kind === 'text') return `'${shortestText(t)}'`;
  if (kind === 'date' && t.midnight) return `DATE '${t.date}'`;
  return `TIMESTAMP '${timestampText(t)}'`;
}

/** The first and last instants every engine can write as a literal (years 1 to 9999). */
const MIN_MS = new Date('0001-01-01T00:00:00Z').getTime();
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** UTC calendar text of an instant, clamped to years 1–9999 (a bound beyond them bounds nothing). */
export interface UtcText {
  /** `2024-01-31` */
  date: string;
  /** `13:47:29` */
  time: string;
  /** `123` (milliseconds: a JS Date has no finer precision) */
  millis: string;
  /** true at 00:00:00.000 */
  midnight: boolean;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

export function utcText(value: Date): UtcText {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid date for a SQL literal.');
  const d = new Date(Math.min(MAX_MS, Math.max(MIN_MS, ms)));
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  const millis = pad(d.getUTCMilliseconds(), 3);
  return { date, time, millis, midnight: time === '00:00:00' && millis === '000' };
}

/** `2024-01-31 13:47:29.123000`: the text of a typed timestamp literal (microseconds, as the peer writes). */
export function timestampText(t: UtcText): string {
  return `${t.date} ${t.time}.${t.millis}000`;
}

/**
 * The shortest text of an instant: `2024-01-31`, `2024-01-31 13:47:29` or `2024-01-31 13:47:29.123`.
 * Compared as text with dates stored as text, it keeps rows exactly on the bound: `'2024-01-31' >=
 * '2024-01-31'` holds, where `'2024-01-31' >= '2024-01-31 00:00:00'` would not.
 */
export function shortestText(t: UtcText): string {
  if (t.midnight) return t.date;
  return t.millis === '000' ? `${t.date} ${t.time}` : `${t.date} ${t.time}.${t.millis}`;
}

/** How a temporal bound is compared with a column of this native type. */
export type BoundKind = 'date' | 'text' | 'timestamp';

/** DATE columns compare with dates, text columns (SQLite's affinity rule: CHAR, CLOB, TEXT) with text, others with timestamps. */
export function boundKind(nativeType: string | null): BoundKind {
  if (nativeType === null) return 'timestamp';
  const name = normalizeTypeName(nativeType);
  if (name === 'date') return 'date';
  if (/char|clob|text|string/.test(name)) return 'text';
  return 'timestamp';
}

/**
 * Text made safe to put between quotes: NUL removed (no engine accepts it inside a literal, and the
 * template macros drop it too) and unpaired UTF-16 surrogates replaced by U+FFFD, which is what the
 * driver's UTF-8 encoding would send anyway, made explicit here.
 */
export function literalText(value: string): string {
  const noNul = value.includes('\0') ? value.replaceAll('\0', '') : value;
  return noNul.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** `'O''Brien'`: standard SQL (DuckDB, SQLite: a backslash is never an escape there). */
export function standardStringLiteral(value: string): string {
  return `'${literalText(value).replaceAll("'", "''")}'`;
}
