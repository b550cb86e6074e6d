/**
 * Time formatters by the format a chart's controls hold (spec section 9: adaptive by default):
 * `smart_date` or any d3-time-format specifier, always in UTC (the chart data API sends temporal
 * values as epoch ms of the database's wall-clock time, so local time would shift them).
 */
import { TIME_FORMAT } from './options.js';
import { NULL_VALUE_TEXT } from './number.js';
import { formatLocaleNow, onFormatLanguageChange } from './locale.js';

export type TimeValue = number | Date | string | null | undefined;
export type TimeFormatter = (value: TimeValue) => string;

const utcFormat = (specifier: string) => formatLocaleNow().time.utcFormat(specifier);

/** The adaptive texts' formatters in the current language (rebuilt when it changes). */
function smartFormatters() {
  const f = formatLocaleNow().smartDate;
  return {
    millisecond: utcFormat(f.millisecond),
    second: utcFormat(f.second),
    minute: utcFormat(f.minute),
    hour: utcFormat(f.hour),
    day: utcFormat(f.day),
    week: utcFormat(f.week),
    month: utcFormat(f.month),
    year: utcFormat(f.year),
  };
}
let smartFormats = smartFormatters();

/**
 * Adaptive: the coarsest unit the instant is aligned to decides the text, so an axis of months
 * reads 'January, February…' and an axis of hours '01 PM, 02 PM…' ('2019', 'March', 'Mar 03' on a
 * Sunday, 'Tue 05', '12 PM', '12:30', ':30', '.123ms').
 */
export function smartDate(date: Date): string {
  const d = date;
  const f = smartFormats;
  if (d.getUTCMilliseconds() !== 0) return f.millisecond(d);
  if (d.getUTCSeconds() !== 0) return f.second(d);
  if (d.getUTCMinutes() !== 0) return f.minute(d);
  if (d.getUTCHours() !== 0) return f.hour(d);
  if (d.getUTCDate() !== 1) return d.getUTCDay() === 0 ? f.week(d) : f.day(d);
  if (d.getUTCMonth() !== 0) return f.month(d);
  return f.year(d);
}

/** An ISO date-time without a zone is UTC here, not the browser's local time. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Epoch ms, a Date, a numeric string or an ISO string → a Date; null when it is not a time. */
export function toDate(value: TimeValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const s = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) return new Date(Number(s));
  const ms = Date.parse(ZONELESS.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function wrap(format: (d: Date) => string): TimeFormatter {
  return (value) => {
    if (value === null || value === undefined) return NULL_VALUE_TEXT;
    const d = toDate(value);
    return d ? format(d) : String(value);
  };
}

const smart = wrap(smartDate);
const cache = new Map<string, TimeFormatter>([[TIME_FORMAT.SMART_DATE, smart]]);
onFormatLanguageChange(() => {
  smartFormats = smartFormatters();
  cache.clear();
  cache.set(TIME_FORMAT.SMART_DATE, smart);
});

/** The formatter of a time format; empty formats are adaptive. d3-time-format accepts any text, so nothing here throws. */
export function getTimeFormatter(format?: string | null): TimeFormatter {
  const key = format?.trim() || TIME_FORMAT.SMART_DATE;
  let f = cache.get(key);
  if (!f) {
    f = wrap(utcFormat(key));
    if (cache.size >= 500) cache.clear();
    cache.set(key, f);
  }
  return f;
}

export function formatTime(format: string | null | undefined, value: TimeValue): string {
  return getTimeFormatter(format)(value);
}

const ISO_DATE = '%Y-%m-%d';
const MINUTES = '%Y-%m-%d %H:%M';

/** A good default format per ISO time grain key (a daily axis reads '2019-01-14', a monthly one '2019-01'). */
export const TIME_FORMAT_FOR_GRAIN: Readonly<Record<string, string>> = {
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT5S: '%Y-%m-%d %H:%M:%S',
  PT30S: '%Y-%m-%d %H:%M:%S',
  PT1M: MINUTES,
  PT5M: MINUTES,
  PT10M: MINUTES,
  PT15M: MINUTES,
  PT30M: MINUTES,
  PT1H: MINUTES,
  PT6H: MINUTES,
  P1D: ISO_DATE,
  P1W: ISO_DATE,
  P1M: '%Y-%m',
  P3M: '%Y Q%q',
  P1Y: '%Y',
  '1969-12-28T00:00:00Z/P1W': ISO_DATE,
  '1969-12-29T00:00:00Z/P1W': ISO_DATE,
  'P1W/1970-01-03T00:00:00Z': ISO_DATE,
  'P1W/1970-01-04T00:00:00Z': ISO_DATE,
};

/** The formatter for values truncated to a grain; adaptive when there is no grain or it is unknown. */
export function getTimeFormatterForGranularity(timeGrain?: string | null): TimeFormatter {
  return getTimeFormatter((timeGrain && TIME_FORMAT_FOR_GRAIN[timeGrain]) || TIME_FORMAT.SMART_DATE);
}
