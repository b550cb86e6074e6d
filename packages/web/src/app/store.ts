import { configureStore } from '@reduxjs/toolkit';
import { api } from '../core/api';
import type { AppDispatch, RootState } from '../core/state';
import { sessionApi } from '../core/session';
import { toastsSlice } from '../core/toastsSlice';
import { sqlLabReducer } from '../sqllab/state/reducer';
import { sqlLabListener } from '../sqllab/state/persistence';
import { exploreReducer } from '../explore/exploreSlice';
import { dashboardReducers } from '../dashboard/state/reducers';
import { reportsReducer } from '../reports/reportsSlice';

export function createStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [toastsSlice.name]: toastsSlice.reducer,
      sqlLab: sqlLabReducer,
      explore: exploreReducer,
      ...dashboardReducers,
      reports: reportsReducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // SQL Lab results are large (and may hold big integers): the dev-only checks would walk every row
        // (and chart data replies likewise, in Explore and on dashboards)
        serializableCheck: {
          ignoredPaths: ['sqlLab.queries', 'explore.chart.queriesResponse', 'explore.chart.annotationData', 'dashboardCharts.byId'],
          ignoredActions: [
            'sqlLab/querySucceeded',
            'sqlLab/queriesRefreshed',
            'explore/querySucceeded',
            'explore/chartEvent',
            'dashboardCharts/chartEvent',
          ],
        },
        immutableCheck: {
          ignoredPaths: ['sqlLab.queries', 'explore.chart.queriesResponse', 'explore.chart.annotationData', 'dashboardCharts.byId'],
        },
      })
        .prepend(sqlLabListener.middleware)
        .concat(api.middleware),
  });
}

export const store = createStore();

// Who is signed in is asked for at once, while React draws its first frame, not after it: every
// page (the welcome page after login first of all) waits for that answer. An embedded dashboard
// has no session of its own and does not ask.
if (typeof window !== 'undefined' && !window.location.pathname.startsWith('/embedded/')) {
  void store.dispatch(sessionApi.util.prefetch('getBootstrap', undefined, {}));
}

export type AppStore = ReturnType<typeof createStore>;

// RootState and AppDispatch are declared in core/state.ts (each feature adds its own key), so the
// features need not import this file; these fail to compile when that shape and the store part ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type StateMatchesStore = Holds<Same<ReturnType<AppStore['getState']>, RootState>>;
export type DispatchMatchesStore = Holds<AppStore['dispatch'] extends AppDispatch ? true : false>;
