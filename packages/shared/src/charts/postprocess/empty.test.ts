/**
 * Every post-processing operation on a result without rows (a chart whose filters match nothing):
 * no operation may fail for want of rows, alone or in the chains the chart types send, and the
 * output has no rows either.
 */
import { describe, expect, it } from 'vitest';
import { POST_PROCESSING_OPERATIONS, applyPostProcessing, frameColumnNames, frameFromRows, frameToRecords } from './index.js';

const T = '__timestamp';
const M = 'AVG(delay)';
const M2 = 'COUNT(*)';
const empty = () => frameFromRows([T, 'origin', M, M2], [], { temporalColumns: [T] });

const pivotOnOrigin = {
  operation: 'pivot',
  options: {
    index: [T],
    columns: ['origin'],
    aggregates: { [M]: { operator: 'mean' }, [M2]: { operator: 'mean' } },
    drop_missing_columns: false,
  },
};
const pivotNoColumns = {
  operation: 'pivot',
  options: { index: [T], columns: [], aggregates: { [M]: { operator: 'mean' } }, drop_missing_columns: false },
};

/** One rule per operation, with the options a chart type sends. */
const SINGLE: Record<string, unknown> = {
  aggregate: {
    operation: 'aggregate',
    options: { groupby: ['origin'], aggregates: { [M]: { operator: 'mean' }, n: { column: M2, operator: 'sum' } } },
  },
  boxplot: { operation: 'boxplot', options: { groupby: ['origin'], metrics: [M], whisker_type: 'tukey' } },
  compare: {
    operation: 'compare',
    options: { source_columns: [M], compare_columns: [M2], compare_type: 'difference', drop_original_columns: true },
  },
  contribution: { operation: 'contribution', options: { orientation: 'row', columns: [M, M2], rename_columns: ['%a', '%b'] } },
  cum: { operation: 'cum', options: { operator: 'sum', columns: { [M]: M } } },
  diff: { operation: 'diff', options: { columns: { [M]: M }, periods: 1 } },
  flatten: { operation: 'flatten' },
  histogram: { operation: 'histogram', options: { column: M, groupby: ['origin'], bins: 5, cumulative: false, normalize: false } },
  pivot: pivotOnOrigin,
  rank: { operation: 'rank', options: { metric: M, group_by: 'origin' } },
  rename: { operation: 'rename', options: { columns: { [M]: 'delay' }, level: 0, inplace: true } },
  resample: { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
  rolling: { operation: 'rolling', options: { rolling_type: 'mean', window: 3, min_periods: 0, columns: { [M]: M } } },
  select: { operation: 'select', options: { columns: [T, M], rename: { [M]: 'delay' } } },
  sort: { operation: 'sort', options: { by: M, ascending: false } },
};

describe('post-processing on an empty result', () => {
  it('has a case for every operation', () => {
    expect(Object.keys(SINGLE).sort()).toEqual([...POST_PROCESSING_OPERATIONS].sort());
  });

  for (const [name, rule] of Object.entries(SINGLE)) {
    it(`${name} answers no rows`, () => {
      // resample needs a time index: it runs after a pivot, as the chart types send it
      const rules = name === 'resample' ? [pivotNoColumns, rule] : [rule];
      const out = applyPostProcessing(empty(), rules);
      expect(out.length).toBe(0);
      expect(frameToRecords(out)).toEqual([]);
    });
  }

  it('a missing column is still an error when there are rows', () => {
    const rows = frameFromRows([T, M], [[1, 2]]);
    expect(() => applyPostProcessing(rows, [{ operation: 'rename', options: { columns: { nope: 'x' } } }])).toThrow(
      'Referenced columns not available in DataFrame: nope',
    );
  });

  const CHAINS: [string, unknown[]][] = [
    // a line chart grouped by a dimension with truncate_metric (issue 26 item 1)
    [
      'pivot on a dimension, rename away the metric, flatten',
      [pivotOnOrigin, { operation: 'rename', options: { columns: { [M]: null }, level: 0, inplace: true } }, { operation: 'flatten' }],
    ],
    [
      'pivot, cumulative sum, flatten',
      [pivotOnOrigin, { operation: 'cum', options: { operator: 'sum', columns: { [M]: M } } }, { operation: 'flatten' }],
    ],
    [
      'pivot, rolling, resample, contribution, sort, flatten',
      [
        pivotNoColumns,
        { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { [M]: M } } },
        { operation: 'resample', options: { method: 'asfreq', rule: '1W', fill_value: 0 } },
        { operation: 'contribution', options: { orientation: 'row', columns: [M] } },
        { operation: 'sort', options: { is_sort_index: true, ascending: true } },
        { operation: 'flatten' },
      ],
    ],
    [
      'pivot, diff, compare against itself, flatten',
      [pivotNoColumns, { operation: 'diff', options: { columns: { [M]: M } } }, { operation: 'flatten' }],
    ],
    [
      'aggregate then sort and rank',
      [
        { operation: 'aggregate', options: { groupby: ['origin'], aggregates: { [M]: { operator: 'sum' } } } },
        { operation: 'sort', options: { by: M } },
        { operation: 'rank', options: { metric: M } },
      ],
    ],
  ];

  for (const [name, rules] of CHAINS) {
    it(`the chain "${name}" answers no rows`, () => {
      const out = applyPostProcessing(empty(), rules);
      expect(out.length).toBe(0);
      expect(frameToRecords(out)).toEqual([]);
      // the x axis stays the first column
      expect(frameColumnNames(out)[0]).toBe(rules[0] === pivotOnOrigin || rules[0] === pivotNoColumns ? T : 'origin');
    });
  }
});
