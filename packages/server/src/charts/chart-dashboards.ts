/**
 * A chart's dashboard links (`dashboard_slices`), as saving a chart with `dashboards: [ids]`
 * writes them. Only a dashboard the user may edit gains or loses a chart; placing the chart in the
 * dashboard's layout (`position_json`) is the dashboard's own business.
 */
import type { Kysely, Transaction } from 'kysely';
import type { MetadataSchema } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { HttpError, forbidden } from '../http/errors.js';
import { ownedAmong } from '../metadata/repos/owners.js';
import { chartDashboardIds, existingDashboardIds, linkChartToDashboards, unlinkChartFromDashboards } from '../metadata/repos/dashboards.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export const DASHBOARD_EDIT_FORBIDDEN = 'You do not have permission to edit this dashboard';

/**
 * The ids among `ids` the user may edit. Spec section 6: editing a dashboard needs can_write on
 * Dashboard and being an admin or an owner.
 */
export async function editableDashboardIds(db: Db, user: Principal, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  if (user.isAdmin) return new Set(ids);
  if (!user.can('can_write', 'Dashboard')) return new Set();
  return ownedAmong(db, 'dashboard', ids, user.id);
}

/**
 * The dashboards a save names: all must exist (422 otherwise, as the BI server answers) and be
 * editable by the user (403 with the spec's message).
 */
export async function checkDashboards(db: Db, user: Principal, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const found = await existingDashboardIds(db, wanted);
  if (found.length !== wanted.length) throw new HttpError(422, { message: { dashboards: ['Dashboards do not exist'] } });
  const editable = await editableDashboardIds(db, user, wanted);
  if (wanted.some((id) => !editable.has(id))) throw forbidden(DASHBOARD_EDIT_FORBIDDEN);
  return wanted;
}

/**
 * Make the chart's links match `wanted` among the dashboards the user may edit; links to
 * dashboards the user may not edit stay as they are.
 */
export async function replaceDashboardLinks(db: Db, user: Principal, sliceId: number, wanted: number[]): Promise<void> {
  const current = await chartDashboardIds(db, sliceId);
  const editable = await editableDashboardIds(db, user, current);
  const drop = current.filter((id) => editable.has(id) && !wanted.includes(id));
  const add = wanted.filter((id) => !current.includes(id));
  await unlinkChartFromDashboards(db, sliceId, drop);
  await linkChartToDashboards(db, sliceId, add);
}
