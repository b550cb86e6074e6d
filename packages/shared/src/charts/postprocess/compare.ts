/**
 * Time comparison and contribution (spec §9 comparison types: values, absolute, percentage,
 * ratio). `compare` adds `<type>__<source>__<compare>` columns; `contribution` turns values into
 * shares of their row's or column's total.
 */
import {
  type Frame,
  type FrameColumn,
  PostProcessingError,
  dataColumns,
  padKey,
  positionsOf,
  requireColumns,
  withDataColumns,
} from './frame.js';
import type { Label } from './labels.js';
import { type Options, optBool, optInt, optRecord, optString, stringList } from './options.js';
import { isMissing, toNum } from './order.js';
import { type PostProcessingLimits, ensureCells } from './limits.js';

/** The separator of derived column names (the BI server's TIME_COMPARISON). */
export const TIME_COMPARISON = '__';

/** numpy's round: scale, round half to even, scale back. */
export function roundHalfEven(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const scale = 10 ** digits;
  const y = x * scale;
  let r = Math.round(y);
  if (Math.abs(y % 1) === 0.5 && r % 2 !== 0) r -= 1;
  return r / scale;
}

const out = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * The client's "Calculation type" sends difference, percentage or ratio; 'values' (show the
 * values themselves) and the spec's word 'absolute' for difference are accepted too.
 */
function comparisonType(raw: string | null): 'difference' | 'percentage' | 'ratio' | 'values' {
  if (raw === 'absolute') return 'difference';
  if (raw === 'difference' || raw === 'percentage' || raw === 'ratio' || raw === 'values') return raw;
  throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
}

export function compare(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const sources = stringList(options, 'source_columns');
  const compares = stringList(options, 'compare_columns');
  requireColumns(frame, [...sources, ...compares]);
  if (sources.length !== compares.length) throw new PostProcessingError('`compare_columns` must have the same length as `source_columns`.');
  const type = comparisonType(optString(options, 'compare_type'));
  if (sources.length === 0 || type === 'values') return frame;
  const precision = optInt(options, 'precision', 4)!;
  const data = dataColumns(frame);
  const rest = (c: FrameColumn): string => JSON.stringify(c.key.slice(1));
  // After a pivot each series of the source metric meets the same series of the compared one.
  const plan = sources.map((src, k) => {
    const cmp = compares[k];
    const srcCols = positionsOf(data, src).map((p) => data[p]);
    const cmpCols = positionsOf(data, cmp).map((p) => data[p]);
    return {
      name: [type, src, cmp].join(TIME_COMPARISON),
      srcCols,
      cmpCols,
      rests: [...new Set([...srcCols.map(rest), ...cmpCols.map(rest)])],
    };
  });
  // A source may be listed many times over: every pair adds a column per series.
  const newColumns = plan.reduce((a, p) => a + p.rests.length, 0);
  ensureCells('compare', frame.length, frame.columns.length + newColumns, limits, frame);
  const added: FrameColumn[] = [];
  plan.forEach(({ name, srcCols, cmpCols, rests }) => {
    for (const r of rests) {
      const s = srcCols.find((c) => rest(c) === r);
      const c = cmpCols.find((col) => rest(col) === r);
      const values = new Array<unknown>(frame.length);
      for (let i = 0; i < frame.length; i++) {
        const a = s ? toNum(s.values[i]) : NaN;
        const b = c ? toNum(c.values[i]) : NaN;
        if (type === 'difference') values[i] = out(a - b);
        else if (type === 'percentage') values[i] = out(roundHalfEven((a - b) / b, precision));
        else values[i] = out(roundHalfEven(a / b, precision));
      }
      added.push({ key: [name, ...(JSON.parse(r) as Label[])], values, temporal: false });
    }
  });
  let next = [...data, ...added];
  if (optBool(options, 'drop_original_columns', false)) {
    const dropped = new Set<Label>([...sources, ...compares]);
    next = next.filter((c) => !dropped.has(c.key[0]));
  }
  return withDataColumns(frame, next);
}

