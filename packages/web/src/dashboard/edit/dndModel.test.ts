import { describe, expect, it } from 'vitest';
import { NEW_COMPONENTS_SOURCE_ID, type DashboardLayout, type LayoutItem } from '@rama/shared';
import {
  childrenSideBySide,
  dropsAsSibling,
  gapInsertion,
  indicatorDirection,
  isInsideDragged,
  layoutDragItem,
  nestingLevel,
  newComponentItem,
  refusalText,
  resolveDrop,
  topLevelTabsNote,
  type Orientation,
  type Rect,
} from './dndModel';

const item = (id: string, type: LayoutItem['type'], children: string[] = [], meta?: LayoutItem['meta']): LayoutItem => ({
  id,
  type,
  children,
  ...(meta && { meta }),
});

/*
 * ROOT > GRID > ROW-1 (CHART-a, CHART-b)
 *             > HEADER-h
 *             > ROW-2 (COLUMN-c (CHART-d), COLUMN-e (empty))
 */
const layout: DashboardLayout = {
  ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID']),
  GRID_ID: item('GRID_ID', 'GRID', ['ROW-1', 'HEADER-h', 'ROW-2']),
  'ROW-1': item('ROW-1', 'ROW', ['CHART-a', 'CHART-b']),
  'CHART-a': item('CHART-a', 'CHART', [], { chartId: 1, width: 4, height: 50 }),
  'CHART-b': item('CHART-b', 'CHART', [], { chartId: 2, width: 4, height: 50 }),
  'HEADER-h': item('HEADER-h', 'HEADER', [], { text: 'Title' }),
  'ROW-2': item('ROW-2', 'ROW', ['COLUMN-c', 'COLUMN-e']),
  'COLUMN-c': item('COLUMN-c', 'COLUMN', ['CHART-d'], { width: 4 }),
  'CHART-d': item('CHART-d', 'CHART', [], { chartId: 4, width: 4, height: 50 }),
  'COLUMN-e': item('COLUMN-e', 'COLUMN', [], { width: 4 }),
};

const rects: Record<string, Rect> = {
  GRID_ID: { top: 0, left: 0, width: 1200, height: 1000 },
  'ROW-1': { top: 0, left: 0, width: 1200, height: 400 },
  'CHART-a': { top: 0, left: 0, width: 400, height: 400 },
  'CHART-b': { top: 0, left: 416, width: 400, height: 400 },
  'HEADER-h': { top: 416, left: 0, width: 1200, height: 50 },
  'ROW-2': { top: 482, left: 0, width: 1200, height: 400 },
  'COLUMN-c': { top: 482, left: 0, width: 400, height: 400 },
  'CHART-d': { top: 482, left: 0, width: 400, height: 400 },
  'COLUMN-e': { top: 482, left: 416, width: 400, height: 400 },
};

/** How each component sits among its siblings (what the page passes to DragDroppable). */
const orientation: Record<string, Orientation> = {
  GRID_ID: 'row',
  'ROW-1': 'row',
  'CHART-a': 'column',
  'CHART-b': 'column',
  'HEADER-h': 'row',
  'ROW-2': 'row',
  'COLUMN-c': 'column',
  'CHART-d': 'row',
  'COLUMN-e': 'column',
};

const targets = Object.keys(rects).map((id) => ({ id, dropId: id, orientation: orientation[id], rect: rects[id] }));
const rectOf = (id: string) => rects[id] ?? null;
const newChart = newComponentItem('NEW_CHART-9', 'CHART', 'Nine', { chartId: 9, width: 4, height: 50 });
const at = (x: number, y: number, dragged = newChart) => resolveDrop({ layout, item: dragged, pointer: { x, y }, targets, rectOf });

