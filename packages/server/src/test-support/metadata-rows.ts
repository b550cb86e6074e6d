/**
 * Rows of the metadata store's main tables with every column filled, for tests that seed the store
 * directly (the repositories' tests): each takes the fields the test cares about and fills the rest.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { nowIso } from '../metadata/db.js';
import type { DashboardTable, DatabaseTable, DatasetTable, SliceTable } from '../metadata/schema.js';

/** A dashboard row titled `title`. */
export function dashboardRow(title: string, over: Partial<Insertable<DashboardTable>> = {}): Insertable<DashboardTable> {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    dashboard_title: title,
    slug: null,
    position_json: null,
    json_metadata: null,
    css: null,
    description: null,
    published: 0,
    certified_by: null,
    certification_details: null,
    is_managed_externally: 0,
    external_url: null,
    created_on: now,
    changed_on: now,
    created_by_fk: null,
    changed_by_fk: null,
    ...over,
  };
}

/** A chart row named `name` (a table chart; its dataset need not exist: `datasource_id` has no foreign key). */
export function chartRow(name: string, over: Partial<Insertable<SliceTable>> = {}): Insertable<SliceTable> {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    slice_name: name,
    datasource_id: 999_999,
    datasource_type: 'table',
    viz_type: 'table',
    params: '{}',
    query_context: null,
    description: null,
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    is_managed_externally: 0,
    external_url: null,
    last_saved_at: now,
    last_saved_by_fk: null,
    created_on: now,
    changed_on: now,
    created_by_fk: null,
    changed_by_fk: null,
    ...over,
  };
}

/** A database row named `name` on an SQLite file of that name. */
export function databaseRow(name: string, over: Partial<Insertable<DatabaseTable>> = {}): Insertable<DatabaseTable> {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    database_name: name,
    sqlalchemy_uri: `sqlite:///${name}.db`,
    password_encrypted: null,
    expose_in_sqllab: 1,
    allow_run_async: 0,
    allow_dml: 0,
    allow_ctas: 0,
    allow_cvas: 0,
    allow_file_upload: 0,
    impersonate_user: 0,
    is_examples: 0,
    cache_timeout: null,
    force_ctas_schema: null,
    extra: '{}',
    created_on: now,
    changed_on: now,
    created_by_fk: null,
    changed_by_fk: null,
    ...over,
  };
}

/** A dataset row on table `tableName` of the database. */
export function datasetRow(tableName: string, databaseId: number, over: Partial<Insertable<DatasetTable>> = {}): Insertable<DatasetTable> {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    table_name: tableName,
    database_id: databaseId,
    catalog: null,
    schema: null,
    sql: null,
    is_sqllab_view: 0,
    template_params: null,
    description: null,
    main_dttm_col: null,
    default_endpoint: null,
    offset: 0,
    cache_timeout: null,
    filter_select_enabled: 1,
    normalize_columns: 0,
    always_filter_main_dttm: 0,
    fetch_values_predicate: null,
    is_managed_externally: 0,
    external_url: null,
    extra: null,
    created_on: now,
    changed_on: now,
    created_by_fk: null,
    changed_by_fk: null,
    ...over,
  };
}
