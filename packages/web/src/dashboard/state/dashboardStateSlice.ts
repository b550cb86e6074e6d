/**
 * The dashboard's view and edit state (spec section 3 "Dashboard state", section 4 "Dashboard"):
 * edit mode, CSS and colour scheme being edited, refresh frequency, published and starred, the
 * active tabs, the full-size chart, saving and the overwrite confirmation. The layout and its undo
 * history are in layoutSlice; "unsaved changes" is this slice's flag or a layout change (selector
 * `selectHasUnsavedChanges`).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the overwrite confirmation shows: the fields whose server value differs from the submitted one. */
export interface OverwriteConfirmMetadata {
  updatedAt: string;
  updatedBy: string;
  overwriteConfirmItems: { keyPath: string; oldValue: string; newValue: string }[];
  /** the body that would be saved once confirmed */
  data: Record<string, unknown>;
}

export interface DashboardViewState {
  /** the CSS applied (the edited one in edit mode) */
  css: string;
  sliceIds: number[];
  isStarred: boolean;
  isPublished: boolean;
  editMode: boolean;
  colorScheme: string | null;
  /** the colour scheme was changed in this session (colours are re-synced) */
  updatedColorScheme: boolean;
  /** json_metadata.label_colors as edited */
  labelColors: Record<string, string>;
  /** chart id → its description is shown */
  expandedSlices: Record<number, boolean>;
  /** a change other than the layout's (CSS, title, properties, persisted refresh frequency) */
  hasUnsavedChanges: boolean;
  dashboardIsSaving: boolean;
  /** seconds; 0 = no auto-refresh */
  refreshFrequency: number;
  /** the frequency is saved with the dashboard (else it lasts this visit only) */
  shouldPersistRefreshFrequency: boolean;
  isRefreshing: boolean;
  /** the path to a component to reveal (anchor, focused chart): its ancestors, outermost first, then it */
  directPathToChild: string[];
  /** one TAB id per TABS container that is shown */
  activeTabs: string[];
  overwriteConfirmMetadata: OverwriteConfirmMetadata | null;
  /** the chart shown full size, or null */
  fullSizeChartId: number | null;
  /** a chart to scroll to and highlight once (focused chart parameter) */
  focusedChartId: number | null;
}

export const initialDashboardViewState: DashboardViewState = {
  css: '',
  sliceIds: [],
  isStarred: false,
  isPublished: false,
  editMode: false,
  colorScheme: null,
  updatedColorScheme: false,
  labelColors: {},
  expandedSlices: {},
  hasUnsavedChanges: false,
  dashboardIsSaving: false,
  refreshFrequency: 0,
  shouldPersistRefreshFrequency: false,
  isRefreshing: false,
  directPathToChild: [],
  activeTabs: [],
  overwriteConfirmMetadata: null,
  fullSizeChartId: null,
  focusedChartId: null,
};

export type DashboardViewHydration = Pick<
  DashboardViewState,
  'css' | 'sliceIds' | 'isPublished' | 'editMode' | 'colorScheme' | 'labelColors' | 'expandedSlices' | 'refreshFrequency' | 'activeTabs'
> &
  Partial<Pick<DashboardViewState, 'directPathToChild' | 'focusedChartId'>>;

