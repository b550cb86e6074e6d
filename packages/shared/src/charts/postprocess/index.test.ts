import { describe, expect, it } from 'vitest';
import {
  POST_PROCESSING_OPERATIONS,
  PostProcessingError,
  applyPostProcessing,
  frameColumnNames,
  frameFromRows,
  frameToRecords,
} from './index.js';

const frame = () =>
  frameFromRows(
    ['a', 'b'],
    [
      [1, 'x'],
      [2, undefined],
    ],
  );

describe('frames from and to the chart data reply', () => {
  it('keeps rows as records, undefined cells as null', () => {
    expect(frameToRecords(frame())).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: null },
    ]);
    expect(frameColumnNames(frame())).toEqual(['a', 'b']);
  });

  it('reads Date objects in a temporal column as epoch milliseconds', () => {
    const f = frameFromRows(['t'], [[new Date(Date.UTC(2023, 0, 1))]], { temporalColumns: ['t'] });
    expect(f.columns[0].values).toEqual([Date.UTC(2023, 0, 1)]);
    expect(frameToRecords(f)).toEqual([{ t: Date.UTC(2023, 0, 1) }]);
  });

  it('a column named __proto__ is an ordinary key of each record', () => {
    const records = frameToRecords(frameFromRows(['__proto__'], [[1]]));
    expect(Object.keys(records[0])).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(records[0])).toBe(Object.prototype);
  });
});

describe('applyPostProcessing', () => {
  it('applies no rules, or empty ones, as nothing', () => {
    const f = frame();
    expect(applyPostProcessing(f, undefined)).toBe(f);
    expect(applyPostProcessing(f, [null, {}])).toBe(f);
  });

  it('names an unknown operation, a rule without one, and forecasting as not supported', () => {
    expect(() => applyPostProcessing(frame(), [{ operation: 'foo' }])).toThrow('Unsupported post processing operation: foo');
    expect(() => applyPostProcessing(frame(), [{ options: {} }])).toThrow('`operation` property of post processing object undefined');
    expect(() => applyPostProcessing(frame(), [{ operation: 'prophet', options: { periods: 3 } }])).toThrow(
      'The prophet operation (forecasting) is not supported',
    );
    expect(() => applyPostProcessing(frame(), [{ operation: 'foo' }])).toThrow(PostProcessingError);
  });

  it('offers every operation the web client sends', () => {
    expect([...POST_PROCESSING_OPERATIONS].sort()).toEqual(
      [
        'aggregate',
        'boxplot',
        'compare',
        'contribution',
        'cum',
        'diff',
        'flatten',
        'histogram',
        'pivot',
        'rank',
        'rename',
        'resample',
        'rolling',
        'select',
        'sort',
      ].sort(),
    );
  });

  it('does not change the frame it is given', () => {
    const f = frameFromRows(
      ['d', 's', 'm'],
      [
        [2, 'x', 1],
        [1, 'y', 2],
      ],
    );
    const before = frameToRecords(f);
    applyPostProcessing(f, [
      { operation: 'pivot', options: { index: ['d'], columns: ['s'], aggregates: { m: { operator: 'sum' } } } },
      { operation: 'cum', options: { operator: 'sum', columns: { m: 'm' } } },
      { operation: 'flatten' },
    ]);
    applyPostProcessing(f, [{ operation: 'sort', options: { by: 'd' } }]);
    expect(frameToRecords(f)).toEqual(before);
  });
});
