/**
 * One run of a report (issue 14 part 2): as the user it runs as (see `runAs`), evaluate the alert's condition (with the
 * grace period), build the content once per distinct set of filter values, deliver it to every
 * recipient, and record the outcome in the execution log and on the report.
 */
import {
  REPORT_RUN_ERRORS,
  SCHEDULED_QUERY_MESSAGES,
  alertSendDecision,
  evaluateAlert,
  type ReportFormat,
  type ReportRecipientConfig,
  type ReportRecipientType,
  type ReportState,
  type ReportValidatorConfig,
  type ReportValidatorType,
  type Language,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import { loadPrincipal, type Principal } from '../security/principal.js';
import { nowIso } from '../metadata/db.js';
import { runAlertQuery } from './alertQuery.js';
import { ReportContentBuilder, type DataMask, type ReportContent } from './content.js';
import { DeliveryFailed, deliver } from './deliver.js';
import { parseStored, type ReportRow } from './present.js';
import { savedQueryContent } from './savedQueryContent.js';
import type { Screenshotter } from './screenshot.js';
import { loadPreferences } from '../preferences/store.js';
import { userIdByUsername } from '../metadata/repos/users.js';
import {
  finishWorkingRun,
  lastSuccessEnd,
  recipientsOfReport,
  reportById,
  reportLogById,
  setReportLastRun,
} from '../metadata/repos/reports.js';

const fill = (template: string, value: string) => template.replace('%s', value);

/** Why a report has nobody to run as (issue 24 item 4): it never falls back to another owner. */
export const RUN_AS_ERRORS = {
  creatorGone: "The report's creator is inactive or no longer exists, and a report runs only as its creator.",
  editorGone: 'The user who last changed the report is inactive or no longer exists, and the report runs as that user.',
  /** `%s`: the configured username */
  executorGone: 'The report executor "%s" (RAMA_REPORT_EXECUTOR) is not an active user.',
} as const;
const messageOf = (e: unknown): string => {
  // an HTTP error (SQL Lab's refusals) says why in its body, not in its message
  if (e && typeof e === 'object' && 'body' in e) {
    const body = (e as { body: { message?: unknown; errors?: { message: string }[] } | null }).body;
    if (typeof body?.message === 'string') return body.message;
    if (body?.errors?.[0]) return body.errors[0].message;
  }
  if (e instanceof Error) return e.message.split('\n')[0];
  return String(e);
};

interface Outcome {
  state: Extract<ReportState, 'Success' | 'Error' | 'Not triggered' | 'On Grace'>;
  value: number | null;
  error: string | null;
}

export class ReportRunner {
  private readonly content: ReportContentBuilder;
  /** deliveries made by this process (the exactly-once test counts them) */
  sent = 0;

  constructor(
    private readonly ctx: AppContext,
    screenshots: Screenshotter,
  ) {
    this.content = new ReportContentBuilder(ctx, screenshots);
  }

  private get db() {
    return this.ctx.store.db;
  }

  /**
   * The user a report runs as (issue 24 item 4): the service principal the operator names in
   * RAMA_REPORT_EXECUTOR, else the user who decided what the report does — its creator, or, when
   * someone other than the creator changed it last and that someone is not an admin, that user (a
   * co-owner's edit never borrows the creator's rights). Owners listed on the report never count,
   * and there is no fallback: a user who is gone or inactive makes the run fail.
   */
  private async runAs(report: ReportRow): Promise<Principal | string> {
    const executor = this.ctx.config.reports.executor;
    if (executor) {
      const id = await userIdByUsername(this.db, executor);
      return (id !== null && (await loadPrincipal(this.db, id))) || fill(RUN_AS_ERRORS.executorGone, executor);
    }
    if (report.created_by_fk === null) return RUN_AS_ERRORS.creatorGone;
    if (report.changed_by_fk !== report.created_by_fk) {
      const editor = report.changed_by_fk === null ? null : await loadPrincipal(this.db, report.changed_by_fk);
      if (!editor) return RUN_AS_ERRORS.editorGone;
      if (!editor.isAdmin) return editor;
    }
    return (await loadPrincipal(this.db, report.created_by_fk)) ?? RUN_AS_ERRORS.creatorGone;
  }

  private async lastSentMs(reportId: number, exceptLogId: number): Promise<number | null> {
    const end = await lastSuccessEnd(this.db, reportId, exceptLogId);
    return end ? Date.parse(end) : null;
  }

  /** Run the claimed log row `logId` (state Working); a row no longer Working is left alone. */
  async execute(logId: number): Promise<ReportState | null> {
    const log = await reportLogById(this.db, logId);
    if (!log || log.state !== 'Working') return null;
    const report = await reportById(this.db, log.report_schedule_id);
    if (!report) return null;
    let outcome: Outcome;
    try {
      outcome = await this.outcome(report, logId, new Date(log.scheduled_dttm));
    } catch (e) {
      outcome = { state: 'Error', value: null, error: messageOf(e) };
    }
    const end = nowIso();
    // a run the scheduler already gave up on (working timeout) keeps that verdict
    await finishWorkingRun(this.db, logId, { state: outcome.state, end_dttm: end, value: outcome.value, error_message: outcome.error });
    await setReportLastRun(this.db, report.id, { last_state: outcome.state, last_eval_dttm: end, last_value: outcome.value });
    if (outcome.error) this.ctx.log.warn({ report: report.id, log: logId, error: outcome.error }, 'report run failed');
    return outcome.state;
  }

  private async outcome(report: ReportRow, logId: number, scheduledAt: Date): Promise<Outcome> {
    const user = await this.runAs(report);
    if (typeof user === 'string') return { state: 'Error', value: null, error: user };
    const savedQuery = report.saved_query_id !== null;
    if (report.chart_id === null && report.dashboard_id === null && !savedQuery)
      return { state: 'Error', value: null, error: REPORT_RUN_ERRORS.targetMissing };
    let value: number | null = null;
    if (report.type === 'Alert') {
      if (report.database_id === null || !report.sql) return { state: 'Error', value: null, error: 'The alert has no query.' };
      let result;
      try {
        result = await runAlertQuery(this.ctx, user, report.database_id, report.sql);
      } catch (e) {
        return { state: 'Error', value: null, error: fill(REPORT_RUN_ERRORS.alertQueryFailed, messageOf(e)) };
      }
      const verdict = evaluateAlert(
        result.rows,
        result.columnCount,
        (report.validator_type ?? 'not null') as ReportValidatorType,
        parseStored<ReportValidatorConfig | null>(report.validator_config_json, null),
      );
      if (verdict.error) return { state: 'Error', value: null, error: verdict.error };
      value = verdict.value;
      const decision = alertSendDecision({
        type: 'Alert',
        triggered: verdict.triggered,
        lastSentMs: await this.lastSentMs(report.id, logId),
        gracePeriodSeconds: report.grace_period,
        nowMs: Date.now(),
      });
      if (decision !== 'send') return { state: decision, value, error: null };
    }
    const recipients = await recipientsOfReport(this.db, report.id);
    if (!recipients.length) return { state: 'Error', value, error: REPORT_RUN_ERRORS.noRecipients };

    // one capture per distinct set of filter values: the report's own, or a recipient's
    const contents = new Map<string, Promise<ReportContent>>();
    const contentFor = (mask: DataMask | null) => {
      const key = mask && report.dashboard_id !== null ? JSON.stringify(mask) : '';
      let c = contents.get(key);
      if (!c) {
        // a scheduled query (issue 26 item 6) sends its saved query's rows
        c = savedQuery
          ? savedQueryContent(this.ctx, user, report)
          : this.content.build(user, report, report.report_format as ReportFormat, key ? mask : null);
        contents.set(key, c);
      }
      return c;
    };
    const language = await this.ownerLanguage(report);
    const errors: string[] = [];
    for (const r of recipients) {
      const cfg = parseStored<ReportRecipientConfig>(r.recipient_config_json, { target: '' });
      let content: ReportContent;
      try {
        content = await contentFor(cfg.dataMask ?? null);
      } catch (e) {
        const why = messageOf(e);
        const template = savedQuery
          ? SCHEDULED_QUERY_MESSAGES.queryFailed
          : report.report_format === 'CSV'
            ? REPORT_RUN_ERRORS.csvFailed
            : report.report_format === 'XLSX'
              ? REPORT_RUN_ERRORS.workbookFailed
              : REPORT_RUN_ERRORS.screenshotFailed;
        return { state: 'Error', value, error: fill(template, why) };
      }
      try {
        await deliver(this.ctx.config.reports, r.type as ReportRecipientType, cfg, {
          name: report.name,
          description: report.description,
          type: report.type as 'Report' | 'Alert',
          value,
          scheduledAt,
          content,
          language,
        });
        this.sent++;
      } catch (e) {
        // the reason stays in the server log: the execution log tells the user only that it failed
        if (e instanceof DeliveryFailed) this.ctx.log.warn({ report: report.id, log: logId, detail: e.detail }, 'report delivery failed');
        errors.push(`${r.type}: ${messageOf(e)}`);
      }
    }
    if (errors.length) return { state: 'Error', value, error: fill(REPORT_RUN_ERRORS.deliveryFailed, errors.join('; ')) };
    return { state: 'Success', value, error: null };
  }

  /** The language of the report's own words in its messages (issue 30 item 4): its creator's choice, English when none. */
  private async ownerLanguage(report: ReportRow): Promise<Language> {
    if (report.created_by_fk === null) return 'en';
    try {
      return (await loadPreferences(this.db, report.created_by_fk)).language ?? 'en';
    } catch {
      return 'en';
    }
  }
}
