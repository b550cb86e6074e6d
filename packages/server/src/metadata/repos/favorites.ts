/**
 * Favorites (`favstar`): a user's star on an object, filed under a class name ('slice' for charts,
 * 'Dashboard' for dashboards, as the BI server files them). Reads, writes, and the "starred"
 * conditions of the chart and dashboard lists.
 */
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { MetadataSchema } from '../schema.js';
import { nowIso } from '../db.js';
import type { ChartListEb } from './charts.js';
import type { DashboardEb } from './dashboards.js';

type Db = Kysely<MetadataSchema>;

/** The ids among `ids` the user starred under `className` (none for an empty list). */
export async function starredAmong(db: Db, userId: number, className: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('favstar')
    .select('obj_id')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.obj_id));
}

/** Whether the user starred the object. */
export async function isStarred(db: Db, userId: number, className: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('favstar')
    .select('id')
    .where('user_id', '=', userId)
    .where('class_name', '=', className)
    .where('obj_id', '=', id)
    .executeTakeFirst();
  return Boolean(row);
}

/** Stars the object (a second star of the same object breaks the unique index: check first). */
export async function addStar(db: Db, userId: number, className: string, id: number): Promise<void> {
  await db.insertInto('favstar').values({ user_id: userId, class_name: className, obj_id: id, dttm: nowIso() }).execute();
}

/** Stars the object unless it is starred already. */
export async function addStarIfMissing(db: Db, userId: number, className: string, id: number): Promise<void> {
  await db
    .insertInto('favstar')
    .values({ user_id: userId, class_name: className, obj_id: id, dttm: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'class_name', 'obj_id']).doNothing())
    .execute();
}

/** Removes the user's star from the object. */
export async function removeStar(db: Db, userId: number, className: string, id: number): Promise<void> {
  await db.deleteFrom('favstar').where('user_id', '=', userId).where('class_name', '=', className).where('obj_id', '=', id).execute();
}

/** Removes every user's star from these objects (their delete). */
export async function removeStarsOf(db: Db, className: string, ids: number[]): Promise<void> {
  await db.deleteFrom('favstar').where('class_name', '=', className).where('obj_id', 'in', ids).execute();
}

/** The dashboard (`d`) is starred by the user under `className`. */
export function dashboardStarred(eb: DashboardEb, className: string, userId: number): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('favstar as f')
      .select('f.obj_id')
      .whereRef('f.obj_id', '=', 'd.id')
      .where('f.class_name', '=', className)
      .where('f.user_id', '=', userId),
  );
}

/** The chart (`s`) is (`starred` true) or is not starred by the user under `className`. */
export function chartStarred(eb: ChartListEb, className: string, userId: number, starred: boolean): Expression<SqlBool> {
  const ids = eb.selectFrom('favstar as f').select('f.obj_id').where('f.user_id', '=', userId).where('f.class_name', '=', className);
  return starred ? eb('s.id', 'in', ids) : eb('s.id', 'not in', ids);
}
