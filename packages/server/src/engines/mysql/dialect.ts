/**
 * MySQL/MariaDB answers for the chart data compiler. Every grain gives a DATETIME: MySQL has no
 * date_trunc, so a grain formats the value down to its unit (or takes its DATE) and adds back the
 * whole buckets of the smaller unit.
 */
import {
  literalText,
  boundKind,
  grainMethods,
  shortestText,
  timestampText,
  utcText,
  type EngineDialect,
  type GrainTable,
} from '../dialect.js';
import { MYSQL_FUNCTIONS } from './functions.js';

const datetime = (sql: string): string => `CAST(${sql} AS DATETIME)`;

/** The value with everything below `format`'s last field zeroed. */
const formatted = (format: string) => (col: string) => datetime(`DATE_FORMAT(${col}, '${format}')`);

const MINUTE_FORMAT = '%Y-%m-%d %H:%i:00';
const HOUR_FORMAT = '%Y-%m-%d %H:00:00';

/** Buckets of n `part`s: the value truncated to the unit above, plus `part DIV n * n`. */
const every = (n: number, part: 'SECOND' | 'MINUTE' | 'HOUR', base: (col: string) => string) => (col: string) =>
  `${base(col)} + INTERVAL (${part}(${col}) DIV ${n} * ${n}) ${part}`;

const day = (col: string): string => datetime(`DATE(${col})`);

/** WEEKDAY: Monday 0 … Sunday 6; DAYOFWEEK: Sunday 1 … Saturday 7. */
const mondayWeek = (col: string): string => datetime(`DATE(${col}) - INTERVAL WEEKDAY(${col}) DAY`);

const MYSQL_GRAINS: GrainTable = {
  PT1S: formatted('%Y-%m-%d %H:%i:%s'),
  PT5S: every(5, 'SECOND', formatted(MINUTE_FORMAT)),
  PT30S: every(30, 'SECOND', formatted(MINUTE_FORMAT)),
  PT1M: formatted(MINUTE_FORMAT),
  PT5M: every(5, 'MINUTE', formatted(HOUR_FORMAT)),
  PT10M: every(10, 'MINUTE', formatted(HOUR_FORMAT)),
  PT15M: every(15, 'MINUTE', formatted(HOUR_FORMAT)),
  PT30M: every(30, 'MINUTE', formatted(HOUR_FORMAT)),
  PT1H: formatted(HOUR_FORMAT),
  PT6H: every(6, 'HOUR', day),
  P1D: day,
  P1W: mondayWeek,
  P1M: formatted('%Y-%m-01'),
  P3M: (col) => datetime(`MAKEDATE(YEAR(${col}), 1) + INTERVAL (QUARTER(${col}) - 1) QUARTER`),
  P1Y: (col) => datetime(`MAKEDATE(YEAR(${col}), 1)`),
  '1969-12-28T00:00:00Z/P1W': (col) => datetime(`DATE(${col}) - INTERVAL (DAYOFWEEK(${col}) - 1) DAY`),
  '1969-12-29T00:00:00Z/P1W': mondayWeek,
  'P1W/1970-01-03T00:00:00Z': (col) => datetime(`DATE(${col}) + INTERVAL (7 - DAYOFWEEK(${col})) DAY`),
  'P1W/1970-01-04T00:00:00Z': (col) => datetime(`DATE(${col}) + INTERVAL (6 - WEEKDAY(${col})) DAY`),
};

/**
 * `STR_TO_DATE('2024-01-31 00:00:00.000000', '%Y-%m-%d %H:%i:%s.%f')` as the peer writes it;
 * `STR_TO_DATE('2024-01-31', '%Y-%m-%d')` for a DATE column at midnight; the shortest plain text
 * for a text column.
 */
function mysqlDttmLiteral(value: Date, nativeType: string | null): string {
  const t = utcText(value);
  const kind = boundKind(nativeType);
  if (kind === 'text') return `'${shortestText(t)}'`;
  if (kind === 'date' && t.midnight) return `STR_TO_DATE('${t.date}', '%Y-%m-%d')`;
  return `STR_TO_DATE('${timestampText(t)}', '%Y-%m-%d %H:%i:%s.%f')`;
}

/**
 * `'back\\slash'`, `'O''Brien'`: MySQL/MariaDB, where a backslash escapes the next character.
 * Under NO_BACKSLASH_ESCAPES the literal still ends where it should (quotes are doubled, not
 * escaped) but would hold two backslashes for one: Rama's sessions clear that mode (spec.ts).
 */
export function backslashStringLiteral(value: string): string {
  return `'${literalText(value).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export const mysqlDialect: EngineDialect = {
  ...grainMethods(MYSQL_GRAINS),
  dttmLiteral: mysqlDttmLiteral,
  stringLiteral: backslashStringLiteral,
  expressionFunctions: MYSQL_FUNCTIONS,
};
