import Type from 'typebox';
import type { UserRef } from './common.js';
import type { TagRef } from './chart.js';
import type { DatabaseListItem, EngineInformation } from './database.js';

/** Query states (sql-editor.md section 4); the rules that read them are in sqllab/states.ts. */
export const QueryState = {
  STARTED: 'started',
  STOPPED: 'stopped',
  FAILED: 'failed',
  PENDING: 'pending',
  RUNNING: 'running',
  SCHEDULED: 'scheduled',
  SUCCESS: 'success',
  FETCHING: 'fetching',
  TIMED_OUT: 'timed_out',
} as const;
export type QueryState = (typeof QueryState)[keyof typeof QueryState];

/** Which limit decided a result's size (sqllab/states.ts `limitingFactor` tells which). */
export const LimitingFactor = {
  QUERY: 'QUERY',
  DROPDOWN: 'DROPDOWN',
  QUERY_AND_DROPDOWN: 'QUERY_AND_DROPDOWN',
  NOT_LIMITED: 'NOT_LIMITED',
  UNKNOWN: 'UNKNOWN',
  /** the result reached SQL_MAX_RESULT_BYTES and was cut there */
  BYTES: 'BYTES',
} as const;
export type LimitingFactor = (typeof LimitingFactor)[keyof typeof LimitingFactor];

const NullableString = (opts: { maxLength?: number } = {}) => Type.Union([Type.String(opts), Type.Null()]);

/** POST /api/v1/sqllab/execute/ */
export const ExecutePayload = Type.Object({
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  database_id: Type.Integer({ minimum: 1 }),
  json: Type.Optional(Type.Boolean()),
  runAsync: Type.Optional(Type.Boolean()),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 256 })),
  sql: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  sql_editor_id: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Integer(), Type.Null()])),
  tab: Type.Optional(NullableString({ maxLength: 256 })),
  tmp_table_name: Type.Optional(NullableString({ maxLength: 256 })),
  tmp_schema_name: Type.Optional(NullableString({ maxLength: 256 })),
  select_as_cta: Type.Optional(Type.Boolean()),
  ctas_method: Type.Optional(Type.Union([Type.Literal('TABLE'), Type.Literal('VIEW')])),
  templateParams: Type.Optional(NullableString({ maxLength: 100_000 })),
  queryLimit: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  expand_data: Type.Optional(Type.Boolean()),
});
export type ExecutePayload = Type.Static<typeof ExecutePayload>;

export interface ResultColumn {
  column_name: string;
  name: string;
  type: string;
  type_generic: number;
  is_dttm: boolean;
}

/** A query as the SQL Lab client sees it (`query` in execute/results replies, history, updated_since). */
export interface QueryRecord {
  id: string;
  queryId: number;
  dbId: number;
  db: string;
  catalog: string | null;
  schema: string | null;
  sql: string;
  executedSql: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  state: QueryState;
  progress: number;
  rows: number | null;
  limit: number | null;
  limitingFactor: LimitingFactor;
  startDttm: number | null;
  endDttm: number | null;
  changed_on: string;
  resultsKey: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  ctas: boolean;
  ctas_method: 'TABLE' | 'VIEW';
  errorMessage: string | null;
  errorType: string | null;
  templateParams: string | null;
  runAsync: boolean;
  user: string | null;
  userId: number | null;
  extra: Record<string, unknown>;
}

/** One statement of a script: its own result or row count. The result statement's rows are in `data`. */
export interface StatementOutcome {
  index: number;
  sql: string;
  /** the statement whose rows are the query's result (the last SELECT) */
  is_result: boolean;
  columns: ResultColumn[];
  /** rows of a non-result SELECT (capped), null for the result statement and for DML */
  data: Record<string, unknown>[] | null;
  /** rows returned, or rows changed by DML when the driver reports it */
  rowcount: number | null;
}

/** Sync execute reply (200) and /results/ reply. */
export interface QueryResultReply {
  query_id: number;
  status: QueryState;
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  query: QueryRecord;
  displayLimitReached: boolean;
  statements: StatementOutcome[];
  /**
   * Set when a large sync reply had started streaming (status 200) and the query then failed:
   * `status` says failed and these say why.
   */
  errors?: { message: string; error_type: string }[];
}

/** Async execute reply (202). */
export interface AsyncExecuteReply {
  query: QueryRecord;
}

export const StopPayload = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type StopPayload = Type.Static<typeof StopPayload>;

export const EstimatePayload = Type.Object({
  database_id: Type.Integer({ minimum: 1 }),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 256 })),
  sql: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  template_params: Type.Optional(
    Type.Union([Type.String({ maxLength: 100_000 }), Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  ),
});
export type EstimatePayload = Type.Static<typeof EstimatePayload>;

export const FormatSqlPayload = Type.Object({
  sql: Type.String({ maxLength: 1_000_000 }),
  engine: Type.Optional(Type.String({ maxLength: 64 })),
  database_id: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type FormatSqlPayload = Type.Static<typeof FormatSqlPayload>;

/** Permalink state (POST /api/v1/sqllab/permalink, GET …/permalink/{key}). */
export const PermalinkPayload = Type.Object({
  name: Type.Optional(NullableString({ maxLength: 256 })),
  dbId: Type.Integer({ minimum: 1 }),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 256 })),
  autorun: Type.Optional(Type.Boolean()),
  sql: Type.String({ maxLength: 1_000_000 }),
  templateParams: Type.Optional(NullableString({ maxLength: 100_000 })),
});
export type PermalinkPayload = Type.Static<typeof PermalinkPayload>;
export interface PermalinkValue {
  name: string;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  autorun: boolean;
  sql: string;
  templateParams: string | null;
}

