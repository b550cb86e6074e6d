/**
 * PUT /api/v1/dashboard/{id}/filters (spec section 7 "Dashboards"): the filter config modal's
 * changes (modified, deleted, reordered) applied to the stored native_filter_configuration as the
 * BI server applies them, checked as a whole (spec section 3 "Native filter") and stored in
 * json_metadata with every other key left as it was. The same rights as saving the dashboard.
 */
import {
  applyFilterChanges,
  validateNativeFilterConfiguration,
  type DashboardFilterChanges,
  type DashboardFiltersUpdated,
  type FilterConfigItem,
} from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { nowIso } from '../metadata/db.js';
import { updateDashboardIfMetadata } from '../metadata/repos/dashboards.js';
import { HttpError } from '../http/errors.js';
import { parseJsonObject } from '../explore/present.js';
import { unprocessable, type DashboardService } from './service.js';

/** Another save kept changing json_metadata between our read and our write this many times: give up. */
const MAX_ATTEMPTS = 5;
export const FILTERS_CHANGED_MEANWHILE = 'The dashboard was changed while the filters were being saved. Please try again.';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every modified item must name the filter it is (the list is keyed by id). */
function modifiedItems(body: DashboardFilterChanges): FilterConfigItem[] {
  const items = (body.modified ?? []) as Record<string, unknown>[];
  const errors = items.flatMap((item, i) =>
    typeof item.id === 'string' && item.id.trim() !== '' ? [] : [`Item ${i + 1} has no id (the id of the filter or divider it is).`],
  );
  if (errors.length) throw unprocessable({ modified: errors });
  return items as unknown as FilterConfigItem[];
}

export async function updateNativeFilters(
  service: DashboardService,
  user: Principal,
  id: number,
  body: DashboardFilterChanges,
): Promise<DashboardFiltersUpdated> {
  const modified = modifiedItems(body);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { row } = await service.editable(user, id);
    await service.ctx.versions.baseline('dashboard', row.id);
    const metadata = parseJsonObject(row.json_metadata) ?? {};
    const stored = Array.isArray(metadata.native_filter_configuration) ? metadata.native_filter_configuration : [];
    const next = applyFilterChanges(stored.filter(isRecord) as unknown as FilterConfigItem[], {
      modified,
      deleted: body.deleted ?? [],
      reordered: body.reordered ?? [],
    });
    const { config, errors } = validateNativeFilterConfiguration(next);
    if (errors.length) throw unprocessable({ native_filter_configuration: errors });

    const text = JSON.stringify({ ...metadata, native_filter_configuration: config });
    // compare-and-set on the text read: a concurrent save of the dashboard is never overwritten
    const updated = await updateDashboardIfMetadata(service.db, row.id, row.json_metadata, {
      json_metadata: text,
      changed_on: nowIso(),
      changed_by_fk: user.id,
    });
    if (updated) {
      await service.ctx.versions.record('dashboard', row.id, user);
      return { result: config as unknown as Record<string, unknown>[] };
    }
  }
  throw new HttpError(409, { message: FILTERS_CHANGED_MEANWHILE });
}
