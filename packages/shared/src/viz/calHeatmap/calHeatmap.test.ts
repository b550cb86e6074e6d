import { describe, expect, it } from 'vitest';
import { defaultFormData } from '../transitions.js';
import type { QueryFormData } from '../types.js';
import { buildCalHeatmapQuery, calHeatmapDefinition } from './index.js';

/** Daily flights, January to June 2001, in month blocks. */
const fd: QueryFormData = {
  datasource: '5__table',
  viz_type: 'cal_heatmap',
  granularity_sqla: 'date',
  domain_granularity: 'month',
  subdomain_granularity: 'day',
  metrics: ['count'],
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2001-01-01 : 2001-07-01', clause: 'WHERE' },
  ],
};

describe('calendar heatmap buildQuery', () => {
  it("asks the metrics on the legacy time axis at the subdomain's grain, as the legacy calendar does", () => {
    const [q] = buildCalHeatmapQuery(fd).queries;
    expect(q).toMatchObject({
      granularity: 'date',
      is_timeseries: true,
      columns: [],
      metrics: ['count'],
      time_range: '2001-01-01 : 2001-07-01',
      extras: { time_grain_sqla: 'P1D' },
      // no row limit control: 10,000 rows rather than the server's default 1,000
      row_limit: 10000,
    });
  });

  it('maps each subdomain to its grain; minutes when none is set', () => {
    const grain = (subdomain_granularity: unknown) =>
      buildCalHeatmapQuery({ ...fd, subdomain_granularity }).queries[0].extras?.time_grain_sqla;
    expect(grain('hour')).toBe('PT1H');
    expect(grain('week')).toBe('P1W');
    expect(grain('month')).toBe('P1M');
    expect(grain(undefined)).toBe('PT1M');
  });
});

describe('calendar heatmap control panel', () => {
  it('month blocks of day cells by default, with the legacy sizes', () => {
    const defaults = defaultFormData(calHeatmapDefinition, null);
    expect(defaults).toMatchObject({ domain_granularity: 'month', subdomain_granularity: 'day', cell_size: 10, cell_padding: 2 });
    expect(defaults).toMatchObject({ cell_radius: 0, steps: 10, show_legend: true, show_values: false, show_metric_name: true });
  });
});
