import { describe, expect, it } from 'vitest';
import { dropDestination, getDropPosition, handleDrop, type DropPositionArgs } from './drop.js';
import { chartIdsInLayout, layoutFromTree, parentIdOf } from './layout.js';
import { validatePositionJson } from './validatePosition.js';
import {
  DROP_MESSAGES,
  GRID_ID,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
  type DashboardLayout,
  type DropResult,
  type LayoutMeta,
  type LayoutType,
} from './types.js';

const chart = (id: string, chartId: number, width = 4) => ({ type: 'CHART' as const, id, meta: { chartId, width } });

/** root > grid > [row r1: a(4) b(4)] [row full: x(6) y(6)] [row r3: c(4), column col(6): [d]] */
function sample(): DashboardLayout {
  return layoutFromTree({
    type: 'GRID',
    children: [
      { type: 'ROW', id: 'r1', children: [chart('a', 1), chart('b', 2)] },
      { type: 'ROW', id: 'full', children: [chart('x', 3, 6), chart('y', 4, 6)] },
      { type: 'ROW', id: 'r3', children: [chart('c', 5), { type: 'COLUMN', id: 'col', meta: { width: 6 }, children: [chart('d', 6, 6)] }] },
    ],
  });
}

const create = (type: LayoutType, to: { id: string; type: LayoutType; index: number }, meta?: LayoutMeta): DropResult => ({
  source: { id: NEW_COMPONENTS_SOURCE_ID, type: 'ROOT', index: 0 },
  destination: to,
  dragging: { id: NEW_COMPONENTS_SOURCE_ID, type, meta },
});

const move = (layout: DashboardLayout, id: string, to: { id: string; index: number }): DropResult => {
  const from = parentIdOf(layout, id) as string;
  return {
    source: { id: from, type: layout[from].type, index: layout[from].children.indexOf(id) },
    destination: { id: to.id, type: layout[to.id].type, index: to.index },
    dragging: { id, type: layout[id].type },
  };
};

const isSaveable = (layout: DashboardLayout) => expect(validatePositionJson(layout)).toEqual([]);

