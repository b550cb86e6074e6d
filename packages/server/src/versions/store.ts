/** The `object_version` table and the reads and writes the history makes on it. */
import type { Generated, Kysely } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';

export interface ObjectVersionTable {
  id: Generated<number>;
  object_type: string;
  object_id: number;
  version: number;
  created_on: string;
  created_by_fk: number | null;
  summary: string;
  title: string;
  /** the full saved state, JSON text */
  state: string;
  deleted_on: string | null;
  deleted_by_fk: number | null;
}

export type VersionTables = { object_version: ObjectVersionTable };
export type VersionDb = Kysely<MetadataSchema & VersionTables>;

export const versionDb = (db: Kysely<MetadataSchema>): VersionDb => db.withTables<VersionTables>();

/**
 * Mark the history of deleted objects (call it in the delete's transaction): it stays readable to
 * admins ("Recently deleted") until RAMA_VERSIONS_DELETED_DAYS have passed.
 */
export async function markVersionsDeleted(
  db: Kysely<MetadataSchema>,
  type: string,
  ids: number[],
  userId: number | null,
  now: string,
): Promise<void> {
  if (!ids.length) return;
  await versionDb(db)
    .updateTable('object_version')
    .set({ deleted_on: now, deleted_by_fk: userId })
    .where('object_type', '=', type)
    .where('object_id', 'in', ids)
    .where('deleted_on', 'is', null)
    .execute();
}
