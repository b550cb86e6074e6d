/**
 * Who sees and who changes a dashboard. Admins see every dashboard; owners see theirs; anyone else
 * sees a published dashboard with at least one chart on a dataset they may read (the BI server's
 * dashboard filter). With the DASHBOARD_RBAC feature flag on, a published dashboard that names
 * roles is seen by the holders of those roles instead (its datasets no longer decide). A guest
 * (embedded dashboard token) sees only the embedded dashboards its token names; an anonymous
 * visitor (Public role) is matched by its role names, having no user row. A missing
 * dashboard and a hidden one answer the same 404. Editing needs can_write on Dashboard plus being
 * an owner or an admin (spec section 6).
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { DASHBOARD_MESSAGES, FORBIDDEN_EDIT_MESSAGE, formatMessage } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import type { DatasetScope } from './datasets.js';
import { ownedBy } from '../metadata/repos/owners.js';
import {
  embeddedUnder,
  hasChartOnDataset,
  hasDashboardRoles,
  namesRoleCalled,
  namesRoleHeldBy,
  type DashboardEb,
  type DatasetEb,
} from '../metadata/repos/dashboards.js';

export type { DashboardEb };

/** Saving (or deleting) a dashboard without the right (spec section 6). */
export const DASHBOARD_FORBIDDEN = formatMessage(FORBIDDEN_EDIT_MESSAGE, 'dashboard');
/** Publishing or hiding one without the right: the spec gives this its own wording. */
export const DASHBOARD_PUBLISH_FORBIDDEN = DASHBOARD_MESSAGES.noPublishPermission;

/** Owners and admins change and delete a dashboard. */
export function canEditDashboard(user: Principal, ownerIds: number[]): boolean {
  return user.isAdmin || ownerIds.includes(user.id);
}

/** A dataset row (alias `t`) in the user's scope, as a condition. */
function datasetInScope(eb: DatasetEb, scope: DatasetScope) {
  const any: Expression<SqlBool>[] = [];
  if (scope.databaseIds.length) any.push(eb('t.database_id', 'in', scope.databaseIds));
  if (scope.datasetIds.length) any.push(eb('t.id', 'in', scope.datasetIds));
  for (const s of scope.schemas) any.push(eb.and([eb('t.database_id', '=', s.databaseId), eb('t.schema', '=', s.schema)]));
  return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
}

/**
 * The dashboards (alias `d`) the user may see, as a condition; null when they see them all.
 * `rbac` is the DASHBOARD_RBAC feature flag.
 */
export function dashboardVisibility(
  eb: DashboardEb,
  user: Principal,
  scope: DatasetScope,
  opts: { rbac?: boolean } = {},
): Expression<SqlBool> | null {
  if (user.isAdmin) return null;
  // a guest (embedded dashboard token) sees the dashboards its token names while they stay embedded
  if (user.kind === 'guest') {
    const uuids = user.guest?.embeddedUuids ?? [];
    if (!uuids.length) return sql<SqlBool>`1 = 0`;
    return embeddedUnder(eb, uuids);
  }
  const owned = ownedBy('dashboard', 'd.id', user.id);
  const published = eb('d.published', '=', 1);
  const readable = scope.all ? sql<SqlBool>`1 = 1` : hasChartOnDataset(eb, (inner) => datasetInScope(inner, scope));
  if (!opts.rbac) return eb.or([owned, eb.and([published, readable])]);
  const hasRoles = hasDashboardRoles(eb);
  // an anonymous visitor (the Public role) has no ab_user row: its roles are matched by name
  const roleNames = Object.keys(user.roles);
  const heldRole =
    user.kind === 'anonymous' ? (roleNames.length ? namesRoleCalled(eb, roleNames) : sql<SqlBool>`1 = 0`) : namesRoleHeldBy(eb, user.id);
  return eb.or([owned, eb.and([published, heldRole]), eb.and([published, eb.not(hasRoles), readable])]);
}
