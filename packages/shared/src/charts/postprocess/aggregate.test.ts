import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameColumnNames, frameFromRows, frameToRecords } from './index.js';

const trips = () =>
  frameFromRows(
    ['carrier', 'delay'],
    [
      ['b', 1],
      ['a', 2],
      ['a', 4],
      ['b', null],
      [null, 100],
      ['b', 3],
    ],
  );

describe('aggregate', () => {
  it('one row per group in sorted order, a column per named aggregate; rows without a key are left out', () => {
    const out = applyPostProcessing(trips(), [
      {
        operation: 'aggregate',
        options: {
          groupby: ['carrier'],
          aggregates: {
            total: { column: 'delay', operator: 'sum' },
            avg: { column: 'delay', operator: 'mean' },
            n: { column: 'delay', operator: 'count' },
          },
        },
      },
    ]);
    expect(frameToRecords(out)).toEqual([
      { carrier: 'a', total: 6, avg: 3, n: 2 },
      { carrier: 'b', total: 4, avg: 2, n: 3 },
    ]);
  });

  it('without groupby, one row over all rows', () => {
    const out = applyPostProcessing(trips(), [
      { operation: 'aggregate', options: { groupby: [], aggregates: { delay: { operator: 'max' } } } },
    ]);
    expect(frameToRecords(out)).toEqual([{ delay: 100 }]);
  });

  it('names an unknown group-by column and an unknown aggregate column', () => {
    expect(() => applyPostProcessing(trips(), [{ operation: 'aggregate', options: { groupby: ['x'], aggregates: {} } }])).toThrow(
      'Referenced columns not available in DataFrame: x',
    );
    expect(() =>
      applyPostProcessing(trips(), [{ operation: 'aggregate', options: { groupby: [], aggregates: { y: { operator: 'sum' } } } }]),
    ).toThrow('Column referenced by aggregate is undefined: y');
  });
});

describe('boxplot', () => {
  const sample = () =>
    frameFromRows(
      ['g', 'v'],
      [1, 2, 3, 4, 5, 6, 7, 8, 100].map((v) => ['x', v]),
    );
  const box = (options: Record<string, unknown>) =>
    frameToRecords(applyPostProcessing(sample(), [{ operation: 'boxplot', options: { groupby: ['g'], metrics: ['v'], ...options } }]))[0];

  it('tukey: whiskers at the furthest values within 1.5 IQR of the midpoint quartiles, the rest outliers', () => {
    expect(box({ whisker_type: 'tukey' })).toEqual({
      g: 'x',
      v__mean: 136 / 9,
      v__median: 5,
      v__max: 8,
      v__min: 1,
      v__q1: 3,
      v__q3: 7,
      v__count: 9,
      v__outliers: [100],
    });
  });

  it('min/max: whiskers at the extremes, no outliers', () => {
    expect(box({ whisker_type: 'min/max' })).toMatchObject({ v__max: 100, v__min: 1, v__outliers: [] });
  });

  it('percentile: whiskers at the two percentiles', () => {
    expect(box({ whisker_type: 'percentile', percentiles: [10, 90] })).toMatchObject({
      v__min: 1.8,
      v__max: 26.400000000000016,
      v__outliers: [100, 1],
    });
  });

  it('columns come per statistic, then per metric', () => {
    const frame = frameFromRows(['g', 'a', 'b'], [['x', 1, 2]]);
    const out = applyPostProcessing(frame, [
      { operation: 'boxplot', options: { groupby: ['g'], metrics: ['a', 'b'], whisker_type: 'min/max' } },
    ]);
    expect(frameColumnNames(out).slice(0, 5)).toEqual(['g', 'a__mean', 'b__mean', 'a__median', 'b__median']);
  });

  it('refuses percentiles that are not two increasing numbers', () => {
    expect(() => box({ whisker_type: 'percentile', percentiles: [90, 10] })).toThrow(
      'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
    );
  });
});
