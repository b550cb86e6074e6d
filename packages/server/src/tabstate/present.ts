import type { DatabaseListItem, QueryRecord, TableSchemaRecord, TabStateRecord } from '@rama/shared';
import { parseDatabaseExtra } from '@rama/shared';
import type { DatabaseTable, Row, TableSchemaTable, TabStateTable } from '../metadata/schema.js';
import { parseUri } from '../engines/uri.js';
import { isRecord } from './fields.js';

export type TabStateRow = Row<TabStateTable>;
export type TableSchemaRow = Row<TableSchemaTable>;

/** What SQL Lab needs to know about a database it lists (the bootstrap's `databases`). */
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
>;

function parseObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

export function presentTableSchema(row: TableSchemaRow): TableSchemaRecord {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    expanded: Boolean(row.expanded),
    description: parseObject(row.description),
  };
}

export function presentTabState(row: TabStateRow, tables: TableSchemaRow[], latestQuery: QueryRecord | null): TabStateRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    label: row.label,
    active: Boolean(row.active),
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    query_limit: row.query_limit,
    latest_query: latestQuery,
    autorun: Boolean(row.autorun),
    template_params: row.template_params,
    hide_left_bar: Boolean(row.hide_left_bar),
    saved_query: row.saved_query_id !== null ? { id: row.saved_query_id } : null,
    extra_json: parseObject(row.extra_json) ?? {},
    table_schemas: tables.map(presentTableSchema),
  };
}

function backendOf(uri: string): string {
  try {
    return parseUri(uri).backend;
  } catch {
    return 'unknown';
  }
}

export function presentSqlLabDatabase(row: Row<DatabaseTable>): SqlLabDatabase {
  let disablePreview = false;
  try {
    disablePreview = Boolean(parseDatabaseExtra(row.extra).disable_data_preview);
  } catch {
    disablePreview = false;
  }
  return {
    id: row.id,
    database_name: row.database_name,
    backend: backendOf(row.sqlalchemy_uri),
    expose_in_sqllab: Boolean(row.expose_in_sqllab),
    allow_run_async: Boolean(row.allow_run_async),
    allow_dml: Boolean(row.allow_dml),
    allow_ctas: Boolean(row.allow_ctas),
    allow_cvas: Boolean(row.allow_cvas),
    allow_file_upload: Boolean(row.allow_file_upload),
    allows_subquery: true,
    disable_data_preview: disablePreview,
    force_ctas_schema: row.force_ctas_schema,
  };
}
