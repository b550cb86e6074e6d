import { describe, expect, it } from 'vitest';
import { dashboardStateActions as a, dashboardStateReducer as reduce, initialDashboardViewState as initial } from './dashboardStateSlice';

describe('dashboardState (spec section 3 "Dashboard state", section 4 "Dashboard")', () => {
  it('"Refresh-frequency changes mark unsaved only if the frequency is to be persisted"', () => {
    const session = reduce(initial, a.setRefreshFrequency({ frequency: 60, persist: false }));
    expect(session.refreshFrequency).toBe(60);
    expect(session.hasUnsavedChanges).toBe(false);
    const persisted = reduce(initial, a.setRefreshFrequency({ frequency: 300, persist: true }));
    expect(persisted.hasUnsavedChanges).toBe(true);
    expect(persisted.shouldPersistRefreshFrequency).toBe(true);
  });

  it('"Saving: started, then finished. A successful save clears unsaved changes ... and edit mode"', () => {
    let s = reduce(initial, a.setEditMode(true));
    s = reduce(s, a.setCss('.x { color: red }'));
    expect(s.hasUnsavedChanges).toBe(true);
    s = reduce(s, a.saveStarted());
    expect(s.dashboardIsSaving).toBe(true);
    const failed = reduce(s, a.saveFinished({ ok: false }));
    expect(failed.dashboardIsSaving).toBe(false);
    expect(failed.editMode).toBe(true);
    expect(failed.hasUnsavedChanges).toBe(true);
    const ok = reduce(s, a.saveFinished({ ok: true }));
    expect(ok).toMatchObject({ dashboardIsSaving: false, editMode: false, hasUnsavedChanges: false });
  });

  it('"when server values differ ... the save stops and overwriteConfirmMetadata is set"', () => {
    let s = reduce(initial, a.saveStarted());
    const meta = {
      updatedAt: 'now',
      updatedBy: 'Ann',
      overwriteConfirmItems: [{ keyPath: 'css', oldValue: 'a', newValue: 'b' }],
      data: {},
    };
    s = reduce(s, a.setOverwriteConfirm(meta));
    expect(s.dashboardIsSaving).toBe(false);
    expect(s.overwriteConfirmMetadata).toEqual(meta);
    s = reduce(s, a.saveFinished({ ok: true }));
    expect(s.overwriteConfirmMetadata).toBeNull();
  });

  it('the same CSS again is no change; a new colour scheme is flagged for the colour sync', () => {
    const css = reduce({ ...initial, css: 'a' }, a.setCss('a'));
    expect(css.hasUnsavedChanges).toBe(false);
    const scheme = reduce(initial, a.setColorScheme('bnbColors'));
    expect(scheme).toMatchObject({ colorScheme: 'bnbColors', updatedColorScheme: true });
  });

  it('hydrate starts the visit over but keeps the star (its own query owns it)', () => {
    const starred = reduce(initial, a.setStarred(true));
    const s = reduce(
      { ...starred, fullSizeChartId: 4, hasUnsavedChanges: true },
      a.hydrate({
        css: '',
        sliceIds: [1],
        isPublished: true,
        editMode: false,
        colorScheme: null,
        labelColors: {},
        expandedSlices: {},
        refreshFrequency: 0,
        activeTabs: ['TAB-1'],
      }),
    );
    expect(s).toMatchObject({ isStarred: true, fullSizeChartId: null, hasUnsavedChanges: false, activeTabs: ['TAB-1'], isPublished: true });
  });

  it('a server copy read again while editing updates published, not the CSS being edited', () => {
    const editing = { ...reduce(initial, a.setEditMode(true)), css: 'mine' };
    const s = reduce(editing, a.synced({ css: 'theirs', isPublished: true, colorScheme: 'x', labelColors: {}, sliceIds: [2] }));
    expect(s).toMatchObject({ css: 'mine', isPublished: true, sliceIds: [2], colorScheme: null });
    const viewing = reduce(initial, a.synced({ css: 'theirs', isPublished: false, colorScheme: 'x', labelColors: {}, sliceIds: [] }));
    expect(viewing).toMatchObject({ css: 'theirs', colorScheme: 'x' });
  });

  it('discard puts the saved values back and leaves edit mode', () => {
    let s = reduce(initial, a.setEditMode(true));
    s = reduce(s, a.setCss('edited'));
    s = reduce(s, a.discarded({ css: 'saved', colorScheme: null, labelColors: {}, refreshFrequency: 0 }));
    expect(s).toMatchObject({ css: 'saved', editMode: false, hasUnsavedChanges: false });
  });

  it('edit mode closes the full-size chart', () => {
    const s = reduce(reduce(initial, a.setFullSizeChartId(3)), a.setEditMode(true));
    expect(s.fullSizeChartId).toBeNull();
  });
});
