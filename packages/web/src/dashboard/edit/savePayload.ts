/**
 * What a dashboard save sends (spec section 7 "PUT /api/v1/dashboard/{id} … the full body") and the
 * overwrite check (section 4 "Overwrite confirmation", section 5 'Please confirm the overwrite
 * values.'): when the server copy changed since the page loaded it, the fields whose server values
 * differ from the submitted ones are listed for the user to confirm.
 */
import { t } from '../../i18n';
import {
  DASHBOARD_VERSION_KEY,
  UNTITLED_DASHBOARD_TITLE,
  serializeLayout,
  type DashboardLayout,
  type DashboardMetadata,
} from '@rama/shared';

/** The dashboard as the page holds it when the user saves. */
export interface SaveSource {
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  roles: number[];
  certified_by: string | null;
  certification_details: string | null;
  css: string;
  /** json_metadata as loaded (and edited in the properties dialog) */
  metadata: DashboardMetadata;
  colorScheme: string | null;
  labelColors: Record<string, string>;
  refreshFrequency: number;
  /** the refresh frequency is saved only when the user chose to persist it */
  persistRefreshFrequency: boolean;
  expandedSlices?: Record<string, boolean>;
  layout: DashboardLayout;
  /** roles are sent only with the DASHBOARD_RBAC feature (spec section 6) */
  rbac: boolean;
}

/** The full PUT body. */
export interface DashboardSaveBody {
  certified_by: string | null;
  certification_details: string | null;
  css: string;
  dashboard_title: string;
  slug: string | null;
  owners: number[];
  roles?: number[];
  json_metadata: string;
  position_json: string;
}

/** json_metadata keys the colour sync maintains on its own (`PUT /colors`): never a user's edit. */
const DERIVED_METADATA_KEYS = new Set(['positions', 'shared_label_colors', 'map_label_colors', 'color_scheme_domain']);

const blankToNull = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/** The json_metadata object a save writes: the loaded one with the page's colour, refresh and layout state. */
export function saveMetadata(source: SaveSource): DashboardMetadata {
  const rest: DashboardMetadata = { ...source.metadata };
  delete rest.positions;
  return {
    ...rest,
    color_scheme: source.colorScheme,
    label_colors: source.labelColors,
    // a frequency chosen for this session only leaves the saved one as it was
    ...(source.persistRefreshFrequency && { refresh_frequency: source.refreshFrequency }),
    expanded_slices: source.expandedSlices ?? source.metadata.expanded_slices ?? {},
    timed_refresh_immune_slices: source.metadata.timed_refresh_immune_slices ?? [],
    // the BI server reads chart membership from here as well as from position_json
    positions: layoutForMetadata(source.layout),
  };
}

function layoutForMetadata(layout: DashboardLayout): Record<string, unknown> {
  return JSON.parse(serializeLayout(layout)) as Record<string, unknown>;
}

export function buildSaveBody(source: SaveSource): DashboardSaveBody {
  return {
    certified_by: blankToNull(source.certified_by),
    certification_details: blankToNull(source.certification_details),
    css: source.css,
    dashboard_title: blankToNull(source.dashboard_title) ?? UNTITLED_DASHBOARD_TITLE,
    slug: blankToNull(source.slug),
    owners: source.owners,
    ...(source.rbac && { roles: source.roles }),
    json_metadata: JSON.stringify(saveMetadata(source)),
    position_json: serializeLayout(source.layout),
  };
}

/** The server copy, as GET /api/v1/dashboard/{id} answers it. */
export interface ServerCopy {
  dashboard_title: string;
  slug: string | null;
  css: string | null;
  certified_by: string | null;
  certification_details: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  roles: { id: number; name: string }[];
  json_metadata: string | null;
  position_json: string | null;
  last_modified_time?: number | null;
  changed_on?: string | null;
  changed_by_name?: string | null;
}

/** One field whose server value differs from the submitted one (values as text). */
export interface OverwriteItem {
  /** `dashboard_title`, `json_metadata.color_scheme`, `position_json`, … */
  keyPath: string;
  /** the value on the server */
  oldValue: string;
  /** the value this save would write */
  newValue: string;
}

/** When the server copy was last changed, in epoch seconds (from `last_modified_time`, else `changed_on`). */
export function serverModifiedTime(copy: Pick<ServerCopy, 'last_modified_time' | 'changed_on'>): number | null {
  if (typeof copy.last_modified_time === 'number' && Number.isFinite(copy.last_modified_time)) return copy.last_modified_time;
  if (copy.changed_on) {
    const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(copy.changed_on) ? copy.changed_on : `${copy.changed_on}Z`);
    if (Number.isFinite(ms)) return ms / 1000;
  }
  return null;
}

/**
 * Spec section 4: the confirmation is needed only when someone saved the dashboard after this page
 * loaded it (compared to the millisecond; an unknown load time skips the check).
 */
