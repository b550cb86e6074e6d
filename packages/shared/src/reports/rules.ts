import type { ReportCreate, ReportFormat, ReportRecipientBody, ReportState } from '../api/report.js';
import { parseRecipients } from '../sqllab/editor.js';
import { crontabError, isValidTimezone } from './schedule.js';

/**
 * The rules a report or alert must follow before it is saved (issue 14 part 1), as field →
 * messages in the API's validation shape, and the run rules of the scheduler (part 2).
 */

/** A saved report with the fields that count for validation (create body, or stored + update). */
export type ReportDraft = Pick<ReportCreate, 'type' | 'name' | 'crontab'> &
  Partial<
    Pick<
      ReportCreate,
      'timezone' | 'chart' | 'dashboard' | 'database' | 'sql' | 'validator_type' | 'validator_config_json' | 'recipients' | 'report_format'
    >
  >;

/** Why one recipient cannot be sent to (empty when it can): reports and scheduled queries alike. */
export function recipientErrors(r: ReportRecipientBody): string[] {
  const cfg = r.recipient_config_json;
  if (r.type === 'Email') {
    const to = parseRecipients(cfg.target);
    if (!to.emails.length && !to.invalid.length) return ['Give at least one email address.'];
    const bad = [to, parseRecipients(cfg.ccTarget ?? ''), parseRecipients(cfg.bccTarget ?? '')].flatMap((p) => p.invalid);
    return bad.length ? [`Not a valid email address: ${bad.join(', ')}`] : [];
  }
  if (r.type === 'Webhook') {
    try {
      const url = new URL(cfg.target);
      return url.protocol === 'http:' || url.protocol === 'https:' ? [] : ['A webhook target must be an http(s) URL.'];
    } catch {
      return ['A webhook target must be an http(s) URL.'];
    }
  }
  return cfg.target.trim() ? [] : ['Give a Slack channel.'];
}

/** Validation errors of a report, by field (empty when it can be saved). */
export function reportErrors(d: ReportDraft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!d.name.trim()) add('name', 'Give the report a name.');
  const cron = crontabError(d.crontab);
  if (cron) add('crontab', cron);
  if (d.timezone !== undefined && !isValidTimezone(d.timezone)) add('timezone', `Unknown time zone: ${d.timezone}`);
  const hasChart = d.chart !== undefined && d.chart !== null;
  const hasDashboard = d.dashboard !== undefined && d.dashboard !== null;
  if (hasChart && hasDashboard) add('chart', 'Choose a chart or a dashboard, not both.');
  if (!hasChart && !hasDashboard) add('chart', 'Choose a chart or a dashboard.');
  if (hasDashboard && (d.report_format === 'CSV' || d.report_format === 'TEXT')) {
    add('report_format', 'CSV and text reports are sent for charts; send a dashboard as PNG, PDF or an Excel workbook.');
  }
  if (hasChart && d.report_format === 'XLSX')
    add('report_format', 'An Excel workbook is sent for a dashboard; send a chart as PNG, PDF, CSV or text.');
  if (d.type === 'Alert') {
    if (d.database === undefined || d.database === null) add('database', 'An alert needs a database to run its query on.');
    if (!d.sql?.trim()) add('sql', 'An alert needs a SQL query.');
    if (!d.validator_type) add('validator_type', 'An alert needs a condition.');
    if (d.validator_type === 'operator') {
      const c = d.validator_config_json;
      if (!c?.op) add('validator_config_json', 'Choose a comparison operator.');
      if (typeof c?.threshold !== 'number') add('validator_config_json', 'Give a threshold.');
    }
  }
  // a report with nobody to send to would end every run in the "no recipients" error
  if (!d.recipients?.length) add('recipients', 'Add at least one recipient.');
  (d.recipients ?? []).forEach((r, i) => {
    for (const m of recipientErrors(r)) add(`recipients.${i}`, m);
  });
  return errors;
}

/** Which formats a report on this target can be sent as. */
export function reportFormatsFor(target: 'chart' | 'dashboard'): ReportFormat[] {
  return target === 'chart' ? ['PNG', 'PDF', 'CSV', 'TEXT'] : ['PNG', 'PDF', 'XLSX'];
}

/** A run still Working after `working_timeout` seconds is stuck (its worker died): it becomes Error. */
export function isWorkingTimedOut(startMs: number, workingTimeoutSeconds: number, nowMs: number): boolean {
  return nowMs - startMs > workingTimeoutSeconds * 1000;
}

/**
 * What a triggered alert does: send, or stay quiet ("On Grace") when it was sent less than
 * `grace_period` seconds ago. A report always sends.
 */
export function alertSendDecision(opts: {
  type: 'Report' | 'Alert';
  triggered: boolean;
  lastSentMs: number | null;
  gracePeriodSeconds: number;
  nowMs: number;
}): Extract<ReportState, 'Not triggered' | 'On Grace'> | 'send' {
  if (opts.type === 'Report') return 'send';
  if (!opts.triggered) return 'Not triggered';
  if (opts.lastSentMs !== null && opts.nowMs - opts.lastSentMs < opts.gracePeriodSeconds * 1000) return 'On Grace';
  return 'send';
}

/** Log rows older than `log_retention` days are pruned (0 keeps them all). */
export function logRetentionCutoff(logRetentionDays: number, nowMs: number): Date | null {
  return logRetentionDays > 0 ? new Date(nowMs - logRetentionDays * 86_400_000) : null;
}
