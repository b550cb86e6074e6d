/** How reports read on screen: time zones, run times, states and filter values. */
import type { ReportState } from '@rama/shared';
import type { ReportDataMask } from './reportForm';
import { currentLocale, t } from '../i18n';

/** UTC first, then the runtime's IANA zones in order (the list a browser gives leaves UTC out). */
export function timezoneList(supported: readonly string[]): string[] {
  return ['UTC', ...[...new Set(supported)].filter((z) => z !== 'UTC').sort()];
}

/** The time zones the picker offers. */
export function supportedTimezones(): string[] {
  return timezoneList(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
}

/** The user's own zone: where a new report's schedule is read. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "Mon, 2 Mar 2026, 09:00 CET": a run time as the clock of the report's zone shows it. */
export function formatRunTime(date: Date, timezone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** The message key of each run state's name (the state itself is the API's value). */
const STATE_KEYS: Record<ReportState, string> = {
  Success: 'reports:state.success',
  Working: 'reports:state.working',
  Error: 'reports:state.error',
  'Not triggered': 'reports:state.notTriggered',
  'On Grace': 'reports:state.onGrace',
};

/** A run state as the user reads it (in their language). */
export const stateLabel = (state: ReportState): string => (state in STATE_KEYS ? t(STATE_KEYS[state]) : state);

/** The colour of a run state's tag: Success green, Working blue, Error red, Not triggered grey, On Grace orange. */
export const STATE_COLORS: Record<ReportState, string> = {
  Success: 'green',
  Working: 'blue',
  Error: 'red',
  'Not triggered': 'default',
  'On Grace': 'orange',
};

function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

const MAX_LABEL = 40;

/** A filter's name with the value it shows, when the mask says ("Origin airport (ABE, ATL)"). */
function withLabel(name: string, label: unknown): string {
  if (typeof label !== 'string' || !label.trim()) return name;
  const text = label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
  return `${name} (${text})`;
}

/**
 * What a stored data mask filters on, for the modal's hint: the native filters that have a value,
 * by name with their value ("Origin airport (ABE)"), and the cross-filters (keyed by chart id) counted.
 */
export function filterValueSummary(dataMask: ReportDataMask, filterNames: Record<string, string>): string {
  const named: string[] = [];
  let unnamed = 0;
  let crossFilters = 0;
  for (const [key, mask] of Object.entries(dataMask)) {
    if (/^\d+$/.test(key)) {
      if (Object.keys(mask.extraFormData ?? {}).length > 0) crossFilters += 1;
      continue;
    }
    if (!hasValue(mask.filterState?.value)) continue;
    if (filterNames[key]) named.push(withLabel(filterNames[key], mask.filterState?.label));
    else unnamed += 1;
  }
  const parts = [...named];
  if (unnamed > 0) parts.push(t('reports:filterCount', { count: unnamed }));
  if (crossFilters > 0) parts.push(t('reports:crossFilterCount', { count: crossFilters }));
  return parts.length > 0 ? parts.join(', ') : t('reports:noFilterValue');
}

/** "1h 30m" for a number of seconds (the advanced settings' hints). */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return t('reports:duration.seconds', { n: seconds });
  const parts: string[] = [];
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) parts.push(t('reports:duration.days', { n: days }));
  if (hours) parts.push(t('reports:duration.hours', { n: hours }));
  if (minutes) parts.push(t('reports:duration.minutes', { n: minutes }));
  return parts.join(' ') || t('reports:duration.seconds', { n: seconds });
}

/** The time between a run's start and end, or null while it runs (or never started). */
export function runDuration(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return t('reports:duration.milliseconds', { n: ms });
  if (ms < 60_000) {
    const s = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
    return t('reports:duration.decimalSeconds', { n: s });
  }
  return formatDuration(Math.round(ms / 1000));
}
