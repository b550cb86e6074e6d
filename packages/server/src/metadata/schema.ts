import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so one schema serves SQLite and PostgreSQL. */
export type Flag = number;

export interface UserTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  active: Flag;
  created_on: string;
  changed_on: string;
  last_login: string | null;
  login_count: number;
  fail_login_count: number;
  /** bumped by a password change, deactivation or role change; tokens carry it and must match */
  token_version: Generated<number>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionViewTable {
  id: Generated<number>;
  permission: string;
  view_menu: string;
}

export interface PermissionViewRoleTable {
  role_id: number;
  permission_view_id: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface SessionTable {
  /** sha-256 of the cookie value; the cookie itself is never stored */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface DatabaseTable {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  /** the URI without its password */
  sqlalchemy_uri: string;
  /** AES-256-GCM encrypted password, or null */
  password_encrypted: string | null;
  expose_in_sqllab: Flag;
  allow_run_async: Flag;
  allow_dml: Flag;
  allow_ctas: Flag;
  allow_cvas: Flag;
  allow_file_upload: Flag;
  impersonate_user: Flag;
  is_examples: Flag;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  extra: string;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface QueryTable {
  id: Generated<number>;
  /** the client's 11-character id (`client_id`) */
  client_id: string;
  database_id: number;
  user_id: number | null;
  status: string;
  tab_name: string | null;
  sql_editor_id: string | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  executed_sql: string | null;
  /** JSON of the prepared run (statements, result index, limits) a worker executes; never sent to clients */
  prepared: string | null;
  template_params: string | null;
  limit: number | null;
  limiting_factor: string;
  select_as_cta: Flag;
  ctas_method: string;
  tmp_table_name: string | null;
  tmp_schema_name: string | null;
  run_async: Flag;
  progress: number;
  rows: number | null;
  error_message: string | null;
  error_type: string | null;
  results_key: string | null;
  /** epoch milliseconds (with fractions) */
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  extra_json: string;
  /** the worker process running it, and until when its lease holds (epoch ms) */
  worker_id: string | null;
  lease_until: number | null;
  changed_on: string;
  /** JSON list of the tables the SQL reads (`[{catalog, schema, table}]`), computed when the query is written */
  sql_tables: string | null;
}

export interface SavedQueryTable {
  id: Generated<number>;
  uuid: string;
  user_id: number | null;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  rows: number | null;
  last_run: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: Flag;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  /** client_id of the latest query */
  latest_query_id: string | null;
  autorun: Flag;
  template_params: string | null;
  hide_left_bar: Flag;
  saved_query_id: number | null;
  extra_json: string;
  created_on: string;
  changed_on: string;
}

export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** JSON of the client's table state (columns, keys, selectStar…) */
  description: string | null;
  expanded: Flag;
  created_on: string;
  changed_on: string;
}

export interface KeyValueTable {
  id: Generated<number>;
  /** e.g. `sqllab_permalink`, `explore_permalink`, `dashboard_permalink` */
  resource: string;
  key: string;
  value: string;
  created_on: string;
  created_by_fk: number | null;
  expires_on: string | null;
}

export interface LogTable {
  id: Generated<number>;
  action: string;
  user_id: number | null;
  json: string;
  dttm: string;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

export interface DatasetTable {
  id: Generated<number>;
  uuid: string;
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  /** virtual datasets: the SQL; physical: null */
  sql: string | null;
  is_sqllab_view: Flag;
  template_params: string | null;
  description: string | null;
  main_dttm_col: string | null;
  default_endpoint: string | null;
  offset: number;
  cache_timeout: number | null;
  filter_select_enabled: Flag;
  normalize_columns: Flag;
  always_filter_main_dttm: Flag;
  /** a SQL predicate added when the filter-values query of this dataset runs */
  fetch_values_predicate: string | null;
  is_managed_externally: Flag;
  external_url: string | null;
  extra: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DatasetOwnerTable {
  dataset_id: number;
  user_id: number;
}

export interface TableColumnTable {
  id: Generated<number>;
  table_id: number;
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: Flag;
  is_active: Flag;
  groupby: Flag;
  filterable: Flag;
  expression: string | null;
  description: string | null;
  python_date_format: string | null;
  advanced_data_type: string | null;
  extra: string | null;
  /** stable identity across export and import (null only for rows older than migration 0004) */
  uuid: string | null;
  created_on: string;
  changed_on: string;
}

export interface SqlMetricTable {
  id: Generated<number>;
  table_id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  /** JSON text `{"symbol":"USD","symbolPosition":"prefix"}` */
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
  uuid: string | null;
  created_on: string;
  changed_on: string;
}

export interface SliceTable {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  datasource_id: number;
  datasource_type: string;
  viz_type: string;
  /** the chart's form data, JSON text */
  params: string;
  /** the query context the chart's client built at save time, JSON text */
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Flag;
  external_url: string | null;
  last_saved_at: string | null;
  last_saved_by_fk: number | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface SliceOwnerTable {
  slice_id: number;
  user_id: number;
}

export interface DashboardTable {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: Flag;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Flag;
  external_url: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DashboardOwnerTable {
  dashboard_id: number;
  user_id: number;
}

export interface DashboardRoleTable {
  dashboard_id: number;
  role_id: number;
}

export interface DashboardSliceTable {
  dashboard_id: number;
  slice_id: number;
}

/** A user's favorite: `class_name` is 'slice' for charts and 'Dashboard' for dashboards. */
export interface FavStarTable {
  id: Generated<number>;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: string;
}

export interface ReportScheduleTable {
  id: Generated<number>;
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: number;
  crontab: string;
  timezone: string;
  creation_method: string;
  report_format: string;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  validator_type: string | null;
  validator_config_json: string | null;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  force_screenshot: number;
  custom_width: number | null;
  extra: string | null;
  /** the saved query a scheduled query's report runs (migration 0008), else null */
  saved_query_id: Generated<number | null>;
  last_eval_dttm: string | null;
  last_state: string | null;
  last_value: number | null;
  last_value_row_json: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface ReportScheduleOwnerTable {
  report_schedule_id: number;
  user_id: number;
}

export interface ReportRecipientTable {
  id: Generated<number>;
  report_schedule_id: number;
  type: string;
  recipient_config_json: string;
}

/** One run of a report: unique per (report, scheduled slot). */
export interface ReportExecutionLogTable {
  id: Generated<number>;
  uuid: string;
  report_schedule_id: number;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  value_row_json: string | null;
  state: string;
  error_message: string | null;
  worker: string | null;
}

/** A row level security rule (`Regular`: for the listed roles; `Base`: for everyone but them). */
export interface RlsFilterTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  filter_type: string;
  group_key: string | null;
  clause: string;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface RlsFilterRoleTable {
  rls_filter_id: number;
  role_id: number;
}

export interface RlsFilterTableTable {
  rls_filter_id: number;
  table_id: number;
}

/** A dashboard's embedding: `allowed_domains` is a JSON array of origins (empty: any). */
export interface EmbeddedDashboardTable {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string;
  changed_on: string;
  changed_by_fk: number | null;
}

export interface MetadataSchema {
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  ab_user_role: UserRoleTable;
  sessions: SessionTable;
  dbs: DatabaseTable;
  query: QueryTable;
  saved_query: SavedQueryTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  key_value: KeyValueTable;
  logs: LogTable;
  tables: DatasetTable;
  dataset_owners: DatasetOwnerTable;
  table_columns: TableColumnTable;
  sql_metrics: SqlMetricTable;
  slices: SliceTable;
  slice_owners: SliceOwnerTable;
  dashboards: DashboardTable;
  dashboard_owners: DashboardOwnerTable;
  dashboard_roles: DashboardRoleTable;
  dashboard_slices: DashboardSliceTable;
  favstar: FavStarTable;
  report_schedule: ReportScheduleTable;
  report_schedule_owners: ReportScheduleOwnerTable;
  report_recipient: ReportRecipientTable;
  report_execution_log: ReportExecutionLogTable;
  row_level_security_filters: RlsFilterTable;
  rls_filter_roles: RlsFilterRoleTable;
  rls_filter_tables: RlsFilterTableTable;
  embedded_dashboards: EmbeddedDashboardTable;
}

/** The selected shape of a table row (Generated<T> unwrapped). */
export type Row<T> = { [K in keyof T]: T[K] extends Generated<infer S> ? S : T[K] };