/** Saved queries: POST /api/v1/saved_query/, PUT /api/v1/saved_query/{id} (partial). */
export const SavedQueryWrite = Type.Object({
  db_id: Type.Integer({ minimum: 1 }),
  label: Type.String({ minLength: 1, maxLength: 256 }),
  sql: Type.String({ maxLength: 1_000_000 }),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 256 })),
  description: Type.Optional(NullableString({ maxLength: 10_000 })),
  template_parameters: Type.Optional(NullableString({ maxLength: 100_000 })),
  /** JSON text; may hold a `schedule_info` for scheduled queries */
  extra_json: Type.Optional(NullableString({ maxLength: 100_000 })),
});
export type SavedQueryWrite = Type.Static<typeof SavedQueryWrite>;

export interface SavedQueryRecord {
  id: number;
  uuid: string;
  db_id: number | null;
  label: string;
  description: string;
  sql: string;
  catalog: string | null;
  schema: string | null;
  template_parameters: string | null;
  extra_json: string;
  database: { id: number; database_name: string } | null;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  last_run: string | null;
  rows: number | null;
  sql_tables: { catalog: string | null; schema: string | null; table: string }[];
  /** custom tags */
  tags: TagRef[];
}

/** Server tab state (GET /tabstateview/{id}). */
export interface TabStateRecord {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query: QueryRecord | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: Record<string, unknown>;
  table_schemas: TableSchemaRecord[];
}

export interface TableSchemaRecord {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  expanded: boolean;
  description: Record<string, unknown> | null;
}

/** POST /api/v1/dataset/ (dataset from a SQL Lab query). */
export const DatasetCreate = Type.Object({
  database: Type.Integer({ minimum: 1 }),
  catalog: Type.Optional(NullableString({ maxLength: 256 })),
  schema: Type.Optional(NullableString({ maxLength: 255 })),
  sql: Type.Optional(NullableString({ maxLength: 1_000_000 })),
  table_name: Type.String({ minLength: 1, maxLength: 250 }),
  template_params: Type.Optional(NullableString({ maxLength: 100_000 })),
  is_managed_externally: Type.Optional(Type.Boolean()),
  external_url: Type.Optional(NullableString({ maxLength: 2048 })),
  owners: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  columns: Type.Optional(
    Type.Array(Type.Object({ column_name: Type.String(), type: Type.Optional(Type.String()), is_dttm: Type.Optional(Type.Boolean()) })),
  ),
});
export type DatasetCreate = Type.Static<typeof DatasetCreate>;

export interface DatasetColumnRecord {
  id: number;
  column_name: string;
  verbose_name: string | null;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  expression: string | null;
  description: string | null;
}

export interface DatasetMetricRecord {
  id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  d3format: string | null;
  description: string | null;
}

export interface DatasetRecord {
  id: number;
  uuid: string;
  table_name: string;
  name: string;
  kind: 'virtual' | 'physical';
  /** `engine_information.editor_dialect`: how the SQL fields highlight this database's SQL (Rama) */
  database: { id: number; database_name: string; backend: string; engine_information?: Pick<EngineInformation, 'editor_dialect'> };
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  template_params: string | null;
  description: string | null;
  main_dttm_col: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  select_star: string;
  owners: UserRef[];
  columns: DatasetColumnRecord[];
  metrics: DatasetMetricRecord[];
  changed_on: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
  created_by: UserRef | null;
}

/** One event of POST /rama/log/?explode=events. */
export interface LogEvent {
  source?: 'dashboard' | 'explore' | 'sqlLab';
  source_id?: number | string | null;
  impression_id?: string;
  version?: string;
  ts?: number;
  event_name?: string;
  event_type?: 'user' | 'timing';
  event_id?: string;
  visibility?: string;
  target_id?: string;
  target_name?: string;
  db_id?: number;
  schema?: string | null;
  duration?: number;
  [key: string]: unknown;
}

export const PERMALINK_NAME_DEFAULT = 'Shared query';
export const CLONED_TAB_NAME = 'Copy of %s';
export const UNTITLED_QUERY_PREFIX = 'Untitled Query';

/** What SQL Lab knows about a database it lists (the bootstrap's `databases`): the list item's flags. */
export type SqlLabDatabase = Pick<
  DatabaseListItem,
  | 'id'
  | 'database_name'
  | 'backend'
  | 'expose_in_sqllab'
  | 'allow_run_async'
  | 'allow_dml'
  | 'allow_ctas'
  | 'allow_cvas'
  | 'allow_file_upload'
  | 'allows_subquery'
  | 'disable_data_preview'
  | 'force_ctas_schema'
  | 'engine_information'
> & {
  /** parsed `extra`, when the server sends it (cost_estimate_enabled, ...) */
  extra?: Record<string, unknown>;
  allows_cost_estimate?: boolean;
};

/** GET /api/v1/sqllab/ → result */
export interface SqlLabBootstrapReply {
  active_tab: TabStateRecord | null;
  databases: Record<string, SqlLabDatabase>;
  queries: Record<string, QueryRecord>;
  tab_state_ids: { id: number; label: string }[];
}
