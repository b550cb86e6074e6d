import { describe, expect, it } from 'vitest';
import {
  LOG_ACTIONS,
  changedControls,
  chartTimingEvents,
  isSoftNavigation,
  logEventType,
  mountDashboardPayload,
  newlyActiveTabs,
  type ChartTimingState,
} from './logEvents.js';

const base: ChartTimingState = { chartStatus: null, chartUpdateStartTime: null, chartUpdateEndTime: null, queriesResponse: null };
const loading: ChartTimingState = { ...base, chartStatus: 'loading', chartUpdateStartTime: 10_500 };
const success: ChartTimingState = {
  ...loading,
  chartStatus: 'success',
  chartUpdateEndTime: 10_800,
  queriesResponse: [
    { is_cached: true, rowcount: 7 },
    { is_cached: true, rowcount: 3 },
  ],
};
const ctx = { forceRefresh: false, sliceId: 5, vizType: 'echarts_timeseries_bar', timeOrigin: 10_000, now: 11_000, dashboardId: 2 };

describe('chartTimingEvents', () => {
  it('reports load_chart with the query time, cache flag and rows when a query succeeds', () => {
    expect(chartTimingEvents(loading, success, ctx)).toEqual([
      {
        name: LOG_ACTIONS.LOAD_CHART,
        payload: {
          slice_id: 5,
          dashboard_id: 2,
          viz_type: 'echarts_timeseries_bar',
          is_cached: true,
          force_refresh: false,
          row_count: 10,
          start_offset: 500,
          ts: 10_800,
          duration: 300,
        },
      },
    ]);
  });

  it('reports render_chart from the data arriving to the drawing', () => {
    const rendered = { ...success, chartStatus: 'rendered' };
    expect(chartTimingEvents(success, rendered, ctx)).toEqual([
      {
        name: LOG_ACTIONS.RENDER_CHART,
        payload: { slice_id: 5, dashboard_id: 2, viz_type: 'echarts_timeseries_bar', start_offset: 800, ts: 11_000, duration: 200 },
      },
    ]);
  });

  it('reports both when the success was not seen on its own', () => {
    const names = chartTimingEvents(loading, { ...success, chartStatus: 'rendered' }, ctx).map((e) => e.name);
    expect(names).toEqual([LOG_ACTIONS.LOAD_CHART, LOG_ACTIONS.RENDER_CHART]);
  });

  it('marks a failed query with has_err and its message, and an uncached result as not cached', () => {
    const failed = {
      ...loading,
      chartStatus: 'failed',
      chartUpdateEndTime: 10_600,
      chartAlert: 'boom',
      queriesResponse: [{ is_cached: false }],
    };
    const [event] = chartTimingEvents(loading, failed, { ...ctx, forceRefresh: true });
    expect(event?.payload).toMatchObject({ has_err: true, error_details: 'boom', is_cached: false, force_refresh: true, duration: 100 });
  });

  it('reports nothing for unrelated changes of a finished query or while loading', () => {
    expect(chartTimingEvents(success, { ...success }, ctx)).toEqual([]);
    expect(chartTimingEvents(base, loading, ctx)).toEqual([]);
    const rendered = { ...success, chartStatus: 'rendered' };
    expect(chartTimingEvents(rendered, { ...rendered }, ctx)).toEqual([]);
  });

  it('reports a new query of the same chart again', () => {
    const again = { ...success, chartUpdateStartTime: 20_000, chartUpdateEndTime: 20_050 };
    expect(chartTimingEvents({ ...success, chartStatus: 'rendered' }, again, ctx).map((e) => e.payload.duration)).toEqual([50]);
  });
});

describe('mountDashboardPayload', () => {
  it('gives the load time as duration and the peer mount fields', () => {
    expect(
      mountDashboardPayload({
        dashboardId: 3,
        startedAt: 10_000,
        readyAt: 10_750,
        timeOrigin: 9_000,
        softNavigation: true,
        editMode: false,
        published: true,
        chartCount: 0,
        targetId: 'CHART-1',
      }),
    ).toEqual({
      dashboard_id: 3,
      is_soft_navigation: true,
      is_edit_mode: false,
      is_empty: true,
      is_published: true,
      mount_duration: 1750,
      start_offset: 1000,
      ts: 10_750,
      duration: 750,
      target_id: 'CHART-1',
    });
  });
});

describe('event helpers', () => {
  it('classes load, render and mount events as timing and actions as user events', () => {
    expect(logEventType(LOG_ACTIONS.RENDER_CHART)).toBe('timing');
    expect(logEventType(LOG_ACTIONS.MOUNT_DASHBOARD)).toBe('timing');
    expect(logEventType(LOG_ACTIONS.TOGGLE_EDIT_DASHBOARD)).toBe('user');
  });

  it('tells an in-app navigation from a page load by the navigation entry path', () => {
    expect(isSoftNavigation('http://h/rama/welcome/', '/rama/dashboard/1/')).toBe(true);
    expect(isSoftNavigation('http://h/rama/dashboard/1/?x=1', '/rama/dashboard/1/')).toBe(false);
    expect(isSoftNavigation(null, '/rama/dashboard/1/')).toBe(false);
  });

  it('lists newly shown tabs and changed controls', () => {
    expect(newlyActiveTabs(['TAB-a', 'TAB-x'], ['TAB-b', 'TAB-x'])).toEqual(['TAB-b']);
    expect(changedControls({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual(['b', 'c', 'd']);
  });
});
