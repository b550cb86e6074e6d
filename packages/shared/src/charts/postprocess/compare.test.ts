import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameColumnNames, frameFromRows, frameToRecords } from './index.js';

const D1 = Date.UTC(2023, 0, 1);
const weekly = () =>
  frameFromRows(
    ['t', 'm', 'm__1 week ago'],
    [
      [D1, 3, 2],
      [D1 + 1, 1, 3],
      [D1 + 2, 5, 0],
    ],
    { temporalColumns: ['t'] },
  );
const compared = (compare_type: string, extra: Record<string, unknown> = {}) =>
  frameToRecords(
    applyPostProcessing(weekly(), [
      {
        operation: 'compare',
        options: { source_columns: ['m'], compare_columns: ['m__1 week ago'], compare_type, drop_original_columns: true, ...extra },
      },
    ]),
  );

describe('compare (spec §9 comparison types: values, absolute, percentage, ratio)', () => {
  it('values: the values themselves, no comparison column', () => {
    expect(
      frameColumnNames(
        applyPostProcessing(weekly(), [
          { operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 week ago'], compare_type: 'values' } },
        ]),
      ),
    ).toEqual(['t', 'm', 'm__1 week ago']);
  });

  it('absolute (sent as difference): source minus comparison, named difference__source__comparison', () => {
    expect(compared('difference')).toEqual([
      { t: D1, 'difference__m__m__1 week ago': 1 },
      { t: D1 + 1, 'difference__m__m__1 week ago': -2 },
      { t: D1 + 2, 'difference__m__m__1 week ago': 5 },
    ]);
    expect(compared('absolute')).toEqual(compared('difference'));
  });

  it('percentage: the change over the comparison, rounded to 4 places; over 0 it is empty', () => {
    expect(compared('percentage').map((r) => r['percentage__m__m__1 week ago'])).toEqual([0.5, -0.6667, null]);
  });

  it('ratio: source over comparison, rounded to 4 places', () => {
    expect(compared('ratio').map((r) => r['ratio__m__m__1 week ago'])).toEqual([1.5, 0.3333, null]);
    expect(compared('ratio', { precision: 2 }).map((r) => r['ratio__m__m__1 week ago'])).toEqual([1.5, 0.33, null]);
  });

  it('keeps the original columns unless asked to drop them', () => {
    const out = applyPostProcessing(weekly(), [
      { operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 week ago'], compare_type: 'ratio' } },
    ]);
    expect(frameColumnNames(out)).toEqual(['t', 'm', 'm__1 week ago', 'ratio__m__m__1 week ago']);
  });

  it('after a pivot compares each series with the same series', () => {
    const frame = frameFromRows(
      ['d', 's', 'm', 'p'],
      [
        [1, 'a', 4, 2],
        [1, 'b', 9, 3],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' }, p: { operator: 'sum' } } } },
      {
        operation: 'compare',
        options: { source_columns: ['m'], compare_columns: ['p'], compare_type: 'ratio', drop_original_columns: true },
      },
      { operation: 'flatten' },
    ]);
    expect(frameToRecords(out)).toEqual([{ d: 1, 'ratio__m__p, a': 2, 'ratio__m__p, b': 3 }]);
  });

  it('refuses unequal column lists and unknown types', () => {
    expect(() =>
      applyPostProcessing(weekly(), [
        { operation: 'compare', options: { source_columns: ['m'], compare_columns: [], compare_type: 'ratio' } },
      ]),
    ).toThrow('`compare_columns` must have the same length as `source_columns`.');
    expect(() => compared('delta')).toThrow('`compare_type` must be `difference`, `percentage` or `ratio`');
  });
});

describe('contribution', () => {
  const sales = () =>
    frameFromRows(
      ['t', 'a', 'b'],
      [
        [D1, 1, 3],
        [D1 + 1, null, 4],
        [D1 + 2, 3, 0],
      ],
      { temporalColumns: ['t'] },
    );

  it('column orientation: share of the column total, a missing cell counting as 0; times untouched', () => {
    expect(frameToRecords(applyPostProcessing(sales(), [{ operation: 'contribution', options: { orientation: 'column' } }]))).toEqual([
      { t: D1, a: 0.25, b: 3 / 7 },
      { t: D1 + 1, a: 0, b: 4 / 7 },
      { t: D1 + 2, a: 0.75, b: 0 },
    ]);
  });

  it('row orientation: share of the row total, a missing cell staying missing', () => {
    expect(frameToRecords(applyPostProcessing(sales(), [{ operation: 'contribution', options: { orientation: 'row' } }]))).toEqual([
      { t: D1, a: 0.25, b: 0.75 },
      { t: D1 + 1, a: null, b: 1 },
      { t: D1 + 2, a: 1, b: 0 },
    ]);
  });

  it('rename_columns keeps the originals and adds the shares', () => {
    const out = applyPostProcessing(sales(), [{ operation: 'contribution', options: { columns: ['b'], rename_columns: ['%b'] } }]);
    expect(frameColumnNames(out)).toEqual(['t', 'a', 'b', '%b']);
    expect(frameToRecords(out)[0]['%b']).toBe(3 / 7);
  });

  it('row orientation totals each time shift on its own', () => {
    const frame = frameFromRows(['x', 'y', 'x__1 year ago', 'y__1 year ago'], [[1, 3, 2, 2]]);
    const out = applyPostProcessing(frame, [{ operation: 'contribution', options: { orientation: 'row', time_shifts: ['1 year ago'] } }]);
    expect(frameToRecords(out)).toEqual([{ x: 0.25, y: 0.75, 'x__1 year ago': 0.5, 'y__1 year ago': 0.5 }]);
  });

  it('contribution_totals divides by the totals given', () => {
    const out = applyPostProcessing(sales(), [{ operation: 'contribution', options: { columns: ['a'], contribution_totals: { a: 10 } } }]);
    expect(frameToRecords(out).map((r) => r.a)).toEqual([0.1, 0, 0.3]);
  });

  it('refuses a column that is not numeric, and renames of another length', () => {
    const frame = frameFromRows(['name', 'v'], [['x', 1]]);
    expect(() => applyPostProcessing(frame, [{ operation: 'contribution', options: { columns: ['name'] } }])).toThrow(
      'Column "name" is not numeric or does not exists in the query results.',
    );
    expect(() =>
      applyPostProcessing(frame, [{ operation: 'contribution', options: { columns: ['v'], rename_columns: ['a', 'b'] } }]),
    ).toThrow('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  });
});
