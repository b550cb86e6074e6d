import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { chordMatrix, transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const flights = reply(
  [
    { origin: 'ORD', destination: 'ATL', count: 300 },
    { origin: 'ATL', destination: 'ORD', count: 280 },
    { origin: 'ORD', destination: 'LAX', count: 150 },
  ],
  ['origin', 'destination', 'count'],
  [1, 1, 0],
);
const fd = (extra: AnyRecord = {}): QueryFormData => ({
  viz_type: 'chord',
  datasource: '1__table',
  groupby: 'origin',
  columns: 'destination',
  metric: 'count',
  y_axis_format: ',d',
  ...extra,
});
const run = () => transformProps({ formData: fd(), queriesData: [flights], datasource: null, width: 500, height: 500 });

describe('chord transformProps', () => {
  it('the square matrix of flows between every airport', () => {
    expect(
      chordMatrix([
        { source: 'A', target: 'B', value: 2 },
        { source: 'B', target: 'A', value: 1 },
      ]),
    ).toEqual({
      nodes: ['A', 'B'],
      matrix: [
        [0, 2],
        [1, 0],
      ],
    });
  });

  it('a node per airport and a ribbon per route, coloured by the source', () => {
    const s = (run().echartOptions.series as AnyRecord[])[0];
    expect(s.type).toBe('chord');
    expect((s.data as AnyRecord[]).map((n) => n.name)).toEqual(['ORD', 'ATL', 'LAX']);
    expect((s.links as AnyRecord[]).map((l) => [l.source, l.target, l.value])).toEqual([
      ['ORD', 'ATL', 300],
      ['ATL', 'ORD', 280],
      ['ORD', 'LAX', 150],
    ]);
    expect((s.lineStyle as AnyRecord).color).toBe('source');
  });

  it("a ribbon's tooltip gives both directions; a node's its out and in totals", () => {
    const f = (run().echartOptions.tooltip as { formatter: (p: AnyRecord) => string }).formatter;
    const ribbon = f({ dataType: 'edge', data: { source: 'ORD', target: 'ATL', value: 300 } });
    expect(ribbon).toContain('ORD → ATL');
    expect(ribbon).toContain('300');
    expect(ribbon).toContain('ATL → ORD');
    expect(ribbon).toContain('280');
    const node = f({ dataType: 'node', data: { name: 'ORD' } });
    expect(node).toContain('450');
    expect(node).toContain('280');
  });

  it('a ribbon filters on source and target', () => {
    const { echartOptions, keyed } = run();
    const link = ((echartOptions.series as AnyRecord[])[0].links as AnyRecord[])[2];
    expect(keyed[link.filterKey as string]).toEqual([
      { col: 'origin', val: 'ORD', formattedVal: 'ORD' },
      { col: 'destination', val: 'LAX', formattedVal: 'LAX' },
    ]);
  });
});
