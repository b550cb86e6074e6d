/**
 * ClickHouse answers for the chart data compiler. Every grain is written with functions ClickHouse
 * has had since 18.16 and still has (`toStartOfMinute`, `toStartOfFiveMinute`,
 * `toStartOfFifteenMinutes`, `toStartOfHour`, `toStartOfDay`, `toMonday`, `toStartOfMonth`,
 * `toStartOfQuarter`, `toStartOfYear`): 18.16 has neither `toStartOfInterval` nor
 * `toStartOfTenMinutes`, so buckets of n seconds, minutes or hours add whole buckets to the start
 * of the unit above. The column goes through `toDateTime` first, so Date, DateTime, DateTime64 and
 * text columns all work, and every grain gives a DateTime on the server's wall clock.
 */
import { grainMethods, literalText, shortestText, utcText, type EngineDialect, type GrainTable } from '../dialect.js';
import { baseType } from './values.js';
import { CLICKHOUSE_FUNCTIONS } from './functions.js';

const dt = (col: string): string => `toDateTime(${col})`;

/** `toStartOf<unit>(x) + intDiv(to<Part>(x), n) * n * seconds`: buckets of n parts inside the unit above. */
const every =
  (n: number, part: 'Second' | 'Minute' | 'Hour', unit: 'Minute' | 'Hour' | 'Day', seconds: number) =>
  (col: string): string =>
    `toStartOf${unit}(${dt(col)}) + intDiv(to${part}(${dt(col)}), ${n}) * ${n * seconds}`;

/** A Date grain as a DateTime at midnight. */
const day = (sql: string): string => `toDateTime(${sql})`;
const date = (col: string): string => `toDate(${dt(col)})`;

const CLICKHOUSE_GRAINS: GrainTable = {
  PT1S: dt,
  PT5S: every(5, 'Second', 'Minute', 1),
  PT30S: every(30, 'Second', 'Minute', 1),
  PT1M: (col) => `toStartOfMinute(${dt(col)})`,
  PT5M: (col) => `toStartOfFiveMinute(${dt(col)})`,
  PT10M: every(10, 'Minute', 'Hour', 60),
  PT15M: (col) => `toStartOfFifteenMinutes(${dt(col)})`,
  PT30M: every(30, 'Minute', 'Hour', 60),
  PT1H: (col) => `toStartOfHour(${dt(col)})`,
  PT6H: every(6, 'Hour', 'Day', 3600),
  P1D: (col) => `toStartOfDay(${dt(col)})`,
  P1W: (col) => day(`toMonday(${dt(col)})`),
  P1M: (col) => day(`toStartOfMonth(${dt(col)})`),
  P3M: (col) => day(`toStartOfQuarter(${dt(col)})`),
  P1Y: (col) => day(`toStartOfYear(${dt(col)})`),
  // Sunday-start weeks: the Monday of the next day, one day back
  '1969-12-28T00:00:00Z/P1W': (col) => day(`toMonday(${date(col)} + 1) - 1`),
  '1969-12-29T00:00:00Z/P1W': (col) => day(`toMonday(${dt(col)})`),
  // the Saturday that ends a Sunday–Saturday week; the Sunday that ends a Monday–Sunday week
  'P1W/1970-01-03T00:00:00Z': (col) => day(`toMonday(${date(col)} + 1) + 5`),
  'P1W/1970-01-04T00:00:00Z': (col) => day(`toMonday(${dt(col)}) + 6`),
};

/**
 * `toDateTime('2024-01-31 13:47:29')`; `toDate('2024-01-31')` for a Date column at midnight;
 * `toDateTime64('…', 3)` for a DateTime64 column when the bound has milliseconds (only servers
 * with DateTime64 have such columns); the shortest plain text for a text column. ClickHouse reads
 * the text on the server's (or the column's) time zone: the wall-clock reading other engines use.
 */
export function clickhouseDttmLiteral(value: Date, nativeType: string | null): string {
  const t = utcText(value);
  const type = nativeType === null ? null : baseType(nativeType);
  if (type !== null && /^(String|FixedString)/.test(type)) return `'${shortestText(t)}'`;
  if ((type === 'Date' || type === 'Date32') && t.midnight) return `toDate('${t.date}')`;
  if (type !== null && /^DateTime64/.test(type) && t.millis !== '000') return `toDateTime64('${t.date} ${t.time}.${t.millis}', 3)`;
  return `toDateTime('${t.date} ${t.time}')`;
}

/**
 * `'back\\slash'`, `'O\'Brien'`: ClickHouse reads backslash escapes in every string literal,
 * whatever the settings, so both the backslash and the quote are escaped.
 */
export function clickhouseStringLiteral(value: string): string {
  return `'${literalText(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

export const clickhouseDialect: EngineDialect = {
  ...grainMethods(CLICKHOUSE_GRAINS),
  dttmLiteral: clickhouseDttmLiteral,
  stringLiteral: clickhouseStringLiteral,
  expressionFunctions: CLICKHOUSE_FUNCTIONS,
};
