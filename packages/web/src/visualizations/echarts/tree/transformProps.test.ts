import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { chooseRoot, levelCounts, openDepth, transformProps, type TreeRow } from './transformProps';

type AnyRecord = Record<string, unknown>;

/** A slice of the flare hierarchy: numeric ids, the root without a parent. */
const flare = reply(
  [
    { id: 1, parent: null, name: 'flare', sum_size: null },
    { id: 2, parent: 1, name: 'analytics', sum_size: null },
    { id: 3, parent: 2, name: 'cluster', sum_size: null },
    { id: 4, parent: 3, name: 'AgglomerativeCluster', sum_size: 3938 },
    { id: 5, parent: 1, name: 'animate', sum_size: null },
    { id: 6, parent: 5, name: 'Easing', sum_size: 17010 },
  ],
  ['id', 'parent', 'name', 'sum_size'],
  [0, 0, 1, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'tree_chart',
  datasource: '1__table',
  id: 'id',
  parent: 'parent',
  name: 'name',
  metric: 'sum_size',
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({ formData: fd(extra), queriesData: [flare], datasource: null, width: 600, height: 400 });
const rootOf = (o: AnyRecord) => ((o.series as AnyRecord[])[0].data as AnyRecord[])[0];

describe('tree transformProps', () => {
  it('without a root id, the lone child with the largest tree is the root', () => {
    const root = rootOf(run().echartOptions);
    expect(root.name).toBe('flare');
    expect((root.children as AnyRecord[]).map((c) => c.name)).toEqual(['analytics', 'animate']);
    const cluster = ((root.children as AnyRecord[])[0].children as AnyRecord[])[0];
    expect((cluster.children as AnyRecord[])[0]).toMatchObject({ name: 'AgglomerativeCluster', value: 3938 });
  });

  it('a root id (as text) picks the subtree; a missing one draws nothing', () => {
    expect(rootOf(run({ root_node_id: '5' }).echartOptions)).toMatchObject({ name: 'animate' });
    expect(((run({ root_node_id: '99' }).echartOptions.series as AnyRecord[])[0].data as AnyRecord[]).length).toBe(0);
  });

  it('a loop in the parents ends instead of recursing', () => {
    const rows: TreeRow[] = [
      { id: 'a', parent: 'b', name: 'a', raw: 'a', value: null },
      { id: 'b', parent: 'a', name: 'b', raw: 'b', value: null },
    ];
    expect(chooseRoot(rows, 'a')).toMatchObject({ name: 'a', children: [{ name: 'b', children: [] }] });
  });

  it('layout and labels follow the controls; the tooltip gives the path and the metric', () => {
    const { echartOptions, keyed } = run({ layout: 'radial', symbol: 'circle' });
    const s = (echartOptions.series as AnyRecord[])[0];
    expect(s).toMatchObject({ layout: 'radial', symbol: 'circle', symbolSize: 7, initialTreeDepth: 2 });
    expect((run({ initialTreeDepth: -1 }).echartOptions.series as AnyRecord[])[0].initialTreeDepth).toBe(-1);
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({
      treeAncestors: [{ name: '' }, { name: 'flare' }, { name: 'animate' }, { name: 'Easing' }],
      value: 17010,
    });
    expect(html).toContain('flare ▸ animate ▸ Easing');
    expect(html).toContain('17k');
    expect(keyed['id:6']).toEqual([{ col: 'id', val: 6, formattedVal: 'Easing' }]);
  });

  it('opens two levels below the root unless the second would not fit', () => {
    const root = rootOf(run().echartOptions) as unknown as Parameters<typeof levelCounts>[0];
    expect(levelCounts(root)).toEqual([1, 2, 2, 1]);
    expect(openDepth([1, 10, 110], 30)).toBe(1);
    expect(openDepth([1, 10, 25], 30)).toBe(2);
    expect(openDepth([1, 10], 30)).toBe(1);
  });
});
