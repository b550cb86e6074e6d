import { describe, expect, it } from 'vitest';
import { aggregateCluster, clusterLabel, clusterPoints } from './cluster.js';

const pts = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));

describe('clusterPoints', () => {
  it('points within the radius of a seed join its cluster, at their mean position', () => {
    const clusters = clusterPoints(pts([0, 0], [10, 0], [0, 30], [200, 200], [205, 200]), 40);
    expect(clusters.map((c) => c.members)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(clusters[0]).toMatchObject({ x: 10 / 3, y: 10 });
    expect(clusters[1]).toMatchObject({ x: 202.5, y: 200 });
  });

  it('a point just outside the radius stays apart; neighbouring grid cells are searched', () => {
    // 39 and 41 lie in different cells of a 40 px grid but 2 px apart
    expect(clusterPoints(pts([39, 0], [41, 0]), 40).map((c) => c.members)).toEqual([[0, 1]]);
    expect(clusterPoints(pts([0, 0], [40.5, 0]), 40).map((c) => c.members)).toEqual([[0], [1]]);
  });

  it('radius 0 turns clustering off; points without a position are left out', () => {
    expect(clusterPoints(pts([0, 0], [0, 0]), 0)).toHaveLength(2);
    expect(clusterPoints(pts([0, 0], [Number.NaN, 0], [1, 1]), 10).map((c) => c.members)).toEqual([[0, 2]]);
  });

  it('the same points at a higher zoom (farther apart in pixels) split', () => {
    const at = (zoom: number) => pts([0, 0], [1 * zoom, 0], [2 * zoom, 0]);
    expect(clusterPoints(at(10), 60)).toHaveLength(1);
    expect(clusterPoints(at(100), 60)).toHaveLength(3);
  });

  it('clusters ten thousand points quickly', () => {
    const many = Array.from({ length: 10000 }, (_, i) => ({ x: (i * 7919) % 1000, y: (i * 104729) % 700 }));
    const start = performance.now();
    const clusters = clusterPoints(many, 60);
    expect(performance.now() - start).toBeLessThan(200);
    expect(clusters.reduce((n, c) => n + c.members.length, 0)).toBe(10000);
  });
});

describe('cluster labels', () => {
  it('aggregates with the cluster label aggregator', () => {
    const v = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(aggregateCluster(v, 'sum')).toBe(40);
    expect(aggregateCluster(v, 'mean')).toBe(5);
    expect(aggregateCluster(v, 'min')).toBe(2);
    expect(aggregateCluster(v, 'max')).toBe(9);
    expect(aggregateCluster(v, 'var')).toBe(4);
    expect(aggregateCluster(v, 'std')).toBe(2);
    expect(aggregateCluster([Number.NaN], 'sum')).toBeNull();
  });

  it('writes large values in thousands', () => {
    expect(clusterLabel(12)).toBe('12');
    expect(clusterLabel(2.345)).toBe('2.35');
    expect(clusterLabel(1234)).toBe('1.2k');
    expect(clusterLabel(12345)).toBe('12k');
  });
});
