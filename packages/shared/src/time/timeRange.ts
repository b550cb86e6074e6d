/**
 * The time range grammar of charts and filters: the text in `time_range` (`Last week`,
 * `previous calendar month`, `2024-01-01 : now`, `DATEADD(DATETIME("today"), -7, day) : today` …)
 * turned into its two bounds, with the BI server's `get_since_until` semantics.
 */
import { addUnits, isSubDayUnit, lastDayOf, startOfDay, truncateTo, wallClock, type TimeUnit } from './calendar.js';
import { evaluateDateExpression, looksLikeExpression } from './dateExpression.js';
import { BoundError, OUT_OF_RANGE, TimeRangeError } from './errors.js';
import { parseHumanDate, type Clock } from './humanDate.js';

export { TimeRangeError } from './errors.js';

export const NO_TIME_RANGE = 'No filter';
export const TIME_RANGE_SEPARATOR = ' : ';
/** The peer's wording when the start comes after the end. */
export const SINCE_AFTER_UNTIL_MESSAGE = 'From date cannot be larger than to date';

/** What a relative phrase counts from: midnight today, or this instant. */
export type RelativeAnchor = 'today' | 'now';

export interface TimeRangeOptions {
  /** the current instant; the real clock when left out */
  now?: Date;
  /**
   * What `Last …`, `Next …` and `last|next|this N units` count from. Left out: `today` for days
   * and longer, `now` for hours and shorter (the peer's default for a phrase in hours), so
   * `Last 3 hours` ends now rather than at midnight.
   */
  relativeStart?: RelativeAnchor;
  /** Where `Last …` ends; left out as relativeStart. */
  relativeEnd?: RelativeAnchor;
  /** IANA zone of the wall-clock times; UTC when left out. */
  timeZone?: string;
}

/** The bounds as wall-clock times in the UTC fields; null = open on that side. */
export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

interface Context extends Clock {
  relativeStart: RelativeAnchor | undefined;
}

type Scope = 'this' | 'last' | 'prior' | 'next';
const UNIT_WORD = '(second|minute|hour|day|week|month|quarter|year)s?';

/** The anchor a phrase in `unit` counts from (the peer's get_relative_base). */
function anchorFor(unit: TimeUnit, explicit: RelativeAnchor | undefined): RelativeAnchor {
  return explicit ?? (isSubDayUnit(unit) ? 'now' : 'today');
}

function anchorDate(anchor: RelativeAnchor, clock: Clock): Date {
  return anchor === 'now' ? new Date(clock.now.getTime()) : startOfDay(clock.now);
}

function scoped(scope: Scope, amount: number, unit: TimeUnit, ctx: Context): Date {
  const base = anchorDate(anchorFor(unit, ctx.relativeStart), ctx);
  if (scope === 'this') return base;
  return addUnits(base, scope === 'next' ? amount : -amount, unit);
}

const lower = <T extends string>(s: string) => s.toLowerCase() as T;

/** `start of next month`, `end of last 2 years` */
const START_OR_END = /^(start of|beginning of|end of)\s+(this|last|next|prior)\s+(\d+)?\s*(day|week|month|quarter|year)s?$/i;
/** `first of this month`, `1st day of last year` */
const FIRST_OF_SCOPE = /^(?:first|1st)\s+(?:day\s+)?of\s+(this|last|next|prior)\s+(day|week|month|quarter|year)s?$/i;
/** `first of the month`, `first day of year` */
const FIRST_OF_THE = /^(?:first|1st)\s+(?:day\s+)?of\s+(?:the\s+)?(week|month|quarter|year)$/i;
/** `last 7 days`, `next month`, `this week` */
const SCOPED = new RegExp(`^(this|last|next|prior)\\s+(\\d+)?\\s*${UNIT_WORD}$`, 'i');

/** One side of a range, read in the peer's order: phrases, then expressions, then plain dates. */
function readBound(part: string, ctx: Context): Date {
  let m = START_OR_END.exec(part);
  if (m) {
    const unit = lower<'day' | 'week' | 'month' | 'quarter' | 'year'>(m[4]);
    const base = scoped(lower<Scope>(m[2]), m[3] ? Number(m[3]) : 1, unit, ctx);
    if (m[1].toLowerCase() !== 'end of') return truncateTo(base, unit);
    return lastDayOf(base, unit);
  }
  m = FIRST_OF_SCOPE.exec(part);
  if (m) {
    const unit = lower<TimeUnit>(m[2]);
    return truncateTo(scoped(lower<Scope>(m[1]), 1, unit, ctx), unit);
  }
  m = FIRST_OF_THE.exec(part);
  if (m) {
    const unit = lower<TimeUnit>(m[1]);
    return truncateTo(scoped('this', 1, unit, ctx), unit);
  }
  m = SCOPED.exec(part);
  if (m) return scoped(lower<Scope>(m[1]), m[2] ? Number(m[2]) : 1, lower<TimeUnit>(m[3]), ctx);
  if (looksLikeExpression(part)) return evaluateDateExpression(part, ctx);
  return parseHumanDate(part, ctx);
}