describe('drop resolution (spec section 5: drop position from the pointer, 20 px edge zone)', () => {
  it('over a chart in a row: beside it on the nearer side', () => {
    const left = at(150, 200);
    expect(left).toMatchObject({ indicatorId: 'CHART-a', position: 'LEFT', forbidden: false });
    expect(left?.drop).toEqual({
      source: { id: NEW_COMPONENTS_SOURCE_ID, type: 'CHART', index: 0 },
      dragging: { id: 'NEW_CHART-9', type: 'CHART', meta: { chartId: 9, width: 4, height: 50 } },
      destination: { id: 'ROW-1', type: 'ROW', index: 0 },
      position: 'LEFT',
    });
    expect(at(300, 200)?.drop?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 1 });
    expect(at(700, 200)?.drop?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 2 });
  });

  it('near the top edge of a row (over its chart): above the row, in the grid', () => {
    const r = at(200, 5);
    expect(r).toMatchObject({ indicatorId: 'ROW-1', position: 'TOP' });
    expect(r?.drop?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 0 });
    expect(at(200, 395)?.drop?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 1 });
  });

  it('in the gap between two grid children: between them', () => {
    const r = at(600, 408);
    expect(r).toMatchObject({ indicatorId: 'HEADER-h', position: 'TOP' });
    expect(r?.drop?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 1 });
  });

  it('over an empty container: into it', () => {
    const r = at(600, 700);
    expect(r).toMatchObject({ indicatorId: 'COLUMN-e', forbidden: false });
    expect(r?.drop?.destination).toEqual({ id: 'COLUMN-e', type: 'COLUMN', index: 0 });
  });

  it('moves count the index after the dragged component left its place', () => {
    const b = layoutDragItem(layout, layout['CHART-b'], 'b');
    expect(b).toMatchObject({ parentId: 'ROW-1', parentType: 'ROW', index: 1 });
    expect(at(10, 200, b)?.drop?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 0 });
    const a = layoutDragItem(layout, layout['CHART-a'], 'a');
    // just left of the next chart is where it already is: nothing to do
    expect(at(420, 200, a)?.drop).toBeNull();
    expect(at(800, 200, a)?.drop?.destination).toEqual({ id: 'ROW-1', type: 'ROW', index: 1 });
  });

  it('a component is never dropped into itself: dragging a row over its own chart falls back to the grid', () => {
    const row = layoutDragItem(layout, layout['ROW-1'], 'Row');
    const r = at(200, 200, row);
    expect(r?.indicatorId).toBe('HEADER-h');
    // before the header is where it already is
    expect(r?.drop).toBeNull();
    // a row can go into an empty column of another row, when the column is wide enough for it
    const narrow = at(600, 700, row);
    expect(narrow).toMatchObject({ indicatorId: 'COLUMN-e', forbidden: true, drop: null });
    expect(narrow?.refusal?.message).toBe('This column is 4 columns wide; this component needs 8.');
    const wide: DashboardLayout = { ...layout, 'COLUMN-e': item('COLUMN-e', 'COLUMN', [], { width: 8 }) };
    const r2 = resolveDrop({ layout: wide, item: row, pointer: { x: 600, y: 700 }, targets, rectOf });
    expect(r2?.drop?.destination).toEqual({ id: 'COLUMN-e', type: 'COLUMN', index: 0 });
  });

  it('spec section 5 nesting: tabs over a chart in a row are forbidden, naming the row rule', () => {
    const tabs = newComponentItem('NEW_TABS_ID', 'TABS', 'Tabs');
    const r = at(200, 200, tabs);
    expect(r).toMatchObject({ indicatorId: 'CHART-a', position: 'FORBIDDEN', forbidden: true, drop: null });
    expect(refusalText(r)).toBe('Tabs go on the dashboard, in a tab or in a column, not in a row.');
  });

  it('tabs in the gap between rows, or at the top edge of a row, go between the rows of the grid', () => {
    const tabs = newComponentItem('NEW_TABS_ID', 'TABS', 'Tabs');
    expect(at(600, 408, tabs)).toMatchObject({ indicatorId: 'HEADER-h', position: 'TOP', forbidden: false });
    expect(at(600, 408, tabs)?.drop?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 1 });
    // over an empty column, near the top edge of its row: above that row
    expect(at(600, 490, tabs)).toMatchObject({ indicatorId: 'ROW-2', position: 'TOP', forbidden: false });
    expect(at(600, 490, tabs)?.drop?.destination).toEqual({ id: 'GRID_ID', type: 'GRID', index: 2 });
  });

  it('width rule while dragging: a chart at the end of a full row is refused there with the reason, not only on drop', () => {
    const full: DashboardLayout = {
      ...layout,
      'CHART-a': item('CHART-a', 'CHART', [], { chartId: 1, width: 6, height: 50 }),
      'CHART-b': item('CHART-b', 'CHART', [], { chartId: 2, width: 6, height: 50 }),
    };
    const r = resolveDrop({ layout: full, item: newChart, pointer: { x: 1000, y: 200 }, targets, rectOf });
    expect(r).toMatchObject({ indicatorId: 'CHART-b', position: 'RIGHT', forbidden: true, drop: null });
    expect(r?.refusal?.rule).toBe('row-full');
    expect(refusalText(r)).toBe(
      'This row is full: its widths add up to 12. There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
    );
  });

  it('an allowed drop has no refusal text', () => {
    expect(refusalText(at(600, 408))).toBeNull();
  });

  it('spec section 4: tabs at the top edge of the grid become the top-level tabs (destination root)', () => {
    const tabs = newComponentItem('NEW_TABS_ID', 'TABS', 'Tabs');
    const r = at(600, 3, tabs);
    expect(r).toMatchObject({ indicatorId: 'GRID_ID', position: 'TOP', note: topLevelTabsNote() });
    expect(r?.drop?.destination).toEqual({ id: 'ROOT_ID', type: 'ROOT', index: 0 });
  });

  it('outside every target: nothing', () => {
    expect(at(5000, 5000)).toBeNull();
  });
});

