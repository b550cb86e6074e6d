/**
 * Who sees and who changes a saved chart. A chart is visible to admins, to its owners and to
 * anyone who may read its dataset (the peer's chart filter), to a guest when it is on one of the
 * guest's embedded dashboards; a missing chart and a hidden one
 * answer the same 404. Only owners and admins overwrite or delete it (spec section 6).
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError, forbidden, notFound } from '../http/errors.js';
import { visibleDataset } from './datasets.js';
import { guestScope } from './guest.js';
import { ownersOf } from '../metadata/repos/owners.js';
import { chartById, type SliceRow } from '../metadata/repos/charts.js';

export type { SliceRow };

/** May the user read a chart's dataset (any error other than "not found" propagates). */
export async function canReadChartDataset(ctx: AppContext, user: Principal, row: { datasource_id: number }): Promise<boolean> {
  try {
    await visibleDataset(ctx.store.db, user, row.datasource_id);
    return true;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return false;
    throw e;
  }
}

export interface VisibleChart {
  row: SliceRow;
  ownerIds: number[];
}

export const chartNotFound = () => notFound('Chart not found');

/** Owners and admins overwrite, edit and delete a chart (`can_overwrite`). */
export function canOverwriteChart(user: Principal, ownerIds: number[]): boolean {
  return user.isAdmin || ownerIds.includes(user.id);
}

/** The chart with its owners, or 404 when it does not exist or the user may not see it. */
export async function visibleChart(ctx: AppContext, user: Principal, id: number): Promise<VisibleChart> {
  const db = ctx.store.db;
  const row = await chartById(db, id);
  if (!row) throw chartNotFound();
  const ownerIds = await ownersOf(db, 'chart', id);
  // a guest (embedded dashboard token) sees only the charts on its dashboards
  if (user.kind === 'guest') {
    if (guestScope(user)?.charts.has(id)) return { row, ownerIds };
    throw chartNotFound();
  }
  if (user.isAdmin || ownerIds.includes(user.id) || (await canReadChartDataset(ctx, user, row))) return { row, ownerIds };
  throw chartNotFound();
}

/** The chart when the user may change it; 404 when hidden, 403 when visible but not theirs. */
export async function editableChart(ctx: AppContext, user: Principal, id: number): Promise<VisibleChart> {
  const chart = await visibleChart(ctx, user, id);
  if (!canOverwriteChart(user, chart.ownerIds)) {
    throw forbidden('You do not have permission to edit this chart');
  }
  return chart;
}
