/**
 * A dashboard chart's query (spec section 7 "Chart data"): the chart's saved query context when it
 * has a usable one, else the one its viz type builds from the form data (Explore's
 * `buildQueryContext`); POST /api/v1/chart/data with `form_data={"slice_id":…}`, `dashboard_id`
 * and `force`; the outcome goes through the shared chart rules (chartsSlice.chartEvent).
 */
import {
  chartUrlParams,
  formatMessage,
  type DashboardChart,
  type ExtraFormData,
  type QueryContext,
  type QueryFormData,
} from '@rama/shared';
import { toClientError } from '../core/api';
import type { AppDispatch } from '../core/state';
import { chartErrorHints } from '@rama/shared';
import { annotationFailure } from '../explore/chartState';
import { fetchAnnotationData, queriedAnnotationLayers } from '../explore/annotationLayers';
import { buildQueryContext, fetchChartData } from '../explore/exploreApi';
import { ExploreMessage } from '../explore/messages';
import { resultsOf } from '../explore/useChartRunner';
import { chartsActions } from './state/chartsSlice';

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * The chart's form data as the dashboard runs it: the saved one, naming the chart and the
 * dashboard, with what the dashboard's filters and cross-filters ask of it as `extra_form_data`.
 */
export function dashboardFormData(slice: DashboardChart, dashboardId: number, extraFormData?: ExtraFormData | null): QueryFormData {
  const fd = slice.form_data;
  const out: QueryFormData = {
    ...fd,
    viz_type: typeof fd.viz_type === 'string' && fd.viz_type ? fd.viz_type : slice.viz_type,
    datasource: typeof fd.datasource === 'string' ? fd.datasource : '',
    slice_id: slice.id,
    dashboardId,
  };
  if (extraFormData && Object.keys(extraFormData).length) out.extra_form_data = extraFormData;
  return out;
}

/** A saved query context that can be posted as it is (a datasource and at least one query), or null. */
export function savedQueryContext(text: string | null | undefined): QueryContext | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const qc = value as Partial<QueryContext>;
  const ds = qc.datasource;
  if (!ds || typeof ds !== 'object' || ds.id === undefined || typeof ds.type !== 'string') return null;
  if (!Array.isArray(qc.queries) || qc.queries.length === 0) return null;
  return qc as QueryContext;
}

/**
 * What the dashboard posts for a chart: its saved query context, else (or when the chart has its
 * own query state, a table's page, or filters reach it) the one built from its form data. Always
 * result_type full, JSON.
 */
export function dashboardQueryContext(
  slice: DashboardChart,
  options: {
    dashboardId: number;
    ownState?: Record<string, unknown> | null;
    extraFormData?: ExtraFormData | null;
    /** the page address's own parameters (chartUrlParams), read by `{{ url_param() }}` */
    urlParams?: Record<string, string>;
  },
): QueryContext {
  const formData = dashboardFormData(slice, options.dashboardId, options.extraFormData);
  const urlParams = options.urlParams && Object.keys(options.urlParams).length ? options.urlParams : null;
  if (urlParams) formData.url_params = urlParams;
  const saved = options.ownState || formData.extra_form_data || urlParams ? null : savedQueryContext(slice.query_context);
  const base = saved ?? buildQueryContext(formData, options.ownState ? { ownState: options.ownState } : undefined);
  return { ...base, form_data: { ...(base.form_data ?? {}), ...formData }, result_format: 'json', result_type: 'full' };
}

export interface ChartQueryArgs {
  slice: DashboardChart;
  dashboardId: number;
  force: boolean;
  ownState: Record<string, unknown> | null;
  /** what the dashboard's filters ask of the chart */
  extraFormData: ExtraFormData | null;
  signal: AbortSignal;
  /** how long to wait for the data: the server's RAMA_WEBSERVER_TIMEOUT plus a few seconds (chartDataTimeoutMs) */
  timeoutMs?: number;
}

let lastToken = 0;

/** Run one chart's query (and its annotation layers' queries) and record the outcome. Resolves when all have settled. */
export async function runDashboardChartQuery(dispatch: AppDispatch, args: ChartQueryArgs): Promise<void> {
  const { slice, dashboardId, force, ownState, extraFormData, signal, timeoutMs } = args;
  const chartId = slice.id;
  lastToken += 1;
  const token = lastToken;
  const event = (e: Parameters<typeof chartsActions.chartEvent>[0]['event']) =>
    dispatch(chartsActions.chartEvent({ chartId, event: e, token }));
  event({ type: 'updateStarted', at: Date.now() });
  let queryContext: QueryContext;
  try {
    const urlParams = typeof window === 'undefined' ? {} : chartUrlParams(window.location.search);
    queryContext = dashboardQueryContext(slice, { dashboardId, ownState, extraFormData, urlParams });
  } catch (e) {
    event({ type: 'updateFailed', message: e instanceof Error ? e.message : String(e), at: Date.now() });
    return;
  }
  const params = { form_data: JSON.stringify({ slice_id: chartId }), dashboard_id: dashboardId };
  // the annotation queries get the filters that reach the chart (its extra_form_data); native
  // layers ride on the chart's own query and are not filtered
  const mainFormData = dashboardFormData(slice, dashboardId, extraFormData);
  const annotations = queriedAnnotationLayers(slice.form_data.annotation_layers).map(async (layer) => {
    const requestId = `${chartId}:${layer.name}:${token}`;
    event({ type: 'annotationStarted', name: layer.name, requestId });
    try {
      const data = await fetchAnnotationData(layer, mainFormData, { signal, force, timeoutMs });
      event({ type: 'annotationSucceeded', name: layer.name, requestId, data: Object.freeze(data) as typeof data });
    } catch (e) {
      if (isAbort(e)) return;
      const message = annotationFailure(toClientError(e));
      event(
        message === null
          ? { type: 'annotationSucceeded', name: layer.name, requestId, data: [] }
          : { type: 'annotationFailed', name: layer.name, requestId, message },
      );
    }
  });
  const main = (async () => {
    try {
      const reply = await fetchChartData(queryContext, { signal, force, params, timeoutMs });
      const results = resultsOf(reply);
      if (!results) {
        // a 200 without a result list (an async job's 202 is awaited by fetchChartData)
        event({ type: 'updateFailed', message: formatMessage(ExploreMessage.UNEXPECTED_STATUS, 200), at: Date.now() });
        return;
      }
      // frozen up front, so the store does not walk every row
      event({ type: 'updateSucceeded', queriesResponse: Object.freeze(results) as typeof results, at: Date.now() });
    } catch (e) {
      // leaving the page aborts silently ("An abort is silent")
      if (isAbort(e)) {
        event({ type: 'updateAborted' });
        return;
      }
      const error = toClientError(e);
      const stackTrace = error.errors.find((x) => typeof x.extra.stacktrace === 'string')?.extra.stacktrace as string | undefined;
      event({
        type: 'updateFailed',
        message: error.message,
        hints: chartErrorHints(error),
        stackTrace: stackTrace ?? null,
        at: Date.now(),
      });
    }
  })();
  await Promise.all([main, ...annotations]);
}
