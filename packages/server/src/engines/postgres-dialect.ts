/**
 * PostgreSQL's answers for the chart data compiler: time grains with date_trunc, typed literals,
 * string literals safe under either `standard_conforming_strings`, and the functions an analyst's
 * expression may call. DuckDB speaks the same date_trunc and typed literals and reuses them.
 */
import {
  boundKind,
  grainMethods,
  shortestText,
  postgresStringLiteral,
  timestampText,
  utcText,
  type EngineDialect,
  type GrainTable,
} from './dialect.js';
import { POSTGRES_FUNCTIONS } from './postgres-functions.js';

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

export const postgresDialect: EngineDialect = {
  ...grainMethods(DATE_TRUNC_GRAINS),
  dttmLiteral: typedDttmLiteral,
  stringLiteral: postgresStringLiteral,
  expressionFunctions: POSTGRES_FUNCTIONS,
};
