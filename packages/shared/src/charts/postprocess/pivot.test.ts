import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameColumnNames, frameFromRows, frameToRecords } from './index.js';

const D1 = Date.UTC(2023, 0, 1);
const D2 = Date.UTC(2023, 1, 1);
const D3 = Date.UTC(2023, 2, 1);

const flights = () =>
  frameFromRows(
    ['date', 'origin', 'm'],
    [
      [D2, 'SFO', 1],
      [D1, 'SEA', 2],
      [D1, 'SFO', 3],
      [D2, 'SEA', 4],
      [D1, 'SEA', 6],
    ],
    { temporalColumns: ['date'] },
  );

const run = (rules: unknown[], frame = flights()) => applyPostProcessing(frame, rules);

describe('pivot as the timeseries client sends it', () => {
  it('pivot → rename({m: null}, level 0) → flatten gives columns date, SEA, SFO', () => {
    const out = run([
      {
        operation: 'pivot',
        options: { index: ['date'], columns: ['origin'], aggregates: { m: { operator: 'mean' } }, drop_missing_columns: true },
      },
      { operation: 'rename', options: { columns: { m: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(frameColumnNames(out)).toEqual(['date', 'SEA', 'SFO']);
    expect(frameToRecords(out)).toEqual([
      { date: D1, SEA: 4, SFO: 3 },
      { date: D2, SEA: 4, SFO: 1 },
    ]);
  });

  it('without the rename the metric stays in the series name', () => {
    const out = run([
      { operation: 'pivot', options: { index: ['date'], columns: ['origin'], aggregates: { m: { operator: 'mean' } } } },
      { operation: 'flatten' },
    ]);
    expect(frameColumnNames(out)).toEqual(['date', 'm, SEA', 'm, SFO']);
  });

  it('the reference request (pivot then flatten, one metric, no rename) names series "metric, value"', () => {
    const frame = frameFromRows(
      ['date', 'origin', 'AVG(delay)'],
      [
        [D1, 'SEA', 4.8],
        [D1, 'SFO', 3.1],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['date'], columns: ['origin'], aggregates: { 'AVG(delay)': { operator: 'mean' } } } },
      { operation: 'flatten' },
    ]);
    expect(frameToRecords(out)).toEqual([{ date: D1, 'AVG(delay), SEA': 4.8, 'AVG(delay), SFO': 3.1 }]);
  });
});

describe('pivot follows pandas pivot_table', () => {
  const pivot = (options: Record<string, unknown>, frame = flights()) =>
    frameToRecords(applyPostProcessing(frame, [{ operation: 'pivot', options }, { operation: 'flatten' }]));

  it('sorts rows by index and series by value; a missing series value is named <NULL>', () => {
    const frame = frameFromRows(
      ['date', 'origin', 'm'],
      [
        [D3, 'b', 1],
        [D1, null, 2],
        [D2, 'a', 3],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['date'], columns: ['origin'], aggregates: { m: { operator: 'sum' } } } },
    ]);
    expect(frameColumnNames(out)).toEqual(['date', 'm, <NULL>', 'm, a', 'm, b']);
    expect(out.columns[0].values).toEqual([D1, D2, D3]);
  });

  it('empty cells are null, or metric_fill_value when given', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 'x', 1],
        [2, 'y', 2],
      ],
    );
    const base = { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' } } };
    expect(pivot(base, frame)).toEqual([
      { d: 1, 'm, x': 1, 'm, y': null },
      { d: 2, 'm, x': null, 'm, y': 2 },
    ]);
    expect(pivot({ ...base, metric_fill_value: 0 }, frame)).toEqual([
      { d: 1, 'm, x': 1, 'm, y': 0 },
      { d: 2, 'm, x': 0, 'm, y': 2 },
    ]);
  });

  it('drop_missing_columns drops rows and series without any value; off, they stay', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 'x', 1],
        [1, 'z', null],
        [2, 'z', null],
        [null, 'x', 5],
      ],
    );
    const base = { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'mean' } } };
    expect(pivot(base, frame)).toEqual([{ d: 1, 'm, x': 1 }]);
    expect(pivot({ ...base, drop_missing_columns: false }, frame)).toEqual([
      { d: 1, 'm, x': 1, 'm, z': null },
      { d: 2, 'm, x': null, 'm, z': null },
      { d: null, 'm, x': 5, 'm, z': null },
    ]);
  });

  it('a sum over only missing values is 0, a mean of them is empty', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 'x', null],
        [1, 'y', 1],
      ],
    );
    expect(pivot({ index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' } } }, frame)).toEqual([
      { d: 1, 'm, x': 0, 'm, y': 1 },
    ]);
    expect(pivot({ index: ['d'], columns: ['s'], aggregates: { m: { operator: 'mean' } } }, frame)).toEqual([{ d: 1, 'm, y': 1 }]);
  });

  it('metrics are sorted and each spreads over every series', () => {
    const frame = frameFromRows(
      ['d', 's', 'b', 'a'],
      [
        [1, 'x', 10, 1],
        [1, 'y', 20, 2],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['d'], columns: ['s'], aggregates: { b: { operator: 'sum' }, a: { operator: 'sum' } } } },
      { operation: 'flatten' },
    ]);
    expect(frameColumnNames(out)).toEqual(['d', 'a, x', 'a, y', 'b, x', 'b, y']);
  });

  it('series named after numbers, booleans and times as the BI server writes them', () => {
    const frame = frameFromRows(['d', 'year', 'flag', 'month', 'm'], [[1, 2020, true, D1, 1]], { temporalColumns: ['month'] });
    const names = (col: string) =>
      frameColumnNames(
        applyPostProcessing(frame, [
          { operation: 'pivot', options: { index: ['d'], columns: [col], aggregates: { m: { operator: 'sum' } } } },
          { operation: 'flatten' },
        ]),
      );
    expect(names('year')).toEqual(['d', 'm, 2020']);
    expect(names('flag')).toEqual(['d', 'm, True']);
    expect(names('month')).toEqual(['d', 'm, 2023-01-01 00:00:00']);
  });

  it('series sort numbers numerically, before text; a numeric column with a missing value is named as floats', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 10, 1],
        [1, 9, 1],
        [1, null, 1],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' } } } },
    ]);
    expect(frameColumnNames(out)).toEqual(['d', 'm, 9.0', 'm, 10.0', 'm, <NULL>']);
  });

  it('without columns each metric is one flat column', () => {
    expect(pivot({ index: ['date'], aggregates: { m: { operator: 'max' } } })).toEqual([
      { date: D1, m: 6 },
      { date: D2, m: 4 },
    ]);
  });

  it('several index columns group on their combinations, in sorted order', () => {
    const frame = frameFromRows(
      ['a', 'b', 'm'],
      [
        [2, 'x', 1],
        [1, 'y', 2],
        [1, 'x', 3],
      ],
    );
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['a', 'b'], aggregates: { m: { operator: 'sum' } } } },
    ]);
    expect(out.index).toBe(2);
    expect(out.columns[0].values).toEqual([1, 1, 2]);
    expect(out.columns[1].values).toEqual(['x', 'y', 'x']);
    expect(out.columns[2].values).toEqual([3, 2, 1]);
  });

  it('combine_value_with_metric puts metrics side by side within each series', () => {
    const frame = frameFromRows(
      ['d', 's', 'a', 'b'],
      [
        [1, 'x', 1, 10],
        [1, 'y', 2, 20],
      ],
    );
    const out = applyPostProcessing(frame, [
      {
        operation: 'pivot',
        options: {
          index: ['d'],
          columns: ['s'],
          aggregates: { a: { operator: 'sum' }, b: { operator: 'sum' } },
          combine_value_with_metric: true,
        },
      },
      { operation: 'flatten' },
    ]);
    expect(frameToRecords(out)).toEqual([{ d: 1, 'x, a': 1, 'x, b': 10, 'y, a': 2, 'y, b': 20 }]);
  });

  it('marginal distributions add an All column per metric and an All row', () => {
    const frame = frameFromRows(
      ['d', 's', 'm'],
      [
        [1, 'x', 1],
        [1, 'y', 2],
        [2, 'x', 3],
        [2, 'x', 5],
      ],
    );
    const out = applyPostProcessing(frame, [
      {
        operation: 'pivot',
        options: { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' } }, marginal_distributions: true },
      },
      { operation: 'flatten' },
    ]);
    expect(frameToRecords(out)).toEqual([
      { d: 1, 'm, x': 1, 'm, y': 2, 'm, All': 3 },
      { d: 2, 'm, x': 8, 'm, y': null, 'm, All': 8 },
      { d: 'All', 'm, x': 9, 'm, y': 2, 'm, All': 11 },
    ]);
  });

  it('aggregate operators keep numpy rules: a missing value spoils median and average, counts for count, is skipped by the rest', () => {
    const frame = frameFromRows(
      ['d', 'm'],
      [
        [1, 1],
        [1, 3],
        [1, null],
        [2, 1],
        [2, 2],
        [2, 4],
        [2, 10],
      ],
    );
    const agg = (operator: string, options?: Record<string, unknown>) =>
      applyPostProcessing(frame, [
        { operation: 'pivot', options: { index: ['d'], aggregates: { m: { operator, options } }, drop_missing_columns: false } },
      ]).columns[1].values;
    expect(agg('median')).toEqual([null, 3]);
    expect(agg('nanmedian')).toEqual([2, 3]);
    expect(agg('count')).toEqual([3, 4]);
    expect(agg('std')).toEqual([1, 3.491060010942235]);
    expect(agg('var', { ddof: 1 })).toEqual([2, 16.25]);
    expect(agg('average')).toEqual([null, 4.25]);
    expect(agg('argmax')).toEqual([1, 3]);
    expect(agg('percentile', { q: 50 })).toEqual([null, 3]);
    expect(agg('nanpercentile', { q: 25 })).toEqual([1.5, 1.75]);
    expect(agg('prod')).toEqual([3, 80]);
    expect(agg('min')).toEqual([1, 1]);
    expect(agg('count_nonzero')).toEqual([3, 4]);
  });

  it('rejects a pivot without index or aggregates, unknown columns and operators, naming them', () => {
    expect(() => run([{ operation: 'pivot', options: { index: [], aggregates: { m: { operator: 'sum' } } } }])).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => run([{ operation: 'pivot', options: { index: ['date'], aggregates: {} } }])).toThrow(
      'Pivot operation must include at least one aggregate',
    );
    expect(() =>
      run([{ operation: 'pivot', options: { index: ['date'], columns: ['bar'], aggregates: { m: { operator: 'sum' } } } }]),
    ).toThrow('Referenced columns not available in DataFrame: bar');
    expect(() => run([{ operation: 'pivot', options: { index: ['date'], aggregates: { x: { operator: 'sum' } } } }])).toThrow(
      'Column referenced by aggregate is undefined: x',
    );
    expect(() => run([{ operation: 'pivot', options: { index: ['date'], aggregates: { m: {} } } }])).toThrow(
      'Operator undefined for aggregator: m',
    );
    expect(() => run([{ operation: 'pivot', options: { index: ['date'], aggregates: { m: { operator: 'mode' } } } }])).toThrow(
      'Invalid numpy function: mode',
    );
  });
});
