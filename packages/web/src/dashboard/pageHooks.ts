/**
 * The dashboard page's background work: auto-refresh (spec section 9: staggered, timed-refresh
 * immune charts left out, only while the browser tab is visible), the shared label colour sync
 * (PUT /colors?mark_updated=false after 500 ms, editors only), the all-rendered mark, revealing a
 * component (anchor, focused chart), and the event log of the visit (mount, chart load and render
 * times, edit mode, refreshes, the browser tab hidden).
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import {
  CHART_TYPE,
  COLOR_SYNC_DEBOUNCE_MS,
  chartIdsInLayout,
  getCategoricalScheme,
  LOG_ACTIONS,
  chartTimingEvents,
  isSoftNavigation,
  logEventType,
  mountDashboardPayload,
  refreshDelays,
  refreshWindowMs,
  type DashboardChart,
  type DashboardLayout,
  type PlannedLogEvent,
} from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { logEvent } from '../core/logger';
import type { RootState } from '../core/state';
import { allChartsSettled, type ChartLoadQueue, type NearCharts } from './chartQueue';
import { labelColorsChanged, type DashboardColorRegistry } from './colors';
import { useUpdateDashboardColorsMutation } from '../dashboards/dashboardPageApi';
import { chartsActions, type DashboardChartState } from './state/chartsSlice';
import { dashboardInfoActions } from './state/dashboardInfoSlice';
import { dashboardStateActions } from './state/dashboardStateSlice';
import { isInActiveTabs } from './tabsState';

/** The charts an auto-refresh round refreshes: those on the dashboard, less json_metadata.timed_refresh_immune_slices. */
export function autoRefreshChartIds(
  layout: DashboardLayout,
  immune: readonly number[] | undefined,
  loaded: (id: number) => boolean,
): number[] {
  const skip = new Set(immune ?? []);
  return chartIdsInLayout(layout).filter((id) => !skip.has(id) && loaded(id));
}

/**
 * Every `frequency` seconds, a forced refresh of the dashboard's charts, spread over the round
 * (`refreshDelays`). A round that falls while the browser tab is hidden runs when it is shown again.
 */
export function useAutoRefresh(frequency: number, paused: boolean): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    if (!frequency || frequency <= 0 || paused) return;
    const timers = new Set<number>();
    let missed = false;
    const round = () => {
      const s = store.getState();
      const meta = s.dashboardInfo.json_metadata;
      const ids = autoRefreshChartIds(s.dashboardLayout.present, meta.timed_refresh_immune_slices, (id) =>
        Boolean(s.dashboardCharts.byId[id]),
      );
      const delays = refreshDelays(ids.length, refreshWindowMs(frequency), {
        stagger: meta.stagger_refresh !== false,
        staggerTime: meta.stagger_time,
      });
      if (ids.length) logDashboardEvent(LOG_ACTIONS.PERIODIC_RENDER_DASHBOARD, s.dashboardInfo.id, { interval: frequency });
      ids.forEach((chartId, i) => {
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          // an auto-refresh is not a user's forced refresh of the chart
          withoutRefreshLog(() => dispatch(chartsActions.triggerRefresh({ chartIds: [chartId], force: true })));
        }, delays[i] ?? 0);
        timers.add(timer);
      });
    };
    const interval = window.setInterval(() => {
      if (document.visibilityState === 'hidden') missed = true;
      else round();
    }, frequency * 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && missed) {
        missed = false;
        round();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(interval);
      for (const timer of timers) window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [frequency, paused, dispatch, store]);
}

/**
 * Shared label colours to the server (issue 12 part 5): when a label gets a colour or becomes
 * shared, PUT /{id}/colors?mark_updated=false once things have been quiet for 500 ms — only for a
 * user who may edit the dashboard, not while editing (the scheme being edited is not saved yet),
 * and only when the colours differ from what json_metadata holds.
 */
