/**
 * Resample rules as pandas reads them ('1T', '1H', '1D', '7D', '1M', '1AS', 'W-MON', '15min' …):
 * a fixed step (a "tick": seconds to days) or calendar anchors (month, quarter or year starts or
 * ends, weekdays). Times are epoch milliseconds read as UTC wall-clock time, as the chart data
 * reply sends them.
 */
import { PostProcessingError } from './frame.js';

export const DAY_MS = 86_400_000;

const TICKS: Record<string, number> = {
  L: 1,
  ms: 1,
  S: 1000,
  s: 1000,
  T: 60_000,
  min: 60_000,
  H: 3_600_000,
  h: 3_600_000,
  D: DAY_MS,
  d: DAY_MS,
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export interface TickFrequency {
  kind: 'tick';
  step: number;
}

/** Calendar anchors: on-offset days and the n-th one after or before a time. Bins close on the right for "end" anchors. */
export interface AnchoredFrequency {
  kind: 'anchored';
  n: number;
  closedRight: boolean;
  /** the shortest time between two consecutive anchors (a 28-day month), to count bins before making them */
  minPeriodMs: number;
  onOffset(t: number): boolean;
  /** the first anchor strictly after t */
  next(t: number): number;
  /** the last anchor strictly before t */
  prev(t: number): number;
}

export type Frequency = TickFrequency | AnchoredFrequency;

export function startOfDay(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

function lastDay(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** Month starts or ends every `period` months counted from `anchorMonth` (1–12). */
function monthly(n: number, period: number, anchorMonth: number, end: boolean): AnchoredFrequency {
  const monthOk = (month0: number): boolean => (((month0 + 1 - anchorMonth) % period) + period) % period === 0;
  const anchorIn = (year: number, month0: number): number => Date.UTC(year, month0, end ? lastDay(year, month0) : 1);
  const scan = (t: number, dir: 1 | -1): number => {
    const d = new Date(t);
    let year = d.getUTCFullYear();
    let month0 = d.getUTCMonth();
    for (let i = 0; i < 30; i++) {
      const a = anchorIn(year, month0);
      if (monthOk(month0) && (dir > 0 ? a > t : a < t)) return a;
      month0 += dir;
      if (month0 > 11) {
        month0 = 0;
        year++;
      } else if (month0 < 0) {
        month0 = 11;
        year--;
      }
    }
    throw new PostProcessingError('Invalid frequency');
  };
  return {
    kind: 'anchored',
    n,
    closedRight: end,
    minPeriodMs: 28 * period * DAY_MS,
    onOffset: (t) =>
      t === startOfDay(t) && monthOk(new Date(t).getUTCMonth()) && t === anchorIn(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth()),
    next: (t) => scan(t, 1),
    prev: (t) => scan(t, -1),
  };
}

/** Weeks ending on a weekday (0 Sunday … 6 Saturday); pandas' 'W' is 'W-SUN'. */
function weekly(n: number, weekday: number): AnchoredFrequency {
  const dayOf = (t: number): number => new Date(t).getUTCDay();
  return {
    kind: 'anchored',
    n,
    closedRight: true,
    minPeriodMs: 7 * DAY_MS,
    onOffset: (t) => t === startOfDay(t) && dayOf(t) === weekday,
    next: (t) => {
      const c = startOfDay(t) + ((weekday - dayOf(t) + 7) % 7) * DAY_MS;
      return c > t ? c : c + 7 * DAY_MS;
    },
    prev: (t) => {
      const c = startOfDay(t) - ((dayOf(t) - weekday + 7) % 7) * DAY_MS;
      return c < t ? c : c - 7 * DAY_MS;
    },
  };
}

export function parseFrequency(rule: string): Frequency {
  const m = /^\s*(\d+)?\s*([A-Za-z]+)(?:-([A-Za-z]+))?\s*$/.exec(rule);
  const invalid = new PostProcessingError(`Invalid frequency: ${rule}`);
  if (!m) throw invalid;
  const n = m[1] === undefined ? 1 : Number(m[1]);
  const [, , code, suffix] = m;
  if (n < 1) throw invalid;
  if (code in TICKS && suffix === undefined) return { kind: 'tick', step: n * TICKS[code] };
  const anchorMonth = (fallback: number): number => {
    if (suffix === undefined) return fallback;
    const month = MONTHS.indexOf(suffix.toUpperCase()) + 1;
    if (month === 0) throw invalid;
    return month;
  };
  switch (code) {
    case 'M':
    case 'ME':
    case 'MS':
      if (suffix !== undefined) throw invalid;
      return monthly(n, 1, 1, code !== 'MS');
    case 'Q':
    case 'QE':
      return monthly(n, 3, anchorMonth(12), true);
    case 'QS':
      return monthly(n, 3, anchorMonth(1), false);
    case 'A':
    case 'Y':
    case 'YE':
      return monthly(n, 12, anchorMonth(12), true);
    case 'AS':
    case 'YS':
      return monthly(n, 12, anchorMonth(1), false);
    case 'W': {
      const weekday = suffix === undefined ? 0 : WEEKDAYS.indexOf(suffix.toUpperCase());
      if (weekday < 0) throw invalid;
      return weekly(n, weekday);
    }
    default:
      throw invalid;
  }
}

/** t moved `steps` anchors forward (positive) or back (negative). */
export function shiftAnchored(f: AnchoredFrequency, t: number, steps: number): number {
  let x = t;
  for (let i = 0; i < Math.abs(steps); i++) x = steps > 0 ? f.next(x) : f.prev(x);
  return x;
}

/** pandas' date_range(start, end, freq): anchored starts roll forward onto an anchor; `end` included unless `endExclusive`. */
export function dateRange(f: Frequency, start: number, end: number, endExclusive = false): number[] {
  const out: number[] = [];
  const within = (t: number): boolean => (endExclusive ? t < end : t <= end);
  if (f.kind === 'tick') {
    for (let t = start; within(t); t += f.step) out.push(t);
    return out;
  }
  for (let t = f.onOffset(start) ? start : f.next(start); within(t); t = shiftAnchored(f, t, f.n)) out.push(t);
  return out;
}
