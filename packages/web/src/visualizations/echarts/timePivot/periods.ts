/**
 * The time pivot's periods (pure), as the BI server cut them with pandas: each timestamp rolls back
 * to the start of its period for the frequency (`W-MON`: the Monday at or before it; `AS`: 1
 * January; `M`: the month end at or before it …), periods are ranked from the latest ('current',
 * '-1', '-2' …) and every point is moved onto the latest period's time line.
 */
import { FREQUENCY_PATTERN } from '@rama/shared';

const DAY = 86_400_000;
const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

type Unit = 'year-start' | 'year-end' | 'month-start' | 'month-end' | 'week' | 'day' | 'hour' | 'minute';

interface Frequency {
  unit: Unit;
  /** the weekday a week starts on, 0 = Sunday … 6 = Saturday (JS getUTCDay) */
  weekday: number;
}

/** The frequency an offset alias names (the multiplier does not move a rollback's anchor); unknown ones roll back to days. */
export function parseFrequency(freq: unknown): Frequency {
  const m = FREQUENCY_PATTERN.exec(typeof freq === 'string' && freq.trim() ? freq.trim() : 'W-MON');
  if (!m) return { unit: 'day', weekday: 0 };
  const code = m[2].toUpperCase();
  if (code === 'AS' || code === 'YS') return { unit: 'year-start', weekday: 0 };
  if (code === 'A' || code === 'Y') return { unit: 'year-end', weekday: 0 };
  if (code === 'MS') return { unit: 'month-start', weekday: 0 };
  if (code === 'M') return { unit: 'month-end', weekday: 0 };
  if (code.startsWith('W')) {
    // a bare W is W-SUN in pandas
    const anchor = m[3] ? WEEKDAYS.indexOf(m[3].toUpperCase()) : 6;
    return { unit: 'week', weekday: (anchor + 1) % 7 };
  }
  if (code === 'H') return { unit: 'hour', weekday: 0 };
  if (code === 'T' || code === 'MIN') return { unit: 'minute', weekday: 0 };
  return { unit: 'day', weekday: 0 };
}

/** The start of the period `t` falls in (UTC, as the server's timestamps are). */
export function rollback(t: number, f: Frequency): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const midnight = Date.UTC(y, mo, d.getUTCDate());
  switch (f.unit) {
    case 'year-start':
      return Date.UTC(y, 0, 1);
    case 'year-end': {
      const end = Date.UTC(y, 11, 31);
      return midnight >= end ? end : Date.UTC(y - 1, 11, 31);
    }
    case 'month-start':
      return Date.UTC(y, mo, 1);
    case 'month-end': {
      const end = Date.UTC(y, mo + 1, 0);
      return midnight >= end ? end : Date.UTC(y, mo, 0);
    }
    case 'week':
      return midnight - ((d.getUTCDay() - f.weekday + 7) % 7) * DAY;
    case 'hour':
      return t - (((t % 3_600_000) + 3_600_000) % 3_600_000);
    case 'minute':
      return t - (((t % 60_000) + 60_000) % 60_000);
    default:
      return midnight;
  }
}

/**
 * `t` moved from its period onto the latest one. Calendar periods move by whole years or months so
 * that 1 March stays 1 March across a leap year (the BI server moved by a fixed time, a day off
 * there); weeks, days and shorter move by their length.
 */
export function shiftToLatest(t: number, period: number, latest: number, f: Frequency): number {
  if (f.unit === 'week' || f.unit === 'day' || f.unit === 'hour' || f.unit === 'minute') return t + (latest - period);
  const from = new Date(period);
  const to = new Date(latest);
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const d = new Date(t);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const timeOfDay = t - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay)) + timeOfDay;
}

export interface PeriodSeries {
  /** 'current', '-1', '-2' …, as the BI server names them */
  key: string;
  /** 0 for the latest period */
  rank: number;
  /** 1 − rank / number of periods: how recent the period is */
  perc: number;
  /** the period's start */
  period: number;
  /** [time on the latest period's line, value, the point's own time] */
  points: [number, number | null, number][];
}

export function pivotPeriods(points: { t: number; value: number | null }[], freq: unknown): PeriodSeries[] {
  const f = parseFrequency(freq);
  const withPeriod = points.map((p) => ({ ...p, period: rollback(p.t, f) }));
  const periods = [...new Set(withPeriod.map((p) => p.period))].sort((a, b) => b - a);
  if (periods.length === 0) return [];
  const latest = periods[0];
  const rank = new Map(periods.map((p, i) => [p, i]));
  const out = periods.map((period, i): PeriodSeries => ({
    key: i === 0 ? 'current' : `-${i}`,
    rank: i,
    perc: 1 - i / periods.length,
    period,
    points: [],
  }));
  for (const p of withPeriod) out[rank.get(p.period)!].points.push([shiftToLatest(p.t, p.period, latest, f), p.value, p.t]);
  for (const s of out) s.points.sort((a, b) => a[0] - b[0]);
  // the BI server drops periods without a value
  return out.filter((s) => s.points.some((p) => p[1] !== null));
}

/** How a period is named in the legend: by the first time it holds, at the frequency's precision. */
export function periodNameFormat(freq: unknown): string {
  const { unit } = parseFrequency(freq);
  if (unit === 'year-start' || unit === 'year-end') return '%Y';
  if (unit === 'month-start' || unit === 'month-end') return '%b %Y';
  if (unit === 'hour' || unit === 'minute') return '%Y-%m-%d %H:%M';
  return '%Y-%m-%d';
}
