import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.js';
import { MAX_TABLE_TIME_SHIFTS, buildTableQuery, tableDefinition, tableTimeShifts } from './index.js';
import { TOO_MANY_TIME_SHIFTS } from './controlPanel.js';

const agg: QueryFormData = {
  datasource: '4__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['origin'],
  metrics: ['count'],
  adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last year' }],
};

describe('table time comparison query', () => {
  it('asks the chart data engine for the shifted period with time_offsets', () => {
    const [q] = buildTableQuery({ ...agg, time_compare: '1 year ago' }).queries;
    expect(q.time_offsets).toEqual(['1 year ago']);
    const [fromList] = buildTableQuery({ ...agg, time_compare: ['28 days ago'] }).queries;
    expect(fromList.time_offsets).toEqual(['28 days ago']);
  });

  it('asks for no shift without a time shift, for inherit, or in raw mode', () => {
    expect(buildTableQuery(agg).queries[0].time_offsets ?? []).toEqual([]);
    expect(buildTableQuery({ ...agg, time_compare: 'inherit' }).queries[0].time_offsets ?? []).toEqual([]);
    const raw = buildTableQuery({ ...agg, query_mode: 'raw', all_columns: ['origin'], time_compare: '1 year ago' }).queries[0];
    expect(raw.time_offsets ?? []).toEqual([]);
  });

  it('keeps the row count query of server pagination unshifted', () => {
    const queries = buildTableQuery({ ...agg, time_compare: '1 year ago', server_pagination: true }).queries;
    expect(queries[1].is_rowcount).toBe(true);
    expect(queries[1].time_offsets).toEqual([]);
  });

  it('asks for every chosen shift, each once, in the order chosen', () => {
    const [q] = buildTableQuery({ ...agg, time_compare: ['1 year ago', '1 week ago', ' 1 year ago ', 'inherit', ''] }).queries;
    expect(q.time_offsets).toEqual(['1 year ago', '1 week ago']);
  });

  it(`compares with at most ${MAX_TABLE_TIME_SHIFTS} shifts (each is a query of its own)`, () => {
    const many = Array.from({ length: 15 }, (_, i) => `${i + 1} days ago`);
    expect(tableTimeShifts({ time_compare: many })).toEqual(many.slice(0, MAX_TABLE_TIME_SHIFTS));
    expect(buildTableQuery({ ...agg, time_compare: many }).queries[0].time_offsets).toHaveLength(MAX_TABLE_TIME_SHIFTS);
    const validate = tableDefinition.controlPanel.controls.time_compare?.validators?.[0];
    const ctx = { formData: agg, datasource: null, sqlMaxRow: 100000 };
    expect(validate?.(many, ctx)).toBe(TOO_MANY_TIME_SHIFTS);
    expect(validate?.(many.slice(0, MAX_TABLE_TIME_SHIFTS), ctx)).toBe(false);
  });

  it('has a Time Comparison section with several time shifts and the calculation type', () => {
    const { sections, controls } = tableDefinition.controlPanel;
    expect(sections.find((s) => s.label === 'Time Comparison')?.controlSetRows).toEqual([['time_compare'], ['comparison_type']]);
    expect(controls.time_compare?.multi).toBe(true);
    expect(controls.comparison_type?.choices).toEqual([
      ['values', 'Actual values'],
      ['absolute', 'Difference'],
      ['percentage', 'Percentage change'],
      ['ratio', 'Ratio'],
    ]);
    // the calculation type shows once a shift is chosen, and only redraws the table
    const visible = (fd: Record<string, unknown>) =>
      controls.comparison_type?.visibility?.({ formData: { ...agg, ...fd }, datasource: null, sqlMaxRow: 100000 });
    expect(visible({ time_compare: [] })).toBe(false);
    expect(visible({ time_compare: ['1 year ago'] })).toBe(true);
    expect(controls.comparison_type?.renderTrigger).toBe(true);
  });
});
