import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameColumnNames, frameFromRows, frameToRecords } from './index.js';

const pivoted = (origins: string[], metrics = ['m']) => {
  const rows = origins.map((o, i) => [1, o, ...metrics.map((_, k) => i + k)]);
  return applyPostProcessing(frameFromRows(['d', 'origin', ...metrics], rows), [
    {
      operation: 'pivot',
      options: { index: ['d'], columns: ['origin'], aggregates: Object.fromEntries(metrics.map((m) => [m, { operator: 'sum' }])) },
    },
  ]);
};

describe('flatten', () => {
  it('joins levels with ", " and escapes a comma inside a level, as the BI server does', () => {
    const out = applyPostProcessing(pivoted(['San Francisco, CA', 'SEA']), [{ operation: 'flatten' }]);
    expect(frameColumnNames(out)).toEqual(['d', 'm, SEA', 'm, San Francisco\\, CA']);
  });

  it('drop_levels removes levels by position before joining', () => {
    const out = applyPostProcessing(pivoted(['SEA', 'SFO']), [{ operation: 'flatten', options: { drop_levels: [0] } }]);
    expect(frameColumnNames(out)).toEqual(['d', 'SEA', 'SFO']);
  });

  it('drop_levels may name a level', () => {
    const out = applyPostProcessing(pivoted(['SEA']), [{ operation: 'flatten', options: { drop_levels: ['origin'] } }]);
    expect(frameColumnNames(out)).toEqual(['d', 'm']);
  });

  it('reset_index false keeps the x-axis as the index', () => {
    const out = applyPostProcessing(pivoted(['SEA']), [{ operation: 'flatten', options: { reset_index: false } }]);
    expect(out.index).toBe(1);
    expect(frameColumnNames(out)).toEqual(['d', 'm, SEA']);
  });

  it('leaves a flat frame as it is, commas included', () => {
    const frame = frameFromRows(['a, b'], [[1]]);
    expect(frameToRecords(applyPostProcessing(frame, [{ operation: 'flatten' }]))).toEqual([{ 'a, b': 1 }]);
  });
});

describe('rename', () => {
  it('renames one level of a pivoted frame', () => {
    const out = applyPostProcessing(pivoted(['SEA'], ['a', 'b']), [
      { operation: 'rename', options: { columns: { a: 'A' }, level: 0 } },
      { operation: 'flatten' },
    ]);
    expect(frameColumnNames(out)).toEqual(['d', 'A, SEA', 'b, SEA']);
  });

  it('a null new name drops that label from the flattened name (one metric: series names only)', () => {
    const out = applyPostProcessing(pivoted(['SEA', 'SFO']), [
      { operation: 'rename', options: { columns: { m: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(frameColumnNames(out)).toEqual(['d', 'SEA', 'SFO']);
  });

  it('renames flat columns', () => {
    const out = applyPostProcessing(frameFromRows(['a', 'b'], [[1, 2]]), [{ operation: 'rename', options: { columns: { a: 'x' } } }]);
    expect(frameToRecords(out)).toEqual([{ x: 1, b: 2 }]);
  });

  it('refuses a rename onto labels that exist already, and an unknown column', () => {
    const frame = frameFromRows(['a', 'b'], [[1, 2]]);
    expect(() => applyPostProcessing(frame, [{ operation: 'rename', options: { columns: { a: 'b' } } }])).toThrow('Label already exists');
    expect(() => applyPostProcessing(frame, [{ operation: 'rename', options: { columns: { zz: 'y' } } }])).toThrow(
      'Referenced columns not available in DataFrame: zz',
    );
  });

  it('an empty mapping changes nothing', () => {
    const frame = frameFromRows(['a'], [[1]]);
    expect(applyPostProcessing(frame, [{ operation: 'rename', options: { columns: {} } }])).toBe(frame);
  });
});

describe('select', () => {
  const frame = frameFromRows(['a', 'b', 'c'], [[1, 2, 3]]);

  it('keeps the listed columns in the listed order, then renames', () => {
    const out = applyPostProcessing(frame, [{ operation: 'select', options: { columns: ['c', 'a'], rename: { a: 'A' } } }]);
    expect(frameColumnNames(out)).toEqual(['c', 'A']);
  });

  it('excludes columns', () => {
    const out = applyPostProcessing(frame, [{ operation: 'select', options: { exclude: ['b'] } }]);
    expect(frameToRecords(out)).toEqual([{ a: 1, c: 3 }]);
  });

  it('an excluded column must survive the selection', () => {
    expect(() => applyPostProcessing(frame, [{ operation: 'select', options: { columns: ['a'], exclude: ['b'] } }])).toThrow(
      'Referenced columns not available in DataFrame: b',
    );
  });

  it('names every unknown column', () => {
    expect(() => applyPostProcessing(frame, [{ operation: 'select', options: { columns: ['x', 'a', 'y'] } }])).toThrow(
      'Referenced columns not available in DataFrame: x, y',
    );
  });
});
