/** The refresh interval dialog's choices and its load warning. */
import { t } from '../../i18n';

/**
 * A number of seconds as the interval list words it ("90 seconds", "2 minutes", "1 hour", "24 hours",
 * "2 days"), in the current language.
 */
export function intervalLabel(seconds: number): string {
  if (seconds <= 0) return t('dashboard:refresh.never');
  if (seconds % 86400 === 0 && seconds > 86400) return t('dashboard:refresh.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t('dashboard:refresh.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('dashboard:refresh.minutes', { count: seconds / 60 });
  return t('dashboard:refresh.seconds', { count: seconds });
}

/** The BI server's intervals, plus the current one when it is not among them (set in the JSON metadata). */
export function refreshIntervalOptions(
  intervals: readonly (readonly [number, string])[],
  current: number,
): { value: number; label: string }[] {
  // the server's list is worded in English; each choice is worded again in the current language
  const options = intervals.map(([value]) => ({ value, label: intervalLabel(value) }));
  if (current > 0 && !options.some((o) => o.value === current)) {
    options.push({ value: current, label: intervalLabel(current) });
    options.sort((a, b) => a.value - b.value);
  }
  return options;
}

/** Worth a warning: at least one chart query per second on average. */
export function isShortInterval(seconds: number, chartCount: number): boolean {
  return seconds > 0 && chartCount > 0 && chartCount / seconds >= 1;
}
