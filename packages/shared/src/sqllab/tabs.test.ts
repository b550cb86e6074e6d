import { describe, expect, it } from 'vitest';
import { activateInHistory, adjacentTabId, cloneQueryEditor, newQueryEditor, nextUntitledName, NO_PERSISTENCE_WARNING, removeFromHistory } from './tabs.js';

const d = { id: 't2', defaultDbId: 1, defaultQueryLimit: 10000, maxRow: 100000, backendPersistence: true, now: 0 };

describe('tab naming (§3: "Untitled Query N", one above the highest)', () => {
  it('numbers one above the highest, not the count', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Untitled Query 1', 'Untitled Query 4', 'Sales'])).toBe('Untitled Query 5');
    expect(nextUntitledName(['Untitled Query x'])).toBe('Untitled Query 1');
  });
});

describe('new tab (§9: copies database, catalog, schema, limit and autorun from the active tab)', () => {
  it('copies from the active tab and starts with SELECT ...', () => {
    const active = newQueryEditor([], null, { ...d, id: 't1' }, { dbId: 3, catalog: 'c', schema: 's', queryLimit: 500, autorun: true });
    const tab = newQueryEditor([active.name], active, d);
    expect(tab).toMatchObject({ name: 'Untitled Query 2', dbId: 3, catalog: 'c', schema: 's', queryLimit: 500, autorun: true, sql: 'SELECT ...' });
  });

  it('without backend persistence, prepends the warning comment', () => {
    expect(newQueryEditor([], null, { ...d, backendPersistence: false }).sql).toBe(`${NO_PERSISTENCE_WARNING}SELECT ...`);
  });

  it('uses the default database and limit when there is no active tab', () => {
    expect(newQueryEditor([], null, d)).toMatchObject({ dbId: 1, queryLimit: 10000, autorun: false });
  });
});

describe('clone (§4: "Copy of {name}", autorun set, db/catalog/schema/sql/limit/max rows copied)', () => {
  it('clones', () => {
    const src = newQueryEditor([], null, { ...d, id: 't1' }, { name: 'Sales', sql: 'SELECT 1', dbId: 2, schema: 'main', queryLimit: 50, autorun: false });
    expect(cloneQueryEditor(src, d)).toMatchObject({ id: 't2', name: 'Copy of Sales', autorun: true, sql: 'SELECT 1', dbId: 2, schema: 'main', queryLimit: 50, maxRow: 100000 });
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
