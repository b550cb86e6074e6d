/**
 * The steps every legacy chart migration shares, in the BI server's order (its `migrate_viz`
 * base): a per-type preparation, the new `viz_type`, renamed and removed keys, then the legacy
 * time column and time range turned into a temporal filter (and, for types with an x axis, the x
 * axis). The old form data is kept whole under `form_data_bak`, as the BI server keeps it, so a
 * user can see what changed and the migration can be undone.
 */
import type { AdhocColumn } from '../../api/chartData.js';
import type { AdhocFilter } from '../../charts/formData.js';
import { NO_TIME_RANGE } from '../../time/timeRange.js';
import type { QueryFormData } from '../types.js';

/** The key the old form data is kept under (the BI server's `FORM_DATA_BAK_FIELD_NAME`). */
export const FORM_DATA_BAK_KEY = 'form_data_bak';

/** The time grain a migrated x axis gets when the legacy chart had none (the BI server's default). */
export const MIGRATED_TIME_GRAIN = 'P1D';

export interface LegacyMigrationResult {
  /** the migrated form data, with the old one under `form_data_bak` */
  formData: QueryFormData;
  /** the legacy `viz_type` */
  from: string;
  /** the current `viz_type` */
  to: string;
  /** what changed, in words a user can read */
  notes: string[];
}

export interface LegacyMigrationOptions {
  /** the time range a temporal filter gets when the legacy chart had none (the server's DEFAULT_TIME_FILTER) */
  defaultTimeRange?: string;
}

export type FormDataRecord = Record<string, unknown>;

/** The working state of one migration: a rule's preparation may change any part of it. */
export interface MigrationDraft {
  data: FormDataRecord;
  target: string;
  rename: Record<string, string>;
  remove: Set<string>;
  notes: string[];
}

export interface MigrationRule {
  source: string;
  target: string;
  /** the legacy time column becomes the x axis (time series types) */
  hasXAxis?: boolean;
  rename?: Record<string, string>;
  remove?: readonly string[];
  /** runs on the old form data before the renames (the BI server's `_pre_action`) */
  prepare?: (draft: MigrationDraft) => void;
  /** runs on the migrated form data (the BI server's `_post_action`) */
  finish?: (data: FormDataRecord, draft: MigrationDraft) => void;
}

export const isRecord = (v: unknown): v is FormDataRecord => typeof v === 'object' && v !== null && !Array.isArray(v);

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

/** A deep copy of JSON-like form data (anything else, such as functions, is dropped). */
export function copyJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

const isAdhocColumn = (v: unknown): v is AdhocColumn => isRecord(v) && typeof v.sqlExpression === 'string';

/** A legacy time column: a column name or an adhoc column. */
export const isTimeColumn = (v: unknown): v is string | AdhocColumn => (typeof v === 'string' && v.trim() !== '') || isAdhocColumn(v);

/** The TEMPORAL_RANGE filter on `column` that stands for a legacy chart's time column and range. */
export function temporalRangeFilter(column: string | AdhocColumn, timeRange: string): AdhocFilter {
  const subject =
    typeof column === 'string' ? column : { sqlExpression: column.sqlExpression, label: column.label ?? column.sqlExpression };
  return { clause: 'WHERE', subject, operator: 'TEMPORAL_RANGE', comparator: timeRange, expressionType: 'SIMPLE' };
}

const sameSubject = (a: AdhocFilter['subject'], b: AdhocFilter['subject']): boolean =>
  typeof a === 'string' || typeof b === 'string' ? a === b : a?.sqlExpression === b?.sqlExpression;

/**
 * The legacy `granularity_sqla` and `time_range` leave the form data; when there was a time column
 * it becomes a TEMPORAL_RANGE filter (unless one on that column is there already) and, for types
 * with an x axis, the x axis with a grain. Without a time column the range filtered nothing and goes.
 */
export function migrateTemporalFilter(data: FormDataRecord, hasXAxis: boolean, options: LegacyMigrationOptions, notes: string[]): void {
  const column = data.granularity_sqla;
  const range =
    typeof data.time_range === 'string' && data.time_range !== '' ? data.time_range : (options.defaultTimeRange ?? NO_TIME_RANGE);
  delete data.granularity_sqla;
  delete data.time_range;
  if (!isTimeColumn(column)) return;
  if (hasXAxis) {
    data.x_axis = column;
    if (typeof data.time_grain_sqla !== 'string' || data.time_grain_sqla === '') data.time_grain_sqla = MIGRATED_TIME_GRAIN;
  }
  const filter = temporalRangeFilter(column, range);
  const adhoc = asList(data.adhoc_filters).filter(isRecord) as unknown as AdhocFilter[];
  if (!adhoc.some((f) => f.operator === 'TEMPORAL_RANGE' && sameSubject(f.subject, filter.subject))) adhoc.push(filter);
  data.adhoc_filters = adhoc;
  const label = typeof column === 'string' ? column : (column.label ?? column.sqlExpression);
  notes.push(`The time column "${label}" and time range "${range}" became a time range filter${hasXAxis ? ' and the x axis' : ''}.`);
}

/** Runs one rule on a legacy chart's form data (a copy; the input is left as it is). */
export function runMigrationRule(rule: MigrationRule, formData: FormDataRecord, options: LegacyMigrationOptions): LegacyMigrationResult {
  const backup = copyJson(formData);
  delete backup[FORM_DATA_BAK_KEY];
  const data = copyJson(backup);
  const draft: MigrationDraft = {
    data,
    target: rule.target,
    rename: { ...rule.rename },
    remove: new Set(rule.remove ?? []),
    notes: [],
  };
  rule.prepare?.(draft);
  draft.data.viz_type = draft.target;
  // a key the rename is about to fill gives way to the renamed one
  for (const [from, to] of Object.entries(draft.rename)) if (from in draft.data && to in draft.data) delete draft.data[to];
  const out: FormDataRecord = {};
  const renamed: string[] = [];
  const removed: string[] = [];
  for (const [key, value] of Object.entries(draft.data)) {
    if (key === '__proto__') continue;
    const to = Object.hasOwn(draft.rename, key) ? draft.rename[key] : undefined;
    if (to !== undefined) {
      out[to] = value;
      renamed.push(`${key} → ${to}`);
    } else if (draft.remove.has(key)) {
      removed.push(key);
    } else {
      out[key] = value;
    }
  }
  if (renamed.length) draft.notes.push(`Renamed: ${renamed.join(', ')}.`);
  if (removed.length) draft.notes.push(`Left out (no longer used): ${removed.join(', ')}.`);
  migrateTemporalFilter(out, rule.hasXAxis === true, options, draft.notes);
  rule.finish?.(out, draft);
  out.viz_type = draft.target;
  out[FORM_DATA_BAK_KEY] = backup;
  return {
    formData: out as QueryFormData,
    from: rule.source,
    to: draft.target,
    notes: [`"${rule.source}" became "${draft.target}".`, ...draft.notes],
  };
}
