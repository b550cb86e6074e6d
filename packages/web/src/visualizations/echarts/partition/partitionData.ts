/**
 * The partition's trees from the query rows, one per metric, by the time-series option (the BI
 * server's legacy PartitionViz, as its client now computes it). Pure.
 * - not_time, agg_sum: each level sums the rows under it; agg_mean: averages them.
 * - time_series: the point in time is the first level, the dimensions below it.
 * - point_diff, point_percent, point_factor: each node compares its sum at the last point in time
 *   with its sum at the first (missing sides count 0 below the metric).
 * - adv_anal: metric → time → dimensions; each node's series over time gets the rolling window,
 *   and "Contribution" makes each point a share of its level's total at that time.
 */
import { t } from '../../../i18n';

export type Row = Record<string, unknown>;

export const DTTM = '__timestamp';

export interface PartitionNode {
  name: string;
  raw: unknown;
  /** the result column of its level (`__timestamp` for time); null for a metric's root */
  column: string | null;
  val: number | null;
  children: PartitionNode[];
}

export interface PartitionOptions {
  groupby: string[];
  metrics: string[];
  timeSeriesOption: string;
  /** how a level's value reads (dates for `__timestamp`) */
  textOf: (column: string, value: unknown) => string;
  /** a metric's display name */
  metricName?: (metric: string) => string;
  rollingType?: string | null;
  rollingPeriods?: number;
  minPeriods?: number;
  contribution?: boolean;
}

