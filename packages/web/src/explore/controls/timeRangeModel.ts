/**
 * The time range picker's tabs as pure functions: which tab a time range string belongs to, the
 * string each tab builds, and the bounds line it shows. The strings are the BI server's
 * (`Last week`, `previous calendar month`, `2024-01-01T00:00:00 : now`,
 * `DATEADD(DATETIME("now"), -7, day) : now`, `No filter`), read by `parseTimeRange` in shared.
 */
import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR } from '@rama/shared';
import { t } from '../../i18n';

export const RANGE_TYPES = ['Last', 'Previous', 'Custom', 'Advanced', 'No filter'] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar quarter',
  'previous calendar year',
] as const;

/** A tab's name in the current language. */
export function rangeTypeLabel(type: RangeType): string {
  switch (type) {
    case 'Last':
      return t('explorecontrols:rangeTypeLast');
    case 'Previous':
      return t('explorecontrols:rangeTypePrevious');
    case 'Custom':
      return t('explorecontrols:rangeTypeCustom');
    case 'Advanced':
      return t('explorecontrols:rangeTypeAdvanced');
    case 'No filter':
      return t('explorecontrols:noFilter');
  }
}

/** A named range as the picker shows it (`previous calendar week` → `Previous calendar week`), in the current language; any other range as it is written. */
export function rangeLabel(value: string): string {
  switch (value.trim().toLowerCase()) {
    case 'last day':
      return t('explorecontrols:rangeLastDay');
    case 'last week':
      return t('explorecontrols:rangeLastWeek');
    case 'last month':
      return t('explorecontrols:rangeLastMonth');
    case 'last quarter':
      return t('explorecontrols:rangeLastQuarter');
    case 'last year':
      return t('explorecontrols:rangeLastYear');
    case 'previous calendar week':
      return t('explorecontrols:rangePreviousWeek');
    case 'previous calendar month':
      return t('explorecontrols:rangePreviousMonth');
    case 'previous calendar quarter':
      return t('explorecontrols:rangePreviousQuarter');
    case 'previous calendar year':
      return t('explorecontrols:rangePreviousYear');
    case NO_TIME_RANGE.toLowerCase():
      return t('explorecontrols:noFilter');
    default:
      return value;
  }
}

export const RELATIVE_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

/**
 * One side of a Custom range, as the peer's Custom tab: a specific date-time, a relative one (N
 * units before or after its anchor: the other side's specific date-time when it has one, else
 * now), now, or midnight today.
 */
export type CustomBound =
  | { mode: 'specific'; date: string }
  | { mode: 'relative'; amount: number; unit: RelativeUnit; direction: 'before' | 'after'; anchor?: string }
  | { mode: 'now' }
  | { mode: 'today' };

/** What a relative bound counts from: `now`, or a specific date-time. */
export const NOW_ANCHOR = 'now';

export interface CustomRange {
  since: CustomBound;
  until: CustomBound;
}

const SPECIFIC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const RELATIVE = new RegExp(
  `^DATEADD\\(DATETIME\\(["'](now|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2})["']\\),\\s*([+-]?\\d+),\\s*(${RELATIVE_UNITS.join('|')})\\)$`,
  'i',
);

export function encodeCustomBound(bound: CustomBound): string {
  switch (bound.mode) {
    case 'specific':
      return bound.date;
    case 'now':
      return 'now';
    case 'today':
      return 'today';
    case 'relative': {
      const n = Math.abs(Math.trunc(bound.amount));
      const anchor = bound.anchor && SPECIFIC.test(bound.anchor) ? bound.anchor : NOW_ANCHOR;
      return `DATEADD(DATETIME("${anchor}"), ${bound.direction === 'before' ? -n : n}, ${bound.unit})`;
    }
  }
}

export function decodeCustomBound(text: string): CustomBound | null {
  const t = text.trim();
  if (/^now$/i.test(t)) return { mode: 'now' };
  if (/^today$/i.test(t)) return { mode: 'today' };
  if (SPECIFIC.test(t)) return { mode: 'specific', date: t };
  const m = RELATIVE.exec(t);
  if (m) {
    const n = Number(m[2]);
    const anchor = m[1].toLowerCase() === NOW_ANCHOR ? NOW_ANCHOR : m[1];
    return {
      mode: 'relative',
      amount: Math.abs(n),
      unit: m[3].toLowerCase() as RelativeUnit,
      direction: n < 0 ? 'before' : 'after',
      anchor,
    };
  }
  return null;
}

/** The two sides of `<since> : <until>`, or null when there is no separator. */
export function splitRange(value: string): [string, string] | null {
  const padded = ` ${value} `;
  const at = padded.indexOf(TIME_RANGE_SEPARATOR);
  if (at < 0) return null;
  return [padded.slice(0, at).trim(), padded.slice(at + TIME_RANGE_SEPARATOR.length).trim()];
}

