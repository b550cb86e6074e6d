import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from './index.js';

const ages = () =>
  frameFromRows(
    ['team', 'age'],
    [
      ['a', 0],
      ['a', 2.5],
      ['b', 4],
      ['b', 10],
      ['a', null],
      ['b', 5],
    ],
  );
const hist = (options: Record<string, unknown>) =>
  frameToRecords(applyPostProcessing(ages(), [{ operation: 'histogram', options: { column: 'age', ...options } }]));

describe('histogram', () => {
  it('counts values in equal bins from minimum to maximum, named by their edges as Python writes floats', () => {
    expect(hist({ bins: 4 })).toEqual([{ '0.0 - 2.5': 1, '2.5 - 5.0': 2, '5.0 - 7.5': 1, '7.5 - 10.0': 1 }]);
  });

  it('a bin holds its lower edge; the last bin its upper edge too', () => {
    expect(hist({ bins: 2 })).toEqual([{ '0.0 - 5.0': 3, '5.0 - 10.0': 2 }]);
  });

  it('counts per group, cumulative, normalized by the grand total', () => {
    expect(hist({ bins: 2, groupby: ['team'] })).toEqual([
      { team: 'a', '0.0 - 5.0': 2, '5.0 - 10.0': 0 },
      { team: 'b', '0.0 - 5.0': 1, '5.0 - 10.0': 2 },
    ]);
    expect(hist({ bins: 2, groupby: ['team'], cumulative: true })).toEqual([
      { team: 'a', '0.0 - 5.0': 2, '5.0 - 10.0': 2 },
      { team: 'b', '0.0 - 5.0': 1, '5.0 - 10.0': 3 },
    ]);
    expect(hist({ bins: 2, normalize: true })).toEqual([{ '0.0 - 5.0': 0.6, '5.0 - 10.0': 0.4 }]);
  });

  it('one distinct value spans half a unit either side', () => {
    const frame = frameFromRows(['v'], [[3], [3]]);
    expect(frameToRecords(applyPostProcessing(frame, [{ operation: 'histogram', options: { column: 'v', bins: 1 } }]))).toEqual([
      { '2.5 - 3.5': 2 },
    ]);
  });

  it('edges are computed as numpy computes them (i · step + minimum)', () => {
    const frame = frameFromRows(['v'], [[0.1], [0.7]]);
    const names = Object.keys(
      frameToRecords(applyPostProcessing(frame, [{ operation: 'histogram', options: { column: 'v', bins: 3 } }]))[0],
    );
    expect(names).toEqual(['0.1 - 0.3', '0.3 - 0.5', '0.5 - 0.7']);
  });

  it('refuses bins out of range and text values', () => {
    expect(() => hist({ bins: 0 })).toThrow('`bins` must be an integer between 1 and 1000');
    expect(() => hist({ bins: 1001 })).toThrow('`bins` must be an integer between 1 and 1000');
    expect(() => frameToRecords(applyPostProcessing(ages(), [{ operation: 'histogram', options: { column: 'team' } }]))).toThrow(
      "Column 'team' contains non-numeric values",
    );
  });
});
