/**
 * Scheduled queries (issue 26 item 6): a saved query whose `extra_json.schedule_info` names a
 * crontab runs on the report scheduler. It gets a report schedule of its own (creation_method
 * `saved_query`, format CSV, `saved_query_id` set) with the schedule's recipients, owned and
 * created by the saved query's owner, so the scheduler's slot claims, execution log, fairness,
 * limits, run-as rules and delivery serve it unchanged. The report follows the saved query: it is
 * written, paused or removed with the saved query's schedule and deleted with it.
 */
import type { Kysely } from 'kysely';
import {
  REPORT_DEFAULTS,
  SCHEDULED_QUERY_MESSAGES,
  humanizeCrontab,
  isRunnableSchedule,
  nextRuns,
  parseSavedQuerySchedule,
  type ReportRecipientConfig,
  type ReportRecipientType,
  type ReportState,
  type SavedQuerySchedule,
  type SavedQueryScheduleState,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { MetadataSchema } from '../metadata/schema.js';
import { flag, nowIso } from '../metadata/db.js';
import { badRequest, forbidden, invalidFields } from '../http/errors.js';
import type { Principal } from '../security/principal.js';
import { scheduleTooFrequent, webhookErrors } from '../reports/limits.js';
import { NAME_TAKEN, ReportService } from '../reports/service.js';
import { parseStored } from '../reports/present.js';
import type { SavedQueryReportExtra } from '../reports/savedQueryContent.js';
import { setOwners } from '../metadata/repos/owners.js';
import {
  deleteRecipients,
  deleteReport,
  insertRecipients,
  insertReport,
  recipientsOfReports,
  reportNameTakenBesidesSavedQuery,
  reportOfSavedQuery,
  reportsOfSavedQueries,
  updateReport,
  updateReportOfSavedQuery,
} from '../metadata/repos/reports.js';

export const SAVED_QUERY_CREATION_METHOD = 'saved_query';

/** The runnable schedule in an extra_json text (already checked to be a JSON object), or null. */
export function runnableScheduleInfo(extraJson: string): Record<string, unknown> | null {
  const info = (JSON.parse(extraJson) as { schedule_info?: unknown }).schedule_info;
  return isRunnableSchedule(info) ? info : null;
}

/** The report's name: the query's label, told apart by its id (report names are unique). */
export function reportNameOf(label: string, savedQueryId: number): string {
  const suffix = ` (saved query ${savedQueryId})`;
  return `${label.slice(0, 150 - suffix.length)}${suffix}`;
}

export class SavedQuerySchedules {
  private readonly reports: ReportService;
  constructor(private readonly ctx: AppContext) {
    this.reports = new ReportService(ctx);
  }

  private get db() {
    return this.ctx.store.db;
  }

  /**
   * The schedule checked as a report's would be: the user may write reports and the feature is on;
   * cron, time zone and recipients valid; webhooks within the outbound policy; a non-admin not
   * scheduling more often than the operator allows. Throws the 400/403 to answer.
   */
  check(user: Principal, info: Record<string, unknown>): SavedQuerySchedule {
    if (this.ctx.config.featureFlags.ALERT_REPORTS === false) throw badRequest(SCHEDULED_QUERY_MESSAGES.featureOff);
    if (!user.isAdmin && !user.can('can_write', 'ReportSchedule')) throw forbidden(SCHEDULED_QUERY_MESSAGES.notAllowed);
    const { schedule, errors } = parseSavedQuerySchedule(info);
    if (!schedule) throw invalidFields(errors);
    const cfg = this.ctx.config.reports;
    const hooks = Object.fromEntries(
      Object.entries(webhookErrors(schedule.recipients, cfg.webhookAllowedHosts)).map(([k, v]) => [`schedule_info.${k}`, v]),
    );
    if (Object.keys(hooks).length) throw invalidFields(hooks);
    const tooFrequent = user.isAdmin ? null : scheduleTooFrequent(schedule.crontab, cfg.minIntervalMinutes);
    if (tooFrequent) throw invalidFields({ 'schedule_info.crontab': [tooFrequent] });
    return schedule;
  }

  private async reportOf(db: Kysely<MetadataSchema>, savedQueryId: number) {
    return reportOfSavedQuery(db, savedQueryId);
  }

  /** Before the write: a schedule switched on must keep its creator within RAMA_REPORT_MAX_PER_OWNER. */
  async precheck(user: Principal, savedQueryId: number | null, schedule: SavedQuerySchedule): Promise<void> {
    const existing = savedQueryId === null ? undefined : await this.reportOf(this.db, savedQueryId);
    if (schedule.active && (!existing || existing.active !== 1)) await this.reports.checkActiveCount(user, existing?.id);
  }

  /** 400 when a report other than this saved query's already has the name (report names are unique). */
  private async checkName(trx: Kysely<MetadataSchema>, name: string, savedQueryId: number): Promise<void> {
    if (await reportNameTakenBesidesSavedQuery(trx, name, savedQueryId)) throw invalidFields({ label: [NAME_TAKEN] });
  }

  /**
   * Make the saved query's report match its schedule (null: remove it), inside the saved query's
   * write. `changedBy` is who set it up; the owner of the saved query is the report's creator and
   * owner, so it runs as the owner (an admin's change never lends the admin's rights).
   */
  async sync(
    trx: Kysely<MetadataSchema>,
    changedBy: Principal,
    sq: { id: number; user_id: number | null; label: string; description: string | null },
    schedule: SavedQuerySchedule | null,
  ): Promise<void> {
    const existing = await this.reportOf(trx, sq.id);
    if (!schedule) {
      if (existing) await deleteReport(trx, existing.id);
      return;
    }
    const now = nowIso();
    const name = reportNameOf(sq.label, sq.id);
    await this.checkName(trx, name, sq.id);
    const columns = {
      name,
      description: sq.description || null,
      crontab: schedule.crontab,
      timezone: schedule.timezone,
      active: flag(schedule.active),
      extra: JSON.stringify({ saved_query: { include_table: schedule.include_table } } satisfies SavedQueryReportExtra),
      changed_on: now,
      changed_by_fk: changedBy.id,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await updateReport(trx, id, columns);
    } else {
      id = await insertReport(trx, {
        ...columns,
        type: 'Report',
        creation_method: SAVED_QUERY_CREATION_METHOD,
        report_format: 'CSV',
        saved_query_id: sq.id,
        log_retention: REPORT_DEFAULTS.log_retention,
        grace_period: REPORT_DEFAULTS.grace_period,
        working_timeout: REPORT_DEFAULTS.working_timeout,
        force_screenshot: 0,
        created_on: now,
        created_by_fk: sq.user_id,
      });
    }
    await setOwners(trx, 'report', id, sq.user_id === null ? [] : [sq.user_id]);
    await deleteRecipients(trx, id);
    await insertRecipients(
      trx,
      id,
      schedule.recipients.map((r) => ({ type: r.type, recipient_config_json: JSON.stringify(r.recipient_config_json) })),
    );
  }

  /** Keep the report's name and description in step with a renamed saved query. */
  async rename(trx: Kysely<MetadataSchema>, sq: { id: number; label: string; description: string | null }): Promise<void> {
    if (!(await this.reportOf(trx, sq.id))) return;
    await this.checkName(trx, reportNameOf(sq.label, sq.id), sq.id);
    await updateReportOfSavedQuery(trx, sq.id, { name: reportNameOf(sq.label, sq.id), description: sq.description || null });
  }
}

/** The run state of each scheduled saved query among `ids`, by saved query id. */
export async function scheduleStates(db: Kysely<MetadataSchema>, ids: number[]): Promise<Map<number, SavedQueryScheduleState>> {
  const states = new Map<number, SavedQueryScheduleState>();
  if (!ids.length) return states;
  const reports = await reportsOfSavedQueries(db, ids);
  if (!reports.length) return states;
  const recipients = await recipientsOfReports(
    db,
    reports.map((r) => r.id),
  );
  for (const r of reports) {
    const active = r.active === 1;
    const next = active ? nextRuns(r.crontab, r.timezone, 1)[0] : undefined;
    states.set(r.saved_query_id as number, {
      report_id: r.id,
      crontab: r.crontab,
      crontab_humanized: humanizeCrontab(r.crontab),
      timezone: r.timezone,
      active,
      include_table: parseStored<SavedQueryReportExtra>(r.extra, {}).saved_query?.include_table === true,
      recipients: recipients
        .filter((x) => x.report_schedule_id === r.id)
        .map((x) => ({
          type: x.type as ReportRecipientType,
          target: parseStored<ReportRecipientConfig>(x.recipient_config_json, { target: '' }).target,
        })),
      next_run: next ? next.toISOString() : null,
      last_state: r.last_state as ReportState | null,
      last_eval_dttm: r.last_eval_dttm,
    });
  }
  return states;
}
