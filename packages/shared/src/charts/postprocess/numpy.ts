/**
 * The aggregate operators a pivot or aggregate rule names (the BI server's NUMPY_FUNCTIONS). The
 * server applies each numpy function to a group's pandas Series, and numpy hands most of them to
 * the Series' own method, which skips missing values; median, percentile, average, count and
 * count_nonzero work on the raw array instead, where a missing value (NaN) spoils the result or
 * counts as an element. Each reducer here keeps those rules; they read a group's values from
 * buf[start..end) with NaN for a missing cell.
 */
import { PostProcessingError } from './frame.js';

export type Reducer = (buf: Float64Array, start: number, end: number) => number;

/** Operators that can be computed in one pass over the rows, without gathering each group's values. */
export type Streaming = 'sum' | 'mean' | 'min' | 'max' | 'prod' | 'count';

export function streamingKind(operator: unknown): Streaming | null {
  switch (operator) {
    case 'sum':
    case 'nansum':
      return 'sum';
    case 'mean':
    case 'nanmean':
      return 'mean';
    case 'min':
    case 'nanmin':
      return 'min';
    case 'max':
    case 'nanmax':
      return 'max';
    case 'prod':
    case 'product':
      return 'prod';
    case 'count':
      return 'count';
    default:
      return null;
  }
}

/**
 * The same results as the reducers, in one pass: each row adds to its group's accumulator.
 * `rows[g]` is the number of rows in group g; a group without rows is NaN.
 */
export function streamGroups(
  read: (r: number) => unknown,
  ids: Int32Array,
  rows: Int32Array,
  kind: Streaming,
  toNum: (v: unknown) => number,
): Float64Array {
  const count = rows.length;
  const acc = new Float64Array(count).fill(kind === 'prod' ? 1 : kind === 'min' || kind === 'max' ? NaN : 0);
  // One loop per kind keeps the per-row work to a read, a test and an add.
  const each = (add: (g: number, x: number) => void): void => {
    for (let r = 0; r < ids.length; r++) {
      const g = ids[r];
      if (g < 0) continue;
      const raw = read(r);
      const x = typeof raw === 'number' ? raw : toNum(raw);
      if (x === x) add(g, x);
    }
  };
  if (kind === 'count') {
    for (let g = 0; g < count; g++) acc[g] = rows[g];
  } else if (kind === 'mean') {
    const present = new Int32Array(count);
    each((g, x) => {
      acc[g] += x;
      present[g]++;
    });
    for (let g = 0; g < count; g++) acc[g] = present[g] === 0 ? NaN : acc[g] / present[g];
  } else if (kind === 'sum') {
    each((g, x) => {
      acc[g] += x;
    });
  } else if (kind === 'prod') {
    each((g, x) => {
      acc[g] *= x;
    });
  } else if (kind === 'min') {
    each((g, x) => {
      if (!(x >= acc[g])) acc[g] = x;
    });
  } else {
    each((g, x) => {
      if (!(x <= acc[g])) acc[g] = x;
    });
  }
  for (let g = 0; g < count; g++) if (rows[g] === 0) acc[g] = NaN;
  return acc;
}

export type Interpolation = 'linear' | 'lower' | 'higher' | 'midpoint' | 'nearest';

export const NUMPY_FUNCTIONS = [
  'average',
  'argmin',
  'argmax',
  'count',
  'count_nonzero',
  'cumsum',
  'cumprod',
  'max',
  'mean',
  'median',
  'nansum',
  'nanmin',
  'nanmax',
  'nanmean',
  'nanmedian',
  'nanpercentile',
  'min',
  'percentile',
  'prod',
  'product',
  'std',
  'sum',
  'var',
] as const;

function sum(buf: Float64Array, s: number, e: number): number {
  let t = 0;
  for (let i = s; i < e; i++) if (buf[i] === buf[i]) t += buf[i];
  return t;
}

function count(buf: Float64Array, s: number, e: number): number {
  let c = 0;
  for (let i = s; i < e; i++) if (buf[i] === buf[i]) c++;
  return c;
}

function mean(buf: Float64Array, s: number, e: number): number {
  const c = count(buf, s, e);
  return c === 0 ? NaN : sum(buf, s, e) / c;
}

function hasMissing(buf: Float64Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (buf[i] !== buf[i]) return true;
  return false;
}

function extreme(buf: Float64Array, s: number, e: number, sign: 1 | -1): number {
  let best = NaN;
  for (let i = s; i < e; i++) {
    const v = buf[i];
    if (v === v && (best !== best || sign * (v - best) > 0)) best = v;
  }
  return best;
}

function argExtreme(buf: Float64Array, s: number, e: number, sign: 1 | -1): number {
  let best = NaN;
  let at = -1;
  for (let i = s; i < e; i++) {
    const v = buf[i];
    if (v === v && (best !== best || sign * (v - best) > 0)) {
      best = v;
      at = i - s;
    }
  }
  return at;
}

/** pandas' variance: two passes over the values present, divided by (count - ddof). */
export function variance(buf: Float64Array, s: number, e: number, ddof: number): number {
  const c = count(buf, s, e);
  if (c - ddof <= 0) return NaN;
  const avg = sum(buf, s, e) / c;
  let sq = 0;
  for (let i = s; i < e; i++) if (buf[i] === buf[i]) sq += (buf[i] - avg) * (buf[i] - avg);
  return sq / (c - ddof);
}