const numeric = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function compareRaw(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** Rows split by a column's values, in the values' order. */
function splitBy(rows: Row[], column: string): { raw: unknown; rows: Row[] }[] {
  const groups = new Map<string, { raw: unknown; rows: Row[] }>();
  for (const r of rows) {
    const raw = r[column] ?? null;
    const key = `${typeof raw}:${String(raw)}`;
    const g = groups.get(key);
    if (g) g.rows.push(r);
    else groups.set(key, { raw, rows: [r] });
  }
  return [...groups.values()].sort((a, b) => compareRaw(a.raw, b.raw));
}

/** A sum skips nulls; a mean of nothing is null. */
function aggregate(rows: Row[], metric: string, op: 'sum' | 'mean'): number | null {
  let total = 0;
  let count = 0;
  for (const r of rows) {
    const v = numeric(r[metric]);
    if (v === null) continue;
    total += v;
    count += 1;
  }
  if (op === 'mean') return count ? total / count : null;
  return total;
}

function nestValues(
  rows: Row[],
  levels: string[],
  value: (rows: Row[]) => number | null,
  textOf: PartitionOptions['textOf'],
): PartitionNode[] {
  const [column, ...rest] = levels;
  if (column === undefined) return [];
  return splitBy(rows, column).map((g) => ({
    name: textOf(column, g.raw),
    raw: g.raw,
    column,
    val: value(g.rows),
    children: nestValues(g.rows, rest, value, textOf),
  }));
}

function pointCompare(op: string, until: number | null, since: number | null): number | null {
  const u = until ?? 0;
  const s = since ?? 0;
  if (op === 'point_diff') return u - s;
  if (!s) return null;
  return op === 'point_factor' ? u / s : u / s - 1;
}

/** The rolling window (mean, sum, std) or cumulative sum over a series in time order. */
export function rollingSeries(values: number[], type: string | null | undefined, periods: number, minPeriods: number): (number | null)[] {
  if (type === 'cumsum') {
    let running = 0;
    return values.map((v) => (running += v));
  }
  if ((type !== 'mean' && type !== 'sum' && type !== 'std') || periods < 1) return values;
  return values.map((_, i) => {
    const window = values.slice(Math.max(0, i - periods + 1), i + 1);
    if (window.length < Math.max(1, minPeriods)) return null;
    const sum = window.reduce((s, v) => s + v, 0);
    if (type === 'sum') return sum;
    const mean = sum / window.length;
    if (type === 'mean') return mean;
    if (window.length < 2) return null;
    return Math.sqrt(window.reduce((s, v) => s + (v - mean) ** 2, 0) / (window.length - 1));
  });
}

/** metric → time → dimensions, each level's series over time rolled and optionally made shares. */
function nestAdvanced(rows: Row[], metric: string, o: PartitionOptions): PartitionNode[] {
  const times = splitBy(rows, DTTM).map((g) => g.raw);
  // per level (0 = the metric alone), per group path: the value at each time
  const seriesOf = (subset: Row[]): (number | null)[] => {
    const byTime = new Map(splitBy(subset, DTTM).map((g) => [String(g.raw), aggregate(g.rows, metric, 'sum') ?? 0]));
    return rollingSeries(
      times.map((t) => byTime.get(String(t)) ?? 0),
      o.rollingType,
      o.rollingPeriods ?? 0,
      o.minPeriods ?? 0,
    );
  };
  interface Level {
    path: unknown[];
    rows: Row[];
    series: (number | null)[];
  }
  const levels: Level[][] = [[{ path: [], rows, series: seriesOf(rows) }]];
  for (let depth = 0; depth < o.groupby.length; depth++) {
    const next: Level[] = [];
    for (const parent of levels[depth]) {
      for (const g of splitBy(parent.rows, o.groupby[depth]))
        next.push({ path: [...parent.path, g.raw], rows: g.rows, series: seriesOf(g.rows) });
    }
    levels.push(next);
  }
  if (o.contribution) {
    for (const level of levels) {
      times.forEach((_, t) => {
        const total = level.reduce((s, l) => s + (l.series[t] ?? 0), 0);
        for (const l of level) l.series[t] = total ? (l.series[t] ?? 0) / total : null;
      });
    }
  }
  const skip = o.rollingType && o.rollingType !== 'cumsum' ? Math.max(0, o.minPeriods ?? 0) : 0;
  const under = (depth: number, path: unknown[], t: number): PartitionNode[] => {
    if (depth > o.groupby.length) return [];
    return levels[depth]
      .filter((l) => l.path.length === path.length + 1 && path.every((p, i) => l.path[i] === p))
      .map((l) => {
        const raw = l.path[l.path.length - 1];
        const column = o.groupby[depth - 1];
        return { name: o.textOf(column, raw), raw, column, val: l.series[t], children: under(depth + 1, l.path, t) };
      });
  };
  return times.slice(skip).map((time, i) => ({
    name: o.textOf(DTTM, time),
    raw: time,
    column: DTTM,
    val: levels[0][0].series[i + skip],
    children: under(1, [], i + skip),
  }));
}

export function partitionTrees(rows: Row[], o: PartitionOptions): PartitionNode[] {
  if (!o.groupby.length) throw new Error(t('visualizations:partition.chooseGroupby'));
  const option = o.timeSeriesOption || 'not_time';
  const rootName = o.metricName ?? ((m: string) => m);
  return o.metrics.map((metric): PartitionNode => {
    const root = (val: number | null, children: PartitionNode[]): PartitionNode => ({
      name: rootName(metric),
      raw: metric,
      column: null,
      val,
      children,
    });
    if (option === 'agg_mean') {
      const mean = (r: Row[]) => aggregate(r, metric, 'mean');
      return root(mean(rows), nestValues(rows, o.groupby, mean, o.textOf));
    }
    if (option === 'point_diff' || option === 'point_percent' || option === 'point_factor') {
      const times = splitBy(rows, DTTM).map((g) => g.raw);
      const at = (r: Row[], time: unknown) => {
        const subset = r.filter((x) => x[DTTM] === time);
        return subset.length ? aggregate(subset, metric, 'sum') : null;
      };
      const compare = (r: Row[]) => pointCompare(option, at(r, times[times.length - 1]), at(r, times[0]));
      return root(compare(rows), nestValues(rows, o.groupby, compare, o.textOf));
    }
    if (option === 'adv_anal') return root(null, nestAdvanced(rows, metric, o));
    const sum = (r: Row[]) => aggregate(r, metric, 'sum');
    const levels = option === 'time_series' ? [DTTM, ...o.groupby] : o.groupby;
    return root(sum(rows), nestValues(rows, levels, sum, o.textOf));
  });
}
