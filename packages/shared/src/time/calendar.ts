/**
 * Calendar arithmetic on wall-clock times. A `Date` here carries a naive wall-clock time in its UTC
 * fields (the BI server works in naive datetimes of one zone), so every step uses the UTC getters
 * and `Date.UTC`, never the machine's local zone.
 */

export const TIME_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const;

export function isTimeUnit(word: string): word is TimeUnit {
  return (TIME_UNITS as readonly string[]).includes(word);
}

/** Units below a day: a relative phrase in them keeps the time of day ("3 hours ago"). */
export function isSubDayUnit(unit: TimeUnit): boolean {
  return unit === 'second' || unit === 'minute' || unit === 'hour';
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Add whole months; the day of month is clamped to the target month's length (Jan 31 + 1 month = Feb 28/29). */
function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

/** `date` moved by `amount` units (negative = into the past). */
export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  switch (unit) {
    case 'second':
    case 'minute':
    case 'hour':
    case 'day':
    case 'week':
      return new Date(date.getTime() + amount * MS[unit]);
    case 'month':
      return addMonths(date, amount);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'year':
      return addMonths(date, amount * 12);
  }
}

/** Midnight of the same day. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Days since the Monday that starts the week (Monday 0 … Sunday 6). */
function mondayOffset(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

/** The start of the unit that holds `date`; weeks start on Monday. */
export function truncateTo(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'week':
      return new Date(startOfDay(date).getTime() - mondayOffset(date) * MS.day);
    case 'day':
      return startOfDay(date);
    case 'hour':
    case 'minute':
    case 'second':
      return new Date(Math.floor(date.getTime() / MS[unit]) * MS[unit]);
  }
}

/** The last day (at midnight) of the unit that holds `date`; a week ends on Sunday. */
export function lastDayOf(date: Date, unit: 'year' | 'quarter' | 'month' | 'week' | 'day'): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 11, 31));
    case 'quarter': {
      const last = m - (m % 3) + 2;
      return new Date(Date.UTC(y, last, daysInMonth(y, last)));
    }
    case 'month':
      return new Date(Date.UTC(y, m, daysInMonth(y, m)));
    case 'week':
      return new Date(truncateTo(date, 'week').getTime() + 6 * MS.day);
    case 'day':
      return startOfDay(date);
  }
}

/** Whole days from `from` to `to`, rounded down as the peer's `timedelta.days` is. */
export function daysBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / MS.day);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The naive ISO text of a wall-clock time, as the BI server's `datetime.isoformat()` writes it:
 * `2024-05-15T00:00:00`, with `.ffffff` only when there is a fraction of a second.
 */
export function toNaiveIsoString(date: Date): string {
  const ms = date.getUTCMilliseconds();
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return ms ? `${base}.${pad(ms, 3)}000` : base;
}

/**
 * The wall-clock time in `timeZone` at the instant `now`, carried in the UTC fields. UTC (the
 * default) is the identity. An unknown zone throws a RangeError.
 */
export function wallClock(now: Date, timeZone = 'UTC'): Date {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return new Date(now.getTime());
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'), now.getUTCMilliseconds()));
}
