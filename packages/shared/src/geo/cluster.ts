/**
 * Point clustering for the point map (the peer clusters with supercluster): at the map's current
 * zoom, points closer than the clustering radius (in screen pixels) become one cluster that shows
 * how many points it holds, or an aggregate of their labels. Greedy and single-level: each point
 * not yet taken gathers every free point within the radius, looked up in a grid of radius-sized
 * cells, so the work grows with the number of points, not its square. Pure.
 */

export interface PixelPoint {
  x: number;
  y: number;
}

export interface PointCluster {
  /** indices of the points it holds, in input order; the first one seeded the cluster */
  members: number[];
  /** the members' mean position (pixels) */
  x: number;
  y: number;
}

/** The cluster label aggregators (`pandas_aggfunc`). */
export const CLUSTER_AGGREGATORS = ['sum', 'mean', 'min', 'max', 'std', 'var'] as const;
export type ClusterAggregator = (typeof CLUSTER_AGGREGATORS)[number];

/**
 * Points within `radius` pixels of a seed point form its cluster; a radius of 0 (clustering off)
 * or less keeps every point on its own. Points without a finite position are left out.
 */
export function clusterPoints(points: readonly PixelPoint[], radius: number): PointCluster[] {
  const valid = (p: PixelPoint) => Number.isFinite(p.x) && Number.isFinite(p.y);
  if (!(radius > 0)) {
    return points.flatMap((p, i) => (valid(p) ? [{ members: [i], x: p.x, y: p.y }] : []));
  }
  const cellOf = (v: number) => Math.floor(v / radius);
  const grid = new Map<string, number[]>();
  points.forEach((p, i) => {
    if (!valid(p)) return;
    const key = `${cellOf(p.x)},${cellOf(p.y)}`;
    const cell = grid.get(key);
    if (cell) cell.push(i);
    else grid.set(key, [i]);
  });
  const taken = new Uint8Array(points.length);
  const r2 = radius * radius;
  const clusters: PointCluster[] = [];
  points.forEach((seed, i) => {
    if (taken[i] || !valid(seed)) return;
    taken[i] = 1;
    const members = [i];
    const cx = cellOf(seed.x);
    const cy = cellOf(seed.y);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (taken[j]) continue;
          const p = points[j];
          if ((p.x - seed.x) ** 2 + (p.y - seed.y) ** 2 <= r2) {
            taken[j] = 1;
            members.push(j);
          }
        }
      }
    }
    members.sort((a, b) => a - b);
    let sx = 0;
    let sy = 0;
    for (const m of members) {
      sx += points[m].x;
      sy += points[m].y;
    }
    clusters.push({ members, x: sx / members.length, y: sy / members.length });
  });
  return clusters;
}

/** The aggregate of a cluster's label values (variance and deviation of the population); null when none. */
export function aggregateCluster(values: readonly number[], aggregator: ClusterAggregator): number | null {
  const xs = values.filter((v) => Number.isFinite(v));
  if (xs.length === 0) return null;
  const sum = xs.reduce((s, v) => s + v, 0);
  switch (aggregator) {
    case 'sum':
      return sum;
    case 'min':
      return Math.min(...xs);
    case 'max':
      return Math.max(...xs);
    case 'mean':
      return sum / xs.length;
    case 'var':
    case 'std': {
      const mean = sum / xs.length;
      const variance = xs.reduce((s, v) => s + (v - mean) ** 2, 0) / xs.length;
      return aggregator === 'var' ? variance : Math.sqrt(variance);
    }
    default:
      return sum;
  }
}

/** A cluster's label as the peer writes it on the map: 1.2k from a thousand, 12k from ten thousand. */
export function clusterLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 10000) return `${Math.round(value / 1000)}k`;
  if (abs >= 1000) return `${Math.round(value / 100) / 10}k`;
  return String(Math.round(value * 100) / 100);
}
