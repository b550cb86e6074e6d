import {
  humanizeCrontab,
  type ReportCreationMethod,
  type ReportDetail,
  type ReportExecutionLog,
  type ReportExtra,
  type ReportFormat,
  type ReportListItem,
  type ReportRecipient,
  type ReportRecipientConfig,
  type ReportRecipientType,
  type ReportState,
  type ReportType,
  type ReportValidatorConfig,
  type ReportValidatorType,
} from '@rama/shared';
import type { Row, ReportExecutionLogTable, ReportRecipientTable, ReportScheduleTable } from '../metadata/schema.js';
import type { Users } from '../metadata/repos/users.js';
import { humanizeDelta } from '../http/time.js';

export type ReportRow = Row<ReportScheduleTable>;
export type RecipientRow = Row<ReportRecipientTable>;
export type ExecutionRow = Row<ReportExecutionLogTable>;

/** JSON text stored by Rama; a value that does not parse reads as `fallback` (never a 500). */
export function parseStored<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const epochMs = (iso: string | null): number | null => (iso ? Date.parse(iso) : null);

export function presentRecipient(r: RecipientRow): ReportRecipient {
  return {
    id: r.id,
    type: r.type as ReportRecipientType,
    recipient_config_json: parseStored<ReportRecipientConfig>(r.recipient_config_json, { target: '' }),
  };
}

export interface ReportRelations {
  ownerIds: number[];
  users: Users;
  recipients: RecipientRow[];
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
}

export function presentDetail(row: ReportRow, rel: ReportRelations): ReportDetail {
  return {
    id: row.id,
    type: row.type as ReportType,
    name: row.name,
    description: row.description,
    context_markdown: row.context_markdown,
    crontab: row.crontab,
    timezone: row.timezone,
    active: row.active === 1,
    creation_method: row.creation_method as ReportCreationMethod,
    chart: rel.chart,
    dashboard: rel.dashboard,
    database: rel.database,
    sql: row.sql,
    owners: rel.ownerIds.flatMap((id) => rel.users.get(id) ?? []),
    validator_type: row.validator_type as ReportValidatorType | null,
    validator_config_json: parseStored<ReportValidatorConfig | null>(row.validator_config_json, null),
    log_retention: row.log_retention,
    grace_period: row.grace_period,
    working_timeout: row.working_timeout,
    recipients: rel.recipients.map(presentRecipient),
    report_format: row.report_format as ReportFormat,
    force_screenshot: row.force_screenshot === 1,
    custom_width: row.custom_width,
    extra: parseStored<ReportExtra>(row.extra, {}),
    last_eval_dttm: epochMs(row.last_eval_dttm),
    last_state: row.last_state as ReportState | null,
    last_value: row.last_value,
  };
}

export function presentListItem(
  row: ReportRow,
  ownerIds: number[],
  recipients: RecipientRow[],
  users: Users,
  targets: { charts: Map<number, string>; dashboards: Map<number, string>; savedQueries: Map<number, string> },
  now = Date.now(),
): ReportListItem {
  const user = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
  return {
    id: row.id,
    type: row.type as ReportType,
    name: row.name,
    description: row.description,
    active: row.active === 1,
    creation_method: row.creation_method as ReportCreationMethod,
    chart_id: row.chart_id,
    dashboard_id: row.dashboard_id,
    chart: row.chart_id === null ? null : { id: row.chart_id, slice_name: targets.charts.get(row.chart_id) ?? '' },
    dashboard: row.dashboard_id === null ? null : { id: row.dashboard_id, dashboard_title: targets.dashboards.get(row.dashboard_id) ?? '' },
    saved_query: row.saved_query_id === null ? null : { id: row.saved_query_id, label: targets.savedQueries.get(row.saved_query_id) ?? '' },
    crontab: row.crontab,
    crontab_humanized: humanizeCrontab(row.crontab),
    timezone: row.timezone,
    report_format: row.report_format as ReportFormat,
    owners: ownerIds.flatMap((id) => users.get(id) ?? []),
    recipients: recipients.map((r) => ({ id: r.id, type: r.type as ReportRecipientType })),
    created_by: user(row.created_by_fk),
    changed_by: user(row.changed_by_fk),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on, now),
    last_eval_dttm: epochMs(row.last_eval_dttm),
    last_state: row.last_state as ReportState | null,
  };
}

export function presentLog(row: ExecutionRow): ReportExecutionLog {
  return {
    id: row.id,
    uuid: row.uuid,
    scheduled_dttm: row.scheduled_dttm,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    value: row.value,
    value_row_json: row.value_row_json,
    state: row.state as ReportState,
    error_message: row.error_message,
  };
}
