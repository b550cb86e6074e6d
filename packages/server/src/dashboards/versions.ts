/**
 * A dashboard's saved state for the version history (versions/): title, layout, metadata (native
 * filters, colours, cross-filters), CSS. Written back through the properties-and-layout PUT, so
 * the layout's charts are checked as any save checks them.
 */
import type { Kysely } from 'kysely';
import type { DashboardVersionState } from '@rama/shared';
import type { MetadataSchema } from '../metadata/schema.js';
import type { VersionedKind } from '../versions/kinds.js';
import type { DashboardService } from './service.js';
import { updateDashboard } from './update.js';

export function dashboardVersions(dashboards: DashboardService): VersionedKind<'dashboard'> {
  return {
    type: 'dashboard',
    async snapshot(db: Kysely<MetadataSchema>, id: number): Promise<DashboardVersionState | null> {
      const row = await db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
        dashboard_title: row.dashboard_title,
        slug: row.slug,
        css: row.css,
        json_metadata: row.json_metadata,
        position_json: row.position_json,
        published: Boolean(row.published),
        certified_by: row.certified_by,
        certification_details: row.certification_details,
      };
    },
    title: (state) => state.dashboard_title,
    async assertVisible(user, id) {
      await dashboards.visible(user, id);
    },
    async assertEditable(user, id) {
      await dashboards.editable(user, id);
    },
    async restore(user, id, state) {
      await updateDashboard(dashboards, user, id, { ...state });
    },
    async recreate(user, state) {
      // a slug another dashboard took since is left off rather than failing the restore
      const slug = state.slug !== null && (await dashboards.slugTaken(state.slug)) ? null : state.slug;
      return (await dashboards.create(user, { ...state, slug })).id;
    },
  };
}
