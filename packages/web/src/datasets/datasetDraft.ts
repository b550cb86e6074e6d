import type { DatasetColumnDetail, DatasetDetail, DatasetMetricDetail } from '@rama/shared';

/**
 * The dataset editor's draft: what the user is editing, before it is saved with
 * `PUT /api/v1/dataset/{id}`. Empty text stands for null; every item has a client key, because
 * new metrics and columns have no id until they are saved.
 */

export interface MetricCurrencyDraft {
  symbol: string;
  symbolPosition: 'prefix' | 'suffix';
}

export interface MetricDraft {
  key: string;
  id: number | null;
  metric_name: string;
  verbose_name: string;
  expression: string;
  metric_type: string | null;
  d3format: string;
  currency: MetricCurrencyDraft | null;
  warning_text: string;
  description: string;
  extra: string | null;
}

export interface ColumnDraft {
  key: string;
  id: number | null;
  /** Defined by a SQL expression over the dataset, rather than read from the source. */
  calculated: boolean;
  column_name: string;
  verbose_name: string;
  expression: string;
  type: string;
  advanced_data_type: string | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  is_active: boolean;
  python_date_format: string;
  description: string;
  extra: string | null;
}

export interface DatasetDraft {
  kind: 'physical' | 'virtual';
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table_name: string;
  sql: string;
  description: string;
  default_endpoint: string;
  cache_timeout: number | null;
  offset: number;
  template_params: string;
  extra: string;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  filter_select_enabled: boolean;
  fetch_values_predicate: string;
  main_dttm_col: string | null;
  columns: ColumnDraft[];
  metrics: MetricDraft[];
}

/** The dataset-level fields the Source and Settings tabs edit. */
export type DatasetFields = Omit<DatasetDraft, 'columns' | 'metrics' | 'kind'>;
export type MetricFields = Omit<MetricDraft, 'key' | 'id'>;
export type ColumnFields = Omit<ColumnDraft, 'key' | 'id' | 'calculated'>;

const text = (value: string | null | undefined): string => value ?? '';

/** A metric's currency arrives as an object or as its JSON text; anything else is no currency. */
export function parseCurrency(value: unknown): MetricCurrencyDraft | null {
  let parsed = value;
  if (typeof value === 'string') {
    if (!value.trim()) return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { symbol, symbolPosition } = parsed as { symbol?: unknown; symbolPosition?: unknown };
  if (typeof symbol !== 'string' || !symbol) return null;
  return { symbol, symbolPosition: symbolPosition === 'suffix' ? 'suffix' : 'prefix' };
}

export function metricDraftOf(metric: DatasetMetricDetail): MetricDraft {
  return {
    key: `m${metric.id}`,
    id: metric.id,
    metric_name: metric.metric_name,
    verbose_name: text(metric.verbose_name),
    expression: metric.expression,
    metric_type: metric.metric_type,
    d3format: text(metric.d3format),
    currency: parseCurrency(metric.currency),
    warning_text: text(metric.warning_text),
    description: text(metric.description),
    extra: metric.extra,
  };
}

export function columnDraftOf(column: DatasetColumnDetail): ColumnDraft {
  return {
    key: `c${column.id}`,
    id: column.id,
    calculated: Boolean(column.expression?.trim()),
    column_name: column.column_name,
    verbose_name: text(column.verbose_name),
    expression: text(column.expression),
    type: text(column.type),
    advanced_data_type: column.advanced_data_type,
    is_dttm: column.is_dttm,
    groupby: column.groupby,
    filterable: column.filterable,
    is_active: column.is_active,
    python_date_format: text(column.python_date_format),
    description: text(column.description),
    extra: column.extra,
  };
}

export function draftOf(detail: DatasetDetail): DatasetDraft {
  return {
    kind: detail.kind,
    database_id: detail.database.id,
    catalog: detail.catalog,
    schema: detail.schema,
    table_name: detail.table_name,
    sql: text(detail.sql),
    description: text(detail.description),
    default_endpoint: text(detail.default_endpoint),
    cache_timeout: detail.cache_timeout,
    offset: detail.offset,
    template_params: text(detail.template_params),
    extra: text(detail.extra),
    normalize_columns: detail.normalize_columns,
    always_filter_main_dttm: detail.always_filter_main_dttm,
    filter_select_enabled: detail.filter_select_enabled,
    fetch_values_predicate: text(detail.fetch_values_predicate),
    main_dttm_col: detail.main_dttm_col,
    columns: detail.columns.map(columnDraftOf),
    metrics: detail.metrics.map(metricDraftOf),
  };
}

export function newMetric(key: string): MetricDraft {
  return {
    key,
    id: null,
    metric_name: '',
    verbose_name: '',
    expression: '',
    metric_type: null,
    d3format: '',
    currency: null,
    warning_text: '',
    description: '',
    extra: null,
  };
}

export function newCalculatedColumn(key: string): ColumnDraft {
  return {
    key,
    id: null,
    calculated: true,
    column_name: '',
    verbose_name: '',
    expression: '',
    type: '',
    advanced_data_type: null,
    is_dttm: false,
    groupby: true,
    filterable: true,
    is_active: true,
    python_date_format: '',
    description: '',
    extra: null,
  };
}