/** A column contribution can divide: numbers (missing cells allowed), not times, booleans or text. */
function isArithmetic(col: FrameColumn): boolean {
  if (col.temporal) return false;
  return col.values.every((v) => isMissing(v) || typeof v === 'number' || typeof v === 'bigint');
}

/**
 * `contribution`: each cell over its column's total (missing cells count as 0), or over its row's
 * total across the chosen columns (missing cells skipped). In row orientation, columns of a time
 * shift ('m__1 week ago') share a total of their own. Results go to `rename_columns` when given.
 */
export function contribution(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const requested = stringList(options, 'columns');
  requireColumns(frame, requested);
  const orientation = optString(options, 'orientation') ?? 'column';
  if (orientation !== 'row' && orientation !== 'column') throw new PostProcessingError(`Invalid orientation: ${orientation}`);
  const data = dataColumns(frame);
  const numeric = data.map((c, i) => ({ c, i })).filter(({ c }) => isArithmetic(c));
  for (const label of requested) {
    if (!numeric.some(({ c }) => c.key[0] === label)) {
      throw new PostProcessingError(`Column "${label}" is not numeric or does not exists in the query results.`);
    }
  }
  const chosen = requested.length > 0 ? requested.flatMap((label) => numeric.filter(({ c }) => c.key[0] === label)) : numeric;
  const renames = stringList(options, 'rename_columns');
  if (renames.length > 0 && renames.length !== chosen.length) {
    throw new PostProcessingError('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  }
  const levels = frame.levelNames.length;
  const targetKey = (k: number): readonly Label[] => (renames.length > 0 ? padKey(renames[k], levels) : chosen[k].c.key);
  // A result column per chosen column (a name listed twice counts twice) is built, then replaces its target or joins the data.
  const present = new Set(data.map((c) => JSON.stringify(c.key)));
  const joining = new Set(chosen.map((_, k) => JSON.stringify(targetKey(k))).filter((key) => !present.has(key)));
  ensureCells('contribution', frame.length, Math.max(chosen.length, frame.columns.length + joining.size), limits, frame);
  const results: unknown[][] = chosen.map(() => new Array<unknown>(frame.length));

  if (orientation === 'column') {
    const totals = optRecord(options, 'contribution_totals');
    chosen.forEach(({ c }, k) => {
      const nums = c.values.map((v) => (isMissing(v) ? 0 : toNum(v)));
      const given = totals ? totals[c.key[0] ?? ''] : undefined;
      const total = totals ? (typeof given === 'number' ? given : 0) : nums.reduce((a, b) => a + b, 0);
      results[k] = nums.map((x) => (totals && total === 0 ? 0 : out(x / total)));
    });
  } else {
    const shifts = stringList(options, 'time_shifts');
    const groups = new Map<string, number[]>();
    chosen.forEach(({ c }, k) => {
      const first = c.key[0] ?? '';
      const shift = shifts.find((ts) => first.endsWith(TIME_COMPARISON + ts)) ?? '';
      groups.set(shift, [...(groups.get(shift) ?? []), k]);
    });
    for (const members of groups.values()) {
      for (let r = 0; r < frame.length; r++) {
        let total = 0;
        for (const k of members) {
          const x = toNum(chosen[k].c.values[r]);
          if (x === x) total += x;
        }
        for (const k of members) results[k][r] = out(toNum(chosen[k].c.values[r]) / total);
      }
    }
  }

  const next = [...data];
  chosen.forEach((_, k) => {
    const key = targetKey(k);
    const column: FrameColumn = { key, values: results[k], temporal: false };
    const at = next.findIndex((c) => JSON.stringify(c.key) === JSON.stringify(key));
    if (at >= 0) next[at] = column;
    else next.push(column);
  });
  return withDataColumns(frame, next);
}
