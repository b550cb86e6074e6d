import { describe, expect, it } from 'vitest';
import { applyPostProcessing, frameFromRows, frameToRecords } from '../../charts/postprocess/index.js';
import type { QueryFormData } from '../types.js';
import { DEFAULT_PICKER_COLOR, bigNumberDefinition, buildBigNumberQuery, buildBigNumberTotalQuery } from './index.js';

const base: QueryFormData = {
  datasource: '2__table',
  viz_type: 'big_number',
  metric: 'count',
  adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last quarter', clause: 'WHERE' }],
};

describe('big number buildQuery', () => {
  it('the total is the metric alone over the filtered rows', () => {
    const [q] = buildBigNumberTotalQuery({ ...base, viz_type: 'big_number_total' }).queries;
    expect(q).toMatchObject({ metrics: ['count'], columns: [], time_range: 'Last quarter' });
    expect(q.post_processing ?? []).toEqual([]);
  });

  it('the trendline groups by the time axis, pivots, rolls and flattens', () => {
    const [q] = buildBigNumberQuery({ ...base, x_axis: 'ds', time_grain_sqla: 'P1W', rolling_type: 'sum', rolling_periods: 2 }).queries;
    expect(q.columns).toEqual([{ columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', timeGrain: 'P1W' }]);
    expect(q.post_processing).toEqual([
      {
        operation: 'pivot',
        options: { index: ['ds'], columns: [], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: true },
      },
      { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { count: 'count' } } },
      { operation: 'flatten' },
    ]);
    const rows = [
      [Date.UTC(2024, 0, 1), 3],
      [Date.UTC(2024, 0, 8), 4],
      [Date.UTC(2024, 0, 15), 10],
    ];
    const out = frameToRecords(applyPostProcessing(frameFromRows(['ds', 'count'], rows, { temporalColumns: ['ds'] }), q.post_processing));
    expect(out.map((r) => r.count)).toEqual([3, 7, 14]);
  });
});

describe('big number control panel', () => {
  it('shows the trend line by default in the spec picker colour', () => {
    const { controls } = bigNumberDefinition.controlPanel;
    expect(controls.show_trend_line?.default).toBe(true);
    expect(controls.color_picker?.default).toEqual({ r: 0, g: 122, b: 135, a: 1 });
    expect(DEFAULT_PICKER_COLOR).toEqual({ r: 0, g: 122, b: 135, a: 1 });
  });

  it('the comparison lag must be an integer', () => {
    const lag = bigNumberDefinition.controlPanel.controls.compare_lag;
    const ctx = { formData: base, datasource: null, sqlMaxRow: 100000 };
    expect(lag?.validators?.map((v) => v('1.5', ctx))).toContain('is expected to be an integer');
    expect(lag?.validators?.map((v) => v('7', ctx))).toEqual([false]);
  });
});
