import { describe, expect, it } from 'vitest';
import { layoutFromTree } from './layout.js';
import {
  availableWidth,
  componentIsResizable,
  getDetailedComponentWidth,
  isValidChild,
  minimumWidthOf,
  shouldWrapChildInColumn,
  subtreeNestingIsValid,
} from './nesting.js';
import { LAYOUT_TYPES, type DashboardLayout, type LayoutType } from './types.js';

const valid = (parentType: LayoutType, childType: LayoutType, parentDepth: number) => isValidChild({ parentType, childType, parentDepth });

describe('spec 5 layout: nesting by parent type', () => {
  it('root holds tabs or grid, nothing else', () => {
    expect(valid('ROOT', 'TABS', 0)).toBe(true);
    expect(valid('ROOT', 'GRID', 0)).toBe(true);
    for (const type of LAYOUT_TYPES.filter((t) => t !== 'TABS' && t !== 'GRID')) expect(valid('ROOT', type, 0)).toBe(false);
  });

  it('grid holds charts, markdown, dividers, columns, headers, rows and tabs', () => {
    for (const type of ['CHART', 'MARKDOWN', 'DIVIDER', 'COLUMN', 'HEADER', 'ROW', 'TABS'] as const)
      expect(valid('GRID', type, 1)).toBe(true);
    expect(valid('GRID', 'TAB', 1)).toBe(false);
    expect(valid('GRID', 'GRID', 1)).toBe(false);
  });

  it('row holds charts, markdown, dividers and columns, not rows, headers or tabs', () => {
    for (const type of ['CHART', 'MARKDOWN', 'DIVIDER', 'COLUMN'] as const) expect(valid('ROW', type, 2)).toBe(true);
    for (const type of ['ROW', 'HEADER', 'TABS', 'TAB'] as const) expect(valid('ROW', type, 2)).toBe(false);
  });

  it('tabs hold tab only', () => {
    expect(valid('TABS', 'TAB', 2)).toBe(true);
    for (const type of LAYOUT_TYPES.filter((t) => t !== 'TAB')) expect(valid('TABS', type, 2)).toBe(false);
  });

  it('tab holds all component types', () => {
    for (const type of ['CHART', 'MARKDOWN', 'DIVIDER', 'COLUMN', 'HEADER', 'ROW', 'TABS'] as const)
      expect(valid('TAB', type, 2)).toBe(true);
    expect(valid('TAB', 'TAB', 2)).toBe(false);
  });

  it('column holds charts, headers, dividers, rows, tabs and markdown, not columns', () => {
    for (const type of ['CHART', 'HEADER', 'DIVIDER', 'ROW', 'TABS', 'MARKDOWN'] as const) expect(valid('COLUMN', type, 3)).toBe(true);
    expect(valid('COLUMN', 'COLUMN', 3)).toBe(false);
  });

  it('leaf types hold nothing', () => {
    for (const leaf of ['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER'] as const) {
      for (const type of LAYOUT_TYPES) expect(valid(leaf, type, 2)).toBe(false);
    }
  });
});

describe('spec 5 layout: depth limits (tabs of limited depth)', () => {
  it('the grid takes tabs only at its own depth 1', () => {
    expect(valid('GRID', 'TABS', 1)).toBe(true);
    expect(valid('GRID', 'TABS', 2)).toBe(false);
  });

  it('a tab or column takes tabs up to depth 3 (MAX_TABS_DEPTH)', () => {
    expect(valid('TAB', 'TABS', 3)).toBe(true);
    expect(valid('TAB', 'TABS', 4)).toBe(false);
    expect(valid('COLUMN', 'TABS', 3)).toBe(true);
    expect(valid('COLUMN', 'TABS', 4)).toBe(false);
  });

  it('a row takes columns up to depth 4, so a column inside a column row cannot nest rows again', () => {
    expect(valid('ROW', 'COLUMN', 4)).toBe(true);
    expect(valid('ROW', 'COLUMN', 5)).toBe(false);
    expect(valid('COLUMN', 'ROW', 3)).toBe(true);
    expect(valid('COLUMN', 'ROW', 5)).toBe(false);
  });

  it('a tabs component always holds its tabs (the BI server creates them without a depth check)', () => {
    expect(valid('TABS', 'TAB', 4)).toBe(true);
  });

  it('a tab of tabs inside a column (depth 4) takes rows (the wrapper of a dropped chart) but no columns or tabs', () => {
    expect(valid('TAB', 'ROW', 4)).toBe(true);
    expect(valid('TAB', 'ROW', 5)).toBe(false);
    expect(valid('TAB', 'COLUMN', 4)).toBe(false);
    expect(valid('TAB', 'TABS', 4)).toBe(false);
  });

  it('missing types or a non-number depth are never valid', () => {
    expect(isValidChild({ parentType: null, childType: 'CHART', parentDepth: 1 })).toBe(false);
    expect(isValidChild({ parentType: 'GRID', childType: 'CHART', parentDepth: Number.NaN })).toBe(false);
    expect(isValidChild({ parentType: 'NOPE', childType: 'CHART', parentDepth: 1 })).toBe(false);
  });

  it('a whole subtree is checked at its depth: root > grid > row > column > row > chart holds, one more level does not', () => {
    const ok = layoutFromTree({
      type: 'GRID',
      children: [
        { type: 'ROW', children: [{ type: 'COLUMN', children: [{ type: 'ROW', children: [{ type: 'CHART', meta: { chartId: 1 } }] }] }] },
      ],
    });
    expect(subtreeNestingIsValid(ok, 'ROOT_ID', 0)).toBe(true);
    const tooDeep = layoutFromTree({
      type: 'GRID',
      children: [
        {
          type: 'ROW',
          children: [{ type: 'COLUMN', children: [{ type: 'ROW', children: [{ type: 'COLUMN', children: [{ type: 'ROW' }] }] }] }],
        },
      ],
    });
    expect(subtreeNestingIsValid(tooDeep, 'ROOT_ID', 0)).toBe(false);
  });
});

