import { describe, expect, it } from 'vitest';
import { dropRefusal, dropRefusalText, handleDrop, nestingRefusal } from './drop.js';
import { layoutFromTree, parentIdOf } from './layout.js';
import { maxParentDepth, parentTypesOf } from './nesting.js';
import {
  DROP_MESSAGES,
  GRID_ID,
  MAX_TABS_DEPTH,
  NEW_COMPONENTS_SOURCE_ID,
  ROOT_ID,
  type DashboardLayout,
  type DropResult,
  type LayoutMeta,
  type LayoutType,
} from './types.js';

const chart = (id: string, chartId: number, width = 4) => ({ type: 'CHART' as const, id, meta: { chartId, width } });

/**
 * root > grid > [row r1: a(4) b(4)] [row full: x(6) y(6)] [row r3: c(4), column col(6): [d]]
 *             > [row outer: column oc(8): [row inner: column ic(4): []]]
 *             > [tabs t: tab t1: []]
 */
function sample(): DashboardLayout {
  return layoutFromTree({
    type: 'GRID',
    children: [
      { type: 'ROW', id: 'r1', children: [chart('a', 1), chart('b', 2)] },
      { type: 'ROW', id: 'full', children: [chart('x', 3, 6), chart('y', 4, 6)] },
      { type: 'ROW', id: 'r3', children: [chart('c', 5), { type: 'COLUMN', id: 'col', meta: { width: 6 }, children: [chart('d', 6, 6)] }] },
      {
        type: 'ROW',
        id: 'outer',
        children: [
          {
            type: 'COLUMN',
            id: 'oc',
            meta: { width: 8 },
            children: [{ type: 'ROW', id: 'inner', children: [{ type: 'COLUMN', id: 'ic', meta: { width: 4 }, children: [] }] }],
          },
        ],
      },
      { type: 'TABS', id: 't', children: [{ type: 'TAB', id: 't1', meta: { text: 'One' }, children: [] }] },
    ],
  });
}

const create = (type: LayoutType, to: { id: string; type: LayoutType; index: number }, meta?: LayoutMeta): DropResult => ({
  source: { id: NEW_COMPONENTS_SOURCE_ID, type: 'ROOT', index: 0 },
  destination: to,
  dragging: { id: NEW_COMPONENTS_SOURCE_ID, type, meta },
});

const move = (layout: DashboardLayout, id: string, to: string, index: number): DropResult => {
  const from = parentIdOf(layout, id) as string;
  return {
    source: { id: from, type: layout[from].type, index: layout[from].children.indexOf(id) },
    destination: { id: to, type: layout[to].type, index },
    dragging: { id, type: layout[id].type },
  };
};

/** A refusal explains a drop handleDrop really refuses: the layout stays as it was. */
function refusedBoth(layout: DashboardLayout, drop: DropResult) {
  const refusal = dropRefusal(layout, drop);
  expect(refusal).not.toBeNull();
  expect(handleDrop(layout, drop).layout).toBe(layout);
  return refusal;
}

