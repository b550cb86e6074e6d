/**
 * The one-line summary each version carries (issue 30: "layout: moved 3 charts; title changed",
 * "controls: metric, time range changed", "SQL changed"): parts joined by "; ", each naming what
 * a user would notice, cut to VERSION_SUMMARY_MAX_CHARS.
 */
import {
  VERSION_SUMMARY_MAX_CHARS,
  type ChartVersionState,
  type DashboardVersionState,
  type DatasetVersionState,
  type SavedQueryVersionState,
  type VersionStates,
  type VersionedType,
} from '../api/versions.js';
import { chartControlChanges, jsonObject, layoutChanges, layoutOf, sameJson } from './compare.js';

export const SUMMARY_CREATED = 'created';
export const SUMMARY_NO_CHANGES = 'no changes';
/** the first version of an object saved before it had a history */
export const SUMMARY_HISTORY_STARTS = 'saved (history starts here)';
/** the state an object had before its first save with history on (made before versions were kept) */
export const SUMMARY_BASELINE = 'as it was before history was kept';
/** a version kept by an import that created or replaced the object */
export const SUMMARY_IMPORTED = 'imported';
export const restoredSummary = (version: number): string => `restored version ${version}`;
export const restoredDeletedSummary = (version: number): string => `restored after deletion (version ${version})`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "a, b, c and 2 more": at most `max` names. */
export function nameList(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** Parts joined into one line, cut with an ellipsis when too long; none → "no changes". */
export function joinSummary(parts: readonly string[]): string {
  if (!parts.length) return SUMMARY_NO_CHANGES;
  const line = parts.join('; ');
  return line.length <= VERSION_SUMMARY_MAX_CHARS ? line : `${line.slice(0, VERSION_SUMMARY_MAX_CHARS - 1)}…`;
}

export function chartChangeParts(before: ChartVersionState, after: ChartVersionState): string[] {
  const parts: string[] = [];
  if (before.slice_name !== after.slice_name) parts.push('title changed');
  if (before.viz_type !== after.viz_type) parts.push('visualization type changed');
  if (before.datasource_id !== after.datasource_id || before.datasource_type !== after.datasource_type) parts.push('dataset changed');
  const controls = chartControlChanges(before.params, after.params);
  if (controls.length)
    parts.push(
      `controls: ${nameList(
        controls.map((c) => c.label),
        4,
      )} changed`,
    );
  if ((before.description ?? '') !== (after.description ?? '')) parts.push('description changed');
  if (before.cache_timeout !== after.cache_timeout) parts.push('cache timeout changed');
  if (before.certified_by !== after.certified_by || before.certification_details !== after.certification_details)
    parts.push('certification changed');
  return parts;
}

/** json_metadata keys grouped under the words a dashboard owner knows them by. */
const METADATA_GROUPS: [string, readonly string[]][] = [
  ['native filters', ['native_filter_configuration', 'filter_scopes', 'default_filters']],
  ['colors', ['color_scheme', 'label_colors', 'shared_label_colors', 'color_scheme_domain', 'map_label_colors', 'color_namespace']],
  ['cross-filters', ['cross_filters_enabled', 'chart_configuration', 'global_chart_configuration']],
  ['refresh frequency', ['refresh_frequency', 'timed_refresh_immune_slices']],
];

export function layoutChangeText(beforeJson: string | null, afterJson: string | null): string | null {
  const c = layoutChanges(layoutOf(beforeJson), layoutOf(afterJson));
  const bits: string[] = [];
  if (c.moved.length) bits.push(`moved ${plural(c.moved.length, 'chart')}`);
  if (c.resized.length) bits.push(`resized ${plural(c.resized.length, 'chart')}`);
  if (c.added.length) bits.push(`added ${plural(c.added.length, 'chart')}`);
  if (c.removed.length) bits.push(`removed ${plural(c.removed.length, 'chart')}`);
  if (!bits.length && c.otherChanged) bits.push('changed');
  return bits.length ? `layout: ${bits.join(', ')}` : null;
}

export function dashboardChangeParts(before: DashboardVersionState, after: DashboardVersionState): string[] {
  const parts: string[] = [];
  const layout = layoutChangeText(before.position_json, after.position_json);
  if (layout) parts.push(layout);
  if (before.dashboard_title !== after.dashboard_title) parts.push('title changed');
  const ma = jsonObject(before.json_metadata);
  const mb = jsonObject(after.json_metadata);
  const grouped = new Set<string>(['positions']);
  for (const [label, keys] of METADATA_GROUPS) {
    keys.forEach((k) => grouped.add(k));
    if (keys.some((k) => !sameJson(ma[k] ?? null, mb[k] ?? null))) parts.push(`${label} changed`);
  }
  const other = [...new Set([...Object.keys(ma), ...Object.keys(mb)])].filter(
    (k) => !grouped.has(k) && !sameJson(ma[k] ?? null, mb[k] ?? null),
  );
  if (other.length) parts.push('properties changed');
  if ((before.css ?? '') !== (after.css ?? '')) parts.push('CSS changed');
  if (before.slug !== after.slug) parts.push('URL slug changed');
  if (before.published !== after.published) parts.push(after.published ? 'published' : 'hidden');
  if (before.certified_by !== after.certified_by || before.certification_details !== after.certification_details)
    parts.push('certification changed');
  return parts;
}

function listChanges<T extends object>(label: string, nameKey: keyof T, before: readonly T[], after: readonly T[]): string | null {
  const byName = (items: readonly T[]) => new Map(items.map((i) => [String(i[nameKey]), i]));
  const a = byName(before);
  const b = byName(after);
  const added = [...b.keys()].filter((k) => !a.has(k));
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const changed = [...b.keys()].filter((k) => a.has(k) && !sameJson(a.get(k), b.get(k)));
  const bits: string[] = [];
  if (added.length) bits.push(`${nameList(added)} added`);
  if (removed.length) bits.push(`${nameList(removed)} removed`);
  if (changed.length) bits.push(`${nameList(changed)} changed`);
  return bits.length ? `${label}: ${bits.join(', ')}` : null;
}

const DATASET_SETTINGS = [
  'main_dttm_col',
  'filter_select_enabled',
  'fetch_values_predicate',
  'normalize_columns',
  'always_filter_main_dttm',
  'offset',
  'default_endpoint',
  'cache_timeout',
  'template_params',
  'extra',
] as const;

export function datasetChangeParts(before: DatasetVersionState, after: DatasetVersionState): string[] {
  const parts: string[] = [];
  if ((before.sql ?? '') !== (after.sql ?? '')) parts.push('SQL changed');
  if (before.table_name !== after.table_name) parts.push('name changed');
  if (before.database_id !== after.database_id || before.catalog !== after.catalog || before.schema !== after.schema)
    parts.push('source changed');
  const columns = listChanges('columns', 'column_name', before.columns, after.columns);
  if (columns) parts.push(columns);
  const metrics = listChanges('metrics', 'metric_name', before.metrics, after.metrics);
  if (metrics) parts.push(metrics);
  if ((before.description ?? '') !== (after.description ?? '')) parts.push('description changed');
  if (DATASET_SETTINGS.some((k) => !sameJson(before[k] ?? null, after[k] ?? null))) parts.push('settings changed');
  return parts;
}

export function savedQueryChangeParts(before: SavedQueryVersionState, after: SavedQueryVersionState): string[] {
  const parts: string[] = [];
  if (before.sql !== after.sql) parts.push('SQL changed');
  if (before.label !== after.label) parts.push('name changed');
  if (before.description !== after.description) parts.push('description changed');
  if (before.db_id !== after.db_id || before.catalog !== after.catalog || before.schema !== after.schema) parts.push('database changed');
  if ((before.template_parameters ?? '') !== (after.template_parameters ?? '')) parts.push('parameters changed');
  return parts;
}

/** What changed from one saved state to the next, as parts (none: nothing a user would see). */
export function changeParts<T extends VersionedType>(type: T, before: VersionStates[T], after: VersionStates[T]): string[] {
  switch (type) {
    case 'chart':
      return chartChangeParts(before as ChartVersionState, after as ChartVersionState);
    case 'dashboard':
      return dashboardChangeParts(before as DashboardVersionState, after as DashboardVersionState);
    case 'dataset':
      return datasetChangeParts(before as DatasetVersionState, after as DatasetVersionState);
    case 'saved_query':
      return savedQueryChangeParts(before as SavedQueryVersionState, after as SavedQueryVersionState);
    default:
      throw new Error(`not a versioned type: ${String(type)}`);
  }
}

/** The summary of a save: "created" for the first version, else what changed. */
export function summarizeChange<T extends VersionedType>(type: T, before: VersionStates[T] | null, after: VersionStates[T]): string {
  if (!before) return SUMMARY_CREATED;
  return joinSummary(changeParts(type, before, after));
}