describe('spec 4 drops: create', () => {
  it('inserts a new chart at the drop index with its parents recorded', () => {
    const layout = sample();
    const { layout: next, error } = handleDrop(
      layout,
      create('CHART', { id: 'r1', type: 'ROW', index: 1 }, { chartId: 40, sliceName: 'New' }),
    );
    expect(error).toBeUndefined();
    const id = next.r1.children[1];
    expect(next[id]).toMatchObject({
      type: 'CHART',
      meta: { chartId: 40, width: 4, height: 50, sliceName: 'New' },
      parents: [ROOT_ID, GRID_ID, 'r1'],
    });
    expect(next.r1.children).toEqual(['a', id, 'b']);
    isSaveable(next);
  });

  it('wrap rule: a chart or markdown dropped straight into the grid or a tab arrives inside a new row', () => {
    const { layout: next } = handleDrop(sample(), create('MARKDOWN', { id: GRID_ID, type: 'GRID', index: 0 }));
    const wrapper = next[next[GRID_ID].children[0]];
    expect(wrapper.type).toBe('ROW');
    expect(next[wrapper.children[0]]).toMatchObject({ type: 'MARKDOWN', parents: [ROOT_ID, GRID_ID, wrapper.id] });
    isSaveable(next);
  });

  it('wrap rule: headers and dividers go into the grid unwrapped', () => {
    const { layout: next } = handleDrop(sample(), create('HEADER', { id: GRID_ID, type: 'GRID', index: 3 }));
    const header = next[next[GRID_ID].children[3]];
    expect(header).toMatchObject({ type: 'HEADER', meta: { text: 'New header' } });
    const { layout: withDivider } = handleDrop(next, create('DIVIDER', { id: GRID_ID, type: 'GRID', index: 0 }));
    expect(withDivider[withDivider[GRID_ID].children[0]].type).toBe('DIVIDER');
  });

  it("a new tabs component gets one tab titled 'Tab title'", () => {
    const { layout: next } = handleDrop(sample(), create('TABS', { id: GRID_ID, type: 'GRID', index: 0 }));
    const tabs = next[next[GRID_ID].children[0]];
    expect(tabs.type).toBe('TABS');
    expect(tabs.children).toHaveLength(1);
    expect(next[tabs.children[0]]).toMatchObject({ type: 'TAB', meta: { text: 'Tab title' }, parents: [ROOT_ID, GRID_ID, tabs.id] });
    isSaveable(next);
    const { layout: twoTabs } = handleDrop(next, create('TAB', { id: tabs.id, type: 'TABS', index: 1 }));
    expect(twoTabs[tabs.id].children).toHaveLength(2);
  });

  it("spec 5: a drop into a row without room is refused with 'There is not enough space…'", () => {
    const layout = sample();
    const outcome = handleDrop(layout, create('CHART', { id: 'full', type: 'ROW', index: 0 }, { chartId: 41 }));
    expect(outcome.error).toBe(DROP_MESSAGES.notEnoughSpace);
    expect(outcome.layout).toBe(layout);
  });

  it('spec 9: a row holds at most 12 columns — a chart wider than the room left shrinks to it', () => {
    const layout = layoutFromTree({ type: 'GRID', children: [{ type: 'ROW', id: 'r', children: [chart('a', 1, 10)] }] });
    const { layout: next } = handleDrop(layout, create('CHART', { id: 'r', type: 'ROW', index: 1 }, { chartId: 2 }));
    expect(next[next.r.children[1]].meta?.width).toBe(2);
  });

  it('spec 5: a chart id over 65535 is refused without a message; a chart without an id has no definition', () => {
    const layout = sample();
    expect(handleDrop(layout, create('CHART', { id: 'r1', type: 'ROW', index: 0 }, { chartId: 65536 }))).toEqual({ layout });
    expect(handleDrop(layout, create('CHART', { id: 'r1', type: 'ROW', index: 0 }))).toEqual({
      layout,
      error: DROP_MESSAGES.noChartDefinition,
    });
  });

  it('a chart already on the dashboard is not added twice', () => {
    const layout = sample();
    expect(handleDrop(layout, create('CHART', { id: 'r1', type: 'ROW', index: 0 }, { chartId: 1 })).layout).toBe(layout);
  });

  it('a drop with no destination, an unknown destination or an invalid child is rejected silently', () => {
    const layout = sample();
    expect(handleDrop(layout, { ...create('CHART', { id: 'r1', type: 'ROW', index: 0 }, { chartId: 50 }), destination: null })).toEqual({
      layout,
    });
    expect(handleDrop(layout, create('CHART', { id: 'nope', type: 'ROW', index: 0 }, { chartId: 50 }))).toEqual({ layout });
    for (const type of ['ROW', 'HEADER', 'TABS'] as const) {
      expect(handleDrop(layout, create(type, { id: 'r1', type: 'ROW', index: 0 }))).toEqual({ layout });
    }
    expect(handleDrop(layout, create('COLUMN', { id: 'col', type: 'COLUMN', index: 0 }))).toEqual({ layout });
  });

  it('tabs in a column: the new tabs get their tab, and a chart dropped in that tab gets its row', () => {
    const { layout: withTabs } = handleDrop(sample(), create('TABS', { id: 'col', type: 'COLUMN', index: 1 }));
    const tabs = withTabs[withTabs.col.children[1]];
    const { layout: next, error } = handleDrop(withTabs, create('CHART', { id: tabs.children[0], type: 'TAB', index: 0 }, { chartId: 61 }));
    expect(error).toBeUndefined();
    const row = next[next[tabs.children[0]].children[0]];
    expect(row.type).toBe('ROW');
    expect(next[row.children[0]].meta?.chartId).toBe(61);
    isSaveable(next);
  });

  it('a chart dropped into a column takes the column width', () => {
    const { layout: next } = handleDrop(sample(), create('CHART', { id: 'col', type: 'COLUMN', index: 0 }, { chartId: 60 }));
    expect(next[next.col.children[0]].meta?.width).toBe(6);
  });
});

