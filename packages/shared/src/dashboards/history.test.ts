import { describe, expect, it } from 'vitest';
import { emptyLayout } from './layout.js';
import {
  canRedo,
  canUndo,
  clearHistory,
  hasUnsavedChanges,
  initHistory,
  pushHistory,
  redo,
  undo,
  undoSlotsUsed,
  type UndoableLayout,
} from './history.js';
import { DASHBOARD_MESSAGES, GRID_ID, UNDO_HISTORY_LIMIT, UNDO_LIMIT, type DashboardLayout } from './types.js';

const version = (n: number): DashboardLayout => {
  const layout = emptyLayout();
  return { ...layout, [GRID_ID]: { ...layout[GRID_ID], meta: { version: n } } };
};

function pushMany(count: number, start = initHistory(version(0))): UndoableLayout {
  let history = start;
  for (let i = 1; i <= count; i += 1) history = pushHistory(history, version(i));
  return history;
}

describe('spec 4 dashboard: undo history', () => {
  it('undo and redo walk the recorded layouts; a new change clears redo', () => {
    let history = pushMany(2);
    history = undo(history);
    expect(history.present).toEqual(version(1));
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toEqual(version(2));
    history = pushHistory(undo(history), version(9));
    expect(canRedo(history)).toBe(false);
    expect(history.past).toHaveLength(2);
  });

  it('the same layout object is no change', () => {
    const history = initHistory(version(0));
    expect(pushHistory(history, history.present)).toBe(history);
  });

  it('spec 4: the history is capped at a named constant plus 2 (UNDO_LIMIT 50): the oldest states go first', () => {
    expect(UNDO_HISTORY_LIMIT).toBe(UNDO_LIMIT + 2);
    const history = pushMany(80);
    expect(history.past).toHaveLength(UNDO_HISTORY_LIMIT - 1);
    expect(history.past[0]).toEqual(version(80 - (UNDO_HISTORY_LIMIT - 1)));
  });

  it('spec 4: when the history is exceeded, exceeded (maxUndoHistoryExceeded) is set and the warning is due', () => {
    expect(pushMany(UNDO_LIMIT - 1).exceeded).toBe(false);
    expect(undoSlotsUsed(pushMany(UNDO_LIMIT - 1))).toBe(false);
    const full = pushMany(UNDO_LIMIT);
    expect(undoSlotsUsed(full)).toBe(true);
    expect(full.exceeded).toBe(false);
    expect(pushMany(UNDO_LIMIT + 1).exceeded).toBe(true);
    expect(DASHBOARD_MESSAGES.undoLimit(UNDO_LIMIT)).toContain('You have used all 50 undo slots');
  });

  it('undo never produces a layout without ROOT_ID (the state before the dashboard loaded)', () => {
    const history: UndoableLayout = { past: [{}], present: version(1), future: [], exceeded: false };
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    expect(canUndo(initHistory(version(0)))).toBe(false);
    expect(redo(initHistory(version(0))).present).toEqual(version(0));
  });

  it('spec 4: hasUnsavedChanges is set by any layout change and cleared by undo back to an empty history', () => {
    let history = initHistory(version(0));
    expect(hasUnsavedChanges(history)).toBe(false);
    history = pushMany(2, history);
    expect(hasUnsavedChanges(history)).toBe(true);
    history = undo(undo(history));
    expect(hasUnsavedChanges(history)).toBe(false);
    expect(hasUnsavedChanges(redo(history))).toBe(true);
  });

  it('after overflow, undo to the oldest kept state still leaves unsaved changes; save clears them and the flag', () => {
    let history = pushMany(UNDO_LIMIT + 5);
    while (canUndo(history)) history = undo(history);
    expect(history.past).toHaveLength(0);
    expect(hasUnsavedChanges(history)).toBe(true);
    const saved = clearHistory(history);
    expect(saved).toEqual({ past: [], present: history.present, future: [], exceeded: false });
    expect(hasUnsavedChanges(saved)).toBe(false);
  });
});
