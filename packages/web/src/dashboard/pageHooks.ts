/**
 * The dashboard page's background work: auto-refresh (spec section 9: staggered, timed-refresh
 * immune charts left out, only while the browser tab is visible), the shared label colour sync
 * (PUT /colors?mark_updated=false after 500 ms, editors only), the all-rendered mark, revealing a
 * component (anchor, focused chart).
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import {
  CHART_TYPE,
  COLOR_SYNC_DEBOUNCE_MS,
  chartIdsInLayout,
  getCategoricalScheme,
  refreshDelays,
  refreshWindowMs,
  type DashboardLayout,
} from '@rama/shared';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { RootState } from '../app/store';
import { allChartsSettled, type ChartLoadQueue, type NearCharts } from './chartQueue';
import { labelColorsChanged, type DashboardColorRegistry } from './colors';
import { useUpdateDashboardColorsMutation } from './dashboardPageApi';
import { chartsActions } from './state/chartsSlice';
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
      ids.forEach((chartId, i) => {
        const timer = window.setTimeout(() => {
          timers.delete(timer);
          dispatch(chartsActions.triggerRefresh({ chartIds: [chartId], force: true }));
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