describe('spec 4 drops: move', () => {
  it('reorders within a parent (index counted after the dragged one left)', () => {
    const layout = sample();
    const { layout: next } = handleDrop(layout, move(layout, 'a', { id: 'r1', index: 1 }));
    expect(next.r1.children).toEqual(['b', 'a']);
    expect(next.a.meta?.width).toBe(4);
  });

  it('a drop back onto its own place changes nothing', () => {
    const layout = sample();
    expect(handleDrop(layout, move(layout, 'b', { id: 'r1', index: 1 })).layout).toBe(layout);
  });

  it('moves across parents and updates the parents of the whole moved subtree', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'ROW',
          id: 'from',
          children: [chart('a', 1), { type: 'COLUMN', id: 'col', meta: { width: 4 }, children: [chart('d', 2)] }],
        },
        { type: 'ROW', id: 'to', children: [chart('b', 3)] },
      ],
    });
    const { layout: next } = handleDrop(layout, move(layout, 'col', { id: 'to', index: 0 }));
    expect(next.to.children).toEqual(['col', 'b']);
    expect(next.from.children).toEqual(['a']);
    expect(next.d.parents).toEqual([ROOT_ID, GRID_ID, 'to', 'col']);
    isSaveable(next);
  });

  it('a row emptied by a move is removed (the BI server cleans up rows and tabs)', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'lonely', children: [chart('a', 1)] },
        { type: 'ROW', id: 'r', children: [chart('b', 2)] },
      ],
    });
    const { layout: next } = handleDrop(layout, move(layout, 'a', { id: 'r', index: 1 }));
    expect(next.lonely).toBeUndefined();
    expect(next[GRID_ID].children).toEqual(['r']);
  });

  it('a chart moved into a column takes the column width; moved out it keeps it if there is room', () => {
    const layout = sample();
    const { layout: into } = handleDrop(layout, move(layout, 'a', { id: 'col', index: 1 }));
    expect(into.a.meta?.width).toBe(6);
    expect(into.col.children).toEqual(['d', 'a']);
    const { layout: out } = handleDrop(into, move(into, 'd', { id: 'r1', index: 0 }));
    expect(out.d.meta?.width).toBe(6);
    expect(out.r1.children).toEqual(['d', 'b']);
  });

  it("spec 5: a move into a row without room is refused with 'There is not enough space…'", () => {
    const layout = sample();
    expect(handleDrop(layout, move(layout, 'a', { id: 'full', index: 0 }))).toEqual({ layout, error: DROP_MESSAGES.notEnoughSpace });
  });

  it('spec 5: a row of 8 columns does not fit in a column 6 wide', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'wide', children: [chart('a', 1), chart('b', 2)] },
        { type: 'ROW', id: 'r', children: [{ type: 'COLUMN', id: 'col', meta: { width: 6 }, children: [chart('c', 3, 6)] }] },
      ],
    });
    expect(handleDrop(layout, move(layout, 'wide', { id: 'col', index: 0 })).error).toBe(DROP_MESSAGES.notEnoughSpace);
  });

  it('a column moved into a narrower gap shrinks, and its charts adapt to the new width', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'from', children: [{ type: 'COLUMN', id: 'col', meta: { width: 6 }, children: [chart('c', 1, 6)] }] },
        { type: 'ROW', id: 'to', children: [chart('a', 2, 9)] },
      ],
    });
    const { layout: next } = handleDrop(layout, move(layout, 'col', { id: 'to', index: 1 }));
    expect(next.col.meta?.width).toBe(3);
    expect(next.c.meta?.width).toBe(3);
  });

  it('wrap rule: a chart moved into the grid gets a new row', () => {
    const layout = sample();
    const { layout: next } = handleDrop(layout, move(layout, 'a', { id: GRID_ID, index: 0 }));
    const wrapper = next[next[GRID_ID].children[0]];
    expect(wrapper).toMatchObject({ type: 'ROW', children: ['a'] });
    expect(next.a.parents).toEqual([ROOT_ID, GRID_ID, wrapper.id]);
  });

  it('a component cannot go into itself or its own descendants', () => {
    const layout = sample();
    expect(handleDrop(layout, move(layout, 'col', { id: 'col', index: 0 })).layout).toBe(layout);
    const tabbed = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'TABS',
          id: 'tabs',
          children: [{ type: 'TAB', id: 't', children: [{ type: 'TABS', id: 'inner', children: [{ type: 'TAB', id: 'u' }] }] }],
        },
      ],
    });
    expect(handleDrop(tabbed, move(tabbed, 'tabs', { id: 'u', index: 0 })).layout).toBe(tabbed);
  });

  it('spec 5 nesting: a move that would push rows and columns past their depth limit is refused', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'outer', children: [{ type: 'COLUMN', id: 'target', meta: { width: 12 } }] },
        {
          type: 'ROW',
          id: 'moving',
          children: [{ type: 'COLUMN', id: 'c2', meta: { width: 4 }, children: [{ type: 'ROW', id: 'deep' }] }],
        },
      ],
    });
    expect(handleDrop(layout, move(layout, 'moving', { id: 'target', index: 0 })).layout).toBe(layout);
  });

  it("spec 5: a top-level tab cannot move into nested tabs: 'Can not move top level tab into nested tabs'", () => {
    const layout = layoutFromTree({
      type: 'TABS',
      id: 'top',
      children: [
        { type: 'TAB', id: 't1', children: [{ type: 'TABS', id: 'nested', children: [{ type: 'TAB', id: 'n1' }] }] },
        { type: 'TAB', id: 't2' },
      ],
    });
    expect(handleDrop(layout, move(layout, 't2', { id: 'nested', index: 0 }))).toEqual({
      layout,
      error: DROP_MESSAGES.topLevelTabIntoNested,
    });
    const { layout: promoted } = handleDrop(layout, move(layout, 'n1', { id: 'top', index: 2 }));
    expect(promoted.top.children).toEqual(['t1', 't2', 'n1']);
    expect(promoted.nested).toBeUndefined();
    const { layout: reordered } = handleDrop(layout, move(layout, 't2', { id: 'top', index: 0 }));
    expect(reordered.top.children).toEqual(['t2', 't1']);
  });

  it("spec 5: moving a chart in or out of a filter's scope warns 'This chart has been moved to a different filter scope.'", () => {
    const layout = layoutFromTree({
      type: 'TABS',
      id: 'top',
      children: [
        { type: 'TAB', id: 't1', children: [{ type: 'ROW', id: 'r1', children: [chart('a', 1), chart('b', 2)] }] },
        { type: 'TAB', id: 't2', children: [{ type: 'ROW', id: 'r2' }] },
      ],
    });
    const filterScopes = [{ rootPath: ['t1'], excluded: [] }];
    expect(handleDrop(layout, move(layout, 'a', { id: 'r2', index: 0 }), { filterScopes }).warning).toBe(
      DROP_MESSAGES.movedToDifferentScope,
    );
    expect(handleDrop(layout, move(layout, 'a', { id: 'r1', index: 1 }), { filterScopes }).warning).toBeUndefined();
    expect(
      handleDrop(layout, move(layout, 'a', { id: 'r2', index: 0 }), { filterScopes: [{ rootPath: [ROOT_ID] }] }).warning,
    ).toBeUndefined();
  });
});