export const dashboardStateSlice = createSlice({
  name: 'dashboardState',
  initialState: initialDashboardViewState,
  reducers: {
    /** A loaded dashboard (a reload of the same one keeps the star, which its own query owns). */
    hydrate: (state, action: PayloadAction<DashboardViewHydration>) => ({
      ...initialDashboardViewState,
      isStarred: state.isStarred,
      ...action.payload,
    }),
    /** The same dashboard read again (after a save, a publish): what the server holds now. Edits in progress stay. */
    synced: (
      state,
      action: PayloadAction<Pick<DashboardViewState, 'css' | 'isPublished' | 'colorScheme' | 'labelColors' | 'sliceIds'>>,
    ) => {
      const { isPublished, sliceIds, ...edited } = action.payload;
      state.isPublished = isPublished;
      state.sliceIds = sliceIds;
      if (!state.editMode) Object.assign(state, edited);
    },
    setEditMode: (state, action: PayloadAction<boolean>) => {
      state.editMode = action.payload;
      if (action.payload) state.fullSizeChartId = null;
    },
    /** The CSS editor's text: applies at once and is an unsaved change. */
    setCss: (state, action: PayloadAction<string>) => {
      if (state.css === action.payload) return;
      state.css = action.payload;
      state.hasUnsavedChanges = true;
    },
    setColorScheme: (state, action: PayloadAction<string | null>) => {
      if (state.colorScheme === action.payload) return;
      state.colorScheme = action.payload;
      state.updatedColorScheme = true;
    },
    setLabelColors: (state, action: PayloadAction<Record<string, string>>) => {
      state.labelColors = action.payload;
    },
    /** "Refresh-frequency changes mark unsaved only if the frequency is to be persisted." */
    setRefreshFrequency: (state, action: PayloadAction<{ frequency: number; persist: boolean }>) => {
      const { frequency, persist } = action.payload;
      state.refreshFrequency = frequency;
      state.shouldPersistRefreshFrequency = persist;
      if (persist) state.hasUnsavedChanges = true;
    },
    setPublished: (state, action: PayloadAction<boolean>) => {
      state.isPublished = action.payload;
    },
    setStarred: (state, action: PayloadAction<boolean>) => {
      state.isStarred = action.payload;
    },
    setActiveTabs: (state, action: PayloadAction<string[]>) => {
      state.activeTabs = action.payload;
    },
    setDirectPathToChild: (state, action: PayloadAction<string[]>) => {
      state.directPathToChild = action.payload;
    },
    setFocusedChartId: (state, action: PayloadAction<number | null>) => {
      state.focusedChartId = action.payload;
    },
    setFullSizeChartId: (state, action: PayloadAction<number | null>) => {
      state.fullSizeChartId = action.payload;
    },
    setExpandedSlice: (state, action: PayloadAction<{ chartId: number; expanded: boolean }>) => {
      state.expandedSlices[action.payload.chartId] = action.payload.expanded;
    },
    setUnsavedChanges: (state, action: PayloadAction<boolean>) => {
      state.hasUnsavedChanges = action.payload;
    },
    setRefreshing: (state, action: PayloadAction<boolean>) => {
      state.isRefreshing = action.payload;
    },
    saveStarted: (state) => {
      state.dashboardIsSaving = true;
    },
    /** "A successful save clears unsaved changes, the undo overflow flag and edit mode." */
    saveFinished: (state, action: PayloadAction<{ ok: boolean }>) => {
      state.dashboardIsSaving = false;
      if (!action.payload.ok) return;
      state.hasUnsavedChanges = false;
      state.editMode = false;
      state.shouldPersistRefreshFrequency = false;
      state.updatedColorScheme = false;
      state.overwriteConfirmMetadata = null;
    },
    /** "when server values differ from the submitted ones the save stops and overwriteConfirmMetadata is set" */
    setOverwriteConfirm: (state, action: PayloadAction<OverwriteConfirmMetadata | null>) => {
      state.overwriteConfirmMetadata = action.payload;
      if (action.payload) state.dashboardIsSaving = false;
    },
    /** Discard: the saved values back, edit mode off. */
    discarded: (state, action: PayloadAction<Pick<DashboardViewState, 'css' | 'colorScheme' | 'labelColors' | 'refreshFrequency'>>) => {
      Object.assign(state, action.payload);
      state.editMode = false;
      state.hasUnsavedChanges = false;
      state.shouldPersistRefreshFrequency = false;
      state.updatedColorScheme = false;
      state.overwriteConfirmMetadata = null;
    },
  },
});

export const dashboardStateActions = dashboardStateSlice.actions;
export const dashboardStateReducer = dashboardStateSlice.reducer;
