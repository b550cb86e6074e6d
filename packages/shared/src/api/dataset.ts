import Type from 'typebox';
import type { UserRef } from './common.js';
import type { EngineInformation } from './database.js';
import type { TagRef } from './chart.js';
import type { DatasetColumnRecord, DatasetMetricRecord, DatasetRecord } from './sqllab.js';

const NullableString = (opts: { maxLength?: number } = {}) => Type.Union([Type.String(opts), Type.Null()]);

/** POST /api/v1/dataset/get_or_create/ */
export const GetOrCreateDatasetPayload = Type.Object({
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
  database_id: Type.Integer({ minimum: 1 }),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 255 })),
  template_params: Type.Optional(NullableString({ maxLength: 100_000 })),
  always_filter_main_dttm: Type.Optional(Type.Boolean()),
  normalize_columns: Type.Optional(Type.Boolean()),
});
export type GetOrCreateDatasetPayload = Type.Static<typeof GetOrCreateDatasetPayload>;

/** `result` of the 201 reply to POST /api/v1/dataset/: the stored fields, the database as its id. */
export interface DatasetCreateResult {
  uuid: string;
  database: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  table_name: string;
  owners: number[];
  template_params: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
}

export interface DatasetColumnDetail extends DatasetColumnRecord {
  is_active: boolean;
  python_date_format: string | null;
  advanced_data_type: string | null;
  uuid: string | null;
  extra: string | null;
  created_on: string;
  changed_on: string;
}

export interface DatasetMetricDetail extends DatasetMetricRecord {
  /** JSON text of the currency (`{"symbol":"USD","symbolPosition":"prefix"}`), or null */
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
  uuid: string | null;
  created_on: string;
  changed_on: string;
}

/** GET /api/v1/dataset/{id}: everything the dataset editor reads. */
export interface DatasetDetail extends Omit<DatasetRecord, 'columns' | 'metrics'> {
  columns: DatasetColumnDetail[];
  metrics: DatasetMetricDetail[];
  datasource_type: 'table';
  /** `{id}__table`, the datasource key Explore uses */
  uid: string;
  datasource_name: string;
  url: string;
  explore_url: string;
  is_sqllab_view: boolean;
  offset: number;
  cache_timeout: number | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  default_endpoint: string | null;
  extra: string | null;
  created_on: string;
  created_on_humanized: string;
  changed_on_humanized: string;
  /** custom tags */
  tags: TagRef[];
}

/** One row of GET /api/v1/dataset/ */
export interface DatasetListItem {
  id: number;
  uuid: string;
  table_name: string;
  kind: 'virtual' | 'physical';
  datasource_type: 'table';
  database: { id: number; database_name: string };
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  description: string | null;
  default_endpoint: string | null;
  extra: string | null;
  explore_url: string;
  owners: UserRef[];
  changed_on: string;
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
  changed_by_name: string;
  created_by: UserRef | null;
  /** custom tags */
  tags: TagRef[];
}

/** One column in PUT /api/v1/dataset/{id}: with `id` it updates that column, without it adds one. */
export const DatasetColumnPut = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  column_name: Type.String({ minLength: 1, maxLength: 255 }),
  verbose_name: Type.Optional(NullableString({ maxLength: 1024 })),
  description: Type.Optional(NullableString({ maxLength: 100_000 })),
  /** a calculated column: a SQL expression over the dataset's columns */
  expression: Type.Optional(NullableString({ maxLength: 100_000 })),
  type: Type.Optional(NullableString({ maxLength: 255 })),
  advanced_data_type: Type.Optional(NullableString({ maxLength: 255 })),
  groupby: Type.Optional(Type.Boolean()),
  filterable: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  is_dttm: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  python_date_format: Type.Optional(NullableString({ maxLength: 255 })),
  extra: Type.Optional(NullableString({ maxLength: 100_000 })),
  uuid: Type.Optional(NullableString({ maxLength: 64 })),
});
export type DatasetColumnPut = Type.Static<typeof DatasetColumnPut>;

/** A metric's currency as the BI server stores it (`{"symbol":"USD","symbolPosition":"prefix"}`). */
export const MetricCurrency = Type.Object({
  symbol: Type.String({ maxLength: 16 }),
  symbolPosition: Type.Union([Type.Literal('prefix'), Type.Literal('suffix')]),
});

/** One metric in PUT /api/v1/dataset/{id}: with `id` it updates that metric, without it adds one. */
export const DatasetMetricPut = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  metric_name: Type.String({ minLength: 1, maxLength: 255 }),
  expression: Type.String({ minLength: 1, maxLength: 100_000 }),
  verbose_name: Type.Optional(NullableString({ maxLength: 1024 })),
  metric_type: Type.Optional(NullableString({ maxLength: 32 })),
  description: Type.Optional(NullableString({ maxLength: 100_000 })),
  d3format: Type.Optional(NullableString({ maxLength: 128 })),
  /** an object, its JSON text, or null */
  currency: Type.Optional(Type.Union([MetricCurrency, Type.String({ maxLength: 256 }), Type.Null()])),
  warning_text: Type.Optional(NullableString({ maxLength: 100_000 })),
  extra: Type.Optional(NullableString({ maxLength: 100_000 })),
  uuid: Type.Optional(NullableString({ maxLength: 64 })),
});
export type DatasetMetricPut = Type.Static<typeof DatasetMetricPut>;

