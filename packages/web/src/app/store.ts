import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { sessionApi } from './session';
import { toastsSlice } from './toastsSlice';
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
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