export function useColorSync(colors: DashboardColorRegistry, enabled: boolean): void {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const [updateColors] = useUpdateDashboardColorsMutation();
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const sync = () => {
      const { dashboardInfo: info, dashboardState } = store.getState();
      if (dashboardState.editMode || !info.id) return;
      const meta = info.json_metadata;
      const snapshot = colors.snapshot();
      if (!labelColorsChanged(meta, snapshot)) return;
      const scheme = meta.color_scheme ?? null;
      const body = {
        color_namespace: meta.color_namespace ?? null,
        color_scheme: scheme,
        color_scheme_domain: scheme ? getCategoricalScheme(scheme).colors : [],
        shared_label_colors: snapshot.shared_label_colors,
        map_label_colors: snapshot.map_label_colors,
        label_colors: meta.label_colors ?? {},
      };
      updateColors({ id: info.id, markUpdated: false, body })
        .unwrap()
        .then(() => {
          const latest = store.getState().dashboardInfo;
          if (latest.id !== info.id) return;
          dispatch(dashboardInfoActions.update({ json_metadata: { ...latest.json_metadata, ...body } }));
        })
        // a failed sync is tried again with the next colour change; the page itself is unaffected
        .catch(() => undefined);
    };
    const unsubscribe = colors.subscribe(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(sync, COLOR_SYNC_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [colors, enabled, store, dispatch, updateColors]);
}

/** How many charts the active tabs show (what the all-rendered mark waits for when none is near). */
function chartsInActiveTabs(layout: DashboardLayout, activeTabs: readonly string[]): number {
  let count = 0;
  for (const item of Object.values(layout)) if (item.type === CHART_TYPE && isInActiveTabs(layout, activeTabs, item.id)) count += 1;
  return count;
}

/**
 * `performance.mark('rama:dashboard-all-rendered')` once, when every chart near the viewport in the
 * active tabs has been drawn (or has failed) and no chart query waits or runs.
 */
export function useAllRenderedMark(args: { ready: boolean; queue: ChartLoadQueue; near: NearCharts; dashboardId: number }): void {
  const { ready, queue, near, dashboardId } = args;
  const store = useStore<RootState>();
  useEffect(() => {
    if (!ready) return;
    let done = false;
    const unsubscribers: (() => void)[] = [];
    const stop = () => {
      done = true;
      for (const u of unsubscribers) u();
    };
    const check = () => {
      if (done) return;
      const s = store.getState();
      const settled = allChartsSettled({
        nearChartIds: near.ids(),
        statusOf: (id) => s.dashboardCharts.byId[id]?.chartStatus,
        queueSize: queue.size,
        chartCount: chartsInActiveTabs(s.dashboardLayout.present, s.dashboardState.activeTabs),
      });
      if (!settled) return;
      performance.mark('rama:dashboard-all-rendered', { detail: { dashboardId } });
      stop();
    };
    unsubscribers.push(store.subscribe(check), queue.subscribe(check), near.subscribe(check));
    check();
    return stop;
  }, [ready, queue, near, store, dashboardId]);
}

const REVEAL_TIMEOUT_MS = 3000;
const HIGHLIGHT_MS = 2500;

/**
 * Scroll to the component at the end of dashboardState.directPathToChild (an anchor, a focused
 * chart) once it is drawn, and mark it for a moment; then the path is cleared.
 */
export function useRevealComponent(): void {
  const dispatch = useAppDispatch();
  const id = useAppSelector((s) => s.dashboardState.directPathToChild.at(-1) ?? null);
  useEffect(() => {
    if (!id) return;
    const started = performance.now();
    let frame = 0;
    let timer = 0;
    const find = () => {
      const el = document.querySelector<HTMLElement>(`[data-component-id="${CSS.escape(id)}"]`);
      if (el) {
        el.scrollIntoView({ behavior: 'smooth', block: 'start' });
        el.classList.add('rama-dash-focused');
        timer = window.setTimeout(() => el.classList.remove('rama-dash-focused'), HIGHLIGHT_MS);
        dispatch(dashboardStateActions.setDirectPathToChild([]));
        return;
      }
      if (performance.now() - started < REVEAL_TIMEOUT_MS) frame = requestAnimationFrame(find);
      else dispatch(dashboardStateActions.setDirectPathToChild([]));
    };
    frame = requestAnimationFrame(find);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [id, dispatch]);
}

/** Send one dashboard event: the dashboard is its source, and its id goes with it (the logs' dashboard_id). */
export function logDashboardEvent(name: string, dashboardId: number, payload: Record<string, unknown> = {}): void {
  logEvent(name, { dashboard_id: dashboardId, ...payload }, { source: 'dashboard', sourceId: dashboardId, eventType: logEventType(name) });
}

// a forced refresh dispatched by the page itself (the whole dashboard, an auto-refresh round) is logged where it is asked for
let refreshLogMuted = 0;
export function withoutRefreshLog(dispatchRefresh: () => void): void {
  refreshLogMuted += 1;
  try {
    dispatchRefresh();
  } finally {
    refreshLogMuted -= 1;
  }
}

export interface DashboardChartsSnapshot {
  byId: Record<number, DashboardChartState>;
  slices: Record<number, DashboardChart>;
}

/**
 * The events a change of the dashboard's charts means: `load_chart` and `render_chart` timings per
 * chart, and `force_refresh_chart` when one chart is asked to bypass the cache (its menu's
 * "Force refresh"). `forcedQueries` remembers which running queries bypass the cache.
 */
export function dashboardChartEvents(
  before: DashboardChartsSnapshot,
  after: DashboardChartsSnapshot,
  args: { dashboardId: number; timeOrigin: number; now: number; refreshLogMuted: boolean; forcedQueries: Set<number> },
): PlannedLogEvent[] {
  const events: PlannedLogEvent[] = [];
  if (before.byId === after.byId) return events;
  const forcedNow: number[] = [];
  for (const [key, next] of Object.entries(after.byId)) {
    const id = Number(key);
    const prev = before.byId[id];
    if (prev === next) continue;
    if (next.force && !prev?.force && next.triggerQuery) forcedNow.push(id);
    if (next.chartStatus === 'loading' && prev?.chartStatus !== 'loading') {
      if (prev?.force) args.forcedQueries.add(id);
      else args.forcedQueries.delete(id);
    }
    const slice = after.slices[id];
    events.push(
      ...chartTimingEvents(prev, next, {
        sliceId: id,
        dashboardId: args.dashboardId,
        vizType: slice?.viz_type ?? '',
        timeOrigin: args.timeOrigin,
        now: next.lastRendered ?? args.now,
        forceRefresh: args.forcedQueries.has(id),
      }),
    );
  }
  if (!args.refreshLogMuted && forcedNow.length === 1) {
    const id = forcedNow[0] as number;
    const cached = after.byId[id]?.queriesResponse?.every((r) => r.is_cached) ?? false;
    events.unshift({ name: LOG_ACTIONS.FORCE_REFRESH_CHART, payload: { slice_id: id, dashboard_id: args.dashboardId, is_cached: cached } });
  }
  return events;
}

function navigationUrl(): string | null {
  const entry = performance.getEntriesByType?.('navigation')[0];
  return entry ? entry.name : null;
}

/**
 * The visit's event log (issue 27 item 5): `mount_dashboard` once the dashboard is shown (its load
 * time as duration), chart load and render times, edit mode toggled, a chart forced to refresh,
 * and how long the browser tab was hidden.
 */
export function useDashboardEventLog(args: { ready: boolean; dashboardId: number }): void {
  const { ready, dashboardId } = args;
  const store = useStore<RootState>();
  // when the visit started: the browser's page load, or now for a navigation inside the app
  const [startedAt] = useState(() =>
    isSoftNavigation(navigationUrl(), window.location.pathname) ? Date.now() : Math.round(performance.timeOrigin),
  );
  const mounted = useRef<number | null>(null);

  useEffect(() => {
    if (!ready || !dashboardId || mounted.current === dashboardId) return;
    const s = store.getState();
    const soft = mounted.current !== null || isSoftNavigation(navigationUrl(), window.location.pathname);
    const startedAtMs = mounted.current !== null ? Date.now() : startedAt;
    mounted.current = dashboardId;
    const hash = window.location.hash.replace(/^#/, '');
    logDashboardEvent(
      LOG_ACTIONS.MOUNT_DASHBOARD,
      dashboardId,
      mountDashboardPayload({
        dashboardId,
        startedAt: startedAtMs,
        readyAt: Date.now(),
        timeOrigin: performance.timeOrigin,
        softNavigation: soft,
        editMode: s.dashboardState.editMode,
        published: s.dashboardState.isPublished,
        chartCount: Object.keys(s.dashboardCharts.slices).length,
        targetId: hash && s.dashboardLayout.present[hash] ? hash : null,
      }),
    );
  }, [ready, dashboardId, store, startedAt]);

  useEffect(() => {
    if (!ready || !dashboardId) return;
    let charts: DashboardChartsSnapshot = store.getState().dashboardCharts;
    let editMode = store.getState().dashboardState.editMode;
    const forcedQueries = new Set<number>();
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      const events = dashboardChartEvents(charts, s.dashboardCharts, {
        dashboardId,
        timeOrigin: performance.timeOrigin,
        now: Date.now(),
        refreshLogMuted: refreshLogMuted > 0,
        forcedQueries,
      });
      charts = s.dashboardCharts;
      if (s.dashboardState.editMode !== editMode) {
        editMode = s.dashboardState.editMode;
        events.push({ name: LOG_ACTIONS.TOGGLE_EDIT_DASHBOARD, payload: { edit_mode: editMode } });
      }
      for (const e of events) logDashboardEvent(e.name, dashboardId, e.payload);
    });
    // the browser tab hidden: how long, once it is shown again
    let hiddenAt: number | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now();
      else if (hiddenAt !== null) {
        const now = Date.now();
        logDashboardEvent(LOG_ACTIONS.HIDE_BROWSER_TAB, dashboardId, {
          start_offset: Math.round(hiddenAt - performance.timeOrigin),
          ts: now,
          duration: now - hiddenAt,
        });
        hiddenAt = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ready, dashboardId, store]);
}
