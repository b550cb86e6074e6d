import { currentLocale } from '../i18n';

/** Intl formatters in the reader's language, made once per locale. */
const byLocale = new Map<string, { dateTime: Intl.DateTimeFormat; relative: Intl.RelativeTimeFormat }>();
function formatters() {
  const locale = currentLocale();
  let f = byLocale.get(locale);
  if (!f) {
    f = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    };
    byLocale.set(locale, f);
  }
  return f;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? parse(iso) : null;
  return date ? formatters().dateTime.format(date) : '';
}

/** "3 hours ago"; `now` is a parameter so the function stays pure. */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  const date = iso ? parse(iso) : null;
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return formatters().relative.format(Math.round(seconds / size), unit);
    }
  }
  return '';
}