describe('spec 4 drops: create top-level tabs (destination is the root)', () => {
  it("a new tabs dropped on the root becomes the top-level tabs; the grid's content moves into its first tab", () => {
    const layout = sample();
    const { layout: next } = handleDrop(layout, create('TABS', { id: ROOT_ID, type: 'ROOT', index: 0 }));
    const tabs = next[next[ROOT_ID].children[0]];
    expect(tabs.type).toBe('TABS');
    const tab = next[tabs.children[0]];
    expect(tab.children).toEqual(['r1', 'full', 'r3']);
    expect(next[GRID_ID]).toBeUndefined();
    expect(next.a.parents).toEqual([ROOT_ID, tabs.id, tab.id, 'r1']);
    expect(chartIdsInLayout(next)).toEqual(chartIdsInLayout(layout));
    isSaveable(next);
  });

  it('an existing tabs dragged to the top takes the rest of the grid into its first tab', () => {
    const layout = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', id: 'r', children: [chart('a', 1)] },
        {
          type: 'TABS',
          id: 'tabs',
          children: [{ type: 'TAB', id: 't', children: [{ type: 'ROW', id: 'inner', children: [chart('b', 2)] }] }],
        },
      ],
    });
    const { layout: next } = handleDrop(layout, move(layout, 'tabs', { id: ROOT_ID, index: 0 }));
    expect(next[ROOT_ID].children).toEqual(['tabs']);
    expect(next.t.children).toEqual(['inner', 'r']);
    isSaveable(next);
  });

  it('only tabs can go on the root, and only while it holds the grid', () => {
    const layout = sample();
    expect(handleDrop(layout, create('ROW', { id: ROOT_ID, type: 'ROOT', index: 0 })).layout).toBe(layout);
    const { layout: tabbed } = handleDrop(layout, create('TABS', { id: ROOT_ID, type: 'ROOT', index: 0 }));
    expect(handleDrop(tabbed, create('TABS', { id: ROOT_ID, type: 'ROOT', index: 0 })).layout).toBe(tabbed);
  });
});

