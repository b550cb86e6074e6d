/**
 * Row-wise operations on chosen columns: `cum`, `diff` and `rolling` (the client's "Rolling
 * function": cumsum, or a rolling mean, sum or std over `rolling_periods` with `min_periods`).
 * Each reads `columns` as source → target: the same name replaces the column, another name adds
 * a column at the end (the BI server's _append_columns). After a pivot a source name stands for
 * every series of that metric.
 */
import {
  type Frame,
  type FrameColumn,
  PostProcessingError,
  dataColumns,
  dropLeadingRows,
  positionsOf,
  requireColumns,
  withDataColumns,
  withValues,
} from './frame.js';
import { type Options, columnMap, optBool, optInt, optRecord, optString } from './options.js';
import { toNum } from './order.js';
import { quantileSorted, variance } from './numpy.js';
import { type PostProcessingLimits, ensureCells, ensureSteps } from './limits.js';

const out = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * How many columns `map` computes (a source stands for every series of its metric, and may be
 * listed more than once), refused before any is computed when they would grow the frame past the
 * limit: replaced in place they are built beside the frame first, appended they join it.
 */
function ensureComputed(operation: string, frame: Frame, map: [string, string][], limits: PostProcessingLimits): number {
  requireColumns(
    frame,
    map.map(([src]) => src),
  );
  const data = dataColumns(frame);
  const computed = map.reduce((a, [src]) => a + positionsOf(data, src).length, 0);
  const inPlace = map.every(([src, tgt]) => src === tgt);
  ensureCells(operation, frame.length, inPlace ? Math.max(computed, frame.columns.length) : frame.columns.length + computed, limits, frame);
  return computed;
}

/** Compute new values for each column a source names, then replace or append them as `columns` maps them. */
export function appendComputed(
  frame: Frame,
  map: [string, string][],
  compute: (values: readonly unknown[], position: number) => unknown[],
  operation: string,
  limits: PostProcessingLimits,
): Frame {
  ensureComputed(operation, frame, map, limits);
  const data = dataColumns(frame);
  const computed = map.flatMap(([src, tgt]) => positionsOf(data, src).map((pos) => ({ pos, tgt, values: compute(data[pos].values, pos) })));
  if (map.every(([src, tgt]) => src === tgt)) {
    const next = [...data];
    for (const c of computed) next[c.pos] = withValues(data[c.pos], c.values, false);
    return withDataColumns(frame, next);
  }
  const added = computed.map((c): FrameColumn => ({ key: [c.tgt, ...data[c.pos].key.slice(1)], values: c.values, temporal: false }));
  return withDataColumns(frame, [...data, ...added]);
}

const CUM_OPERATORS = ['sum', 'prod', 'min', 'max'] as const;

/** `cum`: running sum, product, minimum or maximum; a missing value stays missing and is skipped. */
export function cum(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const operator = optString(options, 'operator');
  if (!CUM_OPERATORS.includes(operator as (typeof CUM_OPERATORS)[number])) {
    throw new PostProcessingError(`Invalid cumulative operator: ${String(operator)}`);
  }
  return appendComputed(
    frame,
    columnMap(options, 'columns'),
    (values) => {
      const res = new Array<unknown>(values.length);
      let acc = NaN;
      for (let i = 0; i < values.length; i++) {
        const x = toNum(values[i]);
        if (x !== x) {
          res[i] = null;
          continue;
        }
        if (acc !== acc) acc = x;
        else if (operator === 'sum') acc += x;
        else if (operator === 'prod') acc *= x;
        else if (operator === 'min') acc = Math.min(acc, x);
        else acc = Math.max(acc, x);
        res[i] = out(acc);
      }
      return res;
    },
    'cum',
    limits,
  );
}

