/**
 * Group-wise summaries: `aggregate` (named aggregates per group, as pandas' groupby().agg()) and
 * `boxplot` (the box plot chart's per-group statistics). Groups come out in sorted key order,
 * rows with a missing key left out.
 */
import { type Frame, type FrameColumn, PostProcessingError, dataColumns, readerOf, requireColumns } from './frame.js';
import { type Reducer, gather, median, nanPercentile, numpyAggregator, quantileSorted, sortedPresent } from './numpy.js';
import { type Options, optRecord, optString, stringList } from './options.js';
import { groupRows, rowsByGroup, toNum } from './order.js';
import { type PostProcessingLimits, ensureCells } from './limits.js';

interface Groups {
  keyColumns: FrameColumn[];
  keys: unknown[][];
  count: number;
  order: Int32Array;
  start: Int32Array;
}

/** Group the rows, refusing first an output of more cells than the limit (one row per group, `width` columns after the keys). */
function groupFrame(frame: Frame, groupby: string[], operation: string, width: number, limits: PostProcessingLimits): Groups {
  const data = dataColumns(frame);
  const keyColumns = groupby.map((label) => data.find((c) => c.key[0] === label)!);
  const grouping = groupRows(keyColumns.map(readerOf), frame.length, { dropMissing: true });
  ensureCells(operation, grouping.count, groupby.length + width, limits, frame);
  const { order, start } = rowsByGroup(grouping.ids, grouping.count);
  return { keyColumns, keys: grouping.keys, count: grouping.count, order, start };
}

function flatFrame(groups: Groups, columns: FrameColumn[]): Frame {
  const keyCols = groups.keyColumns.map((c, k): FrameColumn => ({ key: [c.key[0]], values: groups.keys[k], temporal: c.temporal }));
  return { columns: [...keyCols, ...columns], index: 0, levelNames: [null], length: groups.count };
}

const out = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** `aggregate`: one column per named aggregate {column?, operator, options?}, after the group-by columns. */
export function aggregate(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const groupby = stringList(options, 'groupby');
  requireColumns(frame, groupby);
  const aggregates = optRecord(options, 'aggregates') ?? {};
  const data = dataColumns(frame);
  const specs = Object.entries(aggregates).map(([name, raw]) => {
    const spec = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const label = typeof spec.column === 'string' ? spec.column : name;
    const column = data.find((c) => c.key[0] === label);
    if (!column) throw new PostProcessingError(`Column referenced by aggregate is undefined: ${label}`);
    if (spec.operator === undefined || spec.operator === null) throw new PostProcessingError(`Operator undefined for aggregator: ${name}`);
    return { name, column, aggregator: numpyAggregator(spec.operator, spec.options) };
  });
  const groups = groupFrame(frame, groupby, 'aggregate', specs.length, limits);
  const columns = specs.map(({ name, column, aggregator }): FrameColumn => {
    const buf = gather(readerOf(column), groups.order, toNum);
    const values = new Array<unknown>(groups.count);
    for (let g = 0; g < groups.count; g++) values[g] = out(aggregator(buf, groups.start[g], groups.start[g + 1]));
    return { key: [name], values, temporal: false };
  });
  return flatFrame(groups, columns);
}

type Whiskers = { low: Reducer; high: Reducer };

const quartile =
  (q: number): Reducer =>
  (buf, s, e) =>
    quantileSorted(sortedPresent(buf, s, e), q, 'midpoint');

function whiskers(type: string | null, percentiles: unknown): Whiskers {
  const q1 = quartile(0.25);
  const q3 = quartile(0.75);
  if (type === 'tukey') {
    // Whiskers reach the furthest values within 1.5 IQR of the quartiles.
    const within = (buf: Float64Array, s: number, e: number, ok: (x: number) => boolean, pick: 1 | -1): number => {
      let best = NaN;
      for (let i = s; i < e; i++) if (ok(buf[i]) && (best !== best || pick * (buf[i] - best) > 0)) best = buf[i];
      return best;
    };
    return {
      high: (b, s, e) => {
        const limit = q3(b, s, e) + 1.5 * (q3(b, s, e) - q1(b, s, e));
        return within(b, s, e, (x) => x <= limit, 1);
      },
      low: (b, s, e) => {
        const limit = q1(b, s, e) - 1.5 * (q3(b, s, e) - q1(b, s, e));
        return within(b, s, e, (x) => x >= limit, -1);
      },
    };
  }
  if (type === 'percentile') {
    const p = percentiles;
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number' || p[0] >= p[1]) {
      throw new PostProcessingError(
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    const [lo, hi] = p as [number, number];
    return { low: (b, s, e) => nanPercentile(b, s, e, lo), high: (b, s, e) => nanPercentile(b, s, e, hi) };
  }
  const max = numpyAggregator('max', null);
  const min = numpyAggregator('min', null);
  return { low: min, high: max };
}

/**
 * `boxplot`: per group and metric, `<metric>__mean`, `__median`, `__max` and `__min` (the whiskers),
 * `__q1`, `__q3`, `__count` and `__outliers` (the values beyond the whiskers, those above first).
 * Whiskers: tukey (1.5 IQR), min/max, or two percentiles.
 */
export function boxplot(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const groupby = stringList(options, 'groupby');
  const metrics = stringList(options, 'metrics');
  requireColumns(frame, [...groupby, ...metrics]);
  const { low, high } = whiskers(optString(options, 'whisker_type'), options.percentiles);
  const outliers = (b: Float64Array, s: number, e: number): number[] => {
    const hi = high(b, s, e);
    const lo = low(b, s, e);
    const above: number[] = [];
    const below: number[] = [];
    for (let i = s; i < e; i++) {
      if (b[i] > hi) above.push(b[i]);
      if (b[i] < lo) below.push(b[i]);
    }
    return [...above, ...below];
  };
  const stats: [string, (b: Float64Array, s: number, e: number) => unknown][] = [
    ['mean', (b, s, e) => out(numpyAggregator('mean', null)(b, s, e))],
    ['median', (b, s, e) => out(median(b, s, e))],
    ['max', (b, s, e) => out(high(b, s, e))],
    ['min', (b, s, e) => out(low(b, s, e))],
    ['q1', (b, s, e) => out(quartile(0.25)(b, s, e))],
    ['q3', (b, s, e) => out(quartile(0.75)(b, s, e))],
    ['count', (b, s, e) => numpyAggregator('count', null)(b, s, e)],
    ['outliers', outliers],
  ];
  const data = dataColumns(frame);
  const groups = groupFrame(frame, groupby, 'boxplot', stats.length * metrics.length, limits);
  const buffers = new Map(metrics.map((m) => [m, gather(readerOf(data.find((c) => c.key[0] === m)!), groups.order, toNum)]));
  const columns: FrameColumn[] = [];
  for (const [stat, fn] of stats) {
    for (const metric of metrics) {
      const buf = buffers.get(metric)!;
      const values = new Array<unknown>(groups.count);
      for (let g = 0; g < groups.count; g++) values[g] = fn(buf, groups.start[g], groups.start[g + 1]);
      columns.push({ key: [`${metric}__${stat}`], values, temporal: false });
    }
  }
  return flatFrame(groups, columns);
}
