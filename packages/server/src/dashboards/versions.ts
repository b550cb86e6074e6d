/**
 * A dashboard's saved state for the version history (versions/): title, layout, metadata (native
 * filters, colours, cross-filters), CSS. Written back through the properties-and-layout PUT, so
 * the layout's charts are checked as any save checks them.
 */
import type { VersionedKind } from '../versions/kinds.js';
import { versionedKind } from '../versions/define.js';
import type { DashboardService } from './service.js';
import { updateDashboard } from './update.js';

export function dashboardVersions(dashboards: DashboardService): VersionedKind<'dashboard'> {
  return versionedKind({
    type: 'dashboard',
    table: 'dashboards',
    state: (row) => ({
      dashboard_title: row.dashboard_title,
      slug: row.slug,
      css: row.css,
      json_metadata: row.json_metadata,
      position_json: row.position_json,
      published: Boolean(row.published),
      certified_by: row.certified_by,
      certification_details: row.certification_details,
    }),
    titleField: 'dashboard_title',
    visible: (user, id) => dashboards.visible(user, id),
    editable: (user, id) => dashboards.editable(user, id),
    restore: (user, id, state) => updateDashboard(dashboards, user, id, { ...state }),
    async recreate(user, state) {
      // a slug another dashboard took since is left off rather than failing the restore
      const slug = state.slug !== null && (await dashboards.slugTaken(state.slug)) ? null : state.slug;
      return (await dashboards.create(user, { ...state, slug })).id;
    },
  });
}