/** `diff`: each value minus the one `periods` rows before (axis 0) or `periods` chosen columns before (axis 1). */
export function diff(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const periods = optInt(options, 'periods', 1)!;
  const axis = options.axis ?? 0;
  const map = columnMap(options, 'columns');
  if (axis === 0 || axis === 'index') {
    return appendComputed(
      frame,
      map,
      (values) =>
        values.map((_, i) => {
          const j = i - periods;
          return j < 0 || j >= values.length ? null : out(toNum(values[i]) - toNum(values[j]));
        }),
      'diff',
      limits,
    );
  }
  if (axis !== 1 && axis !== 'columns') throw new PostProcessingError(`No axis named ${String(axis)} for object type DataFrame`);
  ensureComputed('diff', frame, map, limits);
  const data = dataColumns(frame);
  const chosen = map.flatMap(([src]) => positionsOf(data, src));
  const diffs = new Map<number, unknown[]>();
  chosen.forEach((pos, k) => {
    const j = k - periods;
    const other = j >= 0 && j < chosen.length ? data[chosen[j]].values : null;
    diffs.set(
      pos,
      data[pos].values.map((v, r) => (other ? out(toNum(v) - toNum(other[r])) : null)),
    );
  });
  return appendComputed(frame, map, (_values, pos) => diffs.get(pos)!, 'diff', limits);
}

/** The rolling types the BI server allows (its DENYLIST_ROLLING_FUNCTIONS, which lists the allowed ones). */
export const ROLLING_TYPES = [
  'count',
  'corr',
  'cov',
  'kurt',
  'max',
  'mean',
  'median',
  'min',
  'std',
  'skew',
  'sum',
  'var',
  'quantile',
] as const;

type WindowStat = (present: Float64Array, count: number, positions: number, minPeriods: number) => number;

function moments(x: Float64Array, n: number): { m2: number; m3: number; m4: number; same: boolean } {
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i];
  const mean = s / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  let same = true;
  for (let i = 0; i < n; i++) {
    const d = x[i] - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
    if (x[i] !== x[0]) same = false;
  }
  return { m2: m2 / n, m3: m3 / n, m4: m4 / n, same };
}

/** pandas' rolling quantile: linear between the neighbours of q·(n−1), or the chosen interpolation. */
function rollingQuantile(sorted: Float64Array, q: number, interpolation: string): number {
  const n = sorted.length;
  if (q === 1) return sorted[n - 1];
  const at = q * (n - 1);
  const lo = Math.floor(at);
  const frac = at - lo;
  const vlow = sorted[lo];
  const vhigh = sorted[Math.min(n - 1, lo + 1)];
  if (frac === 0) return vlow;
  switch (interpolation) {
    case 'lower':
      return vlow;
    case 'higher':
      return vhigh;
    case 'midpoint':
      return (vlow + vhigh) / 2;
    case 'nearest':
      return frac === 0.5 ? (lo % 2 === 0 ? vlow : vhigh) : frac < 0.5 ? vlow : vhigh;
    default:
      return vlow + (vhigh - vlow) * frac;
  }
}

