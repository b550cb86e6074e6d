/**
 * Where a time falls in the legacy calendar's domain / subdomain grid, in UTC (times in chart
 * replies are UTC epoch ms): the start of its domain block (an hour, day, week, month or year)
 * and its slot (the minute, hour, day, week or month) inside that block. Pure.
 */
import { currentLocale, t } from '../../../i18n';

export type Domain = 'hour' | 'day' | 'week' | 'month' | 'year';
export type Subdomain = 'min' | 'hour' | 'day' | 'week' | 'month';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export const asDomain = (v: unknown): Domain => (['hour', 'day', 'week', 'month', 'year'].includes(v as string) ? (v as Domain) : 'month');
export const asSubdomain = (v: unknown): Subdomain =>
  ['min', 'hour', 'day', 'week', 'month'].includes(v as string) ? (v as Subdomain) : 'day';

/** Monday 00:00 of the week (ISO weeks, as the legacy calendar starts them). */
function weekStart(t: number): number {
  const day = Math.floor(t / DAY) * DAY;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY;
}

/** The start of the domain block holding `t`. */
export function domainStart(domain: Domain, t: number): number {
  const d = new Date(t);
  switch (domain) {
    case 'hour':
      return Math.floor(t / HOUR) * HOUR;
    case 'day':
      return Math.floor(t / DAY) * DAY;
    case 'week':
      return weekStart(t);
    case 'month':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    default:
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

/** The last millisecond of the domain block holding `t`. */
export function domainEnd(domain: Domain, t: number): number {
  const start = new Date(domainStart(domain, t));
  const next: Record<Domain, () => number> = {
    hour: () => start.getTime() + HOUR,
    day: () => start.getTime() + DAY,
    week: () => start.getTime() + WEEK,
    month: () => Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1),
    year: () => Date.UTC(start.getUTCFullYear() + 1, 0, 1),
  };
  return next[domain]() - 1;
}

/** The slot of `t` inside its domain block: 0 for the block's first minute, hour, day, week or month. */
export function slotOf(domain: Domain, subdomain: Subdomain, t: number): number {
  const start = domainStart(domain, t);
  if (subdomain === 'month') {
    const d = new Date(t);
    const s = new Date(start);
    return (d.getUTCFullYear() - s.getUTCFullYear()) * 12 + d.getUTCMonth() - s.getUTCMonth();
  }
  if (subdomain === 'week') return Math.floor((weekStart(t) - weekStart(start)) / WEEK);
  const size = subdomain === 'min' ? MINUTE : subdomain === 'hour' ? HOUR : DAY;
  return Math.floor((t - start) / size);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A UTC date formatter in the user's language, made once per language and option. */
function nameFormat(option: 'month' | 'weekday'): Intl.DateTimeFormat {
  const locale = currentLocale();
  let f = formatters.get(`${locale} ${option}`);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { [option]: 'short', timeZone: 'UTC' });
    formatters.set(`${locale} ${option}`, f);
  }
  return f;
}
/** A short month name in the user's language ('Jan' … 'Dec' in English), month 0 = January. */
const monthName = (month: number): string => nameFormat('month').format(Date.UTC(2024, month, 1));
/** A short weekday name in the user's language ('Mon' … 'Sun' in English), day 0 = Monday (2024-01-01 was one). */
const weekdayName = (day: number): string => nameFormat('weekday').format(Date.UTC(2024, 0, 1 + day));
const pad = (n: number) => String(n).padStart(2, '0');

/** The label of a slot on the grid's y axis. */
export function slotLabel(domain: Domain, subdomain: Subdomain, slot: number): string {
  switch (subdomain) {
    case 'month':
      return monthName(slot % 12);
    case 'week':
      return t('visualizations:calendar.week', { n: slot + 1 });
    case 'day':
      return domain === 'week' ? weekdayName(slot % 7) : String(slot + 1);
    case 'hour':
      return domain === 'day' ? `${pad(slot)}:00` : `${weekdayName(Math.floor(slot / 24) % 7)} ${pad(slot % 24)}:00`;
    default:
      return domain === 'hour' ? `:${pad(slot)}` : `${pad(Math.floor(slot / 60) % 24)}:${pad(slot % 60)}`;
  }
}

/** The number of slots a domain block has (the longest block: 31 days, 6 weeks, 53 weeks …). */
export function slotCount(domain: Domain, subdomain: Subdomain): number {
  const spans: Record<Domain, number> = { hour: HOUR, day: DAY, week: WEEK, month: 31 * DAY, year: 366 * DAY };
  if (subdomain === 'month') return domain === 'year' ? 12 : 1;
  if (subdomain === 'week') return domain === 'year' ? 54 : domain === 'month' ? 6 : 1;
  const size = subdomain === 'min' ? MINUTE : subdomain === 'hour' ? HOUR : DAY;
  return Math.max(1, Math.ceil(spans[domain] / size));
}

/** The d3 time format of a domain block's label. */
export function domainFormat(domain: Domain): string {
  return { hour: '%b %d %H:00', day: '%b %d', week: '%b %d', month: '%b %Y', year: '%Y' }[domain];
}

/** Calendar pages of one year each, from the first day to the last (both UTC midnights). */
export function yearPages(first: number, last: number): [number, number][] {
  const pages: [number, number][] = [];
  for (let y = new Date(first).getUTCFullYear(); y <= new Date(last).getUTCFullYear(); y++) {
    pages.push([Math.max(first, Date.UTC(y, 0, 1)), Math.min(last, Date.UTC(y, 11, 31))]);
  }
  return pages;
}

/** Whole weeks a calendar page spans (its columns), Monday first. */
export function weeksSpanned(first: number, last: number): number {
  return Math.floor((weekStart(last) - weekStart(first)) / WEEK) + 1;
}

export const DAY_MS = DAY;
