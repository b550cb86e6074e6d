import { describe, expect, it } from 'vitest';
import { DROP_MESSAGES, NEW_COMPONENTS_SOURCE_ID, UNDO_LIMIT, type DropResult } from '@rama/shared';
import { dashboardStateActions } from './dashboardStateSlice';
import {
  initialLayoutState,
  layoutActions,
  layoutReducer,
  selectCanRedo,
  selectCanUndo,
  selectLayout,
  selectLayoutChanged,
  selectUndoExceeded,
  type DashboardLayoutState,
} from './layoutSlice';
import { gridLayout } from './testLayouts';

const loaded = (): DashboardLayoutState => layoutReducer(initialLayoutState, layoutActions.resetLayout(gridLayout()));
const root = (s: DashboardLayoutState) => ({ dashboardLayout: s });

/** a markdown from the palette dropped into ROW-1 at the end */
const dropMarkdown = (width?: number): DropResult => ({
  source: { id: NEW_COMPONENTS_SOURCE_ID, type: 'GRID', index: 0 },
  destination: { id: 'ROW-1', type: 'ROW', index: 2 },
  dragging: { id: 'NEW_MARKDOWN_ID', type: 'MARKDOWN', meta: width ? { width } : undefined },
});

describe('layoutSlice (spec section 4 "Dashboard": undo history, drops, unsaved changes)', () => {
  it('a loaded layout starts a fresh history with nothing to undo and no unsaved change', () => {
    const s = loaded();
    expect(selectLayout(root(s)).GRID_ID.children).toEqual(['ROW-1', 'HEADER-h']);
    expect(selectCanUndo(root(s))).toBe(false);
    expect(selectCanRedo(root(s))).toBe(false);
    expect(selectLayoutChanged(root(s))).toBe(false);
  });

  it('"hasUnsavedChanges is set by any layout change; cleared by undo back to an empty history"', () => {
    let s = loaded();
    s = layoutReducer(s, layoutActions.resizeComponent({ id: 'CHART-a', height: 60 }));
    expect(s.present['CHART-a'].meta?.height).toBe(60);
    expect(selectLayoutChanged(root(s))).toBe(true);
    s = layoutReducer(s, layoutActions.undo());
    expect(s.present['CHART-a'].meta?.height).toBe(50);
    expect(selectLayoutChanged(root(s))).toBe(false);
    s = layoutReducer(s, layoutActions.redo());
    expect(s.present['CHART-a'].meta?.height).toBe(60);
  });

  it('a refused drop leaves the layout as it was and records the spec message ("not enough space")', () => {
    const s0 = layoutReducer(loaded(), layoutActions.resizeComponent({ id: 'CHART-b', width: 8 }));
    const s = layoutReducer(s0, layoutActions.handleDrop(dropMarkdown(4)));
    expect(s.present).toBe(s0.present);
    expect(s.past).toBe(s0.past);
    expect(s.lastDropError).toBe(DROP_MESSAGES.notEnoughSpace);
    expect(layoutReducer(s, layoutActions.clearDropMessages()).lastDropError).toBeNull();
  });

  it('a drop that fits creates the component in the row, as one undoable step', () => {
    const s = layoutReducer(loaded(), layoutActions.handleDrop(dropMarkdown()));
    const row = s.present['ROW-1'];
    expect(row.children).toHaveLength(3);
    expect(s.present[row.children[2]].type).toBe('MARKDOWN');
    expect(s.lastDropError).toBeNull();
    expect(selectCanUndo(root(s))).toBe(true);
  });

  it('delete removes the component and its emptied wrapper row (section 4 "Delete")', () => {
    let s = loaded();
    s = layoutReducer(s, layoutActions.deleteComponent({ id: 'CHART-a', parentId: 'ROW-1' }));
    s = layoutReducer(s, layoutActions.deleteComponent({ id: 'CHART-b', parentId: 'ROW-1' }));
    expect(s.present['CHART-a']).toBeUndefined();
    expect(s.present['ROW-1']).toBeUndefined();
    expect(s.present.GRID_ID.children).toEqual(['HEADER-h']);
  });

  it('updateComponents replaces components (header text) as one step', () => {
    const header = loaded().present['HEADER-h'];
    const s = layoutReducer(
      loaded(),
      layoutActions.updateComponents({ [header.id]: { ...header, meta: { ...header.meta, text: 'Sums' } } }),
    );
    expect(s.present['HEADER-h'].meta?.text).toBe('Sums');
    expect(s.past).toHaveLength(1);
  });

  it(`past the undo limit (${UNDO_LIMIT} + 2) the history is capped and maxUndoHistoryExceeded is set`, () => {
    let s = loaded();
    for (let i = 0; i < UNDO_LIMIT + 5; i += 1)
      s = layoutReducer(s, layoutActions.resizeComponent({ id: 'CHART-a', height: 10 + (i % 2) }));
    expect(selectUndoExceeded(root(s))).toBe(true);
    expect(s.past.length).toBeLessThanOrEqual(UNDO_LIMIT + 1);
    // undo to the oldest kept state still leaves unsaved changes: the loaded layout is out of reach
    while (selectCanUndo(root(s))) s = layoutReducer(s, layoutActions.undo());
    expect(selectLayoutChanged(root(s))).toBe(true);
  });

  it('"A successful save clears unsaved changes, the undo overflow flag": the shown layout becomes the saved one', () => {
    let s = layoutReducer(loaded(), layoutActions.resizeComponent({ id: 'CHART-a', height: 70 }));
    const failed = layoutReducer(s, dashboardStateActions.saveFinished({ ok: false }));
    expect(failed).toBe(s);
    s = layoutReducer(s, dashboardStateActions.saveFinished({ ok: true }));
    expect(selectLayoutChanged(root(s))).toBe(false);
    expect(s.saved).toBe(s.present);
    expect(s.present['CHART-a'].meta?.height).toBe(70);
  });

  it('discard returns to the saved layout with a fresh history', () => {
    let s = layoutReducer(loaded(), layoutActions.resizeComponent({ id: 'CHART-a', height: 70 }));
    s = layoutReducer(s, layoutActions.discardChanges());
    expect(s.present['CHART-a'].meta?.height).toBe(50);
    expect(selectCanUndo(root(s))).toBe(false);
    expect(selectLayoutChanged(root(s))).toBe(false);
  });

  it('never undoes to the empty layout before the dashboard loaded', () => {
    const s = layoutReducer(loaded(), layoutActions.undo());
    expect(s.present.GRID_ID.children).toEqual(['ROW-1', 'HEADER-h']);
  });
});
