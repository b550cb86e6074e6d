/**
 * The `resample` operation (spec §9: rules 1T 1H 1D 7D 1M 1AS, methods asfreq bfill ffill median
 * mean sum; the client's "zerofill" is asfreq with fill_value 0). The index must hold times. Bins
 * follow pandas: fixed steps start at midnight of the first day and close on the left; month,
 * quarter, year and week *ends* close on the right and are labelled by their end day; *starts*
 * close on the left. Aggregating methods give every bin a row (an empty bin sums to 0); the others
 * put the value found at each label (or the last before it, or the first after it) and fill from
 * neighbours.
 */
import { type Frame, PostProcessingError, dataColumns, indexColumns, takeRows, withValues } from './frame.js';
import { type AnchoredFrequency, DAY_MS, type Frequency, dateRange, parseFrequency, shiftAnchored, startOfDay } from './offsets.js';
import { POSTPROCESS_MAX_CELLS_SETTING, PostProcessingLimitError, type PostProcessingLimits, ensureCells, maxCellsOf } from './limits.js';
import { type Options, optString } from './options.js';
import { isMissing, toNum } from './order.js';

export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'linear', 'median', 'mean', 'sum'] as const;
export type ResampleMethod = (typeof RESAMPLE_METHODS)[number];

export interface ResampleContext extends PostProcessingLimits {
  /** the query's time range, for `fill_time_range` */
  fromDttm?: number | null;
  toDttm?: number | null;
}

/** Bin edges and labels over [min, max]; a time t falls in bin k when edge[k] ≤ t < edge[k+1], or edge[k] < t ≤ edge[k+1] when closed right. */
interface Bins {
  edges: number[];
  labels: number[];
  closedRight: boolean;
}

const firstTick = (step: number, min: number, origin: number): number => origin + Math.floor((min - origin) / step) * step;

function tickBins(step: number, min: number, max: number, origin: number): Bins {
  const first = firstTick(step, min, origin);
  const edges: number[] = [];
  for (let k = 0; first + k * step <= max; k++) edges.push(first + k * step);
  edges.push(first + edges.length * step);
  return { edges, labels: edges.slice(0, -1), closedRight: false };
}

/**
 * The bins a rule makes over [min, max] (and the filled time range), counted from the rule alone
 * before anything is built: a `1L` (millisecond) rule over three days would be 259 million rows.
 * Calendar rules are counted generously (every month 28 days long); the anchors they step through
 * (shifts by `n` included) are bounded too, since each one costs a date computation.
 */
function ensureBuckets(
  freq: Frequency,
  span: [number, number],
  origin: number,
  range: [number, number] | null,
  frame: Frame,
  limits: ResampleContext,
): void {
  const [min, max] = span;
  const columns = frame.columns.length;
  if (freq.kind === 'tick') {
    // the data's bins and the filled range lie on one grid (it starts at the range's start)
    const first = firstTick(freq.step, min, origin);
    const lo = range ? Math.min(first, range[0]) : first;
    const hi = range ? Math.max(max, range[1]) : max;
    ensureCells('resample', Math.floor((hi - lo) / freq.step) + 1, columns, limits, frame);
    return;
  }
  const rangeSpan = range ? Math.max(0, range[1] - range[0]) : 0;
  const anchors = (max - min + rangeSpan) / freq.minPeriodMs + 2 * freq.n + 4;
  ensureCells('resample', Math.ceil(anchors / freq.n), columns, limits, frame);
  const limit = maxCellsOf(limits);
  if (anchors > limit) {
    const count = (n: number) => Math.round(n).toLocaleString('en-US');
    throw new PostProcessingLimitError(
      `The resample operation would step through ${count(anchors)} calendar periods, more than the limit of ${count(limit)} ` +
        `(${POSTPROCESS_MAX_CELLS_SETTING}).`,
      anchors,
    );
  }
}

