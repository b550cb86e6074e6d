/** The dashboard page's slices, registered in the app store under these keys. */
import { chartsReducer } from './chartsSlice';
import { dashboardInfoReducer } from './dashboardInfoSlice';
import { dashboardStateReducer } from './dashboardStateSlice';
import { layoutReducer } from './layoutSlice';
import { nativeFiltersReducer } from './nativeFiltersSlice';

export const dashboardReducers = {
  dashboardLayout: layoutReducer,
  dashboardState: dashboardStateReducer,
  dashboardInfo: dashboardInfoReducer,
  dashboardCharts: chartsReducer,
  nativeFilters: nativeFiltersReducer,
};

// the dashboard page's keys in the app store's state (core/state.ts)
declare module '../../core/state' {
  interface RootState {
    dashboardLayout: ReturnType<typeof layoutReducer>;
    dashboardState: ReturnType<typeof dashboardStateReducer>;
    dashboardInfo: ReturnType<typeof dashboardInfoReducer>;
    dashboardCharts: ReturnType<typeof chartsReducer>;
    nativeFilters: ReturnType<typeof nativeFiltersReducer>;
  }
}