describe('spec 5: drop position with a 20 px edge zone', () => {
  const rect = { top: 100, left: 100, width: 400, height: 200 };
  const base: DropPositionArgs = { pointer: { x: 300, y: 200 }, rect, parentType: 'ROW', childType: 'CHART', orientation: 'row', depth: 2 };

  it('a component that can only take the dragged one as a child takes it (first or last)', () => {
    expect(getDropPosition({ ...base, containerType: 'GRID', hasChildren: true })).toBe('RIGHT');
    expect(getDropPosition({ ...base, containerType: 'GRID', hasChildren: false })).toBe('LEFT');
  });

  it('only a sibling drop: the side of the middle the pointer is on', () => {
    const args: DropPositionArgs = {
      ...base,
      parentType: 'CHART',
      childType: 'CHART',
      orientation: 'column',
      depth: 3,
      containerType: 'ROW',
    };
    expect(getDropPosition({ ...args, pointer: { x: 150, y: 200 } })).toBe('LEFT');
    expect(getDropPosition({ ...args, pointer: { x: 450, y: 200 } })).toBe('RIGHT');
  });

  it('both valid: within 20 px of an edge the drop is beside, further in it is inside', () => {
    // a chart over a column in a row: it may go inside the column or beside it in the row
    const column: DropPositionArgs = {
      ...base,
      parentType: 'COLUMN',
      orientation: 'column',
      depth: 3,
      containerType: 'ROW',
      hasChildren: true,
    };
    expect(getDropPosition({ ...column, pointer: { x: 110, y: 200 } })).toBe('LEFT');
    expect(getDropPosition({ ...column, pointer: { x: 495, y: 200 } })).toBe('RIGHT');
    expect(getDropPosition({ ...column, pointer: { x: 300, y: 200 } })).toBe('BOTTOM');
    expect(getDropPosition({ ...column, pointer: { x: 121, y: 200 } })).toBe('BOTTOM');
  });

  it('FORBIDDEN when it fits neither inside nor beside, or onto itself', () => {
    expect(getDropPosition({ ...base, parentType: 'CHART', childType: 'ROW', containerType: 'ROW' })).toBe('FORBIDDEN');
    expect(getDropPosition({ ...base, containerType: 'GRID', isSelfOrAncestor: true })).toBe('FORBIDDEN');
  });

  it('a nested target counts only near its edges', () => {
    const args: DropPositionArgs = {
      ...base,
      parentType: 'CHART',
      orientation: 'column',
      depth: 3,
      containerType: 'ROW',
      isShallow: false,
    };
    expect(getDropPosition(args)).toBeNull();
    expect(getDropPosition({ ...args, pointer: { x: 105, y: 200 } })).toBe('LEFT');
  });
});

describe('dropDestination', () => {
  const row = { id: 'r', type: 'ROW' as const, children: ['a', 'b', 'c'] };
  it('beside a component: before or after it, counting the dragged one out of its old place', () => {
    expect(
      dropDestination({
        position: 'RIGHT',
        orientation: 'column',
        component: { id: 'b', type: 'CHART', children: [] },
        container: row,
        index: 1,
        dragging: { id: 'x', parentId: 'other', index: 0 },
      }),
    ).toEqual({ id: 'r', type: 'ROW', index: 2 });
    expect(
      dropDestination({
        position: 'RIGHT',
        orientation: 'column',
        component: { id: 'c', type: 'CHART', children: [] },
        container: row,
        index: 2,
        dragging: { id: 'a', parentId: 'r', index: 0 },
      }),
    ).toEqual({ id: 'r', type: 'ROW', index: 2 });
  });

  it('inside a component: first, or last', () => {
    expect(
      dropDestination({
        position: 'LEFT',
        orientation: 'row',
        component: row,
        container: null,
        index: 0,
        dragging: { id: 'x', parentId: 'g', index: 0 },
      }),
    ).toEqual({ id: 'r', type: 'ROW', index: 0 });
    expect(
      dropDestination({
        position: 'RIGHT',
        orientation: 'row',
        component: row,
        container: null,
        index: 0,
        dragging: { id: 'a', parentId: 'r', index: 0 },
      }),
    ).toEqual({ id: 'r', type: 'ROW', index: 2 });
    expect(
      dropDestination({
        position: 'FORBIDDEN',
        orientation: 'row',
        component: row,
        container: null,
        index: 0,
        dragging: { id: 'x', parentId: 'g', index: 0 },
      }),
    ).toBeNull();
  });
});
