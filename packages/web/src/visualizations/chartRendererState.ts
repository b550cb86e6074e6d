/** The chart host's pure decisions: when a result counts as empty, and the render timing measure. */
import type { ChartDataQueryResult } from '@rama/shared';
import { t } from '../i18n';

/** Marked by the host when a chart data reply arrives. */
export const CHART_DATA_MARK = 'rama:chart-data';
/** From the reply to the chart drawn (issue 11 benchmark: ≤ 150 ms for 20 series × 1,000 points). */
export const CHART_RENDER_MEASURE = 'rama:chart-render';

/** Nothing to draw: no query answered with a row (spec: 'No results were returned for this query'). */
export function isEmptyResult(queriesData: ChartDataQueryResult[]): boolean {
  return queriesData.every((q) => !q || (q.data?.length ?? 0) === 0 || q.rowcount === 0);
}

type PerfLike = Pick<Performance, 'getEntriesByName' | 'measure'>;

/**
 * Ends the render measure at the reply's mark; nothing when the host set no mark (a dashboard
 * chart drawn from the cache, a test) or the browser has no user timing.
 */
export function measureChartRender(perf: PerfLike | undefined = globalThis.performance): PerformanceMeasure | null {
  if (!perf || typeof perf.getEntriesByName !== 'function' || typeof perf.measure !== 'function') return null;
  if (perf.getEntriesByName(CHART_DATA_MARK, 'mark').length === 0) return null;
  try {
    return perf.measure(CHART_RENDER_MEASURE, CHART_DATA_MARK) ?? null;
  } catch {
    return null;
  }
}

/** The message of whatever a chart threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return t('visualizations:unknownError');
}
