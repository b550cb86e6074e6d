/**
 * The dashboard's charts: their saved definitions, the datasets they draw from, and per chart the
 * spec's chart state (section 3 "Chart state", section 4 "Chart status": the same pure
 * `chartReducer` Explore uses) plus the trigger-query flag. A wanted query (first load, refresh)
 * sets `triggerQuery`; the chart runs it once it is near the viewport, so charts below the fold
 * or in hidden tabs do not query until they are seen.
 */
import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardChart, ExploreDatasource } from '@rama/shared';
import { chartReducer, initialChartState, type ChartEvent, type ChartState } from '../../explore/chartState';

export interface DashboardChartState extends ChartState {
  id: number;
  /** a query is wanted; it runs when the chart is near the viewport */
  triggerQuery: boolean;
  /** the wanted query bypasses the cache */
  force: boolean;
  /** when the chart was last drawn (epoch ms) */
  lastRendered: number | null;
  /** the chart's own query state (table pagination, search), sent with its query */
  ownState: Record<string, unknown> | null;
  /** the query whose outcome counts (a newer one makes an older one's outcome stale) */
  queryToken: number | null;
}

export type DatasetsStatus = 'loading' | 'complete' | 'error';

export interface DashboardChartsState {
  byId: Record<number, DashboardChartState>;
  /** the saved charts, by id (GET /api/v1/dashboard/{id}/charts, plus charts added while editing) */
  slices: Record<number, DashboardChart>;
  /** the datasets the charts draw from, by uid (`7__table`) */
  datasources: Record<string, ExploreDatasource>;
  datasetsStatus: DatasetsStatus;
}

export const initialChartsState: DashboardChartsState = { byId: {}, slices: {}, datasources: {}, datasetsStatus: 'loading' };

export function newChartState(id: number, force = false): DashboardChartState {
  return { ...initialChartState, id, triggerQuery: true, force, lastRendered: null, ownState: null, queryToken: null };
}

/** A definition change that changes the query (not a rename): the old results no longer fit. */
function queryChanged(before: DashboardChart | undefined, after: DashboardChart): boolean {
  if (!before) return true;
  return JSON.stringify(before.form_data) !== JSON.stringify(after.form_data) || before.query_context !== after.query_context;
}

export const chartsSlice = createSlice({
  name: 'dashboardCharts',
  initialState: initialChartsState,
  reducers: {
    /**
     * The dashboard's charts as loaded. A reload of the same dashboard keeps what is drawn for
     * charts whose query did not change; new ones (and changed ones) want a query.
     */
    hydrate: (state, action: PayloadAction<{ charts: DashboardChart[]; force: boolean }>) => {
      const { charts, force } = action.payload;
      const byId: Record<number, DashboardChartState> = {};
      const slices: Record<number, DashboardChart> = {};
      for (const chart of charts) {
        const before = state.slices[chart.id] as DashboardChart | undefined;
        const changed = queryChanged(before, chart);
        // an unchanged definition keeps its object, so what draws it does not draw again
        slices[chart.id] = before && !changed && JSON.stringify(before) === JSON.stringify(chart) ? before : chart;
        const kept = state.byId[chart.id];
        byId[chart.id] = kept && !force && !changed ? kept : newChartState(chart.id, force);
      }
      state.byId = byId;
      state.slices = slices;
    },
    /** Charts put on the dashboard while editing (their definitions fetched one by one). */
    addSlices: (state, action: PayloadAction<DashboardChart[]>) => {
      for (const chart of action.payload) {
        state.slices[chart.id] = chart;
        if (!state.byId[chart.id]) state.byId[chart.id] = newChartState(chart.id);
      }
    },
    datasetsLoading: (state) => {
      state.datasetsStatus = 'loading';
    },
    datasetsLoaded: (state, action: PayloadAction<ExploreDatasource[]>) => {
      for (const ds of action.payload) state.datasources[ds.uid] = ds;
      state.datasetsStatus = 'complete';
    },
    datasetsFailed: (state) => {
      state.datasetsStatus = 'error';
    },
    /** One dataset fetched on its own (a chart added while editing draws from a dataset not loaded yet). */
    datasourceLoaded: (state, action: PayloadAction<ExploreDatasource>) => {
      state.datasources[action.payload.uid] = action.payload;
    },
    /** A chart state transition (the shared chart rules); a started query clears the trigger. */
    chartEvent: (state, action: PayloadAction<{ chartId: number; event: ChartEvent; token?: number }>) => {
      const { chartId, event, token } = action.payload;
      // the chart rules are pure and return new objects: they get the plain state, not Immer's draft
      const draft = state.byId[chartId];
      const current = (draft && original(draft)) ?? newChartState(chartId);
      // the outcome of a query that a newer one replaced does not count
      if (event.type !== 'updateStarted' && token !== undefined && token !== current.queryToken) return;
      const next: DashboardChartState = { ...current, ...chartReducer(current, event) };
      if (event.type === 'updateStarted') {
        next.triggerQuery = false;
        next.force = false;
        next.queryToken = token ?? null;
      }
      // a query cut short (its chart left the page, e.g. moved while editing) runs again when the chart is back
      if (event.type === 'updateAborted' && current.chartStatus === 'loading') next.triggerQuery = true;
      state.byId[chartId] = next;
    },
    /** Drawn: status rendered (after a successful update) and when. */
    chartRendered: (state, action: PayloadAction<{ chartId: number; at: number }>) => {
      const draft = state.byId[action.payload.chartId];
      const chart = draft && original(draft);
      if (!chart) return;
      const next = chartReducer(chart, { type: 'renderSucceeded' });
      if (next.chartStatus === 'rendered') state.byId[chart.id] = { ...chart, ...next, lastRendered: action.payload.at };
    },
    /** Refresh: the given charts (every chart when none are given) query again, bypassing the cache when `force`. */
    triggerRefresh: (state, action: PayloadAction<{ chartIds?: number[]; force: boolean }>) => {
      const ids = action.payload.chartIds ?? Object.keys(state.byId).map(Number);
      for (const id of ids) {
        const chart = state.byId[id];
        if (!chart) continue;
        chart.triggerQuery = true;
        chart.force = chart.force || action.payload.force;
      }
    },
    /** The chart's own query state changed (a table's page): it queries again with it. */
    setOwnState: (state, action: PayloadAction<{ chartId: number; ownState: Record<string, unknown> }>) => {
      const chart = state.byId[action.payload.chartId];
      if (!chart) return;
      chart.ownState = action.payload.ownState;
      chart.triggerQuery = true;
    },
    reset: () => initialChartsState,
  },
});

export const chartsActions = chartsSlice.actions;
export const chartsReducer = chartsSlice.reducer;

interface WithCharts {
  dashboardCharts: DashboardChartsState;
}

export const selectChartState = (state: WithCharts, chartId: number): DashboardChartState | undefined =>
  state.dashboardCharts.byId[chartId];
export const selectSlice = (state: WithCharts, chartId: number): DashboardChart | undefined => state.dashboardCharts.slices[chartId];