describe('why a drop is refused (issue 27: a refused drop names its rule)', () => {
  it('width rule: a chart into a row whose widths add up to 12 is refused as "row full", with the peer message as the hint', () => {
    const layout = sample();
    const refusal = refusedBoth(layout, move(layout, 'a', 'full', 2));
    expect(refusal).toEqual({
      rule: 'row-full',
      message: 'This row is full: its widths add up to 12.',
      hint: DROP_MESSAGES.notEnoughSpace,
    });
    expect(dropRefusalText(refusal!)).toBe(`This row is full: its widths add up to 12. ${DROP_MESSAGES.notEnoughSpace}`);
    // a new chart from the palette too
    expect(refusedBoth(layout, create('CHART', { id: 'full', type: 'ROW', index: 0 }, { chartId: 40 }))?.rule).toBe('row-full');
  });

  it('width rule: a column too wide for the free columns of a row names both widths', () => {
    const layout = sample();
    // oc holds a row with a 4-wide column, so it needs 4 columns; r3 has 2 free
    expect(refusedBoth(layout, move(layout, 'oc', 'r3', 0))).toMatchObject({
      rule: 'not-enough-space',
      message: 'This row has 2 columns free; this component needs 4.',
    });
    // a column shrinks to the room its content allows
    expect(dropRefusal(layout, move(layout, 'col', 'r1', 0))).toBeNull();
  });

  it('width rule: a move inside its own row is never refused for width', () => {
    const layout = sample();
    expect(dropRefusal(layout, move(layout, 'x', 'full', 1))).toBeNull();
    expect(handleDrop(layout, move(layout, 'x', 'full', 1)).layout).not.toBe(layout);
  });

  it('nesting table: tabs, rows and headers do not go into a row, and the message lists where they go', () => {
    const layout = sample();
    expect(refusedBoth(layout, create('TABS', { id: 'r1', type: 'ROW', index: 0 }))).toEqual({
      rule: 'not-a-child',
      message: 'Tabs go on the dashboard, in a tab or in a column, not in a row.',
    });
    expect(refusedBoth(layout, create('HEADER', { id: 'r1', type: 'ROW', index: 0 }))?.message).toBe(
      'Headers go on the dashboard, in a tab or in a column, not in a row.',
    );
    expect(refusedBoth(layout, move(layout, 'r3', 'r1', 0))?.rule).toBe('not-a-child');
  });

  it('nesting table: charts go inside a row, a column, a tab or the dashboard, not into another chart', () => {
    const layout = sample();
    expect(refusedBoth(layout, move(layout, 'b', 'a', 0))?.message).toBe(
      'Charts go on the dashboard, in a row, in a tab or in a column, not in a chart.',
    );
    expect(nestingRefusal('TABS', 'CHART', 1)?.message).toBe(
      'Charts go on the dashboard, in a row, in a tab or in a column, not in a tabs bar.',
    );
  });

  it(`depth rule: tabs cannot be nested deeper than ${MAX_TABS_DEPTH} levels (a column inside a column's row)`, () => {
    const layout = sample();
    // grid 1 > outer 2 > oc 3 > inner 4 > ic 5
    const refusal = refusedBoth(layout, create('TABS', { id: 'ic', type: 'COLUMN', index: 0 }));
    expect(refusal).toEqual({
      rule: 'too-deep',
      message: `Tabs cannot be nested deeper than ${MAX_TABS_DEPTH} levels: this column is 5 levels deep.`,
      hint: 'Drop it nearer the top of the dashboard.',
    });
    // the same tabs fit in the outer column (depth 3)
    expect(dropRefusal(layout, create('TABS', { id: 'oc', type: 'COLUMN', index: 0 }))).toBeNull();
  });

  it('depth rule: a row inside a column inside a row cannot take more columns', () => {
    const layout = sample();
    expect(refusedBoth(layout, create('ROW', { id: 'ic', type: 'COLUMN', index: 0 }))?.rule).toBe('too-deep');
  });

  it('a component never goes inside itself or its own children', () => {
    const layout = sample();
    expect(refusedBoth(layout, move(layout, 'outer', 'oc', 0))).toEqual({
      rule: 'inside-itself',
      message: 'A component cannot go inside itself.',
    });
  });

  it('the peer rule: a top-level tab cannot move into nested tabs', () => {
    const layout = layoutFromTree({
      type: 'TABS',
      id: 'top',
      children: [
        { type: 'TAB', id: 'ta', children: [{ type: 'TABS', id: 'nested', children: [{ type: 'TAB', id: 'n1', children: [] }] }] },
        { type: 'TAB', id: 'tb', children: [] },
      ],
    });
    expect(refusedBoth(layout, move(layout, 'tb', 'nested', 1))).toEqual({
      rule: 'top-level-tabs',
      message: DROP_MESSAGES.topLevelTabIntoNested,
    });
  });

  it('the top of the dashboard takes tabs only, and only while the dashboard has no top-level tabs', () => {
    const layout = sample();
    const root = { id: ROOT_ID, type: 'ROOT' as const, index: 0 };
    expect(dropRefusal(layout, create('TABS', root))).toBeNull();
    expect(refusedBoth(layout, create('CHART', root, { chartId: 40 }))?.rule).toBe('top-of-dashboard');
  });

  it('a chart already on the dashboard, or without a chart id, is refused with the peer message', () => {
    const layout = sample();
    expect(refusedBoth(layout, create('CHART', { id: GRID_ID, type: 'GRID', index: 0 }, { chartId: 1 }))?.rule).toBe('chart-already-added');
    expect(dropRefusal(layout, create('CHART', { id: GRID_ID, type: 'GRID', index: 0 }, {}))).toEqual({
      rule: 'no-chart-definition',
      message: DROP_MESSAGES.noChartDefinition,
    });
  });

  it('allowed drops have no refusal: tabs between rows, a header in a tab, a chart at the end of a row with room', () => {
    const layout = sample();
    for (const drop of [
      create('TABS', { id: GRID_ID, type: 'GRID', index: 1 }),
      create('HEADER', { id: 't1', type: 'TAB', index: 0 }),
      create('CHART', { id: 'r1', type: 'ROW', index: 2 }, { chartId: 40 }),
      move(layout, 'a', 't1', 0),
    ]) {
      expect(dropRefusal(layout, drop)).toBeNull();
      expect(handleDrop(layout, drop).layout).not.toBe(layout);
    }
  });

  it('the nesting table tells the deepest parent and which parents take a type', () => {
    expect(maxParentDepth('COLUMN', 'TABS')).toBe(MAX_TABS_DEPTH);
    expect(maxParentDepth('ROW', 'TABS')).toBeUndefined();
    expect(parentTypesOf('TABS')).toEqual(['ROOT', 'GRID', 'TAB', 'COLUMN']);
  });
});
