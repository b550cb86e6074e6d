import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildPairedTTestQuery, pairedTTestDefinition, validateProbability } from './index.js';

/** The form data of the peer's own buildQuery test. */
const fd: QueryFormData = {
  datasource: '5__table',
  granularity_sqla: 'ds',
  time_grain_sqla: 'P1D',
  time_range: 'No filter',
  viz_type: 'paired_ttest',
  groupby: ['gender'],
  metrics: ['sum__num'],
};
const ctx: ControlContext = { formData: fd, datasource: null, sqlMaxRow: 100000 };

describe('paired t-test buildQuery', () => {
  it('builds a timeseries query grouped by the group columns', () => {
    const [q] = buildPairedTTestQuery(fd).queries;
    expect(q.columns).toEqual(['gender']);
    expect(q.metrics).toEqual(['sum__num']);
    expect(q.is_timeseries).toBe(true);
    expect(q.granularity).toBe('ds');
    expect(q.extras?.time_grain_sqla).toBe('P1D');
  });

  it('appends the sort metric and orders when order_desc is set', () => {
    const [q] = buildPairedTTestQuery({ ...fd, timeseries_limit_metric: 'count', order_desc: true }).queries;
    expect(q.metrics).toEqual(['sum__num', 'count']);
    expect(q.orderby).toEqual([['count', false]]);
  });

  it('ignores residual order_by_cols from other viz types', () => {
    const [q] = buildPairedTTestQuery({ ...fd, order_by_cols: ['["count", false]'] }).queries;
    expect(q.orderby).toEqual([]);
  });
});

describe('paired t-test control panel', () => {
  it('has the peer defaults: alpha 0.05, p-values to 6 places, lift to 4', () => {
    expect(defaultFormData(pairedTTestDefinition, null)).toMatchObject({
      significance_level: 0.05,
      pvalue_precision: 6,
      liftvalue_precision: 4,
    });
    expect(pairedTTestDefinition.meta).toMatchObject({ key: 'paired_ttest', name: 'Paired t-test Table', category: 'Correlation' });
  });

  it('the groups are required; alpha is a probability', () => {
    expect(pairedTTestDefinition.controlPanel.controls.groupby?.validators?.map((v) => v([], ctx))).toContain('cannot be empty');
    expect(validateProbability(0.01, ctx)).toBe(false);
    expect(validateProbability(1.5, ctx)).toBe('is expected to be between 0 and 1');
    expect(validateProbability('abc', ctx)).toBe('is expected to be a number');
  });
});