/**
 * The range with each relative side anchored as the peer anchors it: to the other side's specific
 * date-time when it has one (`DATEADD(DATETIME("2024-05-01T00:00:00"), -7, day) : 2024-05-01T00:00:00`),
 * else to now.
 */
export function anchoredRange(range: CustomRange): CustomRange {
  // both sides relative: they share one anchor (the peer's "Anchor to": now or a date-time)
  const shared = customAnchor(range);
  const anchorFrom = (other: CustomBound) => (other.mode === 'specific' ? other.date : other.mode === 'relative' ? shared : NOW_ANCHOR);
  const since = range.since.mode === 'relative' ? { ...range.since, anchor: anchorFrom(range.until) } : range.since;
  const until = range.until.mode === 'relative' ? { ...range.until, anchor: anchorFrom(range.since) } : range.until;
  return { since, until };
}

/** The anchor two relative sides share (the start's, else the end's, else now); null unless both are relative. */
export function customAnchor(range: CustomRange): string {
  const own = (b: CustomBound) => (b.mode === 'relative' && b.anchor && SPECIFIC.test(b.anchor) ? b.anchor : null);
  return own(range.since) ?? own(range.until) ?? NOW_ANCHOR;
}

/** Both sides relative, anchored to `anchor` (now or a specific date-time). */
export function withAnchor(range: CustomRange, anchor: string): CustomRange {
  const set = (b: CustomBound): CustomBound => (b.mode === 'relative' ? { ...b, anchor } : b);
  return { since: set(range.since), until: set(range.until) };
}

export function encodeCustomRange(range: CustomRange): string {
  const { since, until } = anchoredRange(range);
  return `${encodeCustomBound(since)}${TIME_RANGE_SEPARATOR}${encodeCustomBound(until)}`;
}

export function decodeCustomRange(value: string): CustomRange | null {
  const sides = splitRange(value);
  if (!sides) return null;
  const since = decodeCustomBound(sides[0]);
  const until = decodeCustomBound(sides[1]);
  return since && until ? { since, until } : null;
}

export function encodeAdvancedRange(since: string, until: string): string {
  return `${since.trim()}${TIME_RANGE_SEPARATOR}${until.trim()}`;
}

/** An advanced range's two fields; a named range without a separator fills the start. */
export function decodeAdvancedRange(value: string): { since: string; until: string } {
  const sides = splitRange(value);
  return sides ? { since: sides[0], until: sides[1] } : { since: value.trim(), until: '' };
}

const lowerIn = (list: readonly string[], value: string) => list.some((v) => v.toLowerCase() === value.toLowerCase());

/** The tab a time range opens on. */
export function rangeTypeOf(value: string | null | undefined): RangeType {
  const v = (value ?? '').trim();
  if (!v || v === NO_TIME_RANGE) return 'No filter';
  if (lowerIn(LAST_RANGES, v)) return 'Last';
  if (lowerIn(PREVIOUS_RANGES, v)) return 'Previous';
  if (decodeCustomRange(v)) return 'Custom';
  return 'Advanced';
}

/** A local date-time as the Custom tab's specific bound writes it (the server reads it as wall-clock time). */
export function isoDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The value a tab starts with when the user switches to it, carrying over what still fits. */
export function initialValueFor(type: RangeType, current: string, today: Date = new Date()): string {
  if (rangeTypeOf(current) === type) return current;
  switch (type) {
    case 'No filter':
      return NO_TIME_RANGE;
    case 'Last':
      return 'Last week';
    case 'Previous':
      return 'previous calendar week';
    case 'Custom': {
      const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate());
      return encodeCustomRange({ since: { mode: 'specific', date: isoDateTime(midnight) }, until: { mode: 'now' } });
    }
    case 'Advanced':
      // a range with two sides is edited as it is; a named one starts from an example to adapt
      return splitRange(current) ? current : encodeAdvancedRange('DATEADD(DATETIME("today"), -7, day)', 'today');
  }
}

/** A naive ISO bound as the bounds line shows it: the date alone at midnight. */
export function formatBound(iso: string): string {
  const t = iso.replace(' ', 'T');
  return t.endsWith('T00:00:00') ? t.slice(0, 10) : t.replace('T', ' ');
}

/** `2024-05-01 ≤ col < 2024-06-01`; an open side is -∞ or ∞. */
export function boundsLabel(since: string | null | undefined, until: string | null | undefined, column = 'col'): string {
  return `${since ? formatBound(since) : '-∞'} ≤ ${column} < ${until ? formatBound(until) : '∞'}`;
}
