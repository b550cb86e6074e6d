/**
 * The drill calls: POST /api/v1/chart/data with a drill-to-detail page (result_type
 * drill_detail), or with a drilled-by chart's query context (built the way Explore builds it).
 * Both name the chart and the dashboard on the URL, as the dashboard's own chart queries do.
 */
import { formatMessage, type ChartDataQueryResult, type QueryFormData } from '@rama/shared';
import { buildQueryContext, fetchChartData } from '../../explore/exploreApi';
import { ExploreMessage } from '../../explore/messages';
import { drillDetailQueryContext, type DrillFilter, type DrillOptions } from './drillModel';

export interface DrillDetailPage {
  colnames: string[];
  coltypes: number[];
  data: Record<string, unknown>[];
  /** every row the filters match (null when the server did not count them) */
  total: number | null;
}

function requestParams(chartId: number, formData: QueryFormData): Record<string, string | number> {
  const dashboardId = Number(formData.dashboardId);
  return {
    form_data: JSON.stringify({ slice_id: chartId }),
    ...(Number.isInteger(dashboardId) && dashboardId > 0 ? { dashboard_id: dashboardId } : {}),
  };
}

function resultsOrFail(reply: unknown): ChartDataQueryResult[] {
  const result = reply && typeof reply === 'object' ? (reply as { result?: unknown }).result : undefined;
  if (Array.isArray(result)) return result as ChartDataQueryResult[];
  // a 200 without a result list (an async job's 202 is awaited by fetchChartData)
  throw new Error(formatMessage(ExploreMessage.UNEXPECTED_STATUS, 200));
}

export async function fetchDrillDetail(
  args: { chartId: number; formData: QueryFormData; filters: readonly DrillFilter[]; options: DrillOptions; page: number },
  request: { signal: AbortSignal; force?: boolean },
): Promise<DrillDetailPage> {
  const qc = drillDetailQueryContext(args.formData, args.filters, args.options, args.page, request.force);
  const reply = await fetchChartData(qc, { signal: request.signal, params: requestParams(args.chartId, args.formData) });
  const [first] = resultsOrFail(reply);
  const total = (first as { total_count?: unknown } | undefined)?.total_count;
  return {
    colnames: first?.colnames ?? [],
    coltypes: first?.coltypes ?? [],
    data: first?.data ?? [],
    total: typeof total === 'number' ? total : null,
  };
}

/** A drilled-by chart's data: its query context as Explore builds it from the form data. */
export async function fetchDrillBy(chartId: number, formData: QueryFormData, signal: AbortSignal): Promise<ChartDataQueryResult[]> {
  const qc = buildQueryContext(formData);
  const reply = await fetchChartData(
    { ...qc, result_format: 'json', result_type: 'full' },
    { signal, params: requestParams(chartId, formData) },
  );
  return resultsOrFail(reply);
}
