import { describe, expect, it } from 'vitest';
import type { DashboardChart } from '@rama/shared';
import { autoRefreshChartIds, dashboardChartEvents, type DashboardChartsSnapshot } from './pageHooks';
import { newChartState, type DashboardChartState } from './state/chartsSlice';
import { gridLayout } from './state/testLayouts';

describe('auto-refresh (spec section 9 "Dashboard refresh")', () => {
  it('refreshes the charts on the dashboard except json_metadata.timed_refresh_immune_slices', () => {
    expect(autoRefreshChartIds(gridLayout(), [], () => true)).toEqual([1, 2]);
    expect(autoRefreshChartIds(gridLayout(), [2], () => true)).toEqual([1]);
    expect(autoRefreshChartIds(gridLayout(), undefined, (id) => id !== 1)).toEqual([2]);
  });
});

describe('dashboard event log (issue 27 item 5)', () => {
  const slice = { id: 4, viz_type: 'pie' } as DashboardChart;
  const snapshot = (chart: Partial<DashboardChartState>): DashboardChartsSnapshot => ({
    byId: { 4: { ...newChartState(4), triggerQuery: false, ...chart } },
    slices: { 4: slice },
  });
  const args = (forcedQueries = new Set<number>(), refreshLogMuted = false) => ({
    dashboardId: 9,
    timeOrigin: 1000,
    now: 5000,
    refreshLogMuted,
    forcedQueries,
  });

  it('logs a chart menu force refresh, and the forced query as force_refresh load_chart', () => {
    const forcedQueries = new Set<number>();
    const idle = snapshot({ chartStatus: 'rendered', chartUpdateStartTime: 1, chartUpdateEndTime: 2 });
    const asked = snapshot({ ...idle.byId[4], triggerQuery: true, force: true });
    expect(dashboardChartEvents(idle, asked, args(forcedQueries))).toEqual([
      { name: 'force_refresh_chart', payload: { slice_id: 4, dashboard_id: 9, is_cached: false } },
    ]);
    const loading = snapshot({ chartStatus: 'loading', chartUpdateStartTime: 2000, chartUpdateEndTime: null });
    expect(dashboardChartEvents(asked, loading, args(forcedQueries))).toEqual([]);
    const done = snapshot({ chartStatus: 'success', chartUpdateStartTime: 2000, chartUpdateEndTime: 2600, queriesResponse: [] });
    const [load] = dashboardChartEvents(loading, done, args(forcedQueries));
    expect(load).toMatchObject({
      name: 'load_chart',
      payload: { slice_id: 4, dashboard_id: 9, viz_type: 'pie', force_refresh: true, duration: 600 },
    });
    const drawn = snapshot({ ...done.byId[4], chartStatus: 'rendered', lastRendered: 2700 });
    expect(dashboardChartEvents(done, drawn, args(forcedQueries))).toEqual([
      { name: 'render_chart', payload: { slice_id: 4, dashboard_id: 9, viz_type: 'pie', start_offset: 1600, ts: 2700, duration: 100 } },
    ]);
  });

  it('does not call a refresh the page asked for (whole dashboard, auto-refresh) a chart force refresh', () => {
    const idle = snapshot({ chartStatus: 'rendered' });
    const asked = snapshot({ chartStatus: 'rendered', triggerQuery: true, force: true });
    expect(dashboardChartEvents(idle, asked, args(new Set(), true))).toEqual([]);
  });
});
