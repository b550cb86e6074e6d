import type { ColumnDraft, ColumnFields, DatasetDraft, MetricFields } from './datasetDraft';
import { t } from '../i18n';

/**
 * What keeps the dataset editor from saving, as messages keyed by the field they belong to:
 * `extra`, `metrics.<key>.metric_name`, `columns.<key>.expression`, ... Each is shown next to its
 * field and blocks Save until fixed.
 */
export type DraftErrors = Record<string, string>;

export type EditorTab = 'source' | 'metrics' | 'columns' | 'calculated' | 'settings';

export const EDITOR_TABS: readonly EditorTab[] = ['source', 'metrics', 'columns', 'calculated', 'settings'];

export const metricErrorKey = (key: string, field: keyof MetricFields): string => `metrics.${key}.${field}`;
export const columnErrorKey = (key: string, field: keyof ColumnFields): string => `columns.${key}.${field}`;

const SOURCE_FIELDS: ReadonlySet<string> = new Set(['table_name', 'sql', 'schema', 'catalog', 'database_id', 'database']);

/** Template parameters and extra are JSON objects, or empty. */
export function jsonObjectProblem(value: string): string | null {
  if (!value.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    return t('datasets:invalid.json', { error: error instanceof Error ? error.message : String(error) });
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? null
    : t('datasets:invalid.jsonObject', { example: '{"key": "value"}' });
}

/** A currency is an ISO 4217 code the browser can format. */
export function currencyProblem(symbol: string): string | null {
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: symbol });
    return null;
  } catch {
    return t('datasets:invalid.currency', { symbol });
  }
}

/** The names used more than once (exact match, as the server compares them). */
function duplicated(names: string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) twice.add(name);
    seen.add(name);
  }
  return twice;
}

function validateMetrics(draft: DatasetDraft, errors: DraftErrors): void {
  const twice = duplicated(draft.metrics.map((m) => m.metric_name.trim()).filter(Boolean));
  for (const metric of draft.metrics) {
    const name = metric.metric_name.trim();
    if (!name) errors[metricErrorKey(metric.key, 'metric_name')] = t('datasets:invalid.metricName');
    else if (twice.has(name)) errors[metricErrorKey(metric.key, 'metric_name')] = t('datasets:invalid.metricDuplicate', { name });
    if (!metric.expression.trim()) errors[metricErrorKey(metric.key, 'expression')] = t('datasets:invalid.expression');
    const currency = metric.currency && currencyProblem(metric.currency.symbol);
    if (currency) errors[metricErrorKey(metric.key, 'currency')] = currency;
  }
}

function validateColumns(draft: DatasetDraft, errors: DraftErrors): void {
  const names = (columns: ColumnDraft[]) => columns.map((c) => c.column_name.trim()).filter(Boolean);
  const twiceAnywhere = duplicated(names(draft.columns));
  // a physical column's name comes from the source: the calculated column that takes it is the one to rename
  const twiceInSource = duplicated(names(draft.columns.filter((c) => !c.calculated)));
  const nameError = (column: ColumnDraft): string | null => {
    const name = column.column_name.trim();
    if (!name) return t('datasets:invalid.columnName');
    const clash = column.calculated ? twiceAnywhere.has(name) : twiceInSource.has(name);
    return clash ? t('datasets:invalid.columnDuplicate', { name }) : null;
  };
  for (const column of draft.columns) {
    const name = nameError(column);
    if (name) errors[columnErrorKey(column.key, 'column_name')] = name;
    if (column.calculated && !column.expression.trim()) errors[columnErrorKey(column.key, 'expression')] = t('datasets:invalid.expression');
  }
}

export function validateDraft(draft: DatasetDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.table_name.trim()) errors.table_name = draft.kind === 'virtual' ? t('datasets:invalid.name') : t('datasets:pickTable');
  if (draft.kind === 'virtual' && !draft.sql.trim()) errors.sql = t('datasets:invalid.sql');
  validateMetrics(draft, errors);
  validateColumns(draft, errors);
  const templateParams = jsonObjectProblem(draft.template_params);
  if (templateParams) errors.template_params = templateParams;
  const extra = jsonObjectProblem(draft.extra);
  if (extra) errors.extra = extra;
  if (!Number.isInteger(draft.offset) || draft.offset < -24 || draft.offset > 24) errors.offset = t('datasets:invalid.offset');
  if (draft.cache_timeout !== null && (!Number.isInteger(draft.cache_timeout) || draft.cache_timeout < -1)) {
    errors.cache_timeout = t('datasets:invalid.cacheTimeout');
  }
  return errors;
}

/** The tab that shows the field an error belongs to. */
export function tabOfErrorKey(errorKey: string, draft: DatasetDraft): EditorTab {
  const [head, itemKey] = errorKey.split('.');
  if (head === 'metrics') return 'metrics';
  if (head === 'columns') return draft.columns.find((c) => c.key === itemKey)?.calculated ? 'calculated' : 'columns';
  return SOURCE_FIELDS.has(head) ? 'source' : 'settings';
}

/** How many problems each tab holds (shown as a badge on the tab). */
export function errorCountByTab(errors: DraftErrors, draft: DatasetDraft): Record<EditorTab, number> {
  const counts: Record<EditorTab, number> = { source: 0, metrics: 0, columns: 0, calculated: 0, settings: 0 };
  for (const key of Object.keys(errors)) counts[tabOfErrorKey(key, draft)] += 1;
  return counts;
}

/** The first tab, in tab order, that has a problem. */
export function firstTabWithErrors(errors: DraftErrors, draft: DatasetDraft): EditorTab | null {
  const counts = errorCountByTab(errors, draft);
  return EDITOR_TABS.find((tab) => counts[tab] > 0) ?? null;
}

/**
 * The problems shown now: the server's answer to the last save, and the editor's own findings on
 * fields the user has edited, or on every field once Save was pressed (a row just added does not
 * open in red).
 */
export function shownErrors(found: DraftErrors, fromServer: DraftErrors, touched: ReadonlySet<string>, saveTried: boolean): DraftErrors {
  const shown: DraftErrors = { ...fromServer };
  for (const [key, message] of Object.entries(found)) if (saveTried || touched.has(key)) shown[key] = message;
  return shown;
}
