/**
 * Owners of datasets, charts, dashboards and reports: one helper for the four owner tables
 * (`dataset_owners`, `slice_owners`, `dashboard_owners`, `report_schedule_owners`), which all
 * link an object's id to a user id.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { UserRef } from '@rama/shared';
import type { MetadataSchema } from '../schema.js';

/** The kinds of object that have owners. */
export type OwnedKind = 'dataset' | 'chart' | 'dashboard' | 'report';

const OWNER_TABLES = {
  dataset: { table: 'dataset_owners', key: 'dataset_id' },
  chart: { table: 'slice_owners', key: 'slice_id' },
  dashboard: { table: 'dashboard_owners', key: 'dashboard_id' },
  report: { table: 'report_schedule_owners', key: 'report_schedule_id' },
} as const satisfies Record<OwnedKind, { table: keyof MetadataSchema; key: string }>;

type OwnerKey = (typeof OWNER_TABLES)[OwnedKind]['key'];

/**
 * The four owner tables seen as one: the table name is only known at run time, so queries are
 * written against this stand-in table (`owners`) and given the real name. Every owner table has
 * the object column named by `OWNER_TABLES` and `user_id`.
 */
type OwnerLinks = Kysely<{ owners: Record<OwnerKey | 'user_id', number> }>;

function links(db: Kysely<MetadataSchema>, kind: OwnedKind): { q: OwnerLinks; table: 'owners'; key: OwnerKey } {
  const { table, key } = OWNER_TABLES[kind];
  return { q: db as unknown as OwnerLinks, table: table as unknown as 'owners', key };
}

/** The owner ids of each object (ascending); objects without owners are absent from the map. */
export async function ownersByObject(db: Kysely<MetadataSchema>, kind: OwnedKind, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const { q, table, key } = links(db, kind);
  const rows = await q.selectFrom(table).select([key, 'user_id']).where(key, 'in', ids).orderBy('user_id').execute();
  for (const r of rows) map.set(r[key], [...(map.get(r[key]) ?? []), r.user_id]);
  return map;
}

/** One object's owner ids (ascending). */
export async function ownersOf(db: Kysely<MetadataSchema>, kind: OwnedKind, id: number): Promise<number[]> {
  return (await ownersByObject(db, kind, [id])).get(id) ?? [];
}

/** One object's owners with their names, in user id order. */
export async function ownersWithNames(
  db: Kysely<MetadataSchema>,
  kind: OwnedKind,
  id: number,
): Promise<(UserRef & { username: string })[]> {
  const { table, key } = OWNER_TABLES[kind];
  return db
    .selectFrom('ab_user as u')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.username'])
    .where((eb) => eb.exists(sql`(select 1 from ${sql.table(table)} as o where o.${sql.ref(key)} = ${id} and o.user_id = u.id)`))
    .orderBy('u.id')
    .execute();
}

/** The ids among `ids` that `userId` owns. */
export async function ownedAmong(db: Kysely<MetadataSchema>, kind: OwnedKind, ids: number[], userId: number): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { q, table, key } = links(db, kind);
  const rows = await q.selectFrom(table).select(key).where(key, 'in', ids).where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r[key]));
}

/** Whether `userId` owns the object. */
export async function isOwner(db: Kysely<MetadataSchema>, kind: OwnedKind, id: number, userId: number): Promise<boolean> {
  return (await ownedAmong(db, kind, [id], userId)).has(id);
}

/** Adds owners to an object (the caller makes sure they are not owners yet). */
export async function addOwners(db: Kysely<MetadataSchema>, kind: OwnedKind, id: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const { q, table, key } = links(db, kind);
  await q
    .insertInto(table)
    .values(userIds.map((u) => ({ [key]: id, user_id: u }) as Record<OwnerKey | 'user_id', number>))
    .execute();
}

/** Replaces an object's owners with `userIds` (pass a transaction to keep it atomic with the object's write). */
export async function setOwners(db: Kysely<MetadataSchema>, kind: OwnedKind, id: number, userIds: number[]): Promise<void> {
  const { q, table, key } = links(db, kind);
  await q.deleteFrom(table).where(key, '=', id).execute();
  await addOwners(db, kind, id, userIds);
}

/** Removes every owner of these objects. */
export async function removeOwners(db: Kysely<MetadataSchema>, kind: OwnedKind, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const { q, table, key } = links(db, kind);
  await q.deleteFrom(table).where(key, 'in', ids).execute();
}

/**
 * A condition for list and visibility queries: the object whose id is in column `objectRef`
 * (such as `d.id`) is owned by `userId`.
 */
export function ownedBy(kind: OwnedKind, objectRef: string, userId: number): RawBuilder<SqlBool> {
  const { table, key } = OWNER_TABLES[kind];
  return sql<SqlBool>`exists (select o.user_id from ${sql.table(table)} as o where o.${sql.ref(key)} = ${sql.ref(objectRef)} and o.user_id = ${userId})`;
}
