import { REPORT_RECIPIENT_TYPES, type ReportRecipientBody, type ReportRecipientType, type ReportState } from '../api/report.js';
import type { SavedQueryRecord } from '../api/sqllab.js';
import { recipientErrors } from '../reports/rules.js';
import { crontabError, isValidTimezone } from '../reports/schedule.js';

/**
 * Scheduled queries (issue 26 item 6). A saved query's `extra_json.schedule_info` holds what the
 * "Schedule query" dialog set up: a five-field cron read in an IANA time zone, the recipients (the
 * report recipient types: email, Slack, webhook) and whether the message shows the result as a
 * table too (the CSV is always attached). The server runs it on the report scheduler. A
 * `schedule_info` without a `crontab` is the peer's free-form schedule: it is kept, never run.
 */
export interface SavedQuerySchedule {
  crontab: string;
  timezone: string;
  recipients: ReportRecipientBody[];
  /** also show the result as a table in the message body (the CSV is attached either way) */
  include_table: boolean;
  /** false: paused (kept, not run) */
  active: boolean;
}

/** The schedule's run state, as the saved query API adds it to a record (`schedule`). */
export interface SavedQueryScheduleState {
  /** the report schedule that runs it: its execution log is `/api/v1/report/{report_id}/log/` */
  report_id: number;
  crontab: string;
  crontab_humanized: string;
  timezone: string;
  active: boolean;
  include_table: boolean;
  recipients: { type: ReportRecipientType; target: string }[];
  /** the next run (ISO instant), null when paused */
  next_run: string | null;
  last_state: ReportState | null;
  last_eval_dttm: string | null;
}

/** A saved query as the API answers it, with its schedule's state (null: not scheduled). */
export type ScheduledSavedQueryRecord = SavedQueryRecord & { schedule: SavedQueryScheduleState | null };

export const SCHEDULED_QUERY_MAX_RECIPIENTS = 20;

export const SCHEDULED_QUERY_MESSAGES = {
  /** the report list cannot change a scheduled query's report: its saved query does */
  editElsewhere: 'This schedule belongs to a saved query: change it from the saved query list or in SQL Lab.',
  notAllowed: 'You are not allowed to schedule queries (it needs the right to write reports and alerts).',
  featureOff: 'Scheduling queries is switched off on this server (the ALERT_REPORTS feature flag).',
  queryFailed: 'The scheduled query failed: %s',
  noRows: 'The scheduled query returns no rows to send.',
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `schedule_info` is a schedule Rama runs (it names a crontab) rather than free-form text. */
export function isRunnableSchedule(info: unknown): info is Record<string, unknown> {
  return isRecord(info) && info.crontab !== undefined;
}

function recipientOf(v: unknown): ReportRecipientBody | string {
  // the dialog of earlier versions stored plain email addresses
  if (typeof v === 'string') return { type: 'Email', recipient_config_json: { target: v } };
  if (!isRecord(v)) return 'A recipient is an object with a type and a recipient_config_json.';
  if (!(REPORT_RECIPIENT_TYPES as readonly unknown[]).includes(v.type))
    return `A recipient's type is one of ${REPORT_RECIPIENT_TYPES.join(', ')}.`;
  const cfg = v.recipient_config_json;
  if (!isRecord(cfg) || typeof cfg.target !== 'string' || !cfg.target.trim() || cfg.target.length > 4000)
    return "A recipient's recipient_config_json needs a target of at most 4000 characters.";
  const text = (k: 'ccTarget' | 'bccTarget') =>
    typeof cfg[k] === 'string' && (cfg[k] as string).length <= 4000 ? (cfg[k] as string) : undefined;
  const config: ReportRecipientBody['recipient_config_json'] = { target: cfg.target.trim() };
  if (v.type === 'Email') {
    const cc = text('ccTarget');
    const bcc = text('bccTarget');
    if (cc) config.ccTarget = cc;
    if (bcc) config.bccTarget = bcc;
  }
  return { type: v.type as ReportRecipientType, recipient_config_json: config };
}

/**
 * A runnable `schedule_info` checked and normalised, or its errors by field
 * (`schedule_info.crontab`, `schedule_info.timezone`, `schedule_info.recipients[.i]`).
 */
export function parseSavedQuerySchedule(info: Record<string, unknown>): {
  schedule: SavedQuerySchedule | null;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[`schedule_info.${field}`] ??= []).push(message);
  const crontab = typeof info.crontab === 'string' ? info.crontab.trim() : '';
  const cron =
    typeof info.crontab === 'string' && info.crontab.length <= 1000 ? crontabError(crontab) : 'A schedule is a cron expression (text).';
  if (cron) add('crontab', cron);
  const timezone = info.timezone === undefined ? 'UTC' : info.timezone;
  if (typeof timezone !== 'string' || !isValidTimezone(timezone)) add('timezone', `Unknown time zone: ${String(timezone)}`);
  const raw = Array.isArray(info.recipients) ? info.recipients : [];
  if (info.recipients !== undefined && !Array.isArray(info.recipients)) add('recipients', 'Recipients are a list.');
  else if (!raw.length) add('recipients', 'Add at least one recipient.');
  else if (raw.length > SCHEDULED_QUERY_MAX_RECIPIENTS) add('recipients', `At most ${SCHEDULED_QUERY_MAX_RECIPIENTS} recipients.`);
  const recipients: ReportRecipientBody[] = [];
  raw.slice(0, SCHEDULED_QUERY_MAX_RECIPIENTS).forEach((v, i) => {
    const r = recipientOf(v);
    if (typeof r === 'string') return add(`recipients.${i}`, r);
    for (const m of recipientErrors(r)) add(`recipients.${i}`, m);
    recipients.push(r);
  });
  for (const key of ['include_table', 'active'] as const) {
    if (info[key] !== undefined && typeof info[key] !== 'boolean') add(key, `${key} is true or false.`);
  }
  if (Object.keys(errors).length) return { schedule: null, errors };
  return {
    schedule: {
      crontab,
      timezone: timezone as string,
      recipients,
      include_table: info.include_table === true,
      active: info.active !== false,
    },
    errors,
  };
}
