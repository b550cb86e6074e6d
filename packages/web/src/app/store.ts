import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
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

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
