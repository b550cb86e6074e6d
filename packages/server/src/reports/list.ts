import { type Expression, type SqlBool } from 'kysely';
import { REPORT_ORDER_COLUMNS, REPORT_STATES, type ReportExecutionLog, type ReportListItem, type ListReply } from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { textMatches } from '../metadata/textMatch.js';
import { invalidFields } from '../http/errors.js';
import { filterId, unsupportedFilter } from '../http/list-filters.js';
import { listParams } from '../http/rison.js';
import { presentListItem, presentLog } from './present.js';
import type { ReportService } from './service.js';
import { ownedBy, ownersByObject } from '../metadata/repos/owners.js';
import { savedQueryLabels } from '../metadata/repos/saved-queries.js';
import { listReportRows, listReportRuns, type ReportEb } from '../metadata/repos/reports.js';
import { chartNames } from '../metadata/repos/charts.js';
import { dashboardTitles } from '../metadata/repos/dashboards.js';

function asText(col: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidFields({ filters: [`Filter on ${col} needs a text value.`] });
  return value;
}

/** One list filter with the BI server's column and operator names. */
function condition(eb: ReportEb, col: string, opr: string, value: unknown): Expression<SqlBool> {
  switch (col) {
    case 'chart_id':
    case 'dashboard_id':
    case 'database_id':
      if (opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb(`r.${col}`, '=', filterId(col, value));
    case 'creation_method':
    case 'type':
    case 'report_format':
      if (opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb(`r.${col}`, '=', asText(col, value));
    case 'last_state':
      if (opr !== 'eq' || !(REPORT_STATES as readonly unknown[]).includes(value)) throw unsupportedFilter(col, opr);
      return eb('r.last_state', '=', value as string);
    case 'active': {
      if (opr !== 'eq') throw unsupportedFilter(col, opr);
      const on = value === true || value === 'true' || value === 1;
      return eb('r.active', '=', on ? 1 : 0);
    }
    case 'name':
      if (opr === 'eq') return eb('r.name', '=', asText(col, value));
      if (opr === 'ct' || opr === 'sw' || opr === 'ew') return textMatches('r.name', asText(col, value), opr);
      throw unsupportedFilter(col, opr);
    case 'created_by':
    case 'changed_by':
      if (opr !== 'rel_o_m' && opr !== 'eq') throw unsupportedFilter(col, opr);
      return eb(col === 'created_by' ? 'r.created_by_fk' : 'r.changed_by_fk', '=', filterId(col, value));
    case 'owners': {
      if (opr !== 'rel_m_m') throw unsupportedFilter(col, opr);
      const owner = filterId(col, value);
      return ownedBy('report', 'r.id', owner);
    }
    default:
      throw unsupportedFilter(col, opr);
  }
}

/** Non-admins see the reports they own or created (the BI server's report filter). */
function visibility(eb: ReportEb, user: Principal): Expression<SqlBool> | null {
  if (user.isAdmin) return null;
  return eb.or([eb('r.created_by_fk', '=', user.id), ownedBy('report', 'r.id', user.id)]);
}

/** GET /api/v1/report/?q=…: visible, filtered, ordered (latest change first by default) and paged. */
export async function listReports(service: ReportService, user: Principal, q: Record<string, unknown>): Promise<ListReply<ReportListItem>> {
  const p = listParams(q, REPORT_ORDER_COLUMNS);
  const orderColumn = (p.orderColumn ?? 'changed_on') as (typeof REPORT_ORDER_COLUMNS)[number];
  const direction = p.orderColumn === null && q.order_direction === undefined ? 'desc' : p.orderDirection;
  const { count, rows } = await listReportRows(service.db, {
    where: (eb) => {
      const visible = visibility(eb, user);
      return eb.and([...(visible ? [visible] : []), ...p.filters.map((f) => condition(eb, f.col, f.opr, f.value))]);
    },
    orderBy: orderColumn,
    direction,
    page: p.page,
    pageSize: p.pageSize,
  });
  const ids = rows.map((r) => r.id);
  const chartIds = [...new Set(rows.flatMap((r) => (r.chart_id === null ? [] : [r.chart_id])))];
  const dashboardIds = [...new Set(rows.flatMap((r) => (r.dashboard_id === null ? [] : [r.dashboard_id])))];
  const savedQueryIds = [...new Set(rows.flatMap((r) => (r.saved_query_id === null ? [] : [r.saved_query_id])))];
  const [owners, recipients, charts, dashboards, savedQueries] = await Promise.all([
    ownersByObject(service.db, 'report', ids),
    service.recipients(ids),
    chartNames(service.db, chartIds),
    dashboardTitles(service.db, dashboardIds),
    savedQueryIds.length ? savedQueryLabels(service.db, savedQueryIds) : [],
  ]);
  const targets = {
    charts: new Map(charts.map((c) => [c.id, c.slice_name])),
    dashboards: new Map(dashboards.map((d) => [d.id, d.dashboard_title])),
    savedQueries: new Map(savedQueries.map((q) => [q.id, q.label])),
  };
  const users = await service.users([
    ...rows.flatMap((r) => owners.get(r.id) ?? []),
    ...rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  ]);
  const now = Date.now();
  return {
    count,
    ids,
    result: rows.map((r) => presentListItem(r, owners.get(r.id) ?? [], recipients.get(r.id) ?? [], users, targets, now)),
  };
}

const LOG_ORDER = ['scheduled_dttm', 'start_dttm', 'end_dttm', 'state', 'id'] as const;

/** GET /api/v1/report/{id}/log/?q=…: the runs of a visible report, newest first by default. */
export async function listExecutions(
  service: ReportService,
  user: Principal,
  id: number,
  q: Record<string, unknown>,
): Promise<ListReply<ReportExecutionLog>> {
  await service.visible(user, id);
  const p = listParams(q, LOG_ORDER);
  for (const f of p.filters) {
    if (f.col !== 'state' || f.opr !== 'eq') throw unsupportedFilter(f.col, f.opr);
  }
  const state = p.filters.find((f) => f.col === 'state');
  const column = (p.orderColumn ?? 'scheduled_dttm') as (typeof LOG_ORDER)[number];
  const direction = p.orderColumn === null && q.order_direction === undefined ? 'desc' : p.orderDirection;
  const { count, rows } = await listReportRuns(service.db, {
    reportId: id,
    state: state ? String(state.value) : null,
    orderBy: column,
    direction,
    page: p.page,
    pageSize: p.pageSize,
  });
  return { count, ids: rows.map((r) => r.id), result: rows.map(presentLog) };
}
