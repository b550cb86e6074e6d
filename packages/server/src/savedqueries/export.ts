/**
 * GET /api/v1/saved_query/export/: saved queries with their databases as a zip of YAML files in
 * the peer's layout (`metadata.yaml` of type SavedQuery, `queries/<database>/<schema>/<label>_<id>.yaml`
 * and the dataset export's `databases/<name>.yaml`), so a bundle moves between Rama and the peer.
 * A saved query is its author's alone (admins: all): one the user may not see is a 404.
 */
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { notFound } from '../http/errors.js';
import { EXPORT_VERSION, bundleName, databaseDocument, exportStamp, toYaml } from '../transfer/export.js';
import { bundleFileName } from '../charts/chart-export.js';
import type { SavedQueryRow } from './present.js';
import { savedQueriesOf } from '../metadata/repos/saved-queries.js';
import { databasesByIds } from '../metadata/repos/databases.js';

/** `type` in metadata.yaml of a saved query bundle (the peer's model name). */
export const SAVED_QUERY_BUNDLE_TYPE = 'SavedQuery';

type DatabaseRow = Row<DatabaseTable>;

/** A saved query as its YAML holds it: the peer's exported fields, its uuid and its database's. */
export function savedQueryDocument(row: SavedQueryRow, databaseUuid: string | null): Record<string, unknown> {
  return {
    catalog: row.catalog,
    schema: row.schema,
    label: row.label,
    description: row.description,
    sql: row.sql,
    uuid: row.uuid,
    version: EXPORT_VERSION,
    ...(databaseUuid ? { database_uuid: databaseUuid } : {}),
  };
}

/** The query's file: under its database's folder, then its schema's (when it has one). */
export function savedQueryPath(
  row: Pick<SavedQueryRow, 'id' | 'label' | 'schema'>,
  database: Pick<DatabaseRow, 'id' | 'database_name'> | null,
): string {
  const folders = [database ? bundleName(database.database_name, String(database.id)) : 'unknown'];
  if (row.schema) folders.push(bundleName(row.schema, 'schema'));
  return `queries/${folders.join('/')}/${bundleFileName(row.label, row.id)}.yaml`;
}

/** The bundle of the given saved queries: all the user's own (admins: any) or 404. */
export async function exportSavedQueries(
  ctx: AppContext,
  user: Principal,
  ids: number[],
  now = new Date(),
): Promise<{ fileName: string; zip: Uint8Array }> {
  const db = ctx.store.db;
  const wanted = [...new Set(ids)];
  const rows = await savedQueriesOf(db, wanted, user.isAdmin ? null : user.id);
  if (rows.length !== wanted.length) throw notFound();
  const root = `saved_query_export_${exportStamp(now)}`;
  const files: Record<string, Uint8Array> = {
    [`${root}/metadata.yaml`]: strToU8(toYaml({ version: EXPORT_VERSION, type: SAVED_QUERY_BUNDLE_TYPE, timestamp: now.toISOString() })),
  };
  const dbIds = [...new Set(rows.map((r) => r.db_id).filter((id): id is number => id !== null))];
  const databases = new Map((await databasesByIds(db, dbIds)).map((d) => [d.id, d]));
  for (const database of databases.values())
    files[`${root}/databases/${bundleName(database.database_name, String(database.id))}.yaml`] = strToU8(
      toYaml(databaseDocument(database)),
    );
  for (const row of rows) {
    const database = row.db_id !== null ? (databases.get(row.db_id) ?? null) : null;
    files[`${root}/${savedQueryPath(row, database)}`] = strToU8(toYaml(savedQueryDocument(row, database?.uuid ?? null)));
  }
  return { fileName: `${root}.zip`, zip: zipSync(files, { level: 6, mtime: now }) };
}
