import { describe, expect, it } from 'vitest';
import { filterValueSummary, formatRunTime, runDuration, timezoneList } from './reportDisplay';
import { NO_REPORT_FILTERS, canEditReport, isFiltered, reportListFilters, reportListPath, reportLogPath, targetPath } from './reportList';
import { attachedReportsQuery } from './reportApi';

describe('alerts and reports list', () => {
  it('asks the server for the open list’s type, then the toolbar’s filters with the BI server’s operators', () => {
    expect(reportListFilters('Alert', NO_REPORT_FILTERS)).toEqual([{ col: 'type', opr: 'eq', value: 'Alert' }]);
    expect(reportListFilters('Report', { search: ' weekly ', ownerId: 2, createdById: 3, lastState: 'Error', active: false })).toEqual([
      { col: 'type', opr: 'eq', value: 'Report' },
      { col: 'name', opr: 'ct', value: 'weekly' },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
      { col: 'created_by', opr: 'rel_o_m', value: 3 },
      { col: 'last_state', opr: 'eq', value: 'Error' },
      { col: 'active', opr: 'eq', value: false },
    ]);
    expect(isFiltered(NO_REPORT_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_REPORT_FILTERS, active: true })).toBe(true);
  });

  it('has one address per list and per log', () => {
    expect(reportListPath('Alert')).toBe('/alert/list/');
    expect(reportListPath('Report')).toBe('/report/list/');
    expect(reportLogPath('Report', 4)).toBe('/report/4/log/');
    expect(reportLogPath('Alert', 4)).toBe('/alert/4/log/');
  });

  it('links a report to the dashboard or chart it sends', () => {
    expect(targetPath({ dashboard_id: 5, chart_id: null })).toBe('/rama/dashboard/5/');
    expect(targetPath({ dashboard_id: null, chart_id: 12 })).toBe('/explore/?slice_id=12');
    expect(targetPath({ dashboard_id: null, chart_id: null, saved_query: { id: 7 } })).toBe('/sqllab/?savedQueryId=7');
  });

  it('lets admins and owners with can_write on ReportSchedule change a report', () => {
    const report = { owners: [{ id: 3 }] };
    expect(canEditReport(report, 3, { isAdmin: false, canWriteReports: true })).toBe(true);
    expect(canEditReport(report, 4, { isAdmin: true, canWriteReports: true })).toBe(true);
    expect(canEditReport(report, 4, { isAdmin: false, canWriteReports: true })).toBe(false);
    expect(canEditReport(report, 3, { isAdmin: false, canWriteReports: false })).toBe(false);
  });

  it('spec 7 "Reports": a header looks up the user’s report on its chart or dashboard by target, creation method and creator', () => {
    expect(attachedReportsQuery({ creationMethod: 'dashboards', resourceId: 5, userId: 3 }).filters).toEqual([
      { col: 'dashboard_id', opr: 'eq', value: 5 },
      { col: 'creation_method', opr: 'eq', value: 'dashboards' },
      { col: 'created_by', opr: 'rel_o_m', value: 3 },
    ]);
    expect(attachedReportsQuery({ creationMethod: 'charts', resourceId: 12, userId: 3 }).filters?.[0]).toEqual({
      col: 'chart_id',
      opr: 'eq',
      value: 12,
    });
  });
});

describe('how reports read', () => {
  it('offers UTC first, then the zones in order, once each', () => {
    expect(timezoneList(['Europe/Paris', 'America/New_York', 'UTC', 'Europe/Paris'])).toEqual(['UTC', 'America/New_York', 'Europe/Paris']);
  });

  it('shows a run time on the clock of the report’s zone', () => {
    const run = new Date('2026-03-02T08:00:00Z');
    expect(formatRunTime(run, 'Europe/Paris', 'en-GB')).toMatch(/09:00/);
    expect(formatRunTime(run, 'America/New_York', 'en-GB')).toMatch(/03:00/);
  });

  it('says which filters a saved data mask has values for', () => {
    const mask = {
      'NATIVE_FILTER-a': { filterState: { value: ['JFK'], label: 'JFK' } },
      'NATIVE_FILTER-b': { filterState: { value: [] } },
      'NATIVE_FILTER-c': { filterState: { value: 'x' } },
      '12': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
    };
    expect(filterValueSummary(mask, { 'NATIVE_FILTER-a': 'Origin' })).toBe('Origin (JFK), 1 filter, 1 cross-filter');
    expect(filterValueSummary({ f: { filterState: { value: 1, label: 'x'.repeat(50) } } }, { f: 'Long' })).toBe(
      `Long (${'x'.repeat(39)}…)`,
    );
    expect(filterValueSummary({}, {})).toBe('no filter has a value');
  });

  it('gives a run’s duration once it ended', () => {
    expect(runDuration('2026-01-01T00:00:00Z', '2026-01-01T00:00:02.500Z')).toBe('2.5 s');
    expect(runDuration('2026-01-01T00:00:00Z', '2026-01-01T00:03:00Z')).toBe('3m');
    expect(runDuration('2026-01-01T00:00:00Z', null)).toBeNull();
  });
});
