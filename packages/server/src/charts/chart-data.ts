/**
 * GET /api/v1/chart/{id}/data/: a saved chart's data through the chart data engine, from the
 * query context saved with it — or, for a chart saved without one, rebuilt from its form data by
 * the viz type's buildQuery (the generic form-data query when the type is not known here).
 */
import {
  getVizDefinition,
  migrateLegacyFormData,
  queryObjectFromFormData,
  type ChartDataResultFormat,
  type ChartDataResultType,
  type ExtraFormData,
  type QueryContext,
  type QueryFormData,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { badRequest } from '../http/errors.js';
import type { ChartDataReply } from '../chartdata/engine.js';
import { requireReadableFormData } from '../chartdata/query.js';
import { visibleChart, type SliceRow } from '../access/charts.js';

export const NO_QUERY_CONTEXT = 'Chart has no query context saved. Please save the chart again.';

function jsonObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The chart's own form data, naming this chart and its datasource whatever the stored copy says. */
export function chartFormData(row: SliceRow): QueryFormData | null {
  const params = jsonObject(row.params);
  if (!params) return null;
  const formData: QueryFormData = {
    ...params,
    viz_type: row.viz_type,
    datasource: `${row.datasource_id}__${row.datasource_type}`,
    slice_id: row.id,
  };
  // a chart saved with one of the peer's legacy types is queried as its current type (issue 31)
  return migrateLegacyFormData(formData)?.formData ?? formData;
}

/** A query context for the chart from its form data, or null when nothing can be built. */
export function rebuildQueryContext(row: SliceRow): QueryContext | null {
  const formData = chartFormData(row);
  if (!formData) return null;
  requireReadableFormData(formData);
  const definition = getVizDefinition(formData.viz_type);
  if (definition) {
    try {
      return definition.buildQuery(formData);
    } catch {
      // form data the viz type cannot read: the generic query below may still answer
    }
  }
  return {
    datasource: { id: row.datasource_id, type: row.datasource_type },
    queries: [queryObjectFromFormData(formData)],
    form_data: formData,
  };
}

/** The chart's query context, the saved one first; `form_data.slice_id` names the chart. */
export function chartQueryContext(row: SliceRow): QueryContext {
  const saved = jsonObject(row.query_context);
  const qc = saved && Array.isArray(saved.queries) && saved.datasource ? (saved as unknown as QueryContext) : rebuildQueryContext(row);
  if (!qc) throw badRequest(NO_QUERY_CONTEXT);
  const formData = qc.form_data && typeof qc.form_data === 'object' ? qc.form_data : {};
  return {
    ...qc,
    // the chart's own datasource: a stored context cannot point the chart at another dataset
    datasource: { id: row.datasource_id, type: row.datasource_type },
    form_data: { ...formData, slice_id: row.id },
    // the chart's cache timeout wins over the dataset's and the database's (the BI server's order)
    custom_cache_timeout: row.cache_timeout ?? qc.custom_cache_timeout ?? null,
  };
}

/**
 * The chart's query as a dashboard runs it (the web app's dashboardQueryContext): its saved query
 * context when no filter reaches it, else the one its viz type builds from the form data with what
 * the dashboard's filters and cross-filters ask of it as `extra_form_data`; `dashboardId` names the
 * dashboard (its access rules apply to guests and under DASHBOARD_RBAC).
 */
export function dashboardChartQueryContext(row: SliceRow, dashboardId: number, extraFormData: ExtraFormData | null): QueryContext {
  if (!extraFormData || Object.keys(extraFormData).length === 0) {
    const qc = chartQueryContext(row);
    return { ...qc, form_data: { ...qc.form_data, dashboardId } };
  }
  const saved = chartFormData(row);
  if (!saved) throw badRequest(NO_QUERY_CONTEXT);
  requireReadableFormData(saved);
  const formData: QueryFormData = { ...saved, dashboardId, extra_form_data: extraFormData };
  const definition = getVizDefinition(formData.viz_type);
  const qc: QueryContext = definition
    ? definition.buildQuery(formData)
    : {
        datasource: { id: row.datasource_id, type: row.datasource_type },
        queries: [queryObjectFromFormData(formData)],
        form_data: formData,
      };
  return {
    ...qc,
    datasource: { id: row.datasource_id, type: row.datasource_type },
    form_data: { ...(qc.form_data ?? {}), ...formData },
    custom_cache_timeout: row.cache_timeout ?? qc.custom_cache_timeout ?? null,
  };
}

export interface ChartDataRequest {
  /** `json`, `csv` or `xlsx`; the engine refuses anything else with a 400 */
  format?: string;
  /** `full`, `samples`, `query`, …; checked by the engine too */
  type?: string;
  force: boolean;
  signal?: AbortSignal;
}

export async function savedChartData(ctx: AppContext, user: Principal, id: number, req: ChartDataRequest): Promise<ChartDataReply> {
  const { row } = await visibleChart(ctx, user, id);
  const qc = chartQueryContext(row);
  if (req.format) qc.result_format = req.format as ChartDataResultFormat;
  if (req.type) qc.result_type = req.type as ChartDataResultType;
  return ctx.charts.data(user, qc, { signal: req.signal, force: req.force });
}
