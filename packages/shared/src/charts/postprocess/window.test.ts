import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from './index.js';

const series = (values: (number | null)[]) =>
  frameFromRows(
    ['t', 'y'],
    values.map((v, i) => [i, v]),
  );
const ys = (values: (number | null)[], rules: unknown[], col = 'y') =>
  frameToRecords(applyPostProcessing(series(values), rules)).map((r) => r[col]);
const rolling = (values: (number | null)[], options: Record<string, unknown>) =>
  ys(values, [{ operation: 'rolling', options: { columns: { y: 'y' }, ...options } }]);

describe('cum (the client sends rolling type cumsum as cum with operator sum)', () => {
  it('runs a sum, product, minimum and maximum; a missing value stays missing and is skipped', () => {
    const values = [3, null, 1, 4];
    expect(ys(values, [{ operation: 'cum', options: { operator: 'sum', columns: { y: 'y' } } }])).toEqual([3, null, 4, 8]);
    expect(ys(values, [{ operation: 'cum', options: { operator: 'prod', columns: { y: 'y' } } }])).toEqual([3, null, 3, 12]);
    expect(ys(values, [{ operation: 'cum', options: { operator: 'min', columns: { y: 'y' } } }])).toEqual([3, null, 1, 1]);
    expect(ys(values, [{ operation: 'cum', options: { operator: 'max', columns: { y: 'y' } } }])).toEqual([3, null, 3, 4]);
  });

  it('a new target name adds a column and keeps the source', () => {
    const out = frameToRecords(
      applyPostProcessing(series([1, 2]), [{ operation: 'cum', options: { operator: 'sum', columns: { y: 'total' } } }]),
    );
    expect(out).toEqual([
      { t: 0, y: 1, total: 1 },
      { t: 1, y: 2, total: 3 },
    ]);
  });

  it('rejects an unknown operator', () => {
    expect(() => ys([1], [{ operation: 'cum', options: { operator: 'avg', columns: { y: 'y' } } }])).toThrow(
      'Invalid cumulative operator: avg',
    );
  });
});

describe('diff', () => {
  it('subtracts the value periods rows before (or after, for negative periods)', () => {
    expect(ys([1, 4, 9, 16], [{ operation: 'diff', options: { columns: { y: 'y' } } }])).toEqual([null, 3, 5, 7]);
    expect(ys([1, 4, 9, 16], [{ operation: 'diff', options: { columns: { y: 'y' }, periods: 2 } }])).toEqual([null, null, 8, 12]);
    expect(ys([1, 4, 9, 16], [{ operation: 'diff', options: { columns: { y: 'y' }, periods: -1 } }])).toEqual([-3, -5, -7, null]);
  });

  it('axis 1 subtracts the previous chosen column', () => {
    const frame = frameFromRows(['a', 'b'], [[1, 5]]);
    const out = applyPostProcessing(frame, [{ operation: 'diff', options: { columns: { a: 'a', b: 'b' }, axis: 1 } }]);
    expect(frameToRecords(out)).toEqual([{ a: null, b: 4 }]);
  });
});

describe('rolling (spec §9 rolling types mean, sum, std; cumsum is the cum operation)', () => {
  const values = [1, 2, 3, 4, 5];

  it('mean over the window, partial windows counted when min_periods is 0 (the client default)', () => {
    expect(rolling(values, { rolling_type: 'mean', window: 2, min_periods: 0 })).toEqual([1, 1.5, 2.5, 3.5, 4.5]);
  });

  it('sum over the window', () => {
    expect(rolling(values, { rolling_type: 'sum', window: 3, min_periods: 0 })).toEqual([1, 3, 6, 9, 12]);
  });

  it('std is the sample standard deviation; one value has none', () => {
    expect(rolling(values, { rolling_type: 'std', window: 3, min_periods: 0 })).toEqual([null, Math.SQRT1_2, 1, 1, 1]);
  });

  it('min_periods leaves out the first min_periods − 1 rows', () => {
    const out = frameToRecords(
      applyPostProcessing(series(values), [
        { operation: 'rolling', options: { rolling_type: 'sum', window: 3, min_periods: 3, columns: { y: 'y' } } },
      ]),
    );
    expect(out).toEqual([
      { t: 2, y: 6 },
      { t: 3, y: 9 },
      { t: 4, y: 12 },
    ]);
  });

  it('without min_periods a window must be full', () => {
    expect(rolling(values, { rolling_type: 'mean', window: 2 })).toEqual([null, 1.5, 2.5, 3.5, 4.5]);
  });

  it('missing values are skipped and do not count towards min_periods', () => {
    expect(rolling([1, null, 3], { rolling_type: 'sum', window: 2, min_periods: 1 })).toEqual([1, 1, 3]);
    expect(rolling([null, null, 3], { rolling_type: 'sum', window: 2, min_periods: 0 })).toEqual([0, 0, 3]);
  });

  it('other pandas window statistics: min, max, median, count, var, quantile, skew, kurt', () => {
    const w = { window: 4, min_periods: 0 };
    expect(rolling([4, 1, 3, 2], { rolling_type: 'min', ...w })).toEqual([4, 1, 1, 1]);
    expect(rolling([4, 1, 3, 2], { rolling_type: 'max', ...w })).toEqual([4, 4, 4, 4]);
    expect(rolling([4, 1, 3, 2], { rolling_type: 'median', ...w })).toEqual([4, 2.5, 3, 2.5]);
    expect(rolling([4, null, 3, 2], { rolling_type: 'count', ...w })).toEqual([1, 1, 2, 3]);
    expect(rolling([4, 1, 3, 2], { rolling_type: 'var', ...w })).toEqual([null, 4.5, 7 / 3, 5 / 3]);
    expect(rolling([4, 1, 3, 2], { rolling_type: 'quantile', rolling_type_options: { quantile: 0.25 }, ...w })).toEqual([4, 1.75, 2, 1.75]);
    const [skew] = rolling([1, 2, 3, 10], { rolling_type: 'skew', window: 4 }).slice(-1);
    expect(skew).toBeCloseTo(1.7636326148038879, 12);
    const [kurt] = rolling([1, 2, 3, 10], { rolling_type: 'kurt', window: 4 }).slice(-1);
    expect(kurt).toBeCloseTo(3.228, 12);
  });

  it('center puts the label in the middle of the window', () => {
    expect(rolling(values, { rolling_type: 'sum', window: 3, min_periods: 0, center: true })).toEqual([3, 6, 9, 12, 9]);
  });

  it('after a pivot a metric name stands for each of its series', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 'a', 1],
        [1, 'b', 10],
        [2, 'a', 2],
        [2, 'b', 20],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'mean' } } } },
      { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { m: 'm' } } },
      { operation: 'flatten' },
    ]);
    expect(frameToRecords(out)).toEqual([
      { d: 1, 'm, a': 1, 'm, b': 10 },
      { d: 2, 'm, a': 3, 'm, b': 30 },
    ]);
  });

  it('names the fault: no window, window 0, an unknown type, an unknown column', () => {
    expect(() => rolling(values, { rolling_type: 'mean' })).toThrow('Undefined window for rolling operation');
    expect(() => rolling(values, { rolling_type: 'mean', window: 0 })).toThrow('Window must be > 0');
    expect(() => rolling(values, { rolling_type: 'ewm', window: 2 })).toThrow('Invalid rolling_type: ewm');
    expect(() => ys(values, [{ operation: 'rolling', options: { rolling_type: 'sum', window: 2, columns: { q: 'q' } } }])).toThrow(
      'Referenced columns not available in DataFrame: q',
    );
  });
});
