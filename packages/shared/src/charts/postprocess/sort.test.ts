import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from './index.js';

const frame = () =>
  frameFromRows(
    ['x', 'y'],
    [
      ['b', 2],
      ['a', null],
      ['c', 2],
      ['d', 1],
    ],
  );
const xs = (rules: unknown[]) => frameToRecords(applyPostProcessing(frame(), rules)).map((r) => r.x);

describe('sort', () => {
  it('sorts by a column, missing values last either way, ties in their order', () => {
    expect(xs([{ operation: 'sort', options: { by: 'y' } }])).toEqual(['d', 'b', 'c', 'a']);
    expect(xs([{ operation: 'sort', options: { by: ['y'], ascending: false } }])).toEqual(['b', 'c', 'd', 'a']);
  });

  it('sorts by several columns with a direction each', () => {
    expect(xs([{ operation: 'sort', options: { by: ['y', 'x'], ascending: [false, false] } }])).toEqual(['c', 'b', 'd', 'a']);
  });

  it('reads the older client form columns: {name: ascending}', () => {
    expect(xs([{ operation: 'sort', options: { columns: { x: false } } }])).toEqual(['d', 'c', 'b', 'a']);
  });

  it('is_sort_index sorts by the x-axis after a pivot, or reverses row order on a plain frame', () => {
    const pivoted = applyPostProcessing(
      frameFromRows(
        ['d', 'm'],
        [
          [2, 20],
          [1, 10],
        ],
      ),
      [
        { operation: 'pivot', options: { index: ['d'], aggregates: { m: { operator: 'sum' } } } },
        { operation: 'sort', options: { is_sort_index: true, ascending: false } },
        { operation: 'flatten' },
      ],
    );
    expect(frameToRecords(pivoted)).toEqual([
      { d: 2, m: 20 },
      { d: 1, m: 10 },
    ]);
    expect(xs([{ operation: 'sort', options: { is_sort_index: true, ascending: false } }])).toEqual(['d', 'c', 'a', 'b']);
  });

  it('nothing to sort by leaves the rows as they are; an unknown column is named', () => {
    expect(xs([{ operation: 'sort', options: {} }])).toEqual(['b', 'a', 'c', 'd']);
    expect(() => xs([{ operation: 'sort', options: { by: 'z' } }])).toThrow('Referenced columns not available in DataFrame: z');
  });
});

describe('rank', () => {
  it('gives each metric value its percentile rank, ties sharing the average', () => {
    const out = frameToRecords(applyPostProcessing(frame(), [{ operation: 'rank', options: { metric: 'y' } }]));
    expect(out.map((r) => r.rank)).toEqual([5 / 6, null, 5 / 6, 1 / 3]);
  });

  it('ranks within each group', () => {
    const f = frameFromRows(
      ['g', 'v'],
      [
        ['a', 10],
        ['a', 30],
        ['b', 5],
        ['a', 20],
      ],
    );
    const out = frameToRecords(applyPostProcessing(f, [{ operation: 'rank', options: { metric: 'v', group_by: 'g' } }]));
    expect(out.map((r) => r.rank)).toEqual([1 / 3, 1, 1, 2 / 3]);
  });
});