function rollingStat(type: string, typeOptions: Record<string, unknown>): WindowStat {
  const ddof = typeof typeOptions.ddof === 'number' ? typeOptions.ddof : 1;
  const enough = (count: number, minPeriods: number): boolean => count >= minPeriods && count > 0;
  switch (type) {
    case 'sum':
      return (x, n, _p, minp) => (n === 0 && minp === 0 ? 0 : n >= minp ? x.subarray(0, n).reduce((a, b) => a + b, 0) : NaN);
    case 'mean':
      return (x, n, _p, minp) => (enough(n, minp) ? x.subarray(0, n).reduce((a, b) => a + b, 0) / n : NaN);
    case 'std':
    case 'var':
      return (x, n, _p, minp) => {
        if (n < minp || n <= ddof) return NaN;
        const v = n === 1 ? 0 : variance(x, 0, n, ddof);
        return type === 'std' ? Math.sqrt(v) : v;
      };
    // count sees every position of the window, present or not, when it weighs min_periods.
    case 'count':
      return (_x, n, positions, minp) => (positions === 0 && minp === 0 ? 0 : positions >= minp ? n : NaN);
    case 'min':
    case 'max':
      return (x, n, _p, minp) => {
        if (!enough(n, minp)) return NaN;
        let best = x[0];
        for (let i = 1; i < n; i++) if (type === 'min' ? x[i] < best : x[i] > best) best = x[i];
        return best;
      };
    case 'median':
      return (x, n, _p, minp) => (enough(n, minp) ? quantileSorted(x.slice(0, n).sort(), 0.5) : NaN);
    case 'quantile': {
      const q = typeOptions.q ?? typeOptions.quantile;
      if (typeof q !== 'number' || q < 0 || q > 1)
        throw new PostProcessingError(`Invalid options for quantile: ${JSON.stringify(typeOptions)}`);
      const interpolation = typeof typeOptions.interpolation === 'string' ? typeOptions.interpolation : 'linear';
      return (x, n, _p, minp) => (enough(n, minp) ? rollingQuantile(x.slice(0, n).sort(), q, interpolation) : NaN);
    }
    case 'skew':
      return (x, n, _p, minp) => {
        if (n < minp || n < 3) return NaN;
        const { m2, m3, same } = moments(x, n);
        if (same) return 0;
        if (m2 <= 1e-14) return NaN;
        return (Math.sqrt(n * (n - 1)) * m3) / ((n - 2) * m2 ** 1.5);
      };
    case 'kurt':
      return (x, n, _p, minp) => {
        if (n < minp || n < 4) return NaN;
        const { m2, m4, same } = moments(x, n);
        if (same) return -3;
        if (m2 <= 1e-14) return NaN;
        return ((n * n - 1) * (m4 / (m2 * m2)) - 3 * (n - 1) * (n - 1)) / ((n - 2) * (n - 3));
      };
    default:
      throw new PostProcessingError(`Invalid rolling_type: ${type}`);
  }
}

/** `rolling`: a window statistic over `window` rows; with min_periods, the first min_periods − 1 rows are left out. */
export function rolling(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const type = optString(options, 'rolling_type') ?? '';
  const window = optInt(options, 'window', null);
  if (window === null) throw new PostProcessingError('Undefined window for rolling operation');
  if (window === 0) throw new PostProcessingError('Window must be > 0');
  if (window < 0) throw new PostProcessingError('window must be an integer 0 or greater');
  const minPeriodsOption = optInt(options, 'min_periods', null);
  const minPeriods = minPeriodsOption ?? window;
  if (minPeriods > window) throw new PostProcessingError(`min_periods ${minPeriods} must be <= window ${window}`);
  if (minPeriods < 0) throw new PostProcessingError('min_periods must be >= 0');
  if (!ROLLING_TYPES.includes(type as (typeof ROLLING_TYPES)[number])) throw new PostProcessingError(`Invalid rolling_type: ${type}`);
  if (type === 'corr' || type === 'cov') throw new PostProcessingError(`Rolling ${type} needs a second series and is not supported`);
  if (options.win_type !== undefined && options.win_type !== null)
    throw new PostProcessingError('Weighted windows (win_type) are not supported');
  const stat = rollingStat(type, optRecord(options, 'rolling_type_options') ?? {});
  const offset = optBool(options, 'center', false) ? Math.floor((window - 1) / 2) : 0;
  const map = columnMap(options, 'columns');
  // Each value visits its window (sorted for median and quantile): a window wider than the frame visits the frame.
  const span = Math.min(window, frame.length);
  const perValue = type === 'median' || type === 'quantile' ? span * Math.max(1, Math.log2(span)) : span;
  ensureSteps('rolling', ensureComputed('rolling', frame, map, limits) * frame.length * perValue, 'rows × columns × window', limits);

  const result = appendComputed(
    frame,
    map,
    (values) => {
      const n = values.length;
      const nums = values.map(toNum);
      const scratch = new Float64Array(Math.min(window, n));
      const res = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        const end = Math.min(n, i + 1 + offset);
        const start = Math.max(0, i + 1 + offset - window);
        let count = 0;
        for (let j = start; j < end; j++) if (nums[j] === nums[j]) scratch[count++] = nums[j];
        res[i] = out(stat(scratch, count, Math.max(0, end - start), minPeriods));
      }
      return res;
    },
    'rolling',
    limits,
  );
  return minPeriodsOption ? dropLeadingRows(result, minPeriodsOption - 1) : result;
}
