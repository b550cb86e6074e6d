import { presentDatabaseFlags } from '../databases/present.js';
import type { QueryRecord, SqlLabDatabase, TableSchemaRecord, TabStateRecord } from '@rama/shared';
import type { DatabaseTable, Row, TableSchemaTable, TabStateTable } from '../metadata/schema.js';
import { isRecord } from './fields.js';

export type TabStateRow = Row<TabStateTable>;
export type TableSchemaRow = Row<TableSchemaTable>;

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

/** A database as the SQL Lab bootstrap lists it. */
export const presentSqlLabDatabase = (row: Row<DatabaseTable>): SqlLabDatabase => presentDatabaseFlags(row);
