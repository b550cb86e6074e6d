/**
 * What a guest's chart data request may reach (the BI server's guest rules in raise_for_access
 * and query_context_modified):
 *
 * - the dataset is used by a chart on a granted dashboard or is a granted dashboard's native
 *   filter target (404 otherwise, as for any dataset one may not read);
 * - a dashboard named in the form data is a granted one (404 otherwise);
 * - a chart named (`slice_id`) is on a granted dashboard (and on the named one) and reads that
 *   dataset (403 otherwise);
 * - the metrics, columns and orderings asked for are the chart's own, or, without a chart, those of
 *   the native filters on the dataset (403, payload.ts);
 * - only results a dashboard shows: `full`, `results` and `timegrains` (no SQL text, which would
 *   show row level security clauses; no samples or drill to detail, which show every column).
 */
import type { ChartDataResultType } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { forbidden, notFound } from '../http/errors.js';
import { guestScope } from './guest.js';
import { firstUnknownRef } from './guest-payload.js';

/** The peer's wording. */
export const GUEST_PAYLOAD_MESSAGE = 'Guest user cannot modify chart payload';
const GUEST_RESULT_TYPES: ReadonlySet<string> = new Set<ChartDataResultType>(['full', 'results', 'timegrains']);

export function guestChartAllowed(user: Principal, datasetId: number, via: { dashboardId?: number; sliceId?: number }): void {
  const scope = guestScope(user);
  if (!scope || !user.guest || !scope.datasetIds.has(datasetId)) throw notFound();
  if (via.dashboardId !== undefined && !user.guest.dashboardIds.includes(via.dashboardId)) throw notFound();
  if (via.sliceId === undefined) return;
  const chart = scope.charts.get(via.sliceId);
  if (!chart || chart.datasetId !== datasetId) throw forbidden(GUEST_PAYLOAD_MESSAGE);
  if (via.dashboardId !== undefined && !scope.dashboardCharts.get(via.dashboardId)?.has(via.sliceId))
    throw forbidden(GUEST_PAYLOAD_MESSAGE);
}

/** 403 when a guest's query asks for more than its dashboards show; nothing for other principals. */
export function checkGuestQuery(
  user: Principal,
  datasetId: number,
  via: { sliceId?: number },
  queries: unknown[],
  resultType: ChartDataResultType,
): void {
  if (user.kind !== 'guest') return;
  const scope = guestScope(user);
  if (!scope) throw forbidden(GUEST_PAYLOAD_MESSAGE);
  if (!GUEST_RESULT_TYPES.has(resultType))
    throw forbidden(`${GUEST_PAYLOAD_MESSAGE}: result type ${resultType} is not available to guests`);
  const allowed = via.sliceId !== undefined ? scope.charts.get(via.sliceId)?.refs : scope.filterRefs.get(datasetId);
  if (!allowed) throw forbidden(GUEST_PAYLOAD_MESSAGE);
  const unknown = firstUnknownRef(queries, allowed);
  if (unknown !== null) throw forbidden(`${GUEST_PAYLOAD_MESSAGE}: ${unknown.slice(0, 200)} is not used by the chart`);
}