describe('drop helpers', () => {
  it('a drop is beside a stacked component above or below it, beside a side-by-side one left or right', () => {
    expect(dropsAsSibling('row', 'TOP')).toBe(true);
    expect(dropsAsSibling('row', 'LEFT')).toBe(false);
    expect(dropsAsSibling('column', 'RIGHT')).toBe(true);
    expect(dropsAsSibling('column', 'BOTTOM')).toBe(false);
  });

  it('the indicator is horizontal above or below, vertical left or right', () => {
    expect(indicatorDirection('TOP')).toBe('horizontal');
    expect(indicatorDirection('RIGHT')).toBe('vertical');
    expect(indicatorDirection('FORBIDDEN')).toBeNull();
  });

  it('knows what is inside the dragged component and how deep things are', () => {
    expect(isInsideDragged(layout, 'ROW-2', 'CHART-d')).toBe(true);
    expect(isInsideDragged(layout, 'ROW-2', 'ROW-2')).toBe(true);
    expect(isInsideDragged(layout, 'ROW-2', 'CHART-a')).toBe(false);
    expect(nestingLevel(layout, 'ROOT_ID')).toBe(0);
    expect(nestingLevel(layout, 'CHART-d')).toBe(4);
  });

  it('gap insertion counts children side by side (rows, tabs) by x, stacked ones by y', () => {
    const row = layout['ROW-1'];
    expect(childrenSideBySide(row)).toBe(true);
    expect(childrenSideBySide(layout.GRID_ID)).toBe(false);
    expect(gapInsertion(row, 'X', { x: 100, y: 10 }, rectOf)).toEqual({ index: 0, indicatorId: 'CHART-a', position: 'LEFT' });
    expect(gapInsertion(row, 'X', { x: 1000, y: 10 }, rectOf)).toEqual({ index: 2, indicatorId: 'CHART-b', position: 'RIGHT' });
    expect(gapInsertion(layout.GRID_ID, 'X', { x: 5, y: 470 }, rectOf)).toEqual({ index: 2, indicatorId: 'ROW-2', position: 'TOP' });
    // the dragged child is left out of the count
    expect(gapInsertion(layout.GRID_ID, 'ROW-1', { x: 5, y: 470 }, rectOf)).toEqual({ index: 1, indicatorId: 'ROW-2', position: 'TOP' });
    expect(gapInsertion(layout['COLUMN-e'], 'X', { x: 0, y: 0 }, rectOf)).toBeNull();
  });

  it('a second drop area of a component (a tab content) has its own id for the indicator', () => {
    const tabLayout: DashboardLayout = {
      ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID']),
      GRID_ID: item('GRID_ID', 'GRID', ['TABS-t']),
      'TABS-t': item('TABS-t', 'TABS', ['TAB-1']),
      'TAB-1': item('TAB-1', 'TAB', [], { text: 'One' }),
    };
    const r = resolveDrop({
      layout: tabLayout,
      item: newChart,
      pointer: { x: 300, y: 300 },
      targets: [
        { id: 'GRID_ID', dropId: 'GRID_ID', orientation: 'row', rect: { top: 0, left: 0, width: 1200, height: 800 } },
        { id: 'TABS-t', dropId: 'TABS-t', orientation: 'row', rect: { top: 0, left: 0, width: 1200, height: 600 } },
        { id: 'TAB-1', dropId: 'TAB-1:content', orientation: 'column', rect: { top: 50, left: 0, width: 1200, height: 550 } },
      ],
      rectOf: () => null,
    });
    expect(r).toMatchObject({ indicatorId: 'TAB-1:content', position: 'TOP', forbidden: false, inside: true });
    expect(r?.drop?.destination).toEqual({ id: 'TAB-1', type: 'TAB', index: 0 });
  });
});
