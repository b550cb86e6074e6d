/**
 * Who may query a dataset's rows through chart data (issue 25 parts 3 and 5).
 *
 * - A user who may read the dataset (database, schema or dataset access).
 * - Under DASHBOARD_RBAC, a user who may open a dashboard that names roles (the peer's rule) may
 *   load the data of a chart on it: the request names the dashboard (`form_data.dashboardId`) and
 *   the chart (`form_data.slice_id`), the chart is on that dashboard and reads that dataset; or
 *   the options of one of its native filters (the dashboard named, no chart, a filter targets
 *   that dataset).
 * - A guest (embedded dashboard token): only a dataset a granted dashboard uses; a chart it names
 *   must be on a granted dashboard (and on the named dashboard) and read that dataset, or 403. What
 *   the query may ask for is checked by access/guest-chart-data.ts checkGuestQuery.
 *
 * Missing and forbidden datasets answer the same 404.
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError, notFound } from '../http/errors.js';
import { datasetScope, visibleDataset } from '../access/datasets.js';
import { dashboardVisibility } from '../access/dashboards.js';
import { guestChartAllowed } from '../access/guest-chart-data.js';
import { filterRefsByDataset, parseStored } from '../access/guest-payload.js';
import { datasetById } from '../metadata/repos/datasets.js';
import { databaseNames, databaseRefOrThrow } from '../metadata/repos/databases.js';
import { chartOnDashboardReads } from '../metadata/repos/charts.js';
import { findDashboard, hasDashboardRoles } from '../metadata/repos/dashboards.js';

/** Where a chart data request says it comes from (form_data.dashboardId / slice_id). */
export interface ChartDataVia {
  dashboardId?: number;
  sliceId?: number;
}

const idOf = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/** The dashboard and chart a request's form data names (ids that are not positive integers are ignored). */
export function chartDataVia(formData: unknown): ChartDataVia {
  if (!formData || typeof formData !== 'object') return {};
  const fd = formData as Record<string, unknown>;
  const via: ChartDataVia = {};
  const dashboardId = idOf(fd.dashboardId ?? fd.dashboard_id);
  const sliceId = idOf(fd.slice_id);
  if (dashboardId !== undefined) via.dashboardId = dashboardId;
  if (sliceId !== undefined) via.sliceId = sliceId;
  return via;
}

/** The dataset when the user may query it; 404 (HttpError) otherwise. */
export async function visibleForChartData(ctx: AppContext, user: Principal, id: number, via: ChartDataVia = {}) {
  if (user.kind === 'guest') {
    guestChartAllowed(user, id, via);
    return visibleDataset(ctx.store.db, user, id);
  }
  try {
    return await visibleDataset(ctx.store.db, user, id);
  } catch (e) {
    if (!(e instanceof HttpError && e.statusCode === 404)) throw e;
    if (via.dashboardId === undefined || !ctx.config.featureFlags.DASHBOARD_RBAC) throw e;
    if (!(await dashboardGrantsData(ctx, user, id, via.dashboardId, via.sliceId))) throw e;
    const row = await datasetById(ctx.store.db, id);
    if (!row) throw notFound();
    const database = await databaseRefOrThrow(ctx.store.db, row.database_id);
    return { row, database };
  }
}

/**
 * DASHBOARD_RBAC: the dashboard names roles, the user may open it, and either the chart is on it
 * and reads the dataset, or (no chart named: a filter's options) one of its native filters targets
 * the dataset.
 */
async function dashboardGrantsData(
  ctx: AppContext,
  user: Principal,
  datasetId: number,
  dashboardId: number,
  sliceId: number | undefined,
): Promise<boolean> {
  const db = ctx.store.db;
  if (sliceId !== undefined) {
    if (!(await chartOnDashboardReads(db, dashboardId, sliceId, datasetId))) return false;
  }
  const scope = datasetScope(user, await databaseNames(db));
  const dashboard = await findDashboard(db, { id: dashboardId }, (eb) =>
    eb.and([hasDashboardRoles(eb), dashboardVisibility(eb, user, scope, { rbac: true }) ?? eb.lit(true)]),
  );
  if (!dashboard) return false;
  return sliceId !== undefined || filterRefsByDataset(parseStored(dashboard.json_metadata)).has(datasetId);
}
