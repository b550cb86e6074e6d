/**
 * Version history (issue 30 item 1): every save of a chart, dashboard, dataset or saved query
 * keeps a version — who, when, a one-line summary and the full saved state — readable and
 * restorable at `/api/v1/{type}/{id}/versions/`.
 */
import type { UserRef } from './common.js';

/** The objects that keep a history, by the name their API routes use. */
export const VERSIONED_TYPES = ['chart', 'dashboard', 'dataset', 'saved_query'] as const;
export type VersionedType = (typeof VERSIONED_TYPES)[number];
/** The objects an admin may bring back from "Recently deleted". */
export const RESTORABLE_DELETED_TYPES = ['chart', 'dashboard'] as const;
export type RestorableDeletedType = (typeof RESTORABLE_DELETED_TYPES)[number];

export const isVersionedType = (v: string): v is VersionedType => (VERSIONED_TYPES as readonly string[]).includes(v);

/** RAMA_VERSIONS_KEPT: versions kept per object; the oldest go first. */
export const DEFAULT_VERSIONS_KEPT = 100;
/** RAMA_VERSIONS_DELETED_DAYS: days a deleted object's history is kept. */
export const DEFAULT_VERSIONS_DELETED_DAYS = 30;
/** page_size of the version and "Recently deleted" lists */
export const VERSION_PAGE_SIZE_DEFAULT = 25;
export const VERSION_PAGE_SIZE_MAX = 100;
/** the longest summary stored (a long list of changed controls is cut) */
export const VERSION_SUMMARY_MAX_CHARS = 250;

/** A chart's saved state: the fields a PUT /api/v1/chart/{id} writes back on restore. */
export interface ChartVersionState {
  slice_name: string;
  description: string | null;
  viz_type: string;
  params: string;
  query_context: string | null;
  datasource_id: number;
  datasource_type: string;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
}

/** A dashboard's saved state: title, layout, metadata (native filters, colours…), CSS. */
export interface DashboardVersionState {
  dashboard_title: string;
  slug: string | null;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  published: boolean;
  certified_by: string | null;
  certification_details: string | null;
}

export interface DatasetVersionColumn {
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  type: string | null;
  groupby: boolean;
  filterable: boolean;
  is_active: boolean | null;
  is_dttm: boolean | null;
  python_date_format: string | null;
  extra: string | null;
}

export interface DatasetVersionMetric {
  metric_name: string;
  expression: string;
  verbose_name: string | null;
  metric_type: string | null;
  description: string | null;
  d3format: string | null;
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
}

/** A dataset's saved state: its source, settings, columns and metrics (matched by name on restore). */
export interface DatasetVersionState {
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  template_params: string | null;
  extra: string | null;
  columns: DatasetVersionColumn[];
  metrics: DatasetVersionMetric[];
}

/** A saved query's state (its schedule is not part of it: restoring text never reschedules). */
export interface SavedQueryVersionState {
  label: string;
  description: string;
  sql: string;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  template_parameters: string | null;
}

export interface VersionStates {
  chart: ChartVersionState;
  dashboard: DashboardVersionState;
  dataset: DatasetVersionState;
  saved_query: SavedQueryVersionState;
}
export type VersionState = VersionStates[VersionedType];

/** One row of GET …/versions/. */
export interface VersionListItem {
  version: number;
  created_on: string;
  created_by: UserRef | null;
  summary: string;
}

/** GET /api/v1/{type}/{id}/versions/ (newest first) */
export interface VersionList {
  count: number;
  ids: number[];
  result: VersionListItem[];
}

/** GET /api/v1/{type}/{id}/versions/{n} */
export interface VersionDetail<S = VersionState> extends VersionListItem {
  object_type: VersionedType;
  object_id: number;
  state: S;
  /** the state as it was just before this version, for the compare view (null for the first) */
  previous_version: number | null;
}

/** POST …/versions/{n}/restore and POST /api/v1/{chart|dashboard}/deleted/{id}/restore */
export interface VersionRestored {
  id: number;
  /** the new version the restore made */
  version: number;
  restored_from: number;
}

/** One row of GET /api/v1/{chart|dashboard}/deleted/ ("Recently deleted", admins only). */
export interface DeletedObject {
  id: number;
  title: string;
  deleted_on: string;
  deleted_by: UserRef | null;
  /** the last version, the one a restore brings back */
  version: number;
  /** the day the history is dropped */
  expires_on: string;
}

export interface DeletedList {
  count: number;
  ids: number[];
  result: DeletedObject[];
}

/** The routes, so the web app never spells a path by hand. */
export const versionsPath = (type: VersionedType, id: number): string => `/api/v1/${type}/${id}/versions/`;
export const versionPath = (type: VersionedType, id: number, version: number): string => `/api/v1/${type}/${id}/versions/${version}`;
export const versionRestorePath = (type: VersionedType, id: number, version: number): string =>
  `/api/v1/${type}/${id}/versions/${version}/restore`;
export const deletedListPath = (type: RestorableDeletedType): string => `/api/v1/${type}/deleted/`;
export const deletedRestorePath = (type: RestorableDeletedType, id: number): string => `/api/v1/${type}/deleted/${id}/restore`;
