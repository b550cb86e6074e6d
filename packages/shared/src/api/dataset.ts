import Type from 'typebox';
import type { UserRef } from './common.js';
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
  extra: string | null;
  created_on: string;
  changed_on: string;
}

export interface DatasetMetricDetail extends DatasetMetricRecord {
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
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
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  default_endpoint: string | null;
  extra: string | null;
  created_on: string;
  created_on_humanized: string;
  changed_on_humanized: string;
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
}
