import type { DatasetColumnPut, DatasetMetricPut, DatasetUpdate } from '@rama/shared';
import type { ColumnDraft, ColumnFields, DatasetDraft, MetricDraft, MetricFields } from './datasetDraft';
import { columnErrorKey, metricErrorKey, type DraftErrors } from './datasetValidation';

/** Empty text is stored as null. */
const orNull = (value: string): string | null => (value.trim() ? value.trim() : null);

function metricPut(metric: MetricDraft): DatasetMetricPut {
  return {
    ...(metric.id !== null && { id: metric.id }),
    metric_name: metric.metric_name.trim(),
    expression: metric.expression.trim(),
    verbose_name: orNull(metric.verbose_name),
    metric_type: metric.metric_type,
    description: orNull(metric.description),
    d3format: orNull(metric.d3format),
    currency: metric.currency,
    warning_text: orNull(metric.warning_text),
    extra: metric.extra,
  };
}

function columnPut(column: ColumnDraft): DatasetColumnPut {
  return {
    ...(column.id !== null && { id: column.id }),
    column_name: column.column_name.trim(),
    verbose_name: orNull(column.verbose_name),
    description: orNull(column.description),
    expression: column.calculated ? column.expression.trim() : null,
    type: orNull(column.type),
    advanced_data_type: column.advanced_data_type,
    groupby: column.groupby,
    filterable: column.filterable,
    is_active: column.is_active,
    is_dttm: column.is_dttm,
    python_date_format: orNull(column.python_date_format),
    extra: column.extra,
  };
}

/** The source is where the rows come from: the table (physical) or the SQL (virtual), and its database and schema. */
export function sourceChanged(draft: DatasetDraft, original: DatasetDraft): boolean {
  return (
    draft.database_id !== original.database_id ||
    draft.catalog !== original.catalog ||
    draft.schema !== original.schema ||
    draft.table_name.trim() !== original.table_name ||
    (draft.kind === 'virtual' && draft.sql.trim() !== original.sql.trim())
  );
}

/**
 * The body of `PUT /api/v1/dataset/{id}`: only fields the editor lets the user change. Columns
 * and metrics are the complete lists (stored items by id, new ones without); the source fields
 * are sent only when they changed, so an unchanged source is never re-checked.
 */
export function toDatasetUpdate(draft: DatasetDraft, original: DatasetDraft): DatasetUpdate {
  const body: DatasetUpdate = {
    description: orNull(draft.description),
    default_endpoint: orNull(draft.default_endpoint),
    cache_timeout: draft.cache_timeout,
    offset: draft.offset,
    template_params: orNull(draft.template_params),
    extra: orNull(draft.extra),
    normalize_columns: draft.normalize_columns,
    always_filter_main_dttm: draft.always_filter_main_dttm,
    filter_select_enabled: draft.filter_select_enabled,
    fetch_values_predicate: orNull(draft.fetch_values_predicate),
    main_dttm_col: draft.main_dttm_col,
    columns: draft.columns.map(columnPut),
    metrics: draft.metrics.map(metricPut),
  };
  if (draft.database_id !== original.database_id) body.database_id = draft.database_id;
  if (draft.catalog !== original.catalog) body.catalog = draft.catalog;
  if (draft.schema !== original.schema) body.schema = draft.schema;
  if (draft.table_name.trim() !== original.table_name) body.table_name = draft.table_name.trim();
  if (draft.kind === 'virtual' && draft.sql.trim() !== original.sql.trim()) body.sql = draft.sql;
  return body;
}

/** Server validation messages: those about a field the editor shows go next to it, the rest above the tabs. */
export interface PlacedServerErrors {
  byField: DraftErrors;
  general: string[];
}

const DATASET_FIELDS: ReadonlySet<string> = new Set([
  'table_name',
  'sql',
  'schema',
  'description',
  'default_endpoint',
  'cache_timeout',
  'offset',
  'template_params',
  'extra',
  'fetch_values_predicate',
  'metrics',
  'columns',
]);

const METRIC_FIELDS: ReadonlySet<string> = new Set<keyof MetricFields>([
  'metric_name',
  'verbose_name',
  'expression',
  'd3format',
  'currency',
  'warning_text',
  'description',
]);

const COLUMN_FIELDS: ReadonlySet<string> = new Set<keyof ColumnFields>([
  'column_name',
  'verbose_name',
  'expression',
  'type',
  'python_date_format',
  'description',
]);

/**
 * Place the 400/422 `{"message": {field: [...]}}` of a save. Messages about an item of the lists
 * arrive as `metrics.<index>.<field>`; the index is its place in the body, which is the draft's order.
 */
export function placeServerErrors(fieldErrors: Record<string, string[]>, draft: DatasetDraft): PlacedServerErrors {
  const byField: DraftErrors = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const joined = messages.join(' ');
    const [head, index, field] = path.split('.');
    if (path === 'database_id' || path === 'database') byField.schema = joined;
    else if (DATASET_FIELDS.has(path)) byField[path] = joined;
    else if (head === 'metrics' && draft.metrics[Number(index)] && METRIC_FIELDS.has(field)) {
      byField[metricErrorKey(draft.metrics[Number(index)].key, field as keyof MetricFields)] = joined;
    } else if (head === 'columns' && draft.columns[Number(index)] && COLUMN_FIELDS.has(field)) {
      byField[columnErrorKey(draft.columns[Number(index)].key, field as keyof ColumnFields)] = joined;
    } else general.push(path === '_schema' ? joined : `${path}: ${joined}`);
  }
  return { byField, general };
}
