/**
 * What the engine and saved charts both say of a chart's dataset: which datasource types name one,
 * and whether a user may read it. Saved charts (charts/chart-access.ts, chart-rows.ts) take them
 * from here without reaching the rest of the engine (no import circle through dashboards/access.ts).
 */
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError } from '../http/errors.js';
import { DatasetService } from '../datasets/service.js';
import { DATASET_DATASOURCE_TYPES } from '../metadata/repos/charts.js';

/** The datasource types whose `datasource_id` names a Rama dataset (the others are not supported). */
export { DATASET_DATASOURCE_TYPES };

/** May the user read a chart's dataset (any error other than "not found" propagates). */
export async function canReadChartDataset(ctx: AppContext, user: Principal, row: { datasource_id: number }): Promise<boolean> {
  try {
    await new DatasetService(ctx).visible(user, row.datasource_id);
    return true;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return false;
    throw e;
  }
}
