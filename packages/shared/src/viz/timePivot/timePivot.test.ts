import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { ControlContext, QueryFormData } from '../types.js';
import { buildTimePivotQuery, timePivotDefinition, validateFrequency } from './index.js';

/** Monthly unemployment, one line per year. */
const fd: QueryFormData = {
  datasource: '14__table',
  viz_type: 'time_pivot',
  granularity_sqla: 'date',
  time_grain_sqla: 'P1M',
  time_range: 'No filter',
  metric: 'sum_unemployed',
  adhoc_filters: [],
  freq: 'AS',
};
const ctx: ControlContext = { formData: fd, datasource: null, sqlMaxRow: 100000 };

describe('time pivot buildQuery', () => {
  it('the one metric on the legacy time axis at the grain', () => {
    const [q] = buildTimePivotQuery({ ...fd, metrics: ['count'] }).queries;
    expect(q).toMatchObject({ metrics: ['sum_unemployed'], columns: [], is_timeseries: true, granularity: 'date' });
    expect(q.extras?.time_grain_sqla).toBe('P1M');
  });
});

describe('time pivot control panel', () => {
  it('has the peer defaults: weeks starting Monday, linear lines, the default picker colour', () => {
    expect(defaultFormData(timePivotDefinition, null)).toMatchObject({
      freq: 'W-MON',
      line_interpolation: 'linear',
      color_picker: { r: 0, g: 122, b: 135, a: 1 },
      show_legend: true,
      bottom_margin: 'auto',
      y_log_scale: false,
    });
  });

  it('the frequency is a pandas offset alias the pivot understands', () => {
    for (const f of ['AS', 'W-MON', '52W-MON', '4W-MON', 'D', 'MS', 'M', 'H', 'T']) expect(validateFrequency(f, ctx), f).toBe(false);
    expect(validateFrequency('fortnight', ctx)).toMatch(/offset alias/);
  });
});
