/** Time shifts of time comparison: the same range moved into the past (`1 year ago`) or future. */
import { addUnits, daysBetween, type TimeUnit } from './calendar.js';
import { OUT_OF_RANGE, TimeRangeError } from './errors.js';
import { amountOf } from './humanDate.js';
import { TIME_RANGE_SEPARATOR, parseTimeRange, type TimeRangeBounds, type TimeRangeOptions } from './timeRange.js';

/** The time shifts offered for time comparison (spec §9 "Time shifts"). */
export const TIME_SHIFT_OPTIONS = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
] as const;

/** Shift by the length of the range itself, so the comparison is the period just before. */
export const INHERITED_SHIFT = 'inherited';

const SHIFT =
  /^([+-]?\d{1,9}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+(ago|before|prior|later|after|hence|from now))?$/i;

/**
 * The signed amount and unit of a shift. A shift without a direction (`1 year`) goes into the
 * past, as the peer reads a time shift; `later`, `after` and `from now` go into the future.
 */
export function parseTimeShift(offset: string): { amount: number; unit: TimeUnit } {
  const text = offset.trim().replace(/\s+/g, ' ');
  const m = SHIFT.exec(text);
  if (!m) {
    throw new TimeRangeError(
      `Error parsing time shift: "${offset}" — write "N unit(s) ago" or "N unit(s) later" (units second to year)`,
      offset,
      offset,
    );
  }
  const size = Math.abs(amountOf(m[1]));
  const future = m[3] !== undefined && /^(later|after|hence|from now)$/i.test(m[3]);
  return { amount: future ? size : -size, unit: m[2].toLowerCase() as TimeUnit };
}

/** `date` moved by a shift such as `1 week ago` or `3 months later` (month ends clamp: Mar 31 − 1 month = Feb 28/29). */
export function shiftDate(date: Date, offset: string): Date {
  const { amount, unit } = parseTimeShift(offset);
  const shifted = addUnits(date, amount, unit);
  if (Number.isNaN(shifted.getTime())) throw new TimeRangeError(`Error parsing time shift: "${offset}" ${OUT_OF_RANGE}`, offset, offset);
  return shifted;
}

/**
 * A range's bounds moved by the `shift` of a time range request: `N unit(s) ago|later`, the
 * `inherited` length of the range itself (in whole days), or a `<since> : <until>` range that
 * replaces the bounds. An open side stays open.
 */
export function applyTimeShift(bounds: TimeRangeBounds, shift: string, opts: TimeRangeOptions = {}): TimeRangeBounds {
  const text = shift.trim();
  if (text.includes(TIME_RANGE_SEPARATOR)) return parseTimeRange(text, opts);
  const { since, until } = bounds;
  if (text.toLowerCase() === INHERITED_SHIFT) {
    if (!since || !until) return bounds;
    const days = daysBetween(since, until);
    return { since: addUnits(since, -days, 'day'), until: addUnits(until, -days, 'day') };
  }
  return { since: since && shiftDate(since, text), until: until && shiftDate(until, text) };
}
