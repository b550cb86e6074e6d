import { VIZ_DEFINITIONS, migrateLegacyFormData, type ExploreSlice, type UserRef } from '@rama/shared';
import type { SliceRow } from '../access/charts.js';
import { humanizeDelta } from '../http/time.js';

/** The datasource key of form data: `{id}__{type}`. */
export const datasourceKey = (id: number, type: string): string => `${id}__${type}`;

/** JSON object text as an object; anything else (bad JSON, an array, a scalar) is null. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A saved chart's form data as Explore opens it: the stored params, with the chart's id, viz type
 * and datasource written over whatever the params say (the row is the truth), as the BI server does.
 */
export function chartFormData(row: Pick<SliceRow, 'id' | 'params' | 'viz_type' | 'datasource_id' | 'datasource_type' | 'cache_timeout'>) {
  const formData: Record<string, unknown> = {
    ...(parseJsonObject(row.params) ?? {}),
    slice_id: row.id,
    viz_type: row.viz_type,
    datasource: datasourceKey(row.datasource_id, row.datasource_type),
  };
  if (row.cache_timeout !== null) formData.cache_timeout = row.cache_timeout;
  // a chart saved with one of the peer's legacy types opens as its current type (issue 31)
  return migrateLegacyFormData(formData)?.formData ?? formData;
}

/**
 * What Explore says when a chart saved with a legacy type opens as its current one (the old form
 * data stays under `form_data_bak` until the chart is saved).
 */
export function legacyOpenedMessage(from: string, to: string): string {
  const name = VIZ_DEFINITIONS.get(to)?.meta.name ?? to;
  return `This chart was saved with the legacy "${from}" type and opens as ${name} ("${to}"). Its old settings are kept under form_data_bak; save the chart to keep the new type.`;
}

export const chartExploreUrl = (id: number): string => `/explore/?slice_id=${id}`;

/** The `slice` of the Explore bootstrap. */
export function presentExploreSlice(
  row: SliceRow,
  owners: UserRef[],
  dashboards: { id: number; dashboard_title: string }[],
  now = Date.now(),
): ExploreSlice {
  const humanized = humanizeDelta(row.changed_on, now);
  return {
    slice_id: row.id,
    slice_name: row.slice_name,
    slice_url: chartExploreUrl(row.id),
    description: row.description,
    cache_timeout: row.cache_timeout,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    datasource: datasourceKey(row.datasource_id, row.datasource_type),
    viz_type: row.viz_type,
    form_data: chartFormData(row),
    query_context: row.query_context,
    owners: owners.map((o) => o.id),
    owner_details: owners.map((o) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name })),
    dashboards,
    is_managed_externally: Boolean(row.is_managed_externally),
    changed_on: row.changed_on,
    changed_on_humanized: humanized,
    modified: humanized,
    edit_url: `/chart/edit/${row.id}`,
  };
}
