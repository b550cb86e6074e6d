/**
 * `histogram`: counts of a column's values in `bins` equal-width bins between its minimum and
 * maximum (numpy's histogram: each bin holds its lower edge, the last one its upper edge too),
 * per `groupby` group, optionally cumulative and normalized by the grand total. Bins are named
 * '<lower> - <upper>' with the edges written as Python writes floats.
 */
import { type Frame, type FrameColumn, PostProcessingError, dataColumns, readerOf, requireColumns, withValues } from './frame.js';
import { pyFloatRepr } from './labels.js';
import { type Options, optBool, optString, stringList } from './options.js';
import { groupRows, isMissing, rowsByGroup, toNum } from './order.js';
import { type PostProcessingLimits, ensureCells } from './limits.js';

/** A larger `bins` would allocate without bound on one request (the BI server caps it too). */
export const MAX_HISTOGRAM_BINS = 1000;

/** numpy's equal-width edges: i·step + first, the last edge exactly the maximum; one value spans ±0.5. */
export function binEdges(min: number, max: number, bins: number): number[] {
  const first = min === max ? min - 0.5 : min;
  const last = min === max ? max + 0.5 : max;
  const step = (last - first) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => i * step + first);
  edges[bins] = last;
  return edges;
}

function binIndex(edges: number[], x: number): number {
  const nb = edges.length - 1;
  if (x < edges[0] || x > edges[nb]) return -1;
  if (x === edges[nb]) return nb - 1;
  let lo = 0;
  let hi = nb - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function histogram(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const bins = options.bins ?? 5;
  if (typeof bins !== 'number' || !Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    throw new PostProcessingError(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  }
  const column = optString(options, 'column');
  if (column === null) throw new PostProcessingError('`column` is required for the histogram operation');
  const groupby = stringList(options, 'groupby');
  requireColumns(frame, [column, ...groupby]);
  const cumulative = optBool(options, 'cumulative', false);
  const normalize = optBool(options, 'normalize', false);
  const data = dataColumns(frame);
  const raw = data.find((c) => c.key[0] === column)!.values;

  // Rows without a value drop out; any other value must read as a number.
  const rows: number[] = [];
  const nums: number[] = [];
  for (let r = 0; r < frame.length; r++) {
    if (isMissing(raw[r])) continue;
    const x = toNum(raw[r]);
    if (x !== x) throw new PostProcessingError(`Column '${column}' contains non-numeric values`);
    rows.push(r);
    nums.push(x);
  }
  if (rows.length === 0) return { ...frame, columns: frame.columns.map((c) => withValues(c, [])), length: 0 };
  let min = nums[0];
  let max = nums[0];
  for (const x of nums) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const edges = binEdges(min, max, bins);
  const names = edges.slice(0, -1).map((e, i) => `${pyFloatRepr(e)} - ${pyFloatRepr(edges[i + 1])}`);

  const keyCols = groupby.map((label) => data.find((c) => c.key[0] === label)!);
  const grouping = groupRows(
    keyCols.map((c) => {
      const read = readerOf(c);
      return (k: number) => read(rows[k]);
    }),
    rows.length,
    { dropMissing: true },
  );
  // One row per group, one column per bin: 100,000 groups × 1,000 bins would be 100 million counts.
  ensureCells('histogram', grouping.count, groupby.length + bins, limits, frame);
  const { order, start } = rowsByGroup(grouping.ids, grouping.count);
  const counts: number[][] = [];
  for (let g = 0; g < grouping.count; g++) {
    const hist = new Array<number>(bins).fill(0);
    for (let k = start[g]; k < start[g + 1]; k++) {
      const b = binIndex(edges, nums[order[k]]);
      if (b >= 0) hist[b]++;
    }
    if (cumulative) for (let b = 1; b < bins; b++) hist[b] += hist[b - 1];
    counts.push(hist);
  }
  const total = counts.reduce((a, h) => a + h.reduce((x, y) => x + y, 0), 0);
  const binColumns = names.map((name, b): FrameColumn => ({
    key: [name],
    values: counts.map((h) => (normalize ? h[b] / total : h[b])),
    temporal: false,
  }));
  const groupColumns = keyCols.map((c, k): FrameColumn => ({ key: [c.key[0]], values: grouping.keys[k], temporal: c.temporal }));
  return { columns: [...groupColumns, ...binColumns], index: 0, levelNames: [null], length: grouping.count };
}
