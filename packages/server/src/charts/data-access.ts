/**
 * Who may query a dataset's rows through chart data. OWNER: embedded helper (issue 25 parts 3 and 5).
 * Today: whoever may read the dataset. To come: a guest reads only what its dashboards show, and
 * under DASHBOARD_RBAC a user who may open a dashboard reads the data of the charts on it.
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { DatasetService } from '../datasets/service.js';

/** Where a chart data request says it comes from (form_data.dashboardId / slice_id). */
export interface ChartDataVia {
  dashboardId?: number;
  sliceId?: number;
}

/** The dataset when the user may query it; 404 (HttpError) otherwise. */
export async function visibleForChartData(ctx: AppContext, user: Principal, id: number, _via: ChartDataVia = {}) {
  return new DatasetService(ctx).visible(user, id);
}
