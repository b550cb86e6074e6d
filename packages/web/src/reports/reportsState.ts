/**
 * The reports the page headers know about (spec section 3 "Report", section 4 "Reports"): client
 * state files reports by creation_method, then by dashboard or chart id, and fetched, added, edited
 * and deleted reports are filed the same way. Small pure functions, so the rule can be checked
 * without a store; reportsSlice.ts wires them to the API's replies.
 */
import type { ReportCreate, ReportCreationMethod, ReportListItem, ReportPut, ReportType } from '@rama/shared';

/** What the state keeps of a report (the spec's id, creation_method, dashboard, chart, and what a menu shows). */
export interface FiledReport {
  id: number;
  name: string;
  type: ReportType;
  active: boolean;
  creation_method: ReportCreationMethod;
  dashboard: number | null;
  chart: number | null;
}

/** creation_method → the dashboard's or chart's id → its report. */
export type ReportsState = Partial<Record<ReportCreationMethod, Record<number, FiledReport>>>;

export const initialReportsState: ReportsState = {};

/** The dashboard or chart a report is on (a report is on one of them). */
export function reportTarget(report: Pick<FiledReport, 'dashboard' | 'chart'>): number | null {
  return report.dashboard ?? report.chart;
}

/** A row of the report list, as the state files it. */
export function filedFromListItem(item: ReportListItem): FiledReport {
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    active: item.active,
    creation_method: item.creation_method,
    dashboard: item.dashboard_id,
    chart: item.chart_id,
  };
}

/** A report as sent in `PUT`: only what the body says (`{active}` alone changes the flag only). */
export function changesFromBody(body: ReportPut): Partial<Omit<FiledReport, 'id'>> {
  return {
    name: body.name,
    type: body.type,
    active: body.active,
    creation_method: body.creation_method,
    dashboard: body.dashboard,
    chart: body.chart,
  };
}

/** A created report, from the body sent and the id the server gave it (defaults as the server applies them). */
export function filedFromBody(id: number, body: ReportCreate): FiledReport {
  return {
    id,
    name: body.name,
    type: body.type,
    active: body.active ?? true,
    creation_method: body.creation_method ?? 'alerts_reports',
    dashboard: body.dashboard ?? null,
    chart: body.chart ?? null,
  };
}

/** The report filed under this creation method and target, if any. */
export function filedReport(state: ReportsState, creationMethod: ReportCreationMethod, resourceId: number): FiledReport | null {
  return state[creationMethod]?.[resourceId] ?? null;
}

function findById(state: ReportsState, id: number): FiledReport | null {
  for (const byTarget of Object.values(state)) {
    for (const report of Object.values(byTarget ?? {})) if (report.id === id) return report;
  }
  return null;
}

function withEntry(state: ReportsState, method: ReportCreationMethod, resourceId: number, report: FiledReport | null): ReportsState {
  const byTarget = { ...state[method] };
  if (report) byTarget[resourceId] = report;
  else delete byTarget[resourceId];
  return { ...state, [method]: byTarget };
}

/** The state without the report of this id, wherever it was filed. */
function withoutId(state: ReportsState, id: number): ReportsState {
  const found = findById(state, id);
  const target = found && reportTarget(found);
  return found && target !== null ? withEntry(state, found.creation_method, target, null) : state;
}

/**
 * The reply of a header's lookup for one chart or dashboard: the report on that target is filed
 * there (one per target and user, as the BI server's menus assume); none found clears the entry,
 * so a report deleted elsewhere leaves the menu.
 */
export function reportsFetched(
  state: ReportsState,
  creationMethod: ReportCreationMethod,
  resourceId: number,
  reports: readonly FiledReport[],
): ReportsState {
  const found = reports.find((r) => reportTarget(r) === resourceId) ?? null;
  return withEntry(state, creationMethod, resourceId, found);
}

/** A created report is filed under its creation method and its target. */
export function reportAdded(state: ReportsState, report: FiledReport): ReportsState {
  const target = reportTarget(report);
  return target === null ? state : withEntry(withoutId(state, report.id), report.creation_method, target, report);
}

/**
 * An edited report: the changes (a full body, or `{active}` alone) are laid over what is filed, and
 * the result is filed again, under its new target when the edit moved it. A report that was not
 * filed is filed only when the changes say where it belongs.
 */
export function reportEdited(state: ReportsState, id: number, changes: Partial<Omit<FiledReport, 'id'>>): ReportsState {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const merged: Partial<FiledReport> = { ...findById(state, id), ...defined, id };
  return isComplete(merged) ? reportAdded(state, merged) : state;
}

function isComplete(r: Partial<FiledReport>): r is FiledReport {
  return (
    typeof r.id === 'number' &&
    typeof r.name === 'string' &&
    r.type !== undefined &&
    typeof r.active === 'boolean' &&
    r.creation_method !== undefined &&
    r.dashboard !== undefined &&
    r.chart !== undefined
  );
}

/** A deleted report leaves the state, wherever it was filed. */
export function reportDeleted(state: ReportsState, id: number): ReportsState {
  return withoutId(state, id);
}
