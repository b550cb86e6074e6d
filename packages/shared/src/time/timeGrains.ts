/**
 * Time grains: the ISO-8601 keys a chart groups its time axis by (api-shapes "Time grains"), with
 * the peer's labels, and the truncation each one means. The SQL each engine writes for a grain
 * must land on the same instant as `truncateToGrain` (all in UTC).
 */
import { addUnits, truncateTo } from './calendar.js';

/** The keys by name, as code refers to them. */
export const TIME_GRAIN = {
  SECOND: 'PT1S',
  FIVE_SECONDS: 'PT5S',
  THIRTY_SECONDS: 'PT30S',
  MINUTE: 'PT1M',
  FIVE_MINUTES: 'PT5M',
  TEN_MINUTES: 'PT10M',
  FIFTEEN_MINUTES: 'PT15M',
  THIRTY_MINUTES: 'PT30M',
  HOUR: 'PT1H',
  SIX_HOURS: 'PT6H',
  DAY: 'P1D',
  WEEK: 'P1W',
  MONTH: 'P1M',
  QUARTER: 'P3M',
  YEAR: 'P1Y',
  WEEK_STARTING_SUNDAY: '1969-12-28T00:00:00Z/P1W',
  WEEK_STARTING_MONDAY: '1969-12-29T00:00:00Z/P1W',
  WEEK_ENDING_SATURDAY: 'P1W/1970-01-03T00:00:00Z',
  WEEK_ENDING_SUNDAY: 'P1W/1970-01-04T00:00:00Z',
} as const;

export type TimeGrain = (typeof TIME_GRAIN)[keyof typeof TIME_GRAIN];

/** Every grain with the peer's label, in the peer's order (the order a grain picker lists them). */
export const TIME_GRAINS: readonly { duration: TimeGrain; name: string }[] = [
  { duration: 'PT1S', name: 'Second' },
  { duration: 'PT5S', name: '5 second' },
  { duration: 'PT30S', name: '30 second' },
  { duration: 'PT1M', name: 'Minute' },
  { duration: 'PT5M', name: '5 minute' },
  { duration: 'PT10M', name: '10 minute' },
  { duration: 'PT15M', name: '15 minute' },
  { duration: 'PT30M', name: '30 minute' },
  { duration: 'PT1H', name: 'Hour' },
  { duration: 'PT6H', name: '6 hour' },
  { duration: 'P1D', name: 'Day' },
  { duration: 'P1W', name: 'Week' },
  { duration: 'P1M', name: 'Month' },
  { duration: 'P3M', name: 'Quarter' },
  { duration: 'P1Y', name: 'Year' },
  { duration: '1969-12-28T00:00:00Z/P1W', name: 'Week starting Sunday' },
  { duration: '1969-12-29T00:00:00Z/P1W', name: 'Week starting Monday' },
  { duration: 'P1W/1970-01-03T00:00:00Z', name: 'Week ending Saturday' },
  { duration: 'P1W/1970-01-04T00:00:00Z', name: 'Week ending Sunday' },
];

/** The default grain of a time axis (spec §9 "Default time granularity P1D"). */
export const DEFAULT_TIME_GRAIN: TimeGrain = 'P1D';

const GRAIN_KEYS = new Set<string>(TIME_GRAINS.map((g) => g.duration));

export function isTimeGrain(key: unknown): key is TimeGrain {
  return typeof key === 'string' && GRAIN_KEYS.has(key);
}

export function timeGrainLabel(grain: TimeGrain): string {
  return TIME_GRAINS.find((g) => g.duration === grain)?.name ?? grain;
}

const DAY_MS = 86_400_000;

/** Grains of a fixed length that divide a UTC day: the epoch is a boundary of each. */
const FIXED_MS: Partial<Record<TimeGrain, number>> = {
  PT1S: 1000,
  PT5S: 5000,
  PT30S: 30_000,
  PT1M: 60_000,
  PT5M: 300_000,
  PT10M: 600_000,
  PT15M: 900_000,
  PT30M: 1_800_000,
  PT1H: 3_600_000,
  PT6H: 21_600_000,
  P1D: DAY_MS,
};

/** Midnight of the Sunday that starts the (Sunday–Saturday) week holding `date`. */
function sundayOf(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS) * DAY_MS - date.getUTCDay() * DAY_MS;
}

/**
 * The start of the grain's bucket that holds `epochMs` (UTC), as epoch milliseconds. Weeks
 * (`P1W`) start on Monday; the "week ending" grains give the last day of the week at midnight
 * (Saturday of a Sunday–Saturday week, Sunday of a Monday–Sunday week), as the peer's SQL does.
 */
export function truncateToGrain(epochMs: number, grain: TimeGrain): number {
  const fixed = FIXED_MS[grain];
  if (fixed) return Math.floor(epochMs / fixed) * fixed;
  const date = new Date(epochMs);
  switch (grain) {
    case 'P1W':
    case '1969-12-29T00:00:00Z/P1W':
      return truncateTo(date, 'week').getTime();
    case '1969-12-28T00:00:00Z/P1W':
      return sundayOf(date);
    case 'P1W/1970-01-03T00:00:00Z':
      return sundayOf(date) + 6 * DAY_MS;
    case 'P1W/1970-01-04T00:00:00Z':
      return truncateTo(date, 'week').getTime() + 6 * DAY_MS;
    case 'P1M':
      return truncateTo(date, 'month').getTime();
    case 'P3M':
      return truncateTo(date, 'quarter').getTime();
    case 'P1Y':
      return truncateTo(date, 'year').getTime();
    default:
      throw new Error(`unknown time grain ${String(grain)}`);
  }
}

/**
 * The rows a time value of a chart grouped by `grain` stands for: [since, until). A bucket is
 * labelled by its start, except the "week ending" grains, labelled by the week's last day.
 */
export function grainBucket(value: number, grain: string): { since: number; until: number } | null {
  if (!isTimeGrain(grain) || !Number.isFinite(value)) return null;
  const fixed = FIXED_MS[grain];
  if (fixed) return { since: value, until: value + fixed };
  switch (grain) {
    case 'P1W/1970-01-03T00:00:00Z':
    case 'P1W/1970-01-04T00:00:00Z':
      return { since: value - 6 * DAY_MS, until: value + DAY_MS };
    case 'P1W':
    case '1969-12-28T00:00:00Z/P1W':
    case '1969-12-29T00:00:00Z/P1W':
      return { since: value, until: value + 7 * DAY_MS };
    case 'P1M':
      return { since: value, until: addUnits(new Date(value), 1, 'month').getTime() };
    case 'P3M':
      return { since: value, until: addUnits(new Date(value), 1, 'quarter').getTime() };
    case 'P1Y':
      return { since: value, until: addUnits(new Date(value), 1, 'year').getTime() };
    default:
      return null;
  }
}
