import { describe, expect, it } from 'vitest';
import type { AdhocColumn } from '../../api/chartData.js';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import { defaultFormData, validateControls } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { boxPlotDefinition, buildBoxPlotQuery } from './index.js';

const DAY: AdhocColumn = { expressionType: 'SQL', label: 'day', sqlExpression: "date_trunc('day', date)" };

/** Daily average delays, distributed across days, one box per origin airport. */
const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'box_plot',
  columns: [DAY],
  groupby: ['origin'],
  metrics: ['avg_delay'],
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SFO', 'LAX'], clause: 'WHERE' }],
  whiskerOptions: 'Tukey',
};

describe('box plot buildQuery', () => {
  it('asks the metrics at the grain of the distribution and the dimensions, reduced by the boxplot operation', () => {
    const [q] = buildBoxPlotQuery(fd).queries;
    expect(q).toMatchObject({
      columns: [DAY, 'origin'],
      series_columns: ['origin'],
      metrics: ['avg_delay'],
      filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'LAX'] }],
    });
    expect(q.post_processing).toEqual([
      { operation: 'boxplot', options: { whisker_type: 'tukey', groupby: ['origin'], metrics: ['avg_delay'] } },
    ]);
  });

  it('maps the whisker choices to the operation: min/max and percentiles', () => {
    const rule = (whiskerOptions: string) => buildBoxPlotQuery({ ...fd, whiskerOptions }).queries[0].post_processing?.[0];
    expect(rule('Min/max (no outliers)')).toMatchObject({ options: { whisker_type: 'min/max' } });
    expect(rule('9/91 percentiles')).toMatchObject({ options: { whisker_type: 'percentile', percentiles: [9, 91] } });
    expect(() => rule('Sometimes')).toThrow('Unsupported whisker type: Sometimes');
  });

  it('the server reduces each origin to its five numbers, mean, count and outliers', () => {
    const rules = buildBoxPlotQuery(fd).queries[0].post_processing ?? [];
    const rows = [1, 2, 3, 4, 5, 6, 7, 8, 9, 40].map((v, i) => [`d${i}`, 'SFO', v]);
    const [sfo] = frameToRecords(applyPostProcessing(frameFromRows(['day', 'origin', 'avg_delay'], rows), rules));
    expect(sfo).toMatchObject({ origin: 'SFO', avg_delay__median: 5.5, avg_delay__min: 1, avg_delay__max: 9, avg_delay__count: 10 });
    expect(sfo.avg_delay__outliers).toEqual([40]);
  });
});

describe('box plot control panel', () => {
  it('defaults to Tukey whiskers and 10,000 rows (a distribution cut at the server default of 1,000 would lie)', () => {
    const defaults = defaultFormData(boxPlotDefinition, null);
    expect(defaults.whiskerOptions).toBe('Tukey');
    expect(defaults.row_limit).toBe(10000);
    expect(buildBoxPlotQuery({ ...fd, ...defaults, ...fd }).queries[0].row_limit).toBe(10000);
  });

  it('distribute across and metrics are required', () => {
    const defaults = defaultFormData(boxPlotDefinition, null);
    const errors = validateControls(boxPlotDefinition, {
      formData: { ...defaults, columns: [], metrics: [] },
      datasource: null,
      sqlMaxRow: 1000,
    });
    expect(errors.columns).toEqual(['cannot be empty']);
    expect(errors.metrics).toEqual(['cannot be empty']);
  });
});
