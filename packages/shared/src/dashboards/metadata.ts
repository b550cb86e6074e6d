/**
 * Dashboard json_metadata as saved (spec section 3 "Dashboard metadata", section 5 "Dashboard save":
 * colour valid if hex (3 or 6 digits) or rgb, opacity between 0 and 1; cross-filter enablement
 * normalised to a boolean).
 */
import type { DashboardMetadata } from './types.js';
import { validateNativeFilterConfiguration } from '../filters/changes.js';

export const METADATA_MESSAGES = {
  invalidJson: 'JSON metadata is invalid!',
  invalidColor: (label: string, color: string) => `Invalid color "${color}" for label "${label}"`,
  notAnObject: (key: string) => `${key} must be an object`,
  notAList: (key: string) => `${key} must be a list`,
  notANumber: (key: string) => `${key} must be a number of 0 or more`,
  notAString: (key: string) => `${key} must be a string`,
  invalidOrientation: 'filter_bar_orientation must be VERTICAL or HORIZONTAL',
} as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)\s*)?\)$/i;

/** Spec 5: a colour is `#abc`, `#aabbcc`, `rgb(r, g, b)` or `rgba(r, g, b, a)` with channels 0–255 and opacity 0–1. */
export function isValidColor(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const color = value.trim();
  if (HEX.test(color)) return true;
  const match = RGB.exec(color);
  if (!match) return false;
  if ([match[1], match[2], match[3]].some((channel) => Number(channel) > 255)) return false;
  return match[4] === undefined || (Number(match[4]) >= 0 && Number(match[4]) <= 1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Spec 5: cross-filter enablement as a boolean; unset means on, as in the BI server. */
export function normaliseCrossFiltersEnabled(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return !['false', '0', 'off', 'no', ''].includes(value.trim().toLowerCase());
  return Boolean(value);
}

function toBoolean(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return Boolean(value);
}

/**
 * Reads json_metadata (a JSON string or an object) as saved: unknown keys are kept; colours in
 * label_colors must be valid (invalid ones are dropped and reported); numbers, lists and objects
 * must have their type; cross_filters_enabled and stagger_refresh become booleans; the native
 * filters follow validateNativeFilterConfiguration (stored with its defaults filled in). `errors`
 * empty means the value may be stored.
 */
export function validateDashboardMetadata(value: unknown): { metadata: DashboardMetadata; errors: string[] } {
  let raw: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') raw = {};
    else {
      try {
        raw = JSON.parse(value);
      } catch {
        return { metadata: {}, errors: [METADATA_MESSAGES.invalidJson] };
      }
    }
  }
  if (raw === null || raw === undefined) raw = {};
  if (!isPlainObject(raw)) return { metadata: {}, errors: [METADATA_MESSAGES.invalidJson] };

  const errors: string[] = [];
  const metadata: DashboardMetadata = {};
  for (const [key, entry] of Object.entries(raw)) if (key !== '__proto__') metadata[key] = entry;

  metadata.cross_filters_enabled = normaliseCrossFiltersEnabled(raw.cross_filters_enabled);
  if ('stagger_refresh' in raw) metadata.stagger_refresh = toBoolean(raw.stagger_refresh);

  for (const key of ['label_colors', 'map_label_colors'] as const) {
    if (!(key in raw) || raw[key] === null) continue;
    const colors = raw[key];
    if (!isPlainObject(colors)) {
      errors.push(METADATA_MESSAGES.notAnObject(key));
      delete metadata[key];
      continue;
    }
    const valid: Record<string, string> = {};
    for (const [label, color] of Object.entries(colors)) {
      if (isValidColor(color)) valid[label] = (color as string).trim();
      else errors.push(METADATA_MESSAGES.invalidColor(label, String(color)));
    }
    metadata[key] = valid;
  }
  for (const key of ['refresh_frequency', 'stagger_time'] as const) {
    if (!(key in raw) || raw[key] === null) continue;
    const n = raw[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) errors.push(METADATA_MESSAGES.notANumber(key));
  }
  for (const key of ['timed_refresh_immune_slices', 'color_scheme_domain', 'native_filter_configuration'] as const) {
    if (key in raw && raw[key] !== null && !Array.isArray(raw[key])) errors.push(METADATA_MESSAGES.notAList(key));
  }
  // spec 3 "Native filter": ids, types, required fields, scopes and cascades; defaults filled in
  if (Array.isArray(raw.native_filter_configuration)) {
    const filters = validateNativeFilterConfiguration(raw.native_filter_configuration);
    if (filters.errors.length) errors.push(...filters.errors);
    else metadata.native_filter_configuration = filters.config;
  }
  const immune = raw.timed_refresh_immune_slices;
  if (Array.isArray(immune) && immune.some((id) => !Number.isInteger(id)))
    errors.push(METADATA_MESSAGES.notAList('timed_refresh_immune_slices'));
  for (const key of ['expanded_slices', 'filter_scopes', 'chart_configuration', 'global_chart_configuration'] as const) {
    if (key in raw && raw[key] !== null && !isPlainObject(raw[key])) errors.push(METADATA_MESSAGES.notAnObject(key));
  }
  for (const key of ['color_scheme', 'color_namespace'] as const) {
    if (key in raw && raw[key] !== null && typeof raw[key] !== 'string') errors.push(METADATA_MESSAGES.notAString(key));
  }
  const orientation = raw.filter_bar_orientation;
  if (orientation !== undefined && orientation !== null && orientation !== 'VERTICAL' && orientation !== 'HORIZONTAL') {
    errors.push(METADATA_MESSAGES.invalidOrientation);
  }
  return { metadata, errors };
}
