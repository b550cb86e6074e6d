/**
 * The unsaved-changes marker (issue 11 part 3): which controls differ from the saved chart.
 * Empty-ish values (missing, null, '', []) count as equal, as do objects with the same content,
 * so merely opening and closing a control does not mark the chart altered.
 */
import type { ControlConfig } from '@rama/shared';
import { t } from '../i18n';

/** Keys that are not the user's edits (the address, the dashboard context, bookkeeping). */
const IGNORED_KEYS = new Set([
  'slice_id',
  'url_params',
  'extra_form_data',
  'dashboardId',
  'force',
  'standalone',
  'queryFields',
  'label_colors',
  'shared_label_colors',
  'color_scheme_domain',
  'own_color_scheme',
  'dashboards',
]);

export interface AlteredControl {
  name: string;
  label: string;
  before: unknown;
  after: unknown;
}

function isEmptyish(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** JSON with sorted keys: equal content compares equal whatever the key order. */
function stable(v: unknown): string {
  return JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyish(a) && isEmptyish(b)) return true;
  if (a === b) return true;
  return stable(a) === stable(b);
}

export function alteredControls(
  current: Record<string, unknown>,
  saved: Record<string, unknown> | null,
  controls: Record<string, ControlConfig> = {},
): AlteredControl[] {
  if (!saved) return [];
  // the dashboard's filters (Explore opened from a dashboard) are not saved, so not an edit either
  const now = withoutExtraFilters(current);
  const names = new Set([...Object.keys(saved), ...Object.keys(now)]);
  const out: AlteredControl[] = [];
  for (const name of names) {
    if (IGNORED_KEYS.has(name)) continue;
    if (sameValue(now[name], saved[name])) continue;
    out.push({ name, label: controls[name]?.label ?? name, before: saved[name], after: now[name] });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function withoutExtraFilters(fd: Record<string, unknown>): Record<string, unknown> {
  const filters = fd.adhoc_filters;
  if (!Array.isArray(filters) || !filters.some((f) => (f as { isExtra?: unknown } | null)?.isExtra === true)) return fd;
  return { ...fd, adhoc_filters: filters.filter((f) => (f as { isExtra?: unknown } | null)?.isExtra !== true) };
}

/** A short text of a value for the altered tooltip. */
export function describeValue(v: unknown): string {
  if (isEmptyish(v)) return t('common:none');
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v))
    return (v as unknown[]).map((item) => (typeof item === 'object' && item !== null ? labelOf(item) : String(item))).join(', ');
  return typeof v === 'object' && v !== null ? labelOf(v) : String(v);
}

function labelOf(v: object): string {
  const r = v as Record<string, unknown>;
  if (typeof r.label === 'string' && r.label) return r.label;
  if (typeof r.sqlExpression === 'string' && r.sqlExpression) return r.sqlExpression;
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
