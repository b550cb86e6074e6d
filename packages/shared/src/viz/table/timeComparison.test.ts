import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '../types.js';
import { buildTableQuery, tableDefinition } from './index.js';

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

  it('has a Time Comparison section with a single time shift', () => {
    const { sections, controls } = tableDefinition.controlPanel;
    expect(sections.find((s) => s.label === 'Time Comparison')?.controlSetRows).toEqual([['time_compare']]);
    expect(controls.time_compare?.multi).toBe(false);
  });
});