/** The values present, sorted ascending. */
export function sortedPresent(buf: Float64Array, s: number, e: number): Float64Array {
  const out = new Float64Array(count(buf, s, e));
  let k = 0;
  for (let i = s; i < e; i++) if (buf[i] === buf[i]) out[k++] = buf[i];
  return out.sort();
}

/** numpy's interpolation between neighbours, computed from the nearer end for t ≥ 0.5 as numpy does. */
function lerp(a: number, b: number, t: number): number {
  const d = b - a;
  return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

/** numpy's quantile of sorted values, q in [0, 1]. */
export function quantileSorted(sorted: Float64Array, q: number, method: Interpolation = 'linear'): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const virtual = (n - 1) * q;
  const lo = Math.max(0, Math.min(n - 1, Math.floor(virtual)));
  const hi = Math.min(n - 1, lo + 1);
  const gamma = virtual - lo;
  switch (method) {
    case 'lower':
      return sorted[lo];
    case 'higher':
      return gamma > 0 ? sorted[hi] : sorted[lo];
    case 'midpoint':
      return gamma === 0 ? sorted[lo] : lerp(sorted[lo], sorted[hi], 0.5);
    case 'nearest':
      return gamma > 0.5 || (gamma === 0.5 && lo % 2 === 1) ? sorted[hi] : sorted[lo];
    default:
      return lerp(sorted[lo], sorted[hi], gamma);
  }
}

export function median(buf: Float64Array, s: number, e: number): number {
  if (e <= s || hasMissing(buf, s, e)) return NaN;
  return quantileSorted(sortedPresent(buf, s, e), 0.5);
}

export function nanPercentile(buf: Float64Array, s: number, e: number, percent: number, method: Interpolation = 'linear'): number {
  return quantileSorted(sortedPresent(buf, s, e), percent / 100, method);
}

function optionNumber(options: Record<string, unknown>, name: string, fallback: number | null, operator: string): number {
  const v = options[name];
  if (v === undefined || v === null) {
    if (fallback === null) throw new PostProcessingError(`Operator ${operator} needs a numeric option ${name}`);
    return fallback;
  }
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new PostProcessingError(`Invalid options for ${operator}: ${name} must be a number`);
  return v;
}

function interpolationOption(options: Record<string, unknown>): Interpolation {
  const v = options.method ?? options.interpolation ?? 'linear';
  if (v === 'linear' || v === 'lower' || v === 'higher' || v === 'midpoint' || v === 'nearest') return v;
  throw new PostProcessingError(`Invalid interpolation method: ${String(v)}`);
}

/** The reducer for an operator name and its options (`{q: 90}` for percentile, `{ddof: 1}` for std). */
export function numpyAggregator(operator: unknown, rawOptions: unknown): Reducer {
  const options = rawOptions && typeof rawOptions === 'object' ? (rawOptions as Record<string, unknown>) : {};
  const op = String(operator);
  const of = (reduce: Reducer): Reducer => reduce;
  switch (op) {
    case 'sum':
    case 'nansum':
      return of(sum);
    case 'mean':
    case 'nanmean':
      return of(mean);
    case 'average':
      return of((b, s, e) => (e <= s || hasMissing(b, s, e) ? NaN : mean(b, s, e)));
    // np.ma.count sees the group as a plain array, where a missing value (NaN) is still an element.
    case 'count':
      return of((_b, s, e) => e - s);
    case 'count_nonzero':
      return of((b, s, e) => {
        let c = 0;
        for (let i = s; i < e; i++) if (b[i] !== 0) c++;
        return c;
      });
    case 'max':
    case 'nanmax':
      return of((b, s, e) => extreme(b, s, e, 1));
    case 'min':
    case 'nanmin':
      return of((b, s, e) => extreme(b, s, e, -1));
    case 'argmax':
      return of((b, s, e) => argExtreme(b, s, e, 1));
    case 'argmin':
      return of((b, s, e) => argExtreme(b, s, e, -1));
    case 'median':
      return of(median);
    case 'nanmedian':
      return of((b, s, e) => quantileSorted(sortedPresent(b, s, e), 0.5));
    case 'prod':
    case 'product':
      return of((b, s, e) => {
        let p = 1;
        for (let i = s; i < e; i++) if (b[i] === b[i]) p *= b[i];
        return p;
      });
    case 'std':
    case 'var': {
      const ddof = optionNumber(options, 'ddof', 0, op);
      return of(op === 'std' ? (b, s, e) => Math.sqrt(variance(b, s, e, ddof)) : (b, s, e) => variance(b, s, e, ddof));
    }
    case 'percentile':
    case 'nanpercentile': {
      const q = optionNumber(options, 'q', null, op);
      if (q < 0 || q > 100) throw new PostProcessingError('Percentiles must be in the range [0, 100]');
      const method = interpolationOption(options);
      return of(
        op === 'percentile'
          ? (b, s, e) => (hasMissing(b, s, e) ? NaN : nanPercentile(b, s, e, q, method))
          : (b, s, e) => nanPercentile(b, s, e, q, method),
      );
    }
    case 'cumsum':
    case 'cumprod':
      throw new PostProcessingError(`Operator ${op} gives one value per row, not one per group`);
    default:
      throw new PostProcessingError(`Invalid numpy function: ${op}`);
  }
}

/** Read a column into a buffer in the given row order, as numbers (NaN for a missing cell). */
export function gather(read: (r: number) => unknown, order: Int32Array, toNum: (v: unknown) => number): Float64Array {
  const buf = new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) {
    const v = read(order[k]);
    buf[k] = typeof v === 'number' ? v : toNum(v);
  }
  return buf;
}