function anchoredBins(f: AnchoredFrequency, min: number, max: number): Bins {
  const lo = startOfDay(min);
  const hi = startOfDay(max);
  if (!f.closedRight) {
    const first = f.onOffset(lo) ? lo : f.prev(lo);
    const edges = dateRange(f, first, shiftAnchored(f, hi, f.n));
    return { edges, labels: edges.slice(0, -1), closedRight: false };
  }
  // An end-anchored bin runs to the end of its last day.
  let binner = dateRange(f, shiftAnchored(f, lo, -f.n), shiftAnchored(f, hi, f.n));
  if (binner.length >= 2 && binner[binner.length - 2] + DAY_MS - 1 > max) binner = binner.slice(0, -1);
  return { edges: binner.map((t) => t + DAY_MS - 1), labels: binner.slice(1), closedRight: true };
}

/** The bin of each time, by binary search over the edges. */
function binOf(bins: Bins, t: number): number {
  const { edges, closedRight } = bins;
  let lo = 0;
  let hi = edges.length - 1;
  if (closedRight) {
    // smallest k ≥ 1 with t ≤ edges[k]; bin k − 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (edges[mid] >= t) hi = mid;
      else lo = mid + 1;
    }
    return lo - 1;
  }
  // largest k with edges[k] ≤ t
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function timeOption(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    // A time without a zone is wall-clock time, read as UTC like every other time here.
    const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`;
    const t = Date.parse(iso);
    if (!Number.isNaN(t)) return t;
  }
  if (v === undefined || v === null) return null;
  throw new PostProcessingError(`Invalid time: ${String(v)}`);
}

function aggregateBins(values: readonly unknown[], bin: Int32Array, count: number, method: 'sum' | 'mean' | 'median'): unknown[] {
  const groups: number[][] = Array.from({ length: count }, () => []);
  for (let r = 0; r < values.length; r++) {
    const x = toNum(values[r]);
    if (x === x) groups[bin[r]].push(x);
  }
  return groups.map((g) => {
    if (method === 'sum') return g.reduce((a, b) => a + b, 0);
    if (g.length === 0) return null;
    if (method === 'mean') return g.reduce((a, b) => a + b, 0) / g.length;
    g.sort((a, b) => a - b);
    const mid = g.length >> 1;
    return g.length % 2 ? g[mid] : (g[mid - 1] + g[mid]) / 2;
  });
}

function fillAlong(values: unknown[], forward: boolean): unknown[] {
  const out = [...values];
  let last: unknown = null;
  for (let k = 0; k < out.length; k++) {
    const i = forward ? k : out.length - 1 - k;
    if (isMissing(out[i])) out[i] = last;
    else last = out[i];
  }
  return out;
}

/** pandas' linear interpolate: evenly spaced by position; after the last value, that value; before the first, nothing. */
function interpolate(values: unknown[]): unknown[] {
  const nums = values.map(toNum);
  const out: unknown[] = nums.map((x) => (x === x ? x : null));
  let prev = -1;
  for (let i = 0; i < nums.length; i++) {
    if (nums[i] !== nums[i]) continue;
    if (prev >= 0) for (let j = prev + 1; j < i; j++) out[j] = nums[prev] + ((nums[i] - nums[prev]) * (j - prev)) / (i - prev);
    prev = i;
  }
  if (prev >= 0) for (let j = prev + 1; j < nums.length; j++) out[j] = nums[prev];
  return out;
}

export function resample(frame: Frame, options: Options, context: ResampleContext = {}): Frame {
  const rawMethod = optString(options, 'method');
  if (!RESAMPLE_METHODS.includes(rawMethod as ResampleMethod)) {
    throw new PostProcessingError(`Resample method should be in ${RESAMPLE_METHODS.join(', ')}.`);
  }
  const method = rawMethod as ResampleMethod;
  const rule = optString(options, 'rule');
  if (rule === null) throw new PostProcessingError('Resample operation requires a rule');
  const freq: Frequency = parseFrequency(rule);
  const fillValue = options.fill_value ?? null;
  const index = indexColumns(frame);
  if (index.length !== 1 || index[0].values.some((v) => !isMissing(v) && typeof v !== 'number')) {
    throw new PostProcessingError('Resample operation requires DatetimeIndex');
  }
  // Rows without a time drop out; the rest in time order.
  const times = index[0].values as readonly (number | null)[];
  const rows = Array.from({ length: frame.length }, (_, i) => i)
    .filter((i) => !isMissing(times[i]))
    .sort((a, b) => times[a]! - times[b]! || a - b);
  const sorted = takeRows(frame, rows);
  const t = sorted.columns[0].values as readonly number[];
  if (t.length === 0) return sorted;
  const min = t[0];
  const max = t[t.length - 1];

  const zeroFill = method === 'asfreq' && fillValue !== null;
  const fillRange = options.fill_time_range === true;
  const rangeStart = zeroFill ? timeOption(options.time_range_start ?? (fillRange ? context.fromDttm : null)) : null;
  const rangeEnd = zeroFill ? timeOption(options.time_range_end ?? (fillRange ? context.toDttm : null)) : null;
  const range: [number, number] | null = rangeStart !== null && rangeEnd !== null ? [rangeStart, rangeEnd] : null;
  ensureBuckets(freq, [min, max], rangeStart ?? startOfDay(min), range, frame, context);
  const bins = freq.kind === 'tick' ? tickBins(freq.step, min, max, rangeStart ?? startOfDay(min)) : anchoredBins(freq, min, max);
  const data = dataColumns(sorted);

  let labels = bins.labels;
  let columns: unknown[][];
  if (method === 'sum' || method === 'mean' || method === 'median') {
    const bin = Int32Array.from(t, (x) => binOf(bins, x));
    columns = data.map((c) => aggregateBins(c.values, bin, labels.length, method));
  } else {
    const evenlySampled =
      freq.kind === 'tick' && t.length >= 3 && t.length === labels.length && t.every((x, i) => i === 0 || x - t[i - 1] === freq.step);
    if (zeroFill && rangeStart !== null && rangeEnd !== null) {
      labels = [...new Set([...labels, ...dateRange(freq, rangeStart, rangeEnd, true)])].sort((a, b) => a - b);
    }
    // pandas relabels evenly spaced data of the rule's own step instead of looking times up.
    const source = evenlySampled && labels === bins.labels ? labels.map((_, i) => i) : lookup(t, labels, method);
    columns = data.map((c) => {
      let values = source.map((r) => (r < 0 ? (method === 'asfreq' ? fillValue : null) : c.values[r]));
      if (method === 'ffill' || method === 'bfill') values = fillAlong(values, method === 'ffill');
      if (method === 'linear') values = interpolate(values);
      if (zeroFill) values = values.map((v) => (isMissing(v) ? fillValue : v));
      return values;
    });
  }
  const out = (v: unknown): unknown => (typeof v === 'number' && !Number.isFinite(v) ? null : v);
  const indexColumn = withValues(sorted.columns[0], labels, true);
  const dataOut = data.map((c, i) => withValues(c, columns[i].map(out)));
  return { columns: [indexColumn, ...dataOut], index: 1, levelNames: frame.levelNames, length: labels.length };
}

/** For each label, the row holding it (asfreq), the last row at or before it (ffill) or the first at or after it (bfill); −1 for none. */
function lookup(t: readonly number[], labels: readonly number[], method: string): number[] {
  const out: number[] = [];
  let j = 0;
  for (const label of labels) {
    while (j < t.length && t[j] < label) j++;
    if (method === 'bfill') out.push(j < t.length ? j : -1);
    else if (j < t.length && t[j] === label) out.push(j);
    else if (method === 'ffill') out.push(j > 0 ? j - 1 : -1);
    else out.push(-1);
  }
  return out;
}
