/**
 * How long the web app waits for chart data (Explore and dashboards): the server's own time limit
 * for a chart query (`RAMA_WEBSERVER_TIMEOUT`, sent in the bootstrap) plus a few seconds, so the
 * server's timeout answer (with its hints) arrives before the browser gives up. When the browser
 * gives up first, the chart shows the timeout hints too.
 */
import type { BootstrapData } from '@rama/shared';
import { sessionApi } from '../core/session';
import { useAppSelector } from '../core/hooks';

/** The server's default time limit, when the bootstrap does not say. */
export const DEFAULT_WEBSERVER_TIMEOUT_S = 60;
/** Seconds the browser waits beyond the server's limit. */
export const CHART_TIMEOUT_MARGIN_S = 5;

export function chartDataTimeoutMs(conf: Partial<Pick<BootstrapData['conf'], 'RAMA_WEBSERVER_TIMEOUT'>> | null | undefined): number {
  const seconds = Number(conf?.RAMA_WEBSERVER_TIMEOUT);
  const limit = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_WEBSERVER_TIMEOUT_S;
  return (limit + CHART_TIMEOUT_MARGIN_S) * 1000;
}

const selectBootstrap = sessionApi.endpoints.getBootstrap.select();

/** The chart data timeout of the loaded bootstrap (read from the cache: an embedded page asks for none). */
export function useChartDataTimeoutMs(): number {
  return useAppSelector((s) => chartDataTimeoutMs(selectBootstrap(s).data?.conf));
}
