import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { categoryName, edgeSymbols, graphLabelBudget, sizeScale, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const links = reply(
  [
    { source: 'Valjean', target: 'Cosette', source_group: 2, target_group: 5, sum_value: 31 },
    { source: 'Marius', target: 'Cosette', source_group: 8, target_group: 5, sum_value: 21 },
    { source: 'Valjean', target: 'Javert', source_group: 2, target_group: 4, sum_value: 17 },
    { source: '<img src=x>', target: 'Javert', source_group: 4, target_group: 4, sum_value: 0 },
  ],
  ['source', 'target', 'source_group', 'target_group', 'sum_value'],
  [1, 1, 0, 0, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'graph_chart',
  datasource: '1__table',
  source: 'source',
  target: 'target',
  metric: 'sum_value',
  source_category: 'source_group',
  target_category: 'target_group',
  ...extra,
});
const run = (extra: AnyRecord = {}) =>
  transformProps({ formData: fd(extra), queriesData: [links], datasource: null, width: 600, height: 400 });
const seriesOf = (o: AnyRecord) => (o.series as AnyRecord[])[0];

describe('graph transformProps', () => {
  it('nodes sum their edges; zero edges are left out; nodes take their first category', () => {
    const s = seriesOf(run().echartOptions);
    const nodes = s.data as AnyRecord[];
    expect(nodes.map((n) => [n.name, n.value])).toEqual([
      ['Valjean', 48],
      ['Cosette', 52],
      ['Marius', 21],
      ['Javert', 17],
    ]);
    expect((s.categories as AnyRecord[]).map((c) => c.name)).toEqual(['2', '5', '8', '4']);
    expect(nodes.map((n) => n.category)).toEqual([0, 1, 2, 3]);
    expect((s.links as AnyRecord[]).map((l) => [l.source, l.target])).toEqual([
      ['0', '1'],
      ['2', '1'],
      ['0', '3'],
    ]);
  });

  it('sizes run from half to twice the base; the layout and forces follow the controls', () => {
    const s = seriesOf(run({ baseNodeSize: 20, layout: 'circular', repulsion: 500 }).echartOptions);
    const sizes = (s.data as AnyRecord[]).map((n) => n.symbolSize as number);
    expect(Math.min(...sizes)).toBe(10);
    expect(Math.max(...sizes)).toBe(40);
    expect(s.layout).toBe('circular');
    // a large chart takes the forces as they are; a small tile scales them down to stay in view
    const large = transformProps({
      formData: fd({ repulsion: 500, edgeLength: 300 }),
      queriesData: [links],
      datasource: null,
      width: 1200,
      height: 900,
    });
    expect(seriesOf(large.echartOptions as AnyRecord).force).toMatchObject({ repulsion: 500, edgeLength: 300 });
    const small = (seriesOf(run({ repulsion: 500, edgeLength: 300 }).echartOptions).force as AnyRecord) ?? {};
    expect(small.edgeLength as number).toBeLessThan(300);
    expect(small.repulsion as number).toBeLessThan(500);
    expect(sizeScale([5, 5], 8)(5)).toBe(8);
  });

  it('categories name booleans and nulls; edge symbols parse', () => {
    expect(categoryName('vip', true)).toBe('vip: true');
    expect(categoryName('vip', null)).toBe('N/A');
    expect(edgeSymbols('circle,arrow')).toEqual(['circle', 'arrow']);
    expect(edgeSymbols('bogus')).toEqual(['none', 'none']);
  });

  it('a node filters on its column; the tooltip escapes names', () => {
    const { echartOptions, keyed } = run();
    const marius = (seriesOf(echartOptions).data as AnyRecord[])[2];
    expect(keyed[marius.filterKey as string]).toEqual([{ col: 'source', val: 'Marius', formattedVal: 'Marius' }]);
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({
      dataType: 'node',
      data: { name: '<img src=x>', value: 3 },
    });
    expect(html).toContain('&lt;img src=x&gt;');
  });
  it('names only the largest nodes a small graph has room for, and every node on hover', () => {
    expect(graphLabelBudget(480, 320)).toBe(6);
    expect(graphLabelBudget(960, 560)).toBe(22);
    expect(graphLabelBudget(100, 100)).toBe(3);
    const many = reply(
      Array.from({ length: 40 }, (_, i) => ({ source: `n${i}`, target: `m${i}`, sum_value: i + 1 })),
      ['source', 'target', 'sum_value'],
      [1, 1, 0],
    );
    const small = transformProps({
      formData: fd({ source_category: undefined, target_category: undefined }),
      queriesData: [many],
      datasource: null,
      width: 300,
      height: 200,
    });
    const nodes = seriesOf(small.echartOptions as AnyRecord).data as { name: string; label: { show: boolean } }[];
    const shown = nodes.filter((n) => n.label.show).map((n) => n.name);
    expect(shown).toHaveLength(graphLabelBudget(300, 200));
    // the largest edges' ends are the ones named
    expect(shown).toContain('n39');
    expect(shown).not.toContain('n0');
    expect(seriesOf(small.echartOptions as AnyRecord).emphasis).toMatchObject({ label: { show: true } });
  });
});
