import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { HttpError } from '../http/errors.js';
import { chartNotFound, visibleChart, type VisibleChart } from '../access/charts.js';
import { DatasetService } from '../datasets/service.js';
import { datasetIdOfKey, datasourceNotFound } from '../datasets/metadata.js';
import { MAX_ID } from '../datasets/present.js';
import { DATASET_DATASOURCE_TYPES } from '../charts/chart-rows.js';

/**
 * Who may use an Explore state: the user must see its datasource (and its chart, when it names
 * one). Only datasets (`table` and its aliases) are datasources here; any other type is as unknown as a missing one.
 */

/** The dataset id of a datasource given as id and type; null when the type is not a dataset. */
export function datasetIdOf(id: number, type: string): number | null {
  return DATASET_DATASOURCE_TYPES.includes(type) && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** The dataset id named by form data's `datasource` (`7__table`); null when it names none. */
export function datasetIdOfFormData(formData: Record<string, unknown>): number | null {
  return datasetIdOfKey(formData.datasource);
}

/** May the user read this dataset (false for a missing one; other errors propagate). */
export async function canSeeDataset(ctx: AppContext, user: Principal, datasetId: number | null): Promise<boolean> {
  if (datasetId === null) return false;
  try {
    await new DatasetService(ctx).visible(user, datasetId);
    return true;
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return false;
    throw e;
  }
}

/** The chart when the user sees it, null when it is missing or hidden. */
export async function chartIfVisible(ctx: AppContext, user: Principal, id: number): Promise<VisibleChart | null> {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
  try {
    return await visibleChart(ctx, user, id);
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return null;
    throw e;
  }
}

/** 404 unless the user sees the dataset and, when given, the chart. */
export async function requireStateAccess(
  ctx: AppContext,
  user: Principal,
  datasetId: number | null,
  chartId: number | null,
): Promise<void> {
  if (!(await canSeeDataset(ctx, user, datasetId))) throw datasourceNotFound();
  if (chartId !== null && !(await chartIfVisible(ctx, user, chartId))) throw chartNotFound();
}
