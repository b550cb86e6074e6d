/**
 * Undo and redo of layout edits (spec section 4 "Dashboard": the undo history is capped at a named
 * constant plus 2; when it is exceeded a warning is shown and maxUndoHistoryExceeded is set;
 * hasUnsavedChanges is cleared by undo back to an empty history or by save).
 */
import { itemOf } from './tree.js';
import { ROOT_ID, UNDO_HISTORY_LIMIT, UNDO_LIMIT, type DashboardLayout } from './types.js';

export interface UndoableLayout {
  past: DashboardLayout[];
  present: DashboardLayout;
  future: DashboardLayout[];
  /** maxUndoHistoryExceeded: older states were dropped, so undo cannot reach the loaded layout */
  exceeded: boolean;
}

/*
 * The BI server's history library counts the present inside its limit of UNDO_LIMIT + 2, so at most
 * UNDO_LIMIT + 1 past states are kept; holding more than UNDO_LIMIT is what marks it exceeded.
 */
const MAX_PAST = UNDO_HISTORY_LIMIT - 1;

/** A fresh history for a loaded (or just saved) layout. */
export function initHistory(layout: DashboardLayout): UndoableLayout {
  return { past: [], present: layout, future: [], exceeded: false };
}

/** Records an undoable change; the oldest state goes once the cap is reached. Same layout → same history. */
export function pushHistory(history: UndoableLayout, next: DashboardLayout): UndoableLayout {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  if (past.length > MAX_PAST) past.splice(0, past.length - MAX_PAST);
  return { past, present: next, future: [], exceeded: history.exceeded || past.length > UNDO_LIMIT };
}

/** Undo is offered only towards a real layout (never the empty state before the dashboard loaded). */
export function canUndo(history: UndoableLayout): boolean {
  const previous = history.past.at(-1);
  return previous !== undefined && itemOf(previous, ROOT_ID) !== undefined;
}

export function canRedo(history: UndoableLayout): boolean {
  return history.future.length > 0;
}

export function undo(history: UndoableLayout): UndoableLayout {
  if (!canUndo(history)) return history;
  const past = history.past.slice(0, -1);
  return { ...history, past, present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
}

export function redo(history: UndoableLayout): UndoableLayout {
  if (!canRedo(history)) return history;
  const [present, ...future] = history.future;
  return { ...history, past: [...history.past, history.present], present, future };
}

/** A save keeps the present layout and starts the history over (clears unsaved changes and the overflow flag). */
export function clearHistory(history: UndoableLayout): UndoableLayout {
  return initHistory(history.present);
}

/**
 * Any recorded change leaves unsaved changes until undo returns to an empty history — unless older
 * states were dropped, in which case the loaded layout can no longer be reached.
 */
export function hasUnsavedChanges(history: UndoableLayout): boolean {
  return history.past.length > 0 || history.exceeded;
}

/**
 * True once every undo slot is in use: the moment to show
 * DASHBOARD_MESSAGES.undoLimit(UNDO_LIMIT) (the BI server shows the number of past states, UNDO_LIMIT).
 */
export function undoSlotsUsed(history: UndoableLayout): boolean {
  return history.past.length >= UNDO_LIMIT;
}
