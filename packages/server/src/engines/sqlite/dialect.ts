/**
 * SQLite's answers for the chart data compiler. SQLite has no date type: a grain gives text
 * `YYYY-MM-DD HH:MM:SS` through datetime() and its modifiers, and a bound is text too.
 */
import { grainMethods, shortestText, standardStringLiteral, utcText, type EngineDialect, type GrainTable } from '../dialect.js';
import { SQLITE_FUNCTIONS } from './functions.js';

/** `printf('-%d unit', <part> % n)`: the modifier that steps back to the start of an n-`part` bucket. */
const back = (n: number, field: '%S' | '%M' | '%H', unit: string, col: string): string =>
  `printf('-%d ${unit}', CAST(strftime('${field}', ${col}) AS INTEGER) % ${n})`;

const at = (format: string, col: string): string => `strftime('${format}', ${col})`;

const seconds = (n: number) => (col: string) => `datetime(${col}, ${back(n, '%S', 'seconds', col)})`;
const minutes = (n: number) => (col: string) => `datetime(${at('%Y-%m-%d %H:%M:00', col)}, ${back(n, '%M', 'minutes', col)})`;

/** strftime('%w'): Sunday 0 … Saturday 6; `weekday N` moves forward to the next day N (or stays). */
const weekday = (col: string): string => `CAST(strftime('%w', ${col}) AS INTEGER)`;

const SQLITE_GRAINS: GrainTable = {
  PT1S: (col) => `datetime(${col})`,
  PT5S: seconds(5),
  PT30S: seconds(30),
  PT1M: (col) => `datetime(${at('%Y-%m-%d %H:%M:00', col)})`,
  PT5M: minutes(5),
  PT10M: minutes(10),
  PT15M: minutes(15),
  PT30M: minutes(30),
  PT1H: (col) => `datetime(${at('%Y-%m-%d %H:00:00', col)})`,
  PT6H: (col) => `datetime(${at('%Y-%m-%d %H:00:00', col)}, ${back(6, '%H', 'hours', col)})`,
  P1D: (col) => `datetime(${col}, 'start of day')`,
  P1W: (col) => `datetime(${col}, 'start of day', printf('-%d days', (${weekday(col)} + 6) % 7))`,
  P1M: (col) => `datetime(${col}, 'start of month')`,
  P3M: (col) => `datetime(${col}, 'start of month', printf('-%d months', (CAST(strftime('%m', ${col}) AS INTEGER) - 1) % 3))`,
  P1Y: (col) => `datetime(${col}, 'start of year')`,
  '1969-12-28T00:00:00Z/P1W': (col) => `datetime(${col}, 'start of day', printf('-%d days', ${weekday(col)}))`,
  '1969-12-29T00:00:00Z/P1W': (col) => `datetime(${col}, 'start of day', printf('-%d days', (${weekday(col)} + 6) % 7))`,
  'P1W/1970-01-03T00:00:00Z': (col) => `datetime(${col}, 'start of day', 'weekday 6')`,
  'P1W/1970-01-04T00:00:00Z': (col) => `datetime(${col}, 'start of day', 'weekday 0')`,
};

/**
 * Text in the form SQLite's date functions write (`2024-01-31 13:47:29`), shortened to
 * `2024-01-31` at midnight and lengthened with milliseconds only when there are some. SQLite
 * compares the column's text whatever type it was declared with, and in this form a row stored
 * exactly on the bound stays inside it, whether it was stored as a date, a date and time, or with
 * fractions.
 */
function sqliteDttmLiteral(value: Date): string {
  return `'${shortestText(utcText(value))}'`;
}

export const sqliteDialect: EngineDialect = {
  ...grainMethods(SQLITE_GRAINS),
  dttmLiteral: sqliteDttmLiteral,
  stringLiteral: standardStringLiteral,
  expressionFunctions: SQLITE_FUNCTIONS,
};
