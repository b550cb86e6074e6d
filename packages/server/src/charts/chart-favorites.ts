/**
 * Starred charts: `favstar` rows with class_name 'slice', as the BI server files them. Starring a
 * chart the user may not see answers 404, like a missing one.
 */
import type { FavoriteStatus } from '@rama/shared';
import type { AppContext } from '../context.js';
import { addStarIfMissing, removeStar, starredAmong } from '../metadata/repos/favorites.js';
import type { Principal } from '../security/principal.js';
import { HttpError } from '../http/errors.js';
import { chartNotFound, visibleChart } from '../access/charts.js';

export const CHART_FAVSTAR_CLASS = 'slice';

/** The user's starred chart ids among `ids`. */
export async function favoriteChartIds(ctx: AppContext, user: Principal, ids: number[]): Promise<Set<number>> {
  return starredAmong(ctx.store.db, user.id, CHART_FAVSTAR_CLASS, ids);
}

/** `{id, value}` for each visible chart of `ids`; 404 when none of them is visible. */
export async function favoriteStatus(ctx: AppContext, user: Principal, ids: number[]): Promise<FavoriteStatus[]> {
  const visible: number[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await visibleChart(ctx, user, id);
      visible.push(id);
    } catch (e) {
      if (!(e instanceof HttpError && e.statusCode === 404)) throw e;
    }
  }
  if (!visible.length) throw chartNotFound();
  const starred = await favoriteChartIds(ctx, user, visible);
  return visible.map((id) => ({ id, value: starred.has(id) }));
}

export async function addFavorite(ctx: AppContext, user: Principal, id: number): Promise<void> {
  await visibleChart(ctx, user, id);
  // starring twice keeps one star (the unique index would refuse a second row)
  await addStarIfMissing(ctx.store.db, user.id, CHART_FAVSTAR_CLASS, id);
}

export async function removeFavorite(ctx: AppContext, user: Principal, id: number): Promise<void> {
  await visibleChart(ctx, user, id);
  await removeStar(ctx.store.db, user.id, CHART_FAVSTAR_CLASS, id);
}
