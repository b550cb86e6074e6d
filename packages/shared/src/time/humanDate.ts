/**
 * One point in time written as people write it: an ISO date or datetime, `now`, `today`,
 * `yesterday`, `tomorrow`, or `N unit(s) ago|later|before|after|from now`. What the BI server's
 * `parse_human_datetime` reads for a bound that is not an expression.
 */
import { addUnits, isSubDayUnit, startOfDay, wallClock, type TimeUnit } from './calendar.js';
import { BoundError, NOT_A_DATE } from './errors.js';

export interface Clock {
  /** the current wall-clock time (UTC fields) */
  now: Date;
  /** the zone wall-clock times are in; an explicit offset in a date is converted to it */
  timeZone: string;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const AMOUNT = `(\\d{1,9}|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';

/** `7 days` alone: the BI server refuses it as ambiguous rather than guess a direction. */
export const BARE_DELTA = new RegExp(`^${AMOUNT}\\s+${UNIT}$`, 'i');
const RELATIVE = new RegExp(`^${AMOUNT}\\s+${UNIT}\\s+(ago|before|prior|later|after|hence|from now)$`, 'i');
const IN_FUTURE = new RegExp(`^in\\s+${AMOUNT}\\s+${UNIT}$`, 'i');
const ISO = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export function amountOf(word: string): number {
  return NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
}

/** Build a wall-clock time from fields, or null when a field is out of range (2024-02-30). */
function fromFields(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): Date | null {
  const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
  date.setUTCFullYear(y); // Date.UTC maps years 0–99 to 19xx
  const ok =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    mi < 60 &&
    s < 60;
  return ok ? date : null;
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
}

function parseIso(text: string, clock: Clock): Date | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const date = fromFields(Number(y), Number(mo ?? 1), Number(d ?? 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  if (!date || !zone) return date;
  // an explicit offset names an instant: show it on the wall clock of the range's zone
  return wallClock(new Date(date.getTime() - offsetMinutes(zone) * 60_000), clock.timeZone);
}

/**
 * `now` moved by a signed amount of units. A phrase in days or longer lands on midnight, a
 * phrase in hours or shorter keeps the time, as the peer's natural-language parser does.
 */
function relative(clock: Clock, amount: number, unit: TimeUnit): Date {
  const moved = addUnits(clock.now, amount, unit);
  return isSubDayUnit(unit) ? moved : startOfDay(moved);
}

/** Read one human-written point in time; throws a BoundError saying why it is not one. */
export function parseHumanDate(raw: string, clock: Clock): Date {
  const text = raw.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  if (lower === 'now') return new Date(clock.now.getTime());
  if (lower === 'today') return startOfDay(clock.now);
  if (lower === 'yesterday') return startOfDay(addUnits(clock.now, -1, 'day'));
  if (lower === 'tomorrow') return startOfDay(addUnits(clock.now, 1, 'day'));
  const iso = parseIso(text, clock);
  if (iso) return iso;
  if (ISO.test(text)) throw new BoundError('is not a valid date: a field is out of range');
  const us = US_DATE.exec(text);
  if (us) {
    const date = fromFields(Number(us[3]), Number(us[1]), Number(us[2]));
    if (date) return date;
    throw new BoundError('is not a valid date: a field is out of range');
  }
  const bare = BARE_DELTA.exec(text);
  if (bare) throw new BoundError(`is ambiguous: write "${text} ago" or "${text} later"`);
  const rel = RELATIVE.exec(text);
  if (rel) {
    const sign = /^(ago|before|prior)$/i.test(rel[3]) ? -1 : 1;
    return relative(clock, sign * amountOf(rel[1]), rel[2].toLowerCase() as TimeUnit);
  }
  const future = IN_FUTURE.exec(text);
  if (future) return relative(clock, amountOf(future[1]), future[2].toLowerCase() as TimeUnit);
  throw new BoundError(NOT_A_DATE);
}
