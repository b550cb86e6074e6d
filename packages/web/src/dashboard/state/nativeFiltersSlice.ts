/**
 * Native filters and the data mask on the dashboard page (spec section 3 "Native filter", "Data
 * mask"; issue 13 parts 2–4): the filter configuration (json_metadata.native_filter_configuration,
 * scopes computed from the layout), the applied masks every chart reads (native filters by filter
 * id, cross-filters by the emitting chart's id), the values picked in the filter bar but not yet
 * applied, the bar's open state and the filter whose reach is highlighted (focusedFilterField).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { crossFilterDataMask, emptyDataMask, isNativeFilter, type DataMask, type DataMaskState, type FilterConfigItem } from '@rama/shared';

export interface NativeFiltersState {
  /** the configuration, each item with chartsInScope / tabsInScope computed from the current layout */
  filters: FilterConfigItem[];
  /** applied masks: what the charts query with */
  dataMask: DataMaskState;
  /** native filter masks picked in the bar, applied with "Apply filters" */
  selected: DataMaskState;
  /** the vertical bar is open */
  barOpen: boolean;
  /** the filter whose charts are highlighted (hover or focus in the bar) */
  focusedFilterId: string | null;
  /** the configuration modal is open (editors), on this filter when given */
  configOpen: boolean;
  configFilterId: string | null;
  /** masks restored from the address / a permalink were applied (the first charts wait for it) */
  initialized: boolean;
}

export const initialNativeFiltersState: NativeFiltersState = {
  filters: [],
  dataMask: {},
  selected: {},
  barOpen: true,
  focusedFilterId: null,
  configOpen: false,
  configFilterId: null,
  initialized: false,
};

const isFilterKey = (key: string) => !/^\d+$/.test(key);

export const nativeFiltersSlice = createSlice({
  name: 'nativeFilters',
  initialState: initialNativeFiltersState,
  reducers: {
    /**
     * The dashboard's filters as loaded, with the masks to start from: the filters' defaults,
     * overridden by the masks from the address or a permalink.
     */
    hydrate: (state, action: PayloadAction<{ filters: FilterConfigItem[]; dataMask: DataMaskState }>) => {
      state.filters = action.payload.filters;
      state.dataMask = action.payload.dataMask;
      state.selected = Object.fromEntries(Object.entries(action.payload.dataMask).filter(([k]) => isFilterKey(k)));
      state.initialized = true;
    },
    /** The configuration changed (saved in the modal, or the layout moved charts between scopes). */
    setFilters: (state, action: PayloadAction<FilterConfigItem[]>) => {
      state.filters = action.payload;
      const ids = new Set(action.payload.filter(isNativeFilter).map((f) => f.id));
      for (const key of Object.keys(state.dataMask)) if (isFilterKey(key) && !ids.has(key)) delete state.dataMask[key];
      for (const key of Object.keys(state.selected)) if (!ids.has(key)) delete state.selected[key];
    },
    /** A value picked in the bar (not applied yet). */
    selectValue: (state, action: PayloadAction<DataMask>) => {
      state.selected[action.payload.id] = action.payload;
    },
    /** A value that applies at once (the horizontal bar's and a filter with "apply at once"), or a restored one. */
    applyValue: (state, action: PayloadAction<DataMask>) => {
      state.selected[action.payload.id] = action.payload;
      state.dataMask[action.payload.id] = action.payload;
    },
    /** "Apply filters": every picked value becomes the applied one. */
    applySelected: (state) => {
      for (const [key, mask] of Object.entries(state.selected)) state.dataMask[key] = mask;
    },
    /** "Clear all": every native filter loses its value (applied at once, as the peer does); cross-filters stay. */
    clearAll: (state) => {
      for (const f of state.filters) {
        if (!isNativeFilter(f)) continue;
        state.selected[f.id] = emptyDataMask(f.id);
        state.dataMask[f.id] = emptyDataMask(f.id);
      }
    },
    /** A chart's cross-filter (null filters clear it). */
    setCrossFilter: (state, action: PayloadAction<{ chartId: number; filters: Record<string, unknown[]> | null; label?: string }>) => {
      const { chartId, filters, label } = action.payload;
      const mask = crossFilterDataMask(chartId, filters, label);
      if (mask.extraFormData.filters?.length) state.dataMask[String(chartId)] = mask;
      else delete state.dataMask[String(chartId)];
    },
    clearCrossFilters: (state) => {
      for (const key of Object.keys(state.dataMask)) if (!isFilterKey(key)) delete state.dataMask[key];
    },
    setBarOpen: (state, action: PayloadAction<boolean>) => {
      state.barOpen = action.payload;
    },
    setFocusedFilter: (state, action: PayloadAction<string | null>) => {
      state.focusedFilterId = action.payload;
    },
    openConfig: (state, action: PayloadAction<string | null>) => {
      state.configOpen = true;
      state.configFilterId = action.payload;
    },
    closeConfig: (state) => {
      state.configOpen = false;
      state.configFilterId = null;
    },
    reset: () => initialNativeFiltersState,
  },
});

export const nativeFiltersActions = nativeFiltersSlice.actions;
export const nativeFiltersReducer = nativeFiltersSlice.reducer;
