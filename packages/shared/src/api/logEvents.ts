/**
 * The events dashboards and Explore record in the event log (issue 27 item 5), named and shaped as
 * the peer's front end records them: the action names, and pure builders for their payloads so the
 * page hooks only observe and send. Times are epoch milliseconds; `start_offset` is measured from
 * the page's time origin (`performance.timeOrigin`), as the peer's `Logger.getTimestamp()` is.
 */

export const LOG_ACTIONS = {
  MOUNT_DASHBOARD: 'mount_dashboard',
  LOAD_CHART: 'load_chart',
  RENDER_CHART: 'render_chart',
  SELECT_DASHBOARD_TAB: 'select_dashboard_tab',
  TOGGLE_EDIT_DASHBOARD: 'toggle_edit_dashboard',
  FORCE_REFRESH_DASHBOARD: 'force_refresh_dashboard',
  FORCE_REFRESH_CHART: 'force_refresh_chart',
  PERIODIC_RENDER_DASHBOARD: 'periodic_render_dashboard',
  HIDE_BROWSER_TAB: 'hide_browser_tab',
  MOUNT_EXPLORER: 'mount_explorer',
  CHANGE_EXPLORE_CONTROLS: 'change_explore_controls',
  EXPORT_CSV_DASHBOARD_CHART: 'export_csv_dashboard_chart',
  EXPORT_XLSX_DASHBOARD_CHART: 'export_xlsx_dashboard_chart',
  CHART_DOWNLOAD_AS_IMAGE: 'chart_download_as_image',
  OPEN_DRILL_TO_DETAIL: 'open_drill_to_detail',
} as const;

export type LogActionName = (typeof LOG_ACTIONS)[keyof typeof LOG_ACTIONS];

/** Events that measure something (`event_type: 'timing'`, their `duration` is stored as duration_ms). */
export const TIMING_LOG_ACTIONS: ReadonlySet<string> = new Set([
  LOG_ACTIONS.MOUNT_DASHBOARD,
  LOG_ACTIONS.LOAD_CHART,
  LOG_ACTIONS.RENDER_CHART,
  LOG_ACTIONS.HIDE_BROWSER_TAB,
]);

export function logEventType(name: string): 'timing' | 'user' {
  return TIMING_LOG_ACTIONS.has(name) ? 'timing' : 'user';
}

export interface PlannedLogEvent {
  name: LogActionName;
  payload: Record<string, unknown>;
}

/** What a chart's state says about its last query and drawing (the spec's chart state, in part). */
export interface ChartTimingState {
  chartStatus: string | null;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  queriesResponse: readonly { is_cached?: boolean; rowcount?: number }[] | null;
  chartAlert?: string | null;
}

export interface ChartTimingContext {
  sliceId: number | null;
  vizType: string;
  /** the page's time origin (epoch ms) */
  timeOrigin: number;
  /** when the change was seen (epoch ms): the end of a render */
  now: number;
  /** the dashboard the chart is on */
  dashboardId?: number;
  /** the query bypassed the cache (left out when unknown) */
  forceRefresh?: boolean;
  /** filters of the dashboard reached the chart */
  hasExtraFilters?: boolean;
}

const ms = (value: number) => Math.max(0, Math.round(value));

function loadChartPayload(next: ChartTimingState, ctx: ChartTimingContext): Record<string, unknown> {
  const start = next.chartUpdateStartTime ?? ctx.now;
  const end = next.chartUpdateEndTime ?? ctx.now;
  const results = next.queriesResponse ?? [];
  const failed = next.chartStatus === 'failed';
  return {
    slice_id: ctx.sliceId,
    ...(ctx.dashboardId !== undefined ? { dashboard_id: ctx.dashboardId } : {}),
    viz_type: ctx.vizType,
    is_cached: results.length > 0 && results.every((r) => r.is_cached === true),
    ...(ctx.forceRefresh !== undefined ? { force_refresh: ctx.forceRefresh } : {}),
    row_count: results.reduce((sum, r) => sum + (typeof r.rowcount === 'number' ? r.rowcount : 0), 0),
    ...(ctx.hasExtraFilters !== undefined ? { has_extra_filters: ctx.hasExtraFilters } : {}),
    start_offset: ms(start - ctx.timeOrigin),
    ts: end,
    duration: ms(end - start),
    ...(failed ? { has_err: true, error_details: next.chartAlert ?? '' } : {}),
  };
}

