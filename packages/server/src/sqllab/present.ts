import { jsonObject, type LimitingFactor, type QueryRecord, type QueryState } from '@rama/shared';
import type { Kysely } from 'kysely';
import type { MetadataSchema, QueryTable, Row } from '../metadata/schema.js';
import { usernamesById } from '../metadata/repos/users.js';
import { databasesByIds } from '../metadata/repos/databases.js';

export type QueryRow = Row<QueryTable>;

/** The one place a query record is shaped for clients. */
export function presentQuery(row: QueryRow, dbName: string, username: string | null): QueryRecord {
  return {
    id: row.client_id,
    queryId: row.id,
    dbId: row.database_id,
    db: dbName,
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    executedSql: row.executed_sql,
    sqlEditorId: row.sql_editor_id,
    tab: row.tab_name,
    state: row.status as QueryState,
    progress: row.progress,
    rows: row.rows,
    limit: row.limit,
    limitingFactor: row.limiting_factor as LimitingFactor,
    startDttm: row.start_time,
    endDttm: row.end_time,
    changed_on: row.changed_on,
    resultsKey: row.results_key,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    ctas: Boolean(row.select_as_cta),
    ctas_method: row.ctas_method === 'VIEW' ? 'VIEW' : 'TABLE',
    errorMessage: row.error_message,
    errorType: row.error_type,
    templateParams: row.template_params,
    runAsync: Boolean(row.run_async),
    user: username,
    userId: row.user_id,
    extra: jsonObject(row.extra_json),
  };
}

/** Present many query rows, looking up database and user names once. */
export async function presentQueries(db: Kysely<MetadataSchema>, rows: QueryRow[]): Promise<QueryRecord[]> {
  if (!rows.length) return [];
  const dbIds = [...new Set(rows.map((r) => r.database_id))];
  const dbs = new Map((await databasesByIds(db, dbIds)).map((d) => [d.id, d.database_name]));
  const users = await usernamesById(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => presentQuery(r, dbs.get(r.database_id) ?? '', r.user_id !== null ? (users.get(r.user_id) ?? null) : null));
}
