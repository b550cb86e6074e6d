import { describe, expect, it } from 'vitest';
import { layoutFromTree } from './layout.js';
import { childDepth, componentDepth, descendantIds, parentIdOf, pathFromRoot, withParents, withoutSubtree } from './tree.js';
import type { DashboardLayout } from './types.js';

const tabbed = layoutFromTree({
  type: 'TABS',
  id: 'top',
  children: [
    {
      type: 'TAB',
      id: 't1',
      children: [
        { type: 'ROW', id: 'r1', children: [{ type: 'CHART', id: 'c1', meta: { chartId: 1 } }] },
        {
          type: 'TABS',
          id: 'nested',
          children: [{ type: 'TAB', id: 'n1', children: [{ type: 'ROW', id: 'r2', children: [{ type: 'COLUMN', id: 'col' }] }] }],
        },
      ],
    },
  ],
});

describe('spec 3 layout component: walking the map', () => {
  it('parentIdOf finds the holder even when stored parents are stale', () => {
    const stale: DashboardLayout = { ...tabbed, c1: { ...tabbed.c1, parents: ['ROOT_ID', 'nowhere'] } };
    expect(parentIdOf(stale, 'c1')).toBe('r1');
    expect(parentIdOf(tabbed, 'ROOT_ID')).toBeNull();
  });

  it('descendantIds lists the subtree depth first and survives cycles', () => {
    expect(descendantIds(tabbed, 't1')).toEqual(['r1', 'c1', 'nested', 'n1', 'r2', 'col']);
    const cyclic: DashboardLayout = { ...tabbed, col: { ...tabbed.col, children: ['r2'] } };
    expect(descendantIds(cyclic, 'r2')).toEqual(['col']);
  });

  it('pathFromRoot goes from ROOT_ID down; an orphan has no path', () => {
    expect(pathFromRoot(tabbed, 'c1')).toEqual(['ROOT_ID', 'top', 't1', 'r1', 'c1']);
    expect(pathFromRoot({ ...tabbed, lost: { type: 'CHART', id: 'lost', children: [] } }, 'lost')).toEqual([]);
  });

  it('depth as the BI server counts it: root 0, grid 1, rows and columns add one, tabs add none, a top-level tab acts as the grid', () => {
    expect(componentDepth(tabbed, 'ROOT_ID')).toBe(0);
    expect(componentDepth(tabbed, 'top')).toBe(1);
    expect(componentDepth(tabbed, 't1')).toBe(1);
    expect(componentDepth(tabbed, 'r1')).toBe(2);
    expect(componentDepth(tabbed, 'c1')).toBe(3);
    expect(componentDepth(tabbed, 'nested')).toBe(2);
    expect(componentDepth(tabbed, 'n1')).toBe(2);
    expect(componentDepth(tabbed, 'r2')).toBe(2);
    expect(componentDepth(tabbed, 'col')).toBe(3);
    expect(componentDepth(tabbed, 'missing')).toBe(-1);
    expect(childDepth('GRID', 1)).toBe(2);
  });

  it('withParents rebuilds parents and keeps the identity of components that were right', () => {
    const broken: DashboardLayout = { ...tabbed, c1: { ...tabbed.c1, parents: undefined } };
    const fixed = withParents(broken);
    expect(fixed.c1.parents).toEqual(['ROOT_ID', 'top', 't1', 'r1']);
    expect(fixed.r1).toBe(broken.r1);
    expect(withParents(tabbed)).toBe(tabbed);
  });

  it('withoutSubtree removes a component, its descendants and its place in the parent', () => {
    const next = withoutSubtree(tabbed, 'nested', 't1');
    expect(next.t1.children).toEqual(['r1']);
    expect(['nested', 'n1', 'r2', 'col'].some((id) => id in next)).toBe(false);
  });
});
