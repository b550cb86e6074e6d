import { describe, expect, it } from 'vitest';
import { type Frame, PostProcessingError, applyPostProcessing, frameFromRows, frameToRecords } from './index.js';
import { DEFAULT_POSTPROCESS_MAX_CELLS, PostProcessingLimitError, ensureCells } from './limits.js';

const day = (d: number) => Date.UTC(2001, 0, d);

/** Daily counts pivoted on the day: the frame the timeseries client resamples. */
const daily = (days: number): Frame =>
  applyPostProcessing(
    frameFromRows(
      ['date', 'count'],
      Array.from({ length: days }, (_, i) => [day(i + 1), i]),
      { temporalColumns: ['date'] },
    ),
    [{ operation: 'pivot', options: { index: ['date'], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false } }],
  );

/** The refusal a rule meets under `maxCells`, or null when it runs; it must be refused before allocating, so fast. */
function refusal(frame: Frame, rule: Record<string, unknown>, maxCells?: number): string | null {
  const t0 = performance.now();
  try {
    applyPostProcessing(frame, [rule], maxCells === undefined ? {} : { maxCells });
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(PostProcessingError);
    expect(performance.now() - t0).toBeLessThan(1_000);
    return (e as Error).message;
  }
}

const flat = (rows: unknown[][], names = ['k', 'g', 'x']) => frameFromRows(names, rows);
/** n rows, each of its own index value and one of `series` series: a sparse table once pivoted. */
const sparse = (n: number, series: number) => flat(Array.from({ length: n }, (_, i) => [`r${i}`, `s${i % series}`, i]));
const grid = (n: number, series: number) =>
  flat(Array.from({ length: n * series }, (_, i) => [`r${Math.floor(i / series)}`, `s${i % series}`, i]));

describe('the size check', () => {
  it('names the operation, the size and the limit, with thousands separators', () => {
    expect(() => ensureCells('resample', 2_592_000, 3, { maxCells: 1_000_000 })).toThrow(
      'The resample operation would produce 2,592,000 rows × 3 columns (7,776,000 cells), more than the limit of 1,000,000 cells (RAMA_POSTPROCESS_MAX_CELLS).',
    );
    expect(() => ensureCells('resample', 2_592_000, 3, { maxCells: 1_000_000 })).toThrow(PostProcessingLimitError);
  });

  it('lets an operation keep a frame already over the limit, not grow one past it', () => {
    const big = grid(10, 10);
    expect(() => ensureCells('sort', 100, 3, { maxCells: 50 }, big)).not.toThrow();
    expect(() => ensureCells('compare', 100, 4, { maxCells: 50 }, big)).toThrow(/compare operation would produce 100 rows × 4 columns/);
  });

  it('defaults to 2,000,000 cells: the SQL row limit × 20 columns', () => {
    expect(DEFAULT_POSTPROCESS_MAX_CELLS).toBe(2_000_000);
    expect(() => ensureCells('pivot', 100_000, 20, {})).not.toThrow();
    expect(() => ensureCells('pivot', 100_000, 21, {})).toThrow(/limit of 2,000,000 cells/);
  });
});

describe('resample counts its buckets from the rule before making them', () => {
  it('1L over three days is 172,800,001 rows, refused at once', () => {
    expect(refusal(daily(3), { operation: 'resample', options: { rule: '1L', method: 'asfreq' } })).toBe(
      'The resample operation would produce 172,800,001 rows × 2 columns (345,600,002 cells), more than the limit of 2,000,000 cells (RAMA_POSTPROCESS_MAX_CELLS).',
    );
  });

  it('1S over 30 days, 1T, 1H, 1D and 7D count exactly', () => {
    const f = daily(31);
    expect(refusal(f, { operation: 'resample', options: { rule: '1S', method: 'ffill' } })).toMatch(/produce 2,592,001 rows × 2 columns/);
    expect(refusal(f, { operation: 'resample', options: { rule: '1T', method: 'sum' } }, 80_000)).toMatch(/produce 43,201 rows/);
    expect(refusal(f, { operation: 'resample', options: { rule: '1H', method: 'mean' } }, 1_000)).toMatch(/produce 721 rows/);
    expect(refusal(f, { operation: 'resample', options: { rule: '1H', method: 'mean' } })).toBeNull();
    // as many rows as the frame had: kept whatever the limit; half days double them
    expect(refusal(f, { operation: 'resample', options: { rule: '1D', method: 'asfreq' } }, 10)).toBeNull();
    expect(refusal(f, { operation: 'resample', options: { rule: '12H', method: 'asfreq' } }, 100)).toMatch(
      /produce 61 rows × 2 columns \(122 cells\)/,
    );
    expect(refusal(f, { operation: 'resample', options: { rule: '7D', method: 'asfreq' } }, 10)).toBeNull();
  });

  it('counts the filled time range too', () => {
    const rule = { rule: '1S', method: 'asfreq', fill_value: 0, time_range_start: '2000-01-01', time_range_end: '2001-01-31' };
    expect(refusal(daily(3), { operation: 'resample', options: rule })).toMatch(/resample operation would produce 34,214,401 rows/);
  });

  it('calendar rules (1M, 1AS, W) are counted generously and bounded by the anchors they step through', () => {
    const f = daily(31);
    expect(refusal(f, { operation: 'resample', options: { rule: '1M', method: 'sum' } }, 20)).toBeNull();
    expect(refusal(f, { operation: 'resample', options: { rule: '1AS', method: 'sum' } }, 20)).toBeNull();
    const wide = { rule: '1MS', method: 'asfreq', fill_value: 0, time_range_start: '1000-01-01', time_range_end: '9000-01-01' };
    expect(refusal(daily(3), { operation: 'resample', options: wide }, 1_000)).toMatch(/resample operation would produce [\d,]+ rows/);
    // shifting by a billion months would loop a billion times
    expect(refusal(daily(3), { operation: 'resample', options: { rule: '1000000000M', method: 'sum' } })).toMatch(
      /resample operation would step through [\d,]+ calendar periods, more than the limit of 2,000,000/,
    );
  });
});