function renderChartPayload(next: ChartTimingState, ctx: ChartTimingContext): Record<string, unknown> {
  // drawing starts when the data arrives
  const start = next.chartUpdateEndTime ?? ctx.now;
  return {
    slice_id: ctx.sliceId,
    ...(ctx.dashboardId !== undefined ? { dashboard_id: ctx.dashboardId } : {}),
    viz_type: ctx.vizType,
    start_offset: ms(start - ctx.timeOrigin),
    ts: ctx.now,
    duration: ms(ctx.now - start),
  };
}

/**
 * The timing events a chart's state change means: `load_chart` when a query finishes (succeeded or
 * failed; the same query is reported once), `render_chart` when the chart is drawn.
 */
export function chartTimingEvents(prev: ChartTimingState | undefined, next: ChartTimingState, ctx: ChartTimingContext): PlannedLogEvent[] {
  const events: PlannedLogEvent[] = [];
  const finished = (s: ChartTimingState | undefined) =>
    s !== undefined &&
    s.chartUpdateEndTime !== null &&
    (s.chartStatus === 'success' || s.chartStatus === 'rendered' || s.chartStatus === 'failed');
  const sameQuery =
    prev !== undefined && prev.chartUpdateStartTime === next.chartUpdateStartTime && prev.chartUpdateEndTime === next.chartUpdateEndTime;
  if (finished(next) && next.chartUpdateStartTime !== null && !(finished(prev) && sameQuery))
    events.push({ name: LOG_ACTIONS.LOAD_CHART, payload: loadChartPayload(next, ctx) });
  if (next.chartStatus === 'rendered' && prev?.chartStatus !== 'rendered' && next.chartUpdateEndTime !== null)
    events.push({ name: LOG_ACTIONS.RENDER_CHART, payload: renderChartPayload(next, ctx) });
  return events;
}

/**
 * A page shown after navigating inside the app (not loaded by the browser for this address):
 * the browser's navigation entry names another path.
 */
export function isSoftNavigation(navigationUrl: string | null, pathname: string): boolean {
  if (!navigationUrl) return false;
  try {
    return new URL(navigationUrl, 'http://x').pathname !== pathname;
  } catch {
    return false;
  }
}

export interface MountDashboardInput {
  dashboardId: number;
  /** when the visit started (epoch ms): the time origin, or the in-app navigation */
  startedAt: number;
  /** when the dashboard was ready (epoch ms) */
  readyAt: number;
  timeOrigin: number;
  softNavigation: boolean;
  editMode: boolean;
  published: boolean;
  chartCount: number;
  /** the component the address points at (#anchor), if any */
  targetId?: string | null;
}

/** `mount_dashboard`: the dashboard is on the page; `duration` is its load time. */
export function mountDashboardPayload(input: MountDashboardInput): Record<string, unknown> {
  return {
    dashboard_id: input.dashboardId,
    is_soft_navigation: input.softNavigation,
    is_edit_mode: input.editMode,
    is_empty: input.chartCount === 0,
    is_published: input.published,
    mount_duration: ms(input.readyAt - input.timeOrigin),
    start_offset: ms(input.startedAt - input.timeOrigin),
    ts: input.readyAt,
    duration: ms(input.readyAt - input.startedAt),
    ...(input.targetId ? { target_id: input.targetId } : {}),
  };
}

/** The tabs newly shown when the active tabs change (a user's choice of one tab, usually). */
export function newlyActiveTabs(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((t) => !had.has(t));
}

/** The form-data keys whose values differ (what `change_explore_controls` names). */
export function changedControls(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}
