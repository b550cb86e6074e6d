import { describe, expect, it } from 'vitest';
import { layoutFromTree } from './layout.js';
import { convertToTopLevelTabs, deleteComponent, deleteTopLevelTabs, resizeComponent, updateComponents } from './ops.js';
import { validatePositionJson } from './validatePosition.js';
import { GRID_ID, ROOT_ID, type DashboardLayout } from './types.js';

const chart = (id: string, chartId: number, width = 4) => ({ type: 'CHART' as const, id, meta: { chartId, width } });

function sample(): DashboardLayout {
  return layoutFromTree({
    type: 'GRID',
    children: [
      { type: 'ROW', id: 'r1', children: [chart('a', 1), chart('b', 2)] },
      { type: 'ROW', id: 'r2', children: [{ type: 'COLUMN', id: 'col', meta: { width: 6 }, children: [chart('c', 3, 6)] }] },
      { type: 'ROW', id: 'r3', children: [chart('x', 4, 8), { type: 'COLUMN', id: 'narrow', meta: { width: 2 } }] },
      { type: 'HEADER', id: 'h' },
    ],
  });
}

describe('spec 4 delete', () => {
  it('removes the component and all its descendants', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'TABS',
          id: 'tabs',
          children: [
            { type: 'TAB', id: 't1', children: [{ type: 'ROW', id: 'r', children: [chart('a', 1)] }] },
            { type: 'TAB', id: 't2' },
          ],
        },
      ],
    });
    const next = deleteComponent(layout, 't1', 'tabs');
    expect(next.tabs.children).toEqual(['t2']);
    expect(['t1', 'r', 'a'].some((id) => id in next)).toBe(false);
    expect(validatePositionJson(next)).toEqual([]);
  });

  it('removes a wrapper row or column that became empty, and a row that emptied in turn', () => {
    const next = deleteComponent(sample(), 'c', 'col');
    expect(next.col).toBeUndefined();
    expect(next.r2).toBeUndefined();
    expect(next[GRID_ID].children).toEqual(['r1', 'r3', 'h']);
  });

  it('a row keeps living while it still holds something', () => {
    const next = deleteComponent(sample(), 'a', 'r1');
    expect(next.r1.children).toEqual(['b']);
  });

  it('tabs whose last tab is deleted are deleted', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'TABS',
          id: 'tabs',
          children: [{ type: 'TAB', id: 't1', children: [{ type: 'ROW', id: 'r', children: [chart('a', 1)] }] }],
        },
      ],
    });
    const next = deleteComponent(layout, 't1', 'tabs');
    expect(next.tabs).toBeUndefined();
    expect(next[GRID_ID].children).toEqual([]);
  });

  it('when the last top-level tab goes, the root gets back its grid', () => {
    const layout = layoutFromTree({
      type: 'TABS',
      id: 'top',
      children: [{ type: 'TAB', id: 't', children: [{ type: 'ROW', id: 'r', children: [chart('a', 1)] }] }],
    });
    const next = deleteComponent(layout, 't', 'top');
    expect(next[ROOT_ID].children).toEqual([GRID_ID]);
    expect(next[GRID_ID]).toMatchObject({ type: 'GRID', children: [], parents: [ROOT_ID] });
    expect(next.top).toBeUndefined();
    expect(validatePositionJson(next)).toEqual([]);
  });

  it('deleting the top-level tabs themselves moves their content back into the grid', () => {
    const layout = layoutFromTree({
      type: 'TABS',
      id: 'top',
      children: [
        { type: 'TAB', id: 't1', children: [{ type: 'ROW', id: 'r1', children: [chart('a', 1)] }] },
        { type: 'TAB', id: 't2', children: [{ type: 'ROW', id: 'r2', children: [chart('b', 2)] }] },
      ],
    });
    const next = deleteComponent(layout, 'top', ROOT_ID);
    expect(next[ROOT_ID].children).toEqual([GRID_ID]);
    expect(next[GRID_ID].children).toEqual(['r1', 'r2']);
    expect(next.a.parents).toEqual([ROOT_ID, GRID_ID, 'r1']);
    expect(deleteTopLevelTabs(next)).toBe(next);
  });

  it('the root and the grid cannot be deleted; a wrong parent id is corrected', () => {
    const layout = sample();
    expect(deleteComponent(layout, ROOT_ID, null)).toBe(layout);
    expect(deleteComponent(layout, GRID_ID, ROOT_ID)).toBe(layout);
    expect(deleteComponent(layout, 'a', 'r3').r1.children).toEqual(['b']);
  });
});

describe('top-level tabs conversion', () => {
  it('moves the grid content into the first tab of a new tabs component', () => {
    const next = convertToTopLevelTabs(sample());
    const tabs = next[next[ROOT_ID].children[0]];
    expect(next[tabs.children[0]].children).toEqual(['r1', 'r2', 'r3', 'h']);
    expect(validatePositionJson(next)).toEqual([]);
    expect(convertToTopLevelTabs(next)).toBe(next);
  });
});

describe('spec 9 resize: 12 columns, heights in 8 px units', () => {
  it('sets width and height in grid units', () => {
    const next = resizeComponent(sample(), 'a', { width: 6, height: 80 });
    expect(next.a.meta).toMatchObject({ width: 6, height: 80 });
  });

  it('a row never goes past 12 columns: the width stops at the free columns of the row', () => {
    expect(resizeComponent(sample(), 'a', { width: 11 }).a.meta?.width).toBe(8);
  });

  it('widths stay at least one column and heights at least GRID_MIN_ROW_UNITS', () => {
    expect(resizeComponent(sample(), 'a', { width: 0, height: 1 }).a.meta).toMatchObject({ width: 1, height: 5 });
  });

  it("a column's charts adapt when the column is resized; a column cannot shrink below its widest row", () => {
    const next = resizeComponent(sample(), 'col', { width: 4 });
    expect(next.col.meta?.width).toBe(4);
    expect(next.c.meta?.width).toBe(4);
    const withRow = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'ROW',
          children: [
            { type: 'COLUMN', id: 'col', meta: { width: 8 }, children: [{ type: 'ROW', children: [chart('a', 1, 3), chart('b', 2, 3)] }] },
          ],
        },
      ],
    });
    expect(resizeComponent(withRow, 'col', { width: 2 }).col.meta?.width).toBe(6);
  });

  it('a chart inside a column keeps the column width; unchanged sizes give the same layout', () => {
    const layout = sample();
    expect(resizeComponent(layout, 'c', { width: 2 })).toBe(layout);
    expect(resizeComponent(layout, 'a', { width: 4, height: 50 })).toBe(layout);
    expect(resizeComponent(layout, 'missing', { width: 4 })).toBe(layout);
    expect(resizeComponent(layout, 'c', { height: 30 }).c.meta?.height).toBe(30);
  });
});

describe('updateComponents', () => {
  it('replaces components by id and keeps parents right', () => {
    const layout = sample();
    const next = updateComponents(layout, { h: { ...layout.h, meta: { ...layout.h.meta, text: 'Sales' } } });
    expect(next.h.meta?.text).toBe('Sales');
    expect(next.h.parents).toEqual([ROOT_ID, GRID_ID]);
    expect(next.a).toBe(layout.a);
    expect(updateComponents(layout, {})).toBe(layout);
  });

  it("a column's new width reaches its charts", () => {
    const layout = sample();
    const next = updateComponents(layout, { col: { ...layout.col, meta: { ...layout.col.meta, width: 5 } } });
    expect(next.c.meta?.width).toBe(5);
  });
});