describe('spec 4 drops: wrap rule', () => {
  it('charts, markdown and columns dropped straight into a grid or tab get a wrapper (a row, as the BI server does)', () => {
    for (const child of ['CHART', 'MARKDOWN', 'COLUMN'] as const) {
      expect(shouldWrapChildInColumn('GRID', child)).toBe(true);
      expect(shouldWrapChildInColumn('TAB', child)).toBe(true);
    }
  });

  it('headers, dividers, rows and tabs go in unwrapped; nothing is wrapped inside rows or columns', () => {
    for (const child of ['HEADER', 'DIVIDER', 'ROW', 'TABS'] as const) expect(shouldWrapChildInColumn('GRID', child)).toBe(false);
    expect(shouldWrapChildInColumn('ROW', 'CHART')).toBe(false);
    expect(shouldWrapChildInColumn('COLUMN', 'CHART')).toBe(false);
  });
});

describe('spec 9 layout: widths on the 12-column grid', () => {
  const layout = layoutFromTree({
    type: 'GRID',
    children: [
      {
        type: 'ROW',
        id: 'row',
        children: [
          { type: 'CHART', id: 'c1', meta: { chartId: 1, width: 3 } },
          {
            type: 'COLUMN',
            id: 'col',
            meta: { width: 6 },
            children: [
              {
                type: 'ROW',
                id: 'inner',
                children: [
                  { type: 'CHART', id: 'c2', meta: { chartId: 2, width: 2 } },
                  { type: 'MARKDOWN', id: 'm', meta: { width: 3 } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });

  it('only charts, markdown, columns (and dynamic) are resizable', () => {
    expect(['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'].every((type) => componentIsResizable({ type: type as LayoutType }))).toBe(true);
    expect(['ROW', 'TABS', 'TAB', 'HEADER', 'DIVIDER', 'GRID'].some((type) => componentIsResizable({ type: type as LayoutType }))).toBe(
      false,
    );
  });

  it('a row spans its container and is occupied by the sum of its children', () => {
    expect(getDetailedComponentWidth(layout, 'row')).toEqual({ width: 12, occupiedWidth: 9, minimumWidth: 9 });
  });

  it('a row inside a column spans the column', () => {
    expect(getDetailedComponentWidth(layout, 'inner')).toEqual({ width: 6, occupiedWidth: 5, minimumWidth: 5 });
  });

  it('a column is never occupied (its children stack) and cannot shrink below its widest row', () => {
    expect(getDetailedComponentWidth(layout, 'col')).toEqual({ width: 6, occupiedWidth: 0, minimumWidth: 5 });
  });

  it('a chart spans and occupies its own width and shrinks to one column', () => {
    expect(getDetailedComponentWidth(layout, 'c1')).toEqual({ width: 3, occupiedWidth: 3, minimumWidth: 1 });
    expect(getDetailedComponentWidth(layout, 'missing')).toEqual({ width: 0, occupiedWidth: 0, minimumWidth: 0 });
  });

  it('availableWidth: free columns of a row, a column its width, a grid a full row', () => {
    expect(availableWidth(layout, 'row')).toBe(3);
    expect(availableWidth(layout, 'row', 'c1')).toBe(6);
    expect(availableWidth(layout, 'inner')).toBe(1);
    expect(availableWidth(layout, 'col')).toBe(6);
    expect(availableWidth(layout, 'GRID_ID')).toBe(12);
  });
});

describe('tree walks without recursion', () => {
  it('minimumWidthOf walks a 100,000-deep chain of columns (a recursive walk overflows the stack)', () => {
    const layout: DashboardLayout = {};
    const depth = 100_000;
    for (let i = 0; i < depth; i++) layout[`C${i}`] = { type: 'COLUMN', id: `C${i}`, children: i + 1 < depth ? [`C${i + 1}`] : ['R'] };
    layout.R = { type: 'ROW', id: 'R', children: ['A', 'B'] };
    layout.A = { type: 'CHART', id: 'A', children: [], meta: { chartId: 1, width: 4 } };
    layout.B = { type: 'CHART', id: 'B', children: [], meta: { chartId: 2, width: 5 } };
    expect(minimumWidthOf(layout, 'C0')).toBe(9);
    expect(minimumWidthOf(layout, 'R')).toBe(9);
    expect(minimumWidthOf(layout, 'A')).toBe(1);
  });
});
