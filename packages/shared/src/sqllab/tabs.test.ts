import { describe, expect, it } from 'vitest';
import {
  activateInHistory,
  adjacentTabId,
  applyUnsavedEdits,
  cloneQueryEditor,
  editQueryEditor,
  newQueryEditor,
  nextUntitledName,
  NO_PERSISTENCE_WARNING,
  removeFromHistory,
  shouldAutorun,
  withUnsavedEdits,
} from './tabs.js';

const d = { id: 't2', defaultDbId: 1, defaultQueryLimit: 10000, maxRow: 100000, backendPersistence: true, now: 0 };

describe('tab naming (§3: "Untitled Query N", one above the highest)', () => {
  it('numbers one above the highest, not the count', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Untitled Query 1', 'Untitled Query 4', 'Sales'])).toBe('Untitled Query 5');
    expect(nextUntitledName(['Untitled Query x'])).toBe('Untitled Query 1');
  });
});

describe('new tab (§9: copies database, catalog, schema, limit and autorun from the active tab)', () => {
  it('copies from the active tab and starts empty (SELECT ... is only the placeholder)', () => {
    const active = newQueryEditor([], null, { ...d, id: 't1' }, { dbId: 3, catalog: 'c', schema: 's', queryLimit: 500, autorun: true });
    const tab = newQueryEditor([active.name], active, d);
    expect(tab).toMatchObject({
      name: 'Untitled Query 2',
      dbId: 3,
      catalog: 'c',
      schema: 's',
      queryLimit: 500,
      autorun: true,
      sql: '',
    });
  });

  it('without backend persistence, holds the warning comment and SELECT ... as text', () => {
    expect(newQueryEditor([], null, { ...d, backendPersistence: false }).sql).toBe(`${NO_PERSISTENCE_WARNING}SELECT ...`);
  });

  it('an empty catalog or schema name (older records, form posts) means none', () => {
    const active = newQueryEditor([], null, { ...d, id: 't1' }, { catalog: '', schema: '' });
    expect(active).toMatchObject({ catalog: null, schema: null });
    expect(newQueryEditor([active.name], { ...active, catalog: '' }, d)).toMatchObject({ catalog: null });
  });

  it('uses the default database and limit when there is no active tab', () => {
    expect(newQueryEditor([], null, d)).toMatchObject({ dbId: 1, queryLimit: 10000, autorun: false });
  });
});

describe('clone (§4: "Copy of {name}", autorun set, db/catalog/schema/sql/limit/max rows copied)', () => {
  it('clones', () => {
    const src = newQueryEditor(
      [],
      null,
      { ...d, id: 't1' },
      { name: 'Sales', sql: 'SELECT 1', dbId: 2, schema: 'main', queryLimit: 50, autorun: false },
    );
    expect(cloneQueryEditor(src, d)).toMatchObject({
      id: 't2',
      name: 'Copy of Sales',
      autorun: true,
      sql: 'SELECT 1',
      dbId: 2,
      schema: 'main',
      queryLimit: 50,
      maxRow: 100000,
    });
  });
});

describe('tab history (§3: the last id is the active tab)', () => {
  it('switching puts the chosen tab last', () => {
    expect(activateInHistory(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
  });

  it('switching next/previous wraps around', () => {
    expect(adjacentTabId(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(adjacentTabId(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(adjacentTabId(['a', 'b', 'c'], 'b', 1)).toBe('c');
  });

  it('removing falls back to the last remaining tab in the history', () => {
    expect(removeFromHistory(['a', 'c', 'b'], 'b')).toEqual({ history: ['a', 'c'], activeId: 'c' });
    expect(removeFromHistory(['a'], 'a')).toEqual({ history: [], activeId: null });
  });
});

describe('unsaved edits (§3: "The pending edits of the active tab are kept separately as an unsaved editor state")', () => {
  const a = newQueryEditor([], null, { ...d, id: 'a' });
  const b = newQueryEditor([a.name], null, { ...d, id: 'b' });

  it('edits of the active tab go to the pending edits, others straight into the list', () => {
    const s1 = editQueryEditor({ queryEditors: [a, b], unsaved: null, activeId: 'a' }, 'a', { sql: 'SELECT 1' }, 5);
    expect(s1.unsaved).toEqual({ id: 'a', sql: 'SELECT 1', updatedAt: 5 });
    expect(s1.queryEditors[0].sql).toBe('');
    const s2 = editQueryEditor({ ...s1, activeId: 'a' }, 'b', { name: 'B' }, 6);
    expect(s2.queryEditors[1]).toMatchObject({ name: 'B', updatedAt: 6 });
    expect(s2.unsaved).toBe(s1.unsaved);
  });

  it('pending edits of another tab are folded in before a new tab takes them over', () => {
    const s = editQueryEditor({ queryEditors: [a, b], unsaved: { id: 'a', sql: 'X' }, activeId: 'b' }, 'b', { sql: 'Y' }, 7);
    expect(s.queryEditors[0].sql).toBe('X');
    expect(s.unsaved).toMatchObject({ id: 'b', sql: 'Y' });
  });

  it('folding applies the edits to their tab only', () => {
    const edits = { id: 'b', sql: 'SELECT 2' };
    expect(applyUnsavedEdits([a, b], edits).map((e) => e.sql)).toEqual(['', 'SELECT 2']);
    expect(withUnsavedEdits(a, edits)).toBe(a);
  });
});

describe('autorun (a new tab copies autorun from the active tab, §9)', () => {
  it('runs real SQL, never the placeholder a new tab starts with', () => {
    expect(shouldAutorun({ autorun: true, sql: 'SELECT 1' })).toBe(true);
    expect(shouldAutorun({ autorun: true, sql: 'SELECT ...' })).toBe(false);
    expect(shouldAutorun({ autorun: true, sql: `${NO_PERSISTENCE_WARNING}SELECT ...` })).toBe(false);
    expect(shouldAutorun({ autorun: true, sql: '' })).toBe(false);
    expect(shouldAutorun({ autorun: true, sql: NO_PERSISTENCE_WARNING })).toBe(false);
    expect(shouldAutorun({ autorun: false, sql: 'SELECT 1' })).toBe(false);
  });
});
