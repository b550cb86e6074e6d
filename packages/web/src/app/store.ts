import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { toastsSlice } from './toastsSlice';
import { sqlLabReducer } from '../sqllab/state/reducer';
import { sqlLabListener } from '../sqllab/state/persistence';

export function createStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [toastsSlice.name]: toastsSlice.reducer,
      sqlLab: sqlLabReducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // SQL Lab results are large (and may hold big integers): the dev-only checks would walk every row
        serializableCheck: { ignoredPaths: ['sqlLab.queries'], ignoredActions: ['sqlLab/querySucceeded', 'sqlLab/queriesRefreshed'] },
        immutableCheck: { ignoredPaths: ['sqlLab.queries'] },
      })
        .prepend(sqlLabListener.middleware)
        .concat(api.middleware),
  });
}

export const store = createStore();

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
