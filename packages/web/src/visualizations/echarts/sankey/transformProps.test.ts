import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { findLoop, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const routes = reply(
  [
    { origin: 'DEN', destination: 'LAX', count: 300 },
    { origin: 'DEN', destination: 'SFO', count: 100 },
    { origin: 'PHX', destination: 'LAX', count: 200 },
  ],
  ['origin', 'destination', 'count'],
  [1, 1, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'sankey_v2',
  datasource: '1__table',
  source: 'origin',
  target: 'destination',
  metric: 'count',
  ...extra,
});
const run = (r = routes) =>
  transformProps({ formData: fd({ number_format: ',d' }), queriesData: [r], datasource: null, width: 600, height: 400 });

describe('sankey transformProps', () => {
  it('a node per airport, a link per route', () => {
    const series = (run().echartOptions.series as AnyRecord[])[0];
    expect((series.data as AnyRecord[]).map((n) => n.name)).toEqual(['DEN', 'LAX', 'SFO', 'PHX']);
    expect((series.links as AnyRecord[]).map((l) => [l.source, l.target, l.value])).toEqual([
      ['DEN', 'LAX', 300],
      ['DEN', 'SFO', 100],
      ['PHX', 'LAX', 200],
    ]);
  });

  it("a link's tooltip gives its share of each end", () => {
    const { echartOptions } = run();
    const html = (echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter({
      dataType: 'edge',
      data: { source: 'DEN', target: 'LAX', value: 300 },
    });
    expect(html).toContain('DEN → LAX');
    expect(html).toContain('75.00%');
    expect(html).toContain('60.00%');
  });

  it('a loop is reported, not drawn', () => {
    expect(findLoop([{ source: 'A', target: 'B', value: 1 }])).toBeNull();
    expect(
      findLoop([
        { source: 'A', target: 'B', value: 1 },
        { source: 'B', target: 'C', value: 1 },
        { source: 'C', target: 'A', value: 1 },
      ]),
    ).toEqual(['A', 'B', 'C', 'A']);
    const looped = reply(
      [
        { origin: 'DEN', destination: 'LAX', count: 3 },
        { origin: 'LAX', destination: 'DEN', count: 2 },
      ],
      ['origin', 'destination', 'count'],
      [1, 1, 0],
    );
    expect(() => run(looped)).toThrow('There is a loop in your Sankey, please provide a tree. Loop: DEN → LAX → DEN');
  });

  it('a link filters on both ends, a node on its own column', () => {
    const { echartOptions, keyed } = run();
    const series = (echartOptions.series as AnyRecord[])[0];
    const link = (series.links as AnyRecord[])[2];
    expect(keyed[link.filterKey as string]).toEqual([
      { col: 'origin', val: 'PHX', formattedVal: 'PHX' },
      { col: 'destination', val: 'LAX', formattedVal: 'LAX' },
    ]);
    const lax = (series.data as AnyRecord[])[1];
    expect(keyed[lax.filterKey as string]).toEqual([{ col: 'destination', val: 'LAX', formattedVal: 'LAX' }]);
  });
});
