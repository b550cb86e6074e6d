import { describe, expect, it } from 'vitest';
import type { ReportListItem } from '@rama/shared';
import {
  changesFromBody,
  filedFromBody,
  filedFromListItem,
  filedReport,
  initialReportsState,
  reportAdded,
  reportDeleted,
  reportEdited,
  reportsFetched,
  type FiledReport,
} from './reportsState';

const onDashboard: FiledReport = {
  id: 7,
  name: 'Weekly flights',
  type: 'Report',
  active: true,
  creation_method: 'dashboards',
  dashboard: 5,
  chart: null,
};
const onChart: FiledReport = {
  id: 8,
  name: 'Daily delays',
  type: 'Report',
  active: true,
  creation_method: 'charts',
  dashboard: null,
  chart: 12,
};

function listItem(overrides: Partial<ReportListItem>): ReportListItem {
  return {
    id: 1,
    type: 'Report',
    name: 'r',
    description: null,
    active: true,
    creation_method: 'dashboards',
    chart_id: null,
    dashboard_id: 5,
    chart: null,
    dashboard: { id: 5, dashboard_title: 'Flights' },
    saved_query: null,
    crontab: '0 9 * * *',
    crontab_humanized: 'Every day at 09:00',
    timezone: 'UTC',
    report_format: 'PNG',
    owners: [],
    recipients: [],
    created_by: null,
    changed_by: null,
    created_on: '2026-01-01T00:00:00Z',
    changed_on: '2026-01-01T00:00:00Z',
    changed_on_delta_humanized: 'now',
    last_eval_dttm: null,
    last_state: null,
    ...overrides,
  };
}

describe('spec 4 "Reports": fetched, added, edited and deleted reports are filed by creation method and target', () => {
  it('files a fetched report under its creation method, then its dashboard or chart id', () => {
    let state = reportsFetched(initialReportsState, 'dashboards', 5, [onDashboard]);
    state = reportsFetched(state, 'charts', 12, [onChart]);
    expect(state).toEqual({ dashboards: { 5: onDashboard }, charts: { 12: onChart } });
    expect(filedReport(state, 'dashboards', 5)).toBe(onDashboard);
    expect(filedReport(state, 'charts', 5)).toBeNull();
  });

  it('a fetch that finds no report on the target clears its entry (the report was deleted elsewhere)', () => {
    const state = reportsFetched({ dashboards: { 5: onDashboard, 6: { ...onDashboard, id: 9, dashboard: 6 } } }, 'dashboards', 5, []);
    expect(state).toEqual({ dashboards: { 6: { ...onDashboard, id: 9, dashboard: 6 } } });
  });

  it('a fetch only files a report that is on the asked target', () => {
    expect(reportsFetched(initialReportsState, 'dashboards', 5, [{ ...onDashboard, dashboard: 6 }])).toEqual({ dashboards: {} });
  });

  it('files an added report from the body sent and the id the server gave', () => {
    const report = filedFromBody(21, { type: 'Report', name: 'New', crontab: '0 9 * * *', creation_method: 'charts', chart: 12 });
    expect(report).toEqual({ id: 21, name: 'New', type: 'Report', active: true, creation_method: 'charts', dashboard: null, chart: 12 });
    expect(reportAdded(initialReportsState, report)).toEqual({ charts: { 12: report } });
  });

  it('edits in place: `{active}` alone flips the flag of the filed report', () => {
    const state = reportEdited({ dashboards: { 5: onDashboard } }, 7, changesFromBody({ active: false }));
    expect(filedReport(state, 'dashboards', 5)).toEqual({ ...onDashboard, active: false });
  });

  it('an edit that moves the report to another target files it there and not under the old one', () => {
    const state = reportEdited({ dashboards: { 5: onDashboard } }, 7, { name: 'Renamed', dashboard: 6 });
    expect(state).toEqual({ dashboards: { 6: { ...onDashboard, name: 'Renamed', dashboard: 6 } } });
  });

  it('an edit of a report that is not filed is filed only when the body says where it belongs', () => {
    expect(reportEdited(initialReportsState, 3, { active: false })).toBe(initialReportsState);
    const full = changesFromBody({ type: 'Report', name: 'Full', active: true, creation_method: 'charts', chart: 4, dashboard: null });
    expect(reportEdited(initialReportsState, 3, full)).toEqual({
      charts: { 4: { id: 3, name: 'Full', type: 'Report', active: true, creation_method: 'charts', dashboard: null, chart: 4 } },
    });
  });

  it('a deleted report leaves the state wherever it was filed; an unknown id changes nothing', () => {
    const state = { dashboards: { 5: onDashboard }, charts: { 12: onChart } };
    expect(reportDeleted(state, 8)).toEqual({ dashboards: { 5: onDashboard }, charts: {} });
    expect(reportDeleted(state, 99)).toBe(state);
  });

  it('reads a list row as a filed report (dashboard_id and chart_id are the target)', () => {
    expect(filedFromListItem(listItem({ id: 4, dashboard_id: null, chart_id: 12, creation_method: 'charts' }))).toEqual({
      id: 4,
      name: 'r',
      type: 'Report',
      active: true,
      creation_method: 'charts',
      dashboard: null,
      chart: 12,
    });
  });
});
