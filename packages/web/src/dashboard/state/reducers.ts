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