describe('pivot counts distinct index values × series × metrics', () => {
  it('refuses a table over the limit, naming its size', () => {
    expect(
      refusal(
        sparse(100, 50),
        {
          operation: 'pivot',
          options: { index: ['k'], columns: ['g'], aggregates: { x: { operator: 'sum' } } },
        },
        5_000,
      ),
    ).toBe(
      'The pivot operation would produce 100 rows × 51 columns (5,100 cells), more than the limit of 5,000 cells (RAMA_POSTPROCESS_MAX_CELLS).',
    );
  });

  it('counts the margins', () => {
    const rule = {
      operation: 'pivot',
      options: { index: ['k'], columns: ['g'], aggregates: { x: { operator: 'sum' } }, marginal_distributions: true },
    };
    expect(refusal(sparse(10, 10), rule, 120)).toMatch(/produce 11 rows × 12 columns/);
    expect(refusal(sparse(10, 10), rule, 132)).toBeNull();
  });

  it('refuses a cartesian product of index values before building it', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`a${i}`, `b${i}`, i]);
    const rule = {
      operation: 'pivot',
      options: { index: ['k', 'g'], aggregates: { x: { operator: 'sum' } }, drop_missing_columns: false },
    };
    expect(refusal(flat(rows), rule)).toMatch(/pivot operation would produce 400,000,000 rows × 3 columns/);
  });
});

describe('the other operations', () => {
  it('histogram: groups × bins', () => {
    const rule = { operation: 'histogram', options: { column: 'x', groupby: ['k'], bins: 1000 } };
    expect(refusal(grid(200, 1), rule, 100_000)).toMatch(/histogram operation would produce 200 rows × 1,001 columns/);
    expect(refusal(grid(200, 1), rule, 300_000)).toBeNull();
  });

  it('aggregate and boxplot: groups × aggregates (boxplot: 8 statistics per metric)', () => {
    const aggregates = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}`, { column: 'x', operator: 'sum' }]));
    expect(refusal(grid(100, 1), { operation: 'aggregate', options: { groupby: ['k'], aggregates } }, 3_000)).toMatch(
      /aggregate operation would produce 100 rows × 31 columns/,
    );
    expect(
      refusal(grid(100, 1), { operation: 'boxplot', options: { groupby: ['k'], metrics: ['x'], whisker_type: 'tukey' } }, 800),
    ).toMatch(/boxplot operation would produce 100 rows × 9 columns/);
  });

  it('compare, contribution, cum, diff and rolling: a source listed many times over', () => {
    const f = grid(100, 1);
    const many = Array.from({ length: 200 }, () => 'x');
    expect(
      refusal(f, { operation: 'compare', options: { source_columns: many, compare_columns: many, compare_type: 'difference' } }, 10_000),
    ).toMatch(/compare operation would produce 100 rows × 203 columns/);
    expect(refusal(f, { operation: 'contribution', options: { columns: many } }, 10_000)).toMatch(
      /contribution operation would produce 100 rows × 200 columns/,
    );
    expect(refusal(f, { operation: 'cum', options: { operator: 'sum', columns: many } }, 10_000)).toMatch(
      /cum operation would produce 100 rows × 200 columns/,
    );
    expect(refusal(f, { operation: 'diff', options: { columns: many } }, 10_000)).toMatch(/diff operation would produce/);
    expect(refusal(f, { operation: 'cum', options: { operator: 'sum', columns: ['x'] } }, 10_000)).toBeNull();
  });

  it('rolling: its work is rows × columns × window, and a huge window allocates nothing', () => {
    const f = grid(2_000, 1);
    const rule = (window: number) => ({ operation: 'rolling', options: { rolling_type: 'sum', window, columns: { x: 'x' } } });
    expect(refusal(f, rule(1e9), 1_000)).toMatch(
      /rolling operation would take 4,000,000 steps \(rows × columns × window\), more than the limit of 250,000/,
    );
    expect(refusal(f, rule(1e9))).toBeNull();
  });

  it('a select that repeats a column past the limit is refused after the fact, before anything reads it', () => {
    const many = Array.from({ length: 1000 }, () => 'x');
    expect(refusal(grid(100, 1), { operation: 'select', options: { columns: many } }, 10_000)).toMatch(
      /select operation would produce 100 rows × 1,000 columns/,
    );
  });

  it('a list of more than 1,000 names is refused', () => {
    const many = Array.from({ length: 1001 }, () => 'x');
    expect(refusal(grid(10, 1), { operation: 'sort', options: { by: many } })).toBe('`by` lists 1,001 names, more than the limit of 1,000');
  });

  it('sorting by a column listed twice orders as by it once', () => {
    const f = flat([
      ['b', 'x', 2],
      ['a', 'y', 1],
      ['b', 'z', 1],
    ]);
    const once = frameToRecords(applyPostProcessing(f, [{ operation: 'sort', options: { by: ['k', 'x'], ascending: [true, false] } }]));
    const twice = frameToRecords(
      applyPostProcessing(f, [{ operation: 'sort', options: { by: ['k', 'k', 'x', 'k'], ascending: [true, false, false, true] } }]),
    );
    expect(twice).toEqual(once);
    expect(once.map((r) => r.g)).toEqual(['y', 'x', 'z']);
  });
});
