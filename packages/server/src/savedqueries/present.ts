import type { SavedQueryScheduleState, ScheduledSavedQueryRecord, TagRef, UserRef } from '@rama/shared';
import { customTagsOf } from '../metadata/repos/tags.js';
import type { Kysely } from 'kysely';
import type { MetadataSchema, Row, SavedQueryTable } from '../metadata/schema.js';
import { humanizeDelta } from '../http/time.js';
import { engineSpecForUri } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { sqlTablesAsync } from '../sql/offload.js';
import type { SqlTableRef } from '../sql/tables.js';
import { scheduleStates } from './schedule.js';
import { usersById } from '../metadata/repos/users.js';
import { databasesByIds } from '../metadata/repos/databases.js';

export type SavedQueryRow = Row<SavedQueryTable>;

export interface SavedQueryDatabase {
  id: number;
  database_name: string;
  sqlalchemy_uri: string;
}

/** node-sql-parser's dialect for a stored database, or null when its engine is unknown. */
function parserDialectOf(db: SavedQueryDatabase | undefined): string | null {
  if (!db) return null;
  try {
    return engineSpecForUri(parseUri(db.sqlalchemy_uri)).syntax.parser;
  } catch {
    return null;
  }
}

/** The one place a saved query is shaped for clients. */
export function presentSavedQuery(
  row: SavedQueryRow,
  db: SavedQueryDatabase | undefined,
  users: Map<number, UserRef>,
  tables: SqlTableRef[],
  schedule: SavedQueryScheduleState | null = null,
  tags: TagRef[] = [],
): ScheduledSavedQueryRecord {
  const user = (id: number | null) => (id !== null ? (users.get(id) ?? null) : null);
  return {
    id: row.id,
    uuid: row.uuid,
    db_id: row.db_id,
    label: row.label,
    description: row.description,
    sql: row.sql,
    catalog: row.catalog,
    schema: row.schema,
    template_parameters: row.template_parameters,
    extra_json: row.extra_json,
    database: db ? { id: db.id, database_name: db.database_name } : null,
    created_by: user(row.created_by_fk),
    changed_by: user(row.changed_by_fk),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    last_run: row.last_run,
    rows: row.rows,
    sql_tables: tables,
    tags,
    schedule,
  };
}

/** Present many rows, looking up their databases and users once. */
export async function presentSavedQueries(db: Kysely<MetadataSchema>, rows: SavedQueryRow[]): Promise<ScheduledSavedQueryRecord[]> {
  if (!rows.length) return [];
  const dbIds = [...new Set(rows.map((r) => r.db_id).filter((x): x is number => x !== null))];
  const dbs = new Map<number, SavedQueryDatabase>((await databasesByIds(db, dbIds)).map((d) => [d.id, d]));
  const users = await usersById(
    db,
    rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  );
  // table lists are parsed off the main thread (a long saved query takes seconds to parse)
  const tables = await Promise.all(
    rows.map((r) => {
      const d = r.db_id !== null ? dbs.get(r.db_id) : undefined;
      return d ? sqlTablesAsync(r.sql, parserDialectOf(d)).catch(() => []) : Promise.resolve([]);
    }),
  );
  const schedules = await scheduleStates(
    db,
    rows.map((r) => r.id),
  );
  const tags = await customTagsOf(
    db,
    'query',
    rows.map((r) => r.id),
  );
  return rows.map((r, i) =>
    presentSavedQuery(
      r,
      r.db_id !== null ? dbs.get(r.db_id) : undefined,
      users,
      tables[i],
      schedules.get(r.id) ?? null,
      tags.get(r.id) ?? [],
    ),
  );
}
