import { describe, expect, it } from 'vitest';
import { canRestoreVersions } from './permissions';

const writer = { isAdmin: false, canWriteChart: true, canWriteDashboard: true, canWriteDataset: true, canWriteSavedQuery: true };

describe('who is offered "Restore" in the History panel', () => {
  it('is an owner of the object (ids or user references) with the type’s write permission', () => {
    expect(canRestoreVersions('chart', writer, 7, [3, 7])).toBe(true);
    expect(canRestoreVersions('dataset', writer, 7, [{ id: 7 }])).toBe(true);
    expect(canRestoreVersions('chart', writer, 7, [3])).toBe(false);
    expect(canRestoreVersions('dashboard', writer, 7, [])).toBe(false);
    expect(canRestoreVersions('chart', { ...writer, canWriteChart: false }, 7, [7])).toBe(false);
  });

  it('is any admin with the write permission, owner or not', () => {
    expect(canRestoreVersions('dataset', { ...writer, isAdmin: true }, 1, [{ id: 7 }])).toBe(true);
    expect(canRestoreVersions('dataset', { ...writer, isAdmin: true, canWriteDataset: false }, 1, [])).toBe(false);
  });

  it('is whoever sees a saved query (its owner or an admin) and may write saved queries', () => {
    expect(canRestoreVersions('saved_query', writer, 7, null)).toBe(true);
    expect(canRestoreVersions('saved_query', { ...writer, canWriteSavedQuery: false }, 7, null)).toBe(false);
  });
});
