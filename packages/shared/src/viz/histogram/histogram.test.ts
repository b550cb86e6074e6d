import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { defaultFormData, validateControls } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { buildHistogramQuery, histogramDefinition } from './index.js';

/** Horsepower of cars by origin, in 10 bins. */
const fd: QueryFormData = {
  datasource: '9__table',
  viz_type: 'histogram_v2',
  column: 'horsepower',
  groupby: ['origin'],
  adhoc_filters: [],
  row_limit: 10000,
  bins: 10,
  normalize: false,
  cumulative: false,
};

describe('histogram buildQuery', () => {
  it('reads the raw values (no metrics) with the dimensions, binned by the histogram operation', () => {
    const [q] = buildHistogramQuery(fd).queries;
    expect(q.columns).toEqual(['origin', 'horsepower']);
    expect('metrics' in q).toBe(false);
    expect(q.row_limit).toBe(10000);
    expect(q.post_processing).toEqual([
      { operation: 'histogram', options: { column: 'horsepower', groupby: ['origin'], bins: 10, cumulative: false, normalize: false } },
    ]);
  });

  it('bins typed as text count; a bins value that is not a number falls back to 5', () => {
    const binsOf = (bins: unknown) =>
      (buildHistogramQuery({ ...fd, bins }).queries[0].post_processing?.[0] as { options: { bins: number } }).options.bins;
    expect(binsOf('20')).toBe(20);
    expect(binsOf('many')).toBe(5);
  });

  it('the server answers one row per origin and one column per bin', () => {
    const rules = buildHistogramQuery({ ...fd, bins: 2 }).queries[0].post_processing ?? [];
    const rows = [
      ['USA', 100],
      ['USA', 200],
      ['Japan', 100],
    ];
    expect(frameToRecords(applyPostProcessing(frameFromRows(['origin', 'horsepower'], rows), rules))).toEqual([
      { origin: 'Japan', '100.0 - 150.0': 1, '150.0 - 200.0': 0 },
      { origin: 'USA', '100.0 - 150.0': 1, '150.0 - 200.0': 1 },
    ]);
  });
});

describe('histogram control panel', () => {
  it('5 bins by default; the column is required and bins must be an integer', () => {
    const defaults = defaultFormData(histogramDefinition, null);
    expect(defaults).toMatchObject({ bins: 5, normalize: false, cumulative: false, row_limit: 10000 });
    const errors = validateControls(histogramDefinition, { formData: { ...defaults, bins: '2.5' }, datasource: null, sqlMaxRow: 100000 });
    expect(errors.column).toEqual(['cannot be empty']);
    expect(errors.bins).toEqual(['is expected to be an integer']);
  });
});