/**
 * PUT /api/v1/dataset/{id} (the BI server's DatasetPutSchema). Every field is optional; `columns`
 * and `metrics`, when present, are the complete new lists (items without an `id` are added, stored
 * ones missing from the list are deleted). `?override_columns=true` (or the body field) replaces
 * the columns with those read from the source before applying the body's edits.
 */
export const DatasetUpdate = Type.Object({
  table_name: Type.Optional(Type.String({ minLength: 1, maxLength: 250 })),
  database_id: Type.Optional(Type.Integer({ minimum: 1 })),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 255 })),
  sql: Type.Optional(NullableString({ maxLength: 1_000_000 })),
  description: Type.Optional(NullableString({ maxLength: 100_000 })),
  main_dttm_col: Type.Optional(NullableString({ maxLength: 255 })),
  filter_select_enabled: Type.Optional(Type.Boolean()),
  fetch_values_predicate: Type.Optional(NullableString({ maxLength: 100_000 })),
  normalize_columns: Type.Optional(Type.Boolean()),
  always_filter_main_dttm: Type.Optional(Type.Boolean()),
  /** hours added to temporal values of this dataset (the BI server's `offset`) */
  offset: Type.Optional(Type.Integer({ minimum: -24, maximum: 24 })),
  default_endpoint: Type.Optional(NullableString({ maxLength: 2048 })),
  cache_timeout: Type.Optional(Type.Union([Type.Integer({ minimum: -1 }), Type.Null()])),
  is_sqllab_view: Type.Optional(Type.Boolean()),
  template_params: Type.Optional(NullableString({ maxLength: 100_000 })),
  owners: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000 })),
  columns: Type.Optional(Type.Array(DatasetColumnPut, { maxItems: 10_000 })),
  metrics: Type.Optional(Type.Array(DatasetMetricPut, { maxItems: 10_000 })),
  extra: Type.Optional(NullableString({ maxLength: 100_000 })),
  is_managed_externally: Type.Optional(Type.Boolean()),
  external_url: Type.Optional(NullableString({ maxLength: 2048 })),
  override_columns: Type.Optional(Type.Boolean()),
});
export type DatasetUpdate = Type.Static<typeof DatasetUpdate>;

/** POST /api/v1/dataset/duplicate: a copy of a virtual dataset under a new name. */
export const DatasetDuplicate = Type.Object({
  base_model_id: Type.Integer({ minimum: 1 }),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
});
export type DatasetDuplicate = Type.Static<typeof DatasetDuplicate>;

/** GET /api/v1/dataset/{id}/related_objects */
export interface DatasetRelatedObjects {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  dashboards: { count: number; result: { id: number; json_metadata: string | null; slug: string | null; title: string }[] };
}

/** GET /api/v1/dataset/distinct/{column}: the values a list filter offers. */
export interface DistinctValues {
  count: number;
  result: { text: string; value: string }[];
}

/** The metric's currency as Explore reads it. */
export type MetricCurrency = Type.Static<typeof MetricCurrency>;

export interface ExploreDatasourceColumn {
  id: number;
  uuid: string | null;
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  python_date_format: string | null;
  advanced_data_type: string | null;
  extra: string | null;
}

export interface ExploreDatasourceMetric {
  id: number;
  uuid: string | null;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: MetricCurrency | null;
  warning_text: string | null;
  extra: string | null;
}

/**
 * The datasource as Explore reads it (GET /rama/fetch_datasource_metadata, and the `dataset` of
 * the Explore API): the BI server's `datasource.data`.
 */
export interface ExploreDatasource {
  id: number;
  /** `{id}__table` */
  uid: string;
  type: 'table';
  name: string;
  datasource_name: string;
  table_name: string;
  description: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  /** `engine_information.editor_dialect`: how the SQL fields highlight this database's SQL (Rama) */
  database: {
    id: number;
    name: string;
    database_name: string;
    backend: string;
    engine_information?: Pick<EngineInformation, 'editor_dialect'>;
  };
  columns: ExploreDatasourceColumn[];
  metrics: ExploreDatasourceMetric[];
  main_dttm_col: string | null;
  /** temporal columns as `[name, name]` pairs */
  granularity_sqla: [string, string][];
  /** `[grain key, label]` pairs of the database's engine */
  time_grain_sqla: [string, string][];
  /** `['["col", true]', 'col [asc]']` pairs, columns sorted by name */
  order_by_choices: [string, string][];
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  currency_formats: Record<string, MetricCurrency>;
  owners: { id: number; first_name: string; last_name: string; username: string }[];
  cache_timeout: number | null;
  offset: number;
  template_params: string | null;
  default_endpoint: string | null;
  filter_select: boolean;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  edit_url: string;
  health_check_message: string | null;
  is_sqllab_view: boolean;
  extra: string | null;
  params: string | null;
  perm: string;
  select_star: string;
}
