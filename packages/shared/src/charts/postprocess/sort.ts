/** `sort` and `rank`: row order by values or by the index, and a metric's percentile rank. */
import {
  type Frame,
  type FrameColumn,
  PostProcessingError,
  dataColumns,
  indexColumns,
  padKey,
  requireColumns,
  takeRows,
  withDataColumns,
} from './frame.js';
import { type Options, optBool, optRecord, optString, stringList } from './options.js';
import { compareValues, groupRows, isMissing, rowsByGroup, toNum } from './order.js';

function ascendingList(raw: unknown, count: number): boolean[] {
  if (raw === undefined || raw === null) return new Array<boolean>(count).fill(true);
  if (Array.isArray(raw)) {
    if (raw.length !== count) throw new PostProcessingError(`Length of ascending (${raw.length}) != length of by (${count})`);
    return raw.map(Boolean);
  }
  return new Array<boolean>(count).fill(Boolean(raw));
}

/** A stable order of the rows by the keys; missing values last whichever the direction (pandas' na_position='last'). */
export function sortOrder(keys: readonly (readonly unknown[])[], ascending: readonly boolean[], n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const x = keys[k][a];
      const y = keys[k][b];
      const mx = isMissing(x);
      const my = isMissing(y);
      if (mx || my) {
        if (mx !== my) return mx ? 1 : -1;
        continue;
      }
      const c = compareValues(x, y);
      if (c !== 0) return ascending[k] ? c : -c;
    }
    return a - b;
  });
  return order;
}

/**
 * `sort`: by the index (`is_sort_index`) or by columns (`by`, `ascending`). The older client
 * form `columns: {name: ascending}` is read too. Nothing to sort by leaves the rows as they are.
 */
export function sort(frame: Frame, options: Options): Frame {
  let by = stringList(options, 'by');
  let ascendingRaw = options.ascending;
  const legacy = optRecord(options, 'columns');
  if (by.length === 0 && legacy) {
    by = Object.keys(legacy);
    ascendingRaw = Object.values(legacy);
  }
  const isSortIndex = optBool(options, 'is_sort_index', false);
  if (!isSortIndex && by.length === 0) return frame;
  requireColumns(frame, by);
  if (isSortIndex) {
    if (frame.index === 0) {
      // A plain row number: ascending is the order the rows are in.
      const asc = Array.isArray(ascendingRaw)
        ? Boolean(ascendingRaw[0])
        : ascendingRaw === undefined || ascendingRaw === null || Boolean(ascendingRaw);
      if (asc) return frame;
      return takeRows(
        frame,
        Array.from({ length: frame.length }, (_, i) => frame.length - 1 - i),
      );
    }
    const keys = indexColumns(frame).map((c) => c.values);
    return takeRows(frame, sortOrder(keys, ascendingList(ascendingRaw, keys.length), frame.length));
  }
  const data = dataColumns(frame);
  const ascending = ascendingList(ascendingRaw, by.length);
  // A column listed again changes nothing (rows it could order are already equal on it): read it once.
  const first = by.map((label, k) => k).filter((k) => by.indexOf(by[k]) === k);
  const keys = first.map((k) => data.find((c) => c.key[0] === by[k])!.values);
  return takeRows(
    frame,
    sortOrder(
      keys,
      first.map((k) => ascending[k]),
      frame.length,
    ),
  );
}

/** Average ranks of the values present, as fractions of their count (pandas' rank(pct=True)); missing stay missing. */
function percentRanks(values: readonly unknown[], rows: ArrayLike<number>, out: unknown[]): void {
  const present: number[] = [];
  for (let i = 0; i < rows.length; i++) if (!isMissing(toNum(values[rows[i]]))) present.push(rows[i]);
  present.sort((a, b) => toNum(values[a]) - toNum(values[b]));
  const n = present.length;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && toNum(values[present[j + 1]]) === toNum(values[present[i]])) j++;
    const rank = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) out[present[k]] = rank / n;
    i = j + 1;
  }
}

/** `rank`: the metric's percentile rank within each `group_by` group (or overall), in a column `rank`. */
export function rank(frame: Frame, options: Options): Frame {
  const metric = optString(options, 'metric');
  if (metric === null) throw new PostProcessingError('`metric` is required for the rank operation');
  const groupBy = optString(options, 'group_by');
  requireColumns(frame, groupBy ? [metric, groupBy] : [metric]);
  const data = dataColumns(frame);
  const values = data.find((c) => c.key[0] === metric)!.values;
  const ranks = new Array<unknown>(frame.length).fill(null);
  if (groupBy) {
    const keys = data.find((c) => c.key[0] === groupBy)!.values;
    const grouping = groupRows([(r) => keys[r]], frame.length, { dropMissing: true });
    const { order, start } = rowsByGroup(grouping.ids, grouping.count);
    for (let g = 0; g < grouping.count; g++) percentRanks(values, order.subarray(start[g], start[g + 1]), ranks);
  } else {
    percentRanks(
      values,
      Array.from({ length: frame.length }, (_, i) => i),
      ranks,
    );
  }
  const column: FrameColumn = { key: padKey('rank', frame.levelNames.length), values: ranks, temporal: false };
  const existing = data.findIndex((c) => c.key[0] === 'rank');
  const next = existing >= 0 ? data.map((c, i) => (i === existing ? column : c)) : [...data, column];
  return withDataColumns(frame, next);
}