type Bound = string | Date | null;

/** `Last <unit>` / `Next <unit>` without the other side: the anchor the other side gets. */
function shorthandAnchor(text: string, explicit: RelativeAnchor | undefined): RelativeAnchor {
  if (explicit) return explicit;
  const m = new RegExp(`^(?:last|next)\\s+(?:\\d+\\s*)?${UNIT_WORD}$`, 'i').exec(text);
  return m ? anchorFor(lower<TimeUnit>(m[1]), undefined) : 'today';
}

/**
 * The named ranges that have no separator, written as their two bounds: `Last …` ends at the
 * relative end, `Next …` starts at the relative start, and the calendar ranges count from today.
 */
function expandNamedRange(text: string, ctx: Context, opts: TimeRangeOptions): [Bound, Bound] | null {
  const today = startOfDay(ctx.now);
  if (/^last\b/i.test(text)) return [text, shorthandAnchor(text, opts.relativeEnd)];
  if (/^next\b/i.test(text)) return [shorthandAnchor(text, opts.relativeStart), text];
  let m = /^previous calendar (week|month|quarter|year)$/i.exec(text);
  if (m) {
    const unit = lower<TimeUnit>(m[1]);
    return [truncateTo(addUnits(today, -1, unit), unit), truncateTo(today, unit)];
  }
  m = /^current (day|week|month|quarter|year)$/i.exec(text);
  if (m) {
    const unit = lower<TimeUnit>(m[1]);
    return [truncateTo(today, unit), truncateTo(addUnits(today, 1, unit), unit)];
  }
  m = /^(?:first|1st)\s+(week|month|quarter)\s+of\s+(?:(this|last|next|prior)\s+)?(?:the\s+)?(week|month|quarter|year)$/i.exec(text);
  if (m) {
    const unit = lower<TimeUnit>(m[3]);
    const start = truncateTo(scoped(lower<Scope>(m[2] ?? 'this'), 1, unit, ctx), unit);
    return [start, addUnits(start, 1, lower<TimeUnit>(m[1]))];
  }
  return null;
}

function clockFor(opts: TimeRangeOptions, timeRange: string): Clock {
  const timeZone = opts.timeZone ?? 'UTC';
  try {
    return { now: wallClock(opts.now ?? new Date(), timeZone), timeZone };
  } catch {
    throw new TimeRangeError(`Error parsing time range: "${timeRange}" — "${timeZone}" is not a known time zone`, timeRange, timeZone);
  }
}

/**
 * The two bounds of a time range. `No filter`, empty and null are open on both sides; either side
 * of `<since> : <until>` may be empty (open). Throws a TimeRangeError naming the part that cannot
 * be read, or the peer's message when since comes after until.
 */
export function parseTimeRange(timeRange: string | null | undefined, opts: TimeRangeOptions = {}): TimeRangeBounds {
  const text = (timeRange ?? '').trim();
  if (!text || text === NO_TIME_RANGE) return { since: null, until: null };
  const clock = clockFor(opts, text);
  const ctx: Context = { ...clock, relativeStart: opts.relativeStart };

  let sides: [Bound, Bound];
  // padded, so that an open side keeps its separator after trimming (" : now", "2024-01-01 :")
  const padded = ` ${text} `;
  const sep = padded.indexOf(TIME_RANGE_SEPARATOR);
  if (sep >= 0) {
    sides = [padded.slice(0, sep).trim() || null, padded.slice(sep + TIME_RANGE_SEPARATOR.length).trim() || null];
  } else {
    const named = expandNamedRange(text, ctx, opts);
    if (!named) {
      throw new TimeRangeError(
        `Error parsing time range: "${text}" — write "<since> : <until>" or a named range such as "Last week"`,
        text,
        text,
      );
    }
    sides = named;
  }

  const [since, until] = sides.map((side) => {
    if (side === null || side instanceof Date) return side;
    try {
      const date = readBound(side, ctx);
      if (Number.isNaN(date.getTime())) throw new BoundError(OUT_OF_RANGE);
      return date;
    } catch (e) {
      if (e instanceof BoundError) throw new TimeRangeError(`Error parsing time range: "${text}" — "${side}" ${e.reason}`, text, side);
      throw e;
    }
  });
  if (since && until && since.getTime() > until.getTime()) throw new TimeRangeError(SINCE_AFTER_UNTIL_MESSAGE, text);
  return { since, until };
}
