/** The alerts and reports list (issue 14 part 5): its addresses, filters and who may change a row. */
import type { ReportListItem, ReportState, ReportType, UserRef } from '@rama/shared';
import type { ListFilter } from '../components/listState';
import { t } from '../i18n';

/** The two lists share one page; the address says which one is open. */
export const reportListPath = (type: ReportType): string => (type === 'Alert' ? '/alert/list/' : '/report/list/');

/** The execution log of one alert or report. */
export const reportLogPath = (type: ReportType, id: number): string => `${type === 'Alert' ? '/alert' : '/report'}/${id}/log/`;

/** The list's filters, as its toolbar holds them (null: not filtered on). */
export interface ReportFilters {
  /** matched against the name */
  search: string;
  ownerId: number | null;
  createdById: number | null;
  /** the state of the last run */
  lastState: ReportState | null;
  /** true: active, false: paused */
  active: boolean | null;
}

export const NO_REPORT_FILTERS: ReportFilters = { search: '', ownerId: null, createdById: null, lastState: null, active: null };

/**
 * The rison filters of `GET /api/v1/report/`: the type of the open list always, then the
 * toolbar's (the BI server's operators: `ct` on the name, owners many-to-many, created_by one-to-many,
 * the last run's state and the active flag by equality).
 */
export function reportListFilters(type: ReportType, f: ReportFilters): ListFilter[] {
  const filters: ListFilter[] = [{ col: 'type', opr: 'eq', value: type }];
  const search = f.search.trim();
  if (search) filters.push({ col: 'name', opr: 'ct', value: search });
  if (f.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.ownerId });
  if (f.createdById !== null) filters.push({ col: 'created_by', opr: 'rel_o_m', value: f.createdById });
  if (f.lastState !== null) filters.push({ col: 'last_state', opr: 'eq', value: f.lastState });
  if (f.active !== null) filters.push({ col: 'active', opr: 'eq', value: f.active });
  return filters;
}

/** Whether the toolbar narrows the list (the type alone does not). */
export const isFiltered = (f: ReportFilters): boolean => reportListFilters('Report', f).length > 1;

/**
 * Who may edit, pause or delete a report: can_write on ReportSchedule plus being an admin or one
 * of its owners (the server checks again).
 */
export function canEditReport(
  report: { owners: Pick<UserRef, 'id'>[] },
  userId: number,
  access: { isAdmin: boolean; canWriteReports: boolean },
): boolean {
  return access.canWriteReports && (access.isAdmin || report.owners.some((o) => o.id === userId));
}

/** The page of the dashboard or chart a report sends. */
export function targetPath(
  report: Pick<ReportListItem, 'dashboard_id' | 'chart_id'> & { saved_query?: { id: number } | null },
): string | null {
  if (report.dashboard_id !== null) return `/rama/dashboard/${report.dashboard_id}/`;
  if (report.chart_id !== null) return `/explore/?slice_id=${report.chart_id}`;
  // a scheduled query opens in SQL Lab, where its schedule is changed
  if (report.saved_query) return `/sqllab/?savedQueryId=${report.saved_query.id}`;
  return null;
}

/** What deleting a report or an alert does, said in its confirm (in the user's language: call it where it is shown). */
export const deleteReportDescription = (): string => t('reports:deleteDescription');
