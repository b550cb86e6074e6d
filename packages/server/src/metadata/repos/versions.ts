/**
 * Version history (`object_version`): one row per saved version of an object (its type name and
 * id, a version number unique per object, who saved it, the summary and the full state as JSON
 * text); `deleted_on` marks the history of a deleted object. The table is created by
 * versions/migration.ts and is not in `MetadataSchema`: queries reach it through `versionDb`.
 * Also the one generic read the history makes of an object's own table (`objectRowById`).
 */
import type { Generated, Insertable, Kysely } from 'kysely';
import type { MetadataSchema, Row } from '../schema.js';

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
export type VersionRow = Row<ObjectVersionTable>;

type Db = Kysely<MetadataSchema>;

/** The metadata store seen with the version table. */
export const versionDb = (db: Db): VersionDb => db.withTables<VersionTables>();

/**
 * The row with this id of `table` (a metadata table with a numeric id, chosen by the versioned
 * kind), if any.
 */
export async function objectRowById(db: Db, table: string, id: number): Promise<Record<string, unknown> | undefined> {
  // one table per kind, chosen by the feature: Kysely cannot follow a table name that is a type parameter
  const rows = db as unknown as Kysely<{ object: { id: number } }>;
  return rows
    .selectFrom(table as unknown as 'object')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Mark the history of deleted objects (call it in the delete's transaction): it stays readable to
 * admins ("Recently deleted") until RAMA_VERSIONS_DELETED_DAYS have passed.
 */
export async function markVersionsDeleted(db: Db, type: string, ids: number[], userId: number | null, now: string): Promise<void> {
  if (!ids.length) return;
  await versionDb(db)
    .updateTable('object_version')
    .set({ deleted_on: now, deleted_by_fk: userId })
    .where('object_type', '=', type)
    .where('object_id', 'in', ids)
    .where('deleted_on', 'is', null)
    .execute();
}

/** Whether the object has any version kept (deleted or not). */
export async function hasVersions(db: Db, type: string, id: number): Promise<boolean> {
  const has = await versionDb(db)
    .selectFrom('object_version')
    .select('id')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(has);
}

/** Stores a version (the unique version number refuses a second one with the same number). */
export async function insertVersion(db: Db, values: Insertable<ObjectVersionTable>): Promise<void> {
  await versionDb(db).insertInto('object_version').values(values).execute();
}

/** Hands the history of `fromId` over to `toId` (a re-created object), no longer marked deleted. */
export async function adoptHistory(db: Db, type: string, fromId: number, toId: number): Promise<void> {
  await versionDb(db)
    .updateTable('object_version')
    .set({ object_id: toId, deleted_on: null, deleted_by_fk: null })
    .where('object_type', '=', type)
    .where('object_id', '=', fromId)
    .execute();
}

/** Drops every version of the object. */
export async function deleteHistory(db: Db, type: string, id: number): Promise<void> {
  await versionDb(db).deleteFrom('object_version').where('object_type', '=', type).where('object_id', '=', id).execute();
}

/** The object's latest version number and state, if it has any. */
export function latestVersionState(db: Db, type: string, id: number): Promise<{ version: number; state: string } | undefined> {
  return versionDb(db)
    .selectFrom('object_version')
    .select(['version', 'state'])
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Drops the object's versions numbered `upTo` or lower. */
export async function pruneVersions(db: Db, type: string, id: number, upTo: number): Promise<void> {
  await versionDb(db)
    .deleteFrom('object_version')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .where('version', '<=', upTo)
    .execute();
}

/** One page of the object's versions (not deleted), newest first, and how many there are. */
export async function listVersions(
  db: Db,
  type: string,
  id: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: { version: number; created_on: string; created_by_fk: number | null; summary: string }[] }> {
  const base = versionDb(db)
    .selectFrom('object_version')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .where('deleted_on', 'is', null);
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['version', 'created_on', 'created_by_fk', 'summary'])
    .orderBy('version', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(counted.n), rows };
}

/** One version of the object (not deleted), if it exists. */
export function versionRow(db: Db, type: string, id: number, version: number): Promise<VersionRow | undefined> {
  return versionDb(db)
    .selectFrom('object_version')
    .selectAll()
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .where('version', '=', version)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
}

/** The number of the version before `version`, null when there is none. */
export async function previousVersionNumber(db: Db, type: string, id: number, version: number): Promise<number | null> {
  const previous = await versionDb(db)
    .selectFrom('object_version')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .where('version', '<', version)
    .executeTakeFirst();
  return previous?.v === null || previous?.v === undefined ? null : Number(previous.v);
}

/** The object's highest version number (0 without versions). */
export async function latestVersionNumber(db: Db, type: string, id: number): Promise<number> {
  const r = await versionDb(db)
    .selectFrom('object_version')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .executeTakeFirst();
  return Number(r?.v ?? 0);
}

/** Drops the histories marked deleted before `cutoff` (ISO time). */
export async function purgeDeletedBefore(db: Db, cutoff: string): Promise<void> {
  await versionDb(db).deleteFrom('object_version').where('deleted_on', 'is not', null).where('deleted_on', '<', cutoff).execute();
}

/**
 * "Recently deleted": the last version of each deleted object of the type, newest deletion first,
 * one page of them, and how many there are.
 */
export async function listDeletedVersions(
  db: Db,
  type: string,
  page: { limit: number; offset: number },
): Promise<{
  count: number;
  rows: { object_id: number; title: string; deleted_on: string | null; deleted_by_fk: number | null; version: number }[];
}> {
  const base = versionDb(db)
    .selectFrom('object_version as v')
    .where('v.object_type', '=', type)
    .where('v.deleted_on', 'is not', null)
    .where('v.version', '=', (eb) =>
      eb
        .selectFrom('object_version as w')
        .select((e) => e.fn.max('w.version').as('m'))
        .whereRef('w.object_type', '=', 'v.object_type')
        .whereRef('w.object_id', '=', 'v.object_id'),
    );
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['v.object_id', 'v.title', 'v.deleted_on', 'v.deleted_by_fk', 'v.version'])
    .orderBy('v.deleted_on', 'desc')
    .orderBy('v.object_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { count: Number(counted.n), rows };
}

/** The last version of a deleted object, if its history is still kept. */
export function lastDeletedVersion(db: Db, type: string, id: number): Promise<VersionRow | undefined> {
  return versionDb(db)
    .selectFrom('object_version')
    .selectAll()
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .where('deleted_on', 'is not', null)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}
