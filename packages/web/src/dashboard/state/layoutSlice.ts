/**
 * The dashboard layout being shown or edited (spec section 3 "Layout component", section 4
 * "Dashboard"): the shared undo history over the layout map, plus the layout as last saved (what
 * "discard" returns to) and the last drop's refusal or warning for the caller to show.
 */
import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import {
  canRedo,
  canUndo,
  deleteComponent,
  emptyLayout,
  handleDrop,
  hasUnsavedChanges,
  initHistory,
  pushHistory,
  redo,
  resizeComponent,
  undo,
  updateComponents,
  type DashboardLayout,
  type DropResult,
  type LayoutItem,
  type UndoableLayout,
} from '@rama/shared';
import { dashboardStateActions } from './dashboardStateSlice';

export interface DashboardLayoutState extends UndoableLayout {
  /** the layout as the server has it: what a discard returns to */
  saved: DashboardLayout;
  /** the last refused drop's message (the layout is unchanged); the caller shows it and clears it */
  lastDropError: string | null;
  /** a drop that went through with a warning ('This chart has been moved to a different filter scope.') */
  lastDropWarning: string | null;
}

function initial(layout: DashboardLayout): DashboardLayoutState {
  return { ...initHistory(layout), saved: layout, lastDropError: null, lastDropWarning: null };
}

export const initialLayoutState: DashboardLayoutState = initial(emptyLayout());

/** The history part only, for the shared pure functions. */
const historyOf = (s: DashboardLayoutState): UndoableLayout => ({
  past: s.past,
  present: s.present,
  future: s.future,
  exceeded: s.exceeded,
});

/** An undoable change: the new layout goes on the history (which caps itself and flags the overflow). */
function push(state: DashboardLayoutState, next: DashboardLayout): DashboardLayoutState {
  if (next === state.present) return state;
  return { ...state, ...pushHistory(historyOf(state), next), lastDropError: null };
}

/**
 * The layout functions are pure and return new maps: they get the plain state behind Immer's
 * draft (never the draft itself), and the reducer returns what they build.
 */
const plain = (state: Draft<DashboardLayoutState>): DashboardLayoutState => original(state) ?? (state as DashboardLayoutState);

export const layoutSlice = createSlice({
  name: 'dashboardLayout',
  initialState: initialLayoutState,
  reducers: {
    /** A loaded (or reloaded) dashboard: a fresh history, and this is the saved layout. */
    resetLayout: (_state, action: PayloadAction<DashboardLayout>) => initial(action.payload),
    /** Create, move, top-level tabs, or a refusal (spec section 4 "Drops"); a refusal leaves the layout as it is. */
    handleDrop: (draft, action: PayloadAction<DropResult>) => {
      const state = plain(draft);
      const result = handleDrop(state.present, action.payload);
      if (result.error) return { ...state, lastDropError: result.error, lastDropWarning: null };
      const next = push(state, result.layout);
      return { ...next, lastDropError: null, lastDropWarning: result.warning ?? null };
    },
    deleteComponent: (draft, action: PayloadAction<{ id: string; parentId: string }>) => {
      const state = plain(draft);
      return push(state, deleteComponent(state.present, action.payload.id, action.payload.parentId));
    },
    resizeComponent: (draft, action: PayloadAction<{ id: string; width?: number; height?: number }>) => {
      const state = plain(draft);
      const { id, ...size } = action.payload;
      return push(state, resizeComponent(state.present, id, size));
    },
    /** Changed components (header text, markdown, tab titles, backgrounds, new tabs), as one undoable step. */
    updateComponents: (draft, action: PayloadAction<Record<string, LayoutItem>>) => {
      const state = plain(draft);
      return push(state, updateComponents(state.present, action.payload));
    },
    undo: (draft) => {
      const state = plain(draft);
      return canUndo(historyOf(state)) ? { ...state, ...undo(historyOf(state)) } : state;
    },
    redo: (draft) => {
      const state = plain(draft);
      return canRedo(historyOf(state)) ? { ...state, ...redo(historyOf(state)) } : state;
    },
    /** Forget the undo history, keep the layout (after a save). */
    clearHistory: (draft) => {
      const state = plain(draft);
      return { ...state, ...initHistory(state.present), exceeded: false };
    },
    /** Back to the saved layout with a fresh history (discard). */
    discardChanges: (draft) => initial(plain(draft).saved),
    clearDropMessages: (draft) => {
      draft.lastDropError = null;
      draft.lastDropWarning = null;
    },
  },
  extraReducers: (builder) => {
    // "A successful save clears unsaved changes, the undo overflow flag and edit mode": what is shown is what is saved
    builder.addCase(dashboardStateActions.saveFinished, (draft, action) => {
      if (!action.payload.ok) return;
      const state = plain(draft);
      return { ...state, ...initHistory(state.present), saved: state.present };
    });
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;

interface WithLayout {
  dashboardLayout: DashboardLayoutState;
}

export const selectLayout = (state: WithLayout): DashboardLayout => state.dashboardLayout.present;
export const selectCanUndo = (state: WithLayout): boolean => canUndo(historyOf(state.dashboardLayout));
export const selectCanRedo = (state: WithLayout): boolean => canRedo(historyOf(state.dashboardLayout));
/** A layout change since the load or the last save (undo back to the start clears it). */
export const selectLayoutChanged = (state: WithLayout): boolean => hasUnsavedChanges(historyOf(state.dashboardLayout));
/** maxUndoHistoryExceeded (spec section 3 "Dashboard state"). */
export const selectUndoExceeded = (state: WithLayout): boolean => state.dashboardLayout.exceeded;
export const selectLayoutItem = (state: WithLayout, id: string): LayoutItem | undefined => state.dashboardLayout.present[id];
