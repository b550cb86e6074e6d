import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { reply } from '../../testReplies';
import { partitionTrees, rollingSeries, type PartitionNode } from './partitionData';
import { keptChildren, layoutPartition } from './layout';
import { transformProps } from './transformProps';

type AnyRecord = Record<string, unknown>;

const T1 = Date.UTC(2020, 0, 1);
const T2 = Date.UTC(2021, 0, 1);
const rows = [
  { __timestamp: T1, genre: 'Drama', rating: 'R', gross: 10 },
  { __timestamp: T1, genre: 'Drama', rating: 'PG', gross: 30 },
  { __timestamp: T2, genre: 'Drama', rating: 'R', gross: 20 },
  { __timestamp: T2, genre: 'Comedy', rating: 'PG', gross: 40 },
];
const text = (_c: string, v: unknown) => String(v);
const trees = (timeSeriesOption: string, extra: AnyRecord = {}) =>
  partitionTrees(rows, { groupby: ['genre', 'rating'], metrics: ['gross'], timeSeriesOption, textOf: text, ...extra });
const vals = (n: PartitionNode): unknown => [n.name, n.val, n.children.map(vals)];

describe('partition data', () => {
  it('not a time series: each level sums the rows under it, values in order', () => {
    const [root] = trees('not_time');
    expect(vals(root)).toEqual([
      'gross',
      100,
      [
        ['Comedy', 40, [['PG', 40, []]]],
        [
          'Drama',
          60,
          [
            ['PG', 30, []],
            ['R', 30, []],
          ],
        ],
      ],
    ]);
  });

  it('aggregate mean averages; time series puts time first', () => {
    expect(trees('agg_mean')[0].val).toBe(25);
    const [root] = trees('time_series');
    expect(root.children.map((c) => [c.column, c.val])).toEqual([
      ['__timestamp', 40],
      ['__timestamp', 60],
    ]);
  });

  it('point changes compare the last point in time with the first', () => {
    const [diff] = trees('point_diff');
    expect(diff.val).toBe(20);
    expect(diff.children.map((c) => [c.name, c.val])).toEqual([
      ['Comedy', 40],
      ['Drama', -20],
    ]);
    expect(trees('point_percent')[0].val).toBeCloseTo(0.5);
    expect(trees('point_factor')[0].val).toBeCloseTo(1.5);
  });

  it('advanced analytics: metric → time → groups, rolled over time', () => {
    const [root] = trees('adv_anal', { rollingType: 'cumsum' });
    expect(root.children.map((c) => c.val)).toEqual([40, 100]);
    expect(root.children[1].children.map((c) => [c.name, c.val])).toEqual([
      ['Comedy', 40],
      ['Drama', 60],
    ]);
    expect(rollingSeries([1, 2, 3, 4], 'mean', 2, 2)).toEqual([null, 1.5, 2.5, 3.5]);
  });

  it('needs a hierarchy', () => {
    expect(() => partitionTrees(rows, { groupby: [], metrics: ['gross'], timeSeriesOption: 'not_time', textOf: text })).toThrow(
      'Please choose at least one groupby',
    );
  });
});

describe('partition layout', () => {
  const settings = { limit: 5, threshold: 0, logScale: false, equalDateSize: true };

  it('columns by level, heights by share of the parent, largest first', () => {
    const rects = layoutPartition(trees('not_time'), settings, 300, 100, null);
    const at = (name: string) => rects.find((r) => r.node.name === name && r.path.length === 2);
    expect(rects[0]).toMatchObject({ x: 0, y: 0, w: 100, h: 100 });
    expect(at('Drama')).toMatchObject({ x: 100, y: 0, w: 100, h: 60 });
    expect(at('Comedy')).toMatchObject({ x: 100, y: 60, h: 40 });
  });

  it('prunes beyond the limit and under the threshold; the pruned keep their room as one box', () => {
    const node: PartitionNode = {
      name: 'm',
      raw: 'm',
      column: null,
      val: 100,
      children: [50, 30, 15, 5].map((v, i) => ({ name: `c${i}`, raw: i, column: 'g', val: v, children: [] })),
    };
    expect(keptChildren(node, { ...settings, limit: 2 }).map((k) => k.child.name)).toEqual(['c0', 'c1']);
    expect(keptChildren(node, { ...settings, threshold: 0.1 }).map((k) => k.child.name)).toEqual(['c0', 'c1', 'c2']);
    const rects = layoutPartition([node], { ...settings, limit: 2 }, 200, 100, null);
    const boxes = rects.filter((r) => r.path.length === 2);
    expect(boxes.map((r) => [r.node.name, r.h, r.rest === true])).toEqual([
      ['c0', 50, false],
      ['c1', 30, false],
      ['2 more', 20, true],
    ]);
    expect(boxes[2].node.val).toBe(20);
  });

  it('a zoomed box fills its band, with a strip back to its parent', () => {
    const rects = layoutPartition(trees('not_time'), settings, 320, 100, { metric: 0, path: [1] });
    expect(rects[0]).toMatchObject({ back: true, key: '0', w: 18 });
    expect(rects[1]).toMatchObject({ key: '0/1', x: 20, h: 100 });
    expect(rects[1].node.name).toBe('Drama');
  });
});

describe('partition transformProps', () => {
  const r = reply(
    rows.map(({ genre, rating, gross }) => ({ genre, rating, sum_gross: gross })),
    ['genre', 'rating', 'sum_gross'],
    [1, 1, 0],
  );
  const fd: QueryFormData = {
    viz_type: 'partition',
    datasource: '1__table',
    groupby: ['genre', 'rating'],
    metrics: ['sum_gross'],
    number_format: ',d',
    partition_limit: '5',
    partition_threshold: '0.05',
  };

  it('one tree per metric, keyed filters by path, boxes drawn by a custom series', () => {
    const props = transformProps({ formData: fd, queriesData: [r], datasource: null, width: 300, height: 200 });
    expect(props.settings).toEqual({ limit: 5, threshold: 0.05, logScale: false, equalDateSize: true });
    expect(props.trees[0].val).toBe(100);
    expect(props.keyed['0/1/0']).toEqual([
      { col: 'genre', val: 'Drama', formattedVal: 'Drama' },
      { col: 'rating', val: 'PG', formattedVal: 'PG' },
    ]);
    const rects = layoutPartition(props.trees, props.settings, 300, 200, null);
    const option = props.buildOption(rects);
    const series = (option.series as AnyRecord[])[0];
    expect(series.type).toBe('custom');
    expect((series.data as AnyRecord[]).length).toBe(rects.length);
    const html = (option.tooltip as { formatter: (p: AnyRecord) => string }).formatter({
      dataIndex: rects.findIndex((x) => x.key === '0/1/0'),
    });
    expect(html).toContain('Drama');
    expect(html).toContain('30.0% of sum_gross');
  });
});
