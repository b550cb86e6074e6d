/**
 * The pure part of the dashboard dialogs: the address a slug gives, json_metadata as
 * the properties dialog shows and reads it back, and the bodies of the saves the dialogs make
 * outside edit mode (spec section 7 "PUT /api/v1/dashboard/{id}", "POST /api/v1/dashboard/{id}/copy/").
 */
import {
  dashboardPath,
  dashboardTitle,
  normalizeSlug,
  serializeLayout,
  validateDashboardMetadata,
  type DashboardCopy,
  type DashboardLayout,
  type DashboardMetadata,
  type DashboardPut,
} from '@rama/shared';
import { t } from '../../i18n';

/** The address the dashboard will have with this slug, once the server has normalised it. */
export function slugUrlPreview(origin: string, id: number, raw: string): string {
  return `${origin}${dashboardPath({ id, slug: normalizeSlug(raw) })}`;
}

/**
 * Keys the dialog does not show: the layout copy (`positions`) and what the colour sync maintains.
 * They are kept as they are when the edited metadata is applied.
 */
export const HIDDEN_METADATA_KEYS = ['positions', 'shared_label_colors', 'map_label_colors', 'color_scheme_domain'] as const;

/** json_metadata as the "Advanced" editor shows it: indented, without the hidden keys. */
export function metadataForEditor(metadata: DashboardMetadata): string {
  const shown: Record<string, unknown> = { ...metadata };
  for (const key of HIDDEN_METADATA_KEYS) delete shown[key];
  return JSON.stringify(shown, null, 2);
}

/**
 * The editor's text read back (spec section 5 "Dashboard save": colours hex or rgb, opacity 0–1,
 * cross_filters_enabled a boolean): the normalised metadata with the hidden keys of `original`
 * put back, and the problems found (none means it can be applied).
 */
export function readEditedMetadata(text: string, original: DashboardMetadata): { metadata: DashboardMetadata; errors: string[] } {
  const { metadata, errors } = validateDashboardMetadata(text);
  const merged: Record<string, unknown> = { ...metadata };
  for (const key of HIDDEN_METADATA_KEYS) {
    if (!(key in merged) && original[key] !== undefined) merged[key] = original[key];
  }
  return { metadata: merged as DashboardMetadata, errors };
}

/** The editor's text with `color_scheme` set (the scheme select and the JSON stay in step); null when the text is not a JSON object. */
export function withColorScheme(text: string, scheme: string | null): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const next: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (scheme) next.color_scheme = scheme;
  else delete next.color_scheme;
  return JSON.stringify(next, null, 2);
}

/** The scheme named in the editor's text, if it names one. */
export function colorSchemeIn(text: string): string | null | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const scheme = (value as Record<string, unknown>).color_scheme;
    if (scheme === null) return null;
    return typeof scheme === 'string' ? scheme : undefined;
  } catch {
    return undefined;
  }
}

/**
 * json_metadata for a save that does not write the layout: without `positions`, which the server
 * would otherwise read as the layout.
 */
export function metadataWithoutLayout(metadata: DashboardMetadata): string {
  const rest: DashboardMetadata = { ...metadata };
  delete rest.positions;
  return JSON.stringify(rest);
}

export interface PropertiesValues {
  dashboard_title: string;
  slug: string;
  owners: number[];
  roles: number[];
  certified_by: string;
  certification_details: string;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/** The properties dialog's values as they are kept (the title of a blank one is the untitled title). */
export function normalizedProperties(values: PropertiesValues) {
  return {
    dashboard_title: dashboardTitle(values.dashboard_title),
    slug: blankToNull(values.slug),
    certified_by: blankToNull(values.certified_by),
    certification_details: blankToNull(values.certification_details),
  };
}

/** Outside edit mode the dialog saves at once (spec section 6: roles only with DASHBOARD_RBAC). */
export function propertiesPutBody(values: PropertiesValues, metadata: DashboardMetadata, rbac: boolean): DashboardPut {
  return {
    ...normalizedProperties(values),
    owners: values.owners,
    ...(rbac && { roles: values.roles }),
    json_metadata: metadataWithoutLayout(metadata),
  };
}

/** "Save as": the copy's title, CSS and metadata with the layout as `positions` (spec section 7). */
export function copyBody(args: {
  title: string;
  css: string;
  duplicateSlices: boolean;
  metadata: DashboardMetadata;
  colorScheme: string | null;
  labelColors: Record<string, string>;
  refreshFrequency: number;
  layout: DashboardLayout;
}): DashboardCopy {
  const metadata: DashboardMetadata = {
    ...args.metadata,
    color_scheme: args.colorScheme,
    label_colors: args.labelColors,
    refresh_frequency: args.refreshFrequency,
    positions: JSON.parse(serializeLayout(args.layout)) as Record<string, unknown>,
  };
  return {
    dashboard_title: dashboardTitle(args.title),
    css: args.css,
    duplicate_slices: args.duplicateSlices,
    json_metadata: JSON.stringify(metadata),
  };
}

/** The default name of a copy. */
export const copyTitle = (title: string): string => t('dashboard:saveAs.copyTitle', { title });