export function isServerNewer(loaded: number | null | undefined, server: number | null): boolean {
  if (loaded === null || loaded === undefined || server === null) return false;
  return Math.round(server * 1000) > Math.round(loaded * 1000);
}

/**
 * Objects with sorted keys and undefined members dropped; blank strings, empty lists and empty
 * objects count as absent (null): equal data, equal text.
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.map(canonical) : null;
  if (value !== null && typeof value === 'object') {
    if (!Object.keys(value).length) return null;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Text for the confirmation list: strings as they are, anything else as indented JSON. */
export function displayValue(value: unknown): string {
  const c = canonical(value);
  if (c === null) return '(empty)';
  return typeof c === 'string' ? c : JSON.stringify(c, null, 2);
}

function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text?.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function layoutOf(text: string | null | undefined): Record<string, unknown> {
  const layout = parseObject(text);
  delete layout[DASHBOARD_VERSION_KEY];
  return layout;
}

/** The key of each field's name in the confirmation (read in the current language). */
const FIELD_LABELS: Record<string, string> = {
  dashboard_title: 'dashboard:overwrite.field.title',
  slug: 'dashboard:properties.slug',
  css: 'dashboard:overwrite.field.css',
  certified_by: 'dashboard:properties.certifiedBy',
  certification_details: 'dashboard:properties.certificationDetails',
  owners: 'common:owners',
  roles: 'dashboard:properties.roles',
  position_json: 'dashboard:overwrite.field.layout',
};

/** How the confirmation names a field: `Title`, `JSON metadata: color_scheme`, … */
export function overwriteLabel(keyPath: string): string {
  if (keyPath.startsWith('json_metadata.')) return t('dashboard:overwrite.metadataKey', { key: keyPath.slice('json_metadata.'.length) });
  const key = FIELD_LABELS[keyPath];
  return key ? t(key) : keyPath;
}

/**
 * The fields whose server values differ from the submitted ones (spec section 4 "when server values
 * differ from the submitted ones the save stops"). Owners and roles compare as sets of ids and show
 * by name; json_metadata compares key by key, leaving out what the colour sync maintains.
 */
export function overwriteItems(
  server: ServerCopy,
  body: DashboardSaveBody,
  names: { owners?: ReadonlyMap<number, string>; roles?: ReadonlyMap<number, string> } = {},
): OverwriteItem[] {
  const items: OverwriteItem[] = [];
  const push = (keyPath: string, serverValue: unknown, submitted: unknown) => {
    if (!same(serverValue, submitted)) items.push({ keyPath, oldValue: displayValue(serverValue), newValue: displayValue(submitted) });
  };

  for (const key of ['dashboard_title', 'slug', 'css', 'certified_by', 'certification_details'] as const) push(key, server[key], body[key]);

  const ownerNames = new Map(names.owners ?? []);
  for (const o of server.owners) ownerNames.set(o.id, [o.first_name, o.last_name].filter(Boolean).join(' ') || `User ${o.id}`);
  const people = (ids: number[], known: ReadonlyMap<number, string>) =>
    [...new Set(ids)].sort((a, b) => a - b).map((id) => known.get(id) ?? `#${id}`);
  const serverOwners = server.owners.map((o) => o.id);
  if (
    !same(
      [...new Set(serverOwners)].sort((a, b) => a - b),
      [...new Set(body.owners)].sort((a, b) => a - b),
    )
  ) {
    items.push({
      keyPath: 'owners',
      oldValue: displayValue(people(serverOwners, ownerNames).join(', ')),
      newValue: displayValue(people(body.owners, ownerNames).join(', ')),
    });
  }
  if (body.roles) {
    const roleNames = new Map(names.roles ?? []);
    for (const r of server.roles) roleNames.set(r.id, r.name);
    const serverRoles = server.roles.map((r) => r.id);
    if (
      !same(
        [...new Set(serverRoles)].sort((a, b) => a - b),
        [...new Set(body.roles)].sort((a, b) => a - b),
      )
    ) {
      items.push({
        keyPath: 'roles',
        oldValue: displayValue(people(serverRoles, roleNames).join(', ')),
        newValue: displayValue(people(body.roles, roleNames).join(', ')),
      });
    }
  }

  const serverMeta = parseObject(server.json_metadata);
  const submittedMeta = parseObject(body.json_metadata);
  const metaKeys = [...new Set([...Object.keys(serverMeta), ...Object.keys(submittedMeta)])]
    .filter((k) => !DERIVED_METADATA_KEYS.has(k))
    .sort();
  for (const key of metaKeys) push(`json_metadata.${key}`, serverMeta[key], submittedMeta[key]);

  push('position_json', layoutOf(server.position_json), layoutOf(body.position_json));
  return items;
}
