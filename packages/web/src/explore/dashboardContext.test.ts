import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { dashboardIdOf, formDataWithDashboardContext, withoutDashboardFilters } from './dashboardContext';
import { formDataToSave } from './savePayload';

const chart: QueryFormData = {
  viz_type: 'table',
  datasource: '3__table',
  slice_id: 9,
  adhoc_filters: [
    {
      expressionType: 'SIMPLE',
      subject: 'flight_date',
      operator: 'TEMPORAL_RANGE',
      comparator: 'No filter',
      clause: 'WHERE',
      isExtra: false,
    },
    { expressionType: 'SIMPLE', subject: 'dep_delay', operator: '>', comparator: 10, clause: 'WHERE', isExtra: false },
  ],
  extra_form_data: {
    filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'LAX'] }],
    time_range: 'Last year',
    time_grain_sqla: 'P1M',
  },
};

describe('Explore opened from a dashboard (Edit chart)', () => {
  it("writes the dashboard's filters into the chart's filters, marked as dashboard filters, and its time range into the range filter", () => {
    const fd = formDataWithDashboardContext(chart, 4);
    expect(fd.extra_form_data).toBeUndefined();
    expect(fd.dashboardId).toBe(4);
    expect(fd.time_range).toBe('Last year');
    expect(fd.time_grain_sqla).toBe('P1M');
    expect(fd.adhoc_filters).toEqual([
      expect.objectContaining({ subject: 'flight_date', operator: 'TEMPORAL_RANGE', comparator: 'Last year', isExtra: false }),
      expect.objectContaining({ subject: 'dep_delay', operator: '>', comparator: 10, isExtra: false }),
      expect.objectContaining({
        subject: 'origin',
        operator: 'IN',
        operatorId: 'IN',
        comparator: ['SFO', 'LAX'],
        clause: 'WHERE',
        isExtra: true,
      }),
    ]);
    expect(dashboardIdOf(fd)).toBe(4);
    expect(dashboardIdOf(chart)).toBeNull();
  });

  it("adds a range filter on the dashboard's time column when the chart has none", () => {
    const fd = formDataWithDashboardContext(
      { viz_type: 'table', datasource: '3__table', extra_form_data: { time_range: 'Last week', granularity_sqla: 'flight_date' } },
      2,
    );
    expect(fd.granularity_sqla).toBe('flight_date');
    expect(fd.adhoc_filters).toEqual([
      expect.objectContaining({ subject: 'flight_date', operator: 'TEMPORAL_RANGE', comparator: 'Last week', isExtra: true }),
    ]);
  });

  it('saving leaves the dashboard filters and the dashboard out of the chart', () => {
    const fd = formDataWithDashboardContext(chart, 4);
    const saved = formDataToSave(fd);
    expect(saved.dashboardId).toBeUndefined();
    expect((saved.adhoc_filters as { subject: string }[]).map((f) => f.subject)).toEqual(['flight_date', 'dep_delay']);
    expect(withoutDashboardFilters(chart)).toBe(chart);
  });
});
