/**
 * Dashboard embeddings (`embedded_dashboards`, at most one per dashboard, named by a uuid): read
 * by uuid or dashboard, created or changed, deleted. Who may embed a dashboard is decided by the
 * caller.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { EmbeddedDashboardTable, MetadataSchema } from '../schema.js';

type Db = Kysely<MetadataSchema>;

export type EmbeddedRow = Selectable<EmbeddedDashboardTable>;

/** The embeddings with these uuids: uuid and dashboard id. */
export function embeddingsByUuids(db: Db, uuids: string[]): Promise<{ uuid: string; dashboard_id: number }[]> {
  return db.selectFrom('embedded_dashboards').select(['uuid', 'dashboard_id']).where('uuid', 'in', uuids).execute();
}

/** The embedding with this uuid, if any. */
export function embeddingByUuid(db: Db, uuid: string): Promise<EmbeddedRow | undefined> {
  return db.selectFrom('embedded_dashboards').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The dashboard's embedding, if any. */
export function embeddingOfDashboard(db: Db, dashboardId: number): Promise<EmbeddedRow | undefined> {
  return db.selectFrom('embedded_dashboards').selectAll().where('dashboard_id', '=', dashboardId).executeTakeFirst();
}

/**
 * Stores the dashboard's embedding: the existing one keeps its uuid and gets these fields, else a
 * new one gets a new uuid (a concurrent create of the same dashboard's embedding is updated instead).
 */
export async function saveEmbedding(
  db: Db,
  dashboardId: number,
  fields: { allowed_domains: string; changed_on: string; changed_by_fk: number | null },
): Promise<void> {
  const existing = await db.selectFrom('embedded_dashboards').select('uuid').where('dashboard_id', '=', dashboardId).executeTakeFirst();
  if (existing) {
    await db.updateTable('embedded_dashboards').set(fields).where('uuid', '=', existing.uuid).execute();
  } else {
    await db
      .insertInto('embedded_dashboards')
      .values({ uuid: randomUUID(), dashboard_id: dashboardId, ...fields })
      .onConflict((oc) => oc.column('dashboard_id').doUpdateSet(fields))
      .execute();
  }
}

/** Deletes the dashboard's embedding (none: nothing happens). */
export async function deleteEmbeddingOfDashboard(db: Db, dashboardId: number): Promise<void> {
  await db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
}
