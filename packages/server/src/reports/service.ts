import type { Kysely, Updateable } from 'kysely';
import {
  FORBIDDEN_EDIT_MESSAGE,
  REPORT_DEFAULTS,
  SCHEDULED_QUERY_MESSAGES,
  formatMessage,
  invalidTabIds,
  invalidTabIdsMessage,
  parsePositionJson,
  reportErrors,
  type ReportCreate,
  type ReportDetail,
  type ReportPut,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { MetadataSchema, ReportScheduleTable } from '../metadata/schema.js';
import { nowIso, flag } from '../metadata/db.js';
import { ownersOf, setOwners } from '../metadata/repos/owners.js';
import { usersById, usersExist, type Users } from '../metadata/repos/users.js';
import {
  activeReportCount,
  deleteRecipients,
  deleteReports,
  insertRecipients,
  insertReport,
  recipientsOfReports,
  reportById,
  reportNameTaken,
  savedQueriesOfReports,
  updateReport,
} from '../metadata/repos/reports.js';
import { updateSavedQuery } from '../metadata/repos/saved-queries.js';
import type { Principal } from '../security/principal.js';
import { badRequest, forbidden, invalidFields, notFound } from '../http/errors.js';
import { visibleChart } from '../access/charts.js';
import { DashboardService } from '../dashboards/service.js';
import { canAccessDatabase } from '../access/databases.js';
import { presentDetail, type RecipientRow, type ReportRow } from './present.js';
import { scheduleTooFrequent, webhookErrors } from './limits.js';
import { chartRef } from '../metadata/repos/charts.js';
import { dashboardRef } from '../metadata/repos/dashboards.js';
import { databaseName } from '../metadata/repos/databases.js';

export const reportNotFound = () => notFound('Report Schedule not found.');
export const NAME_TAKEN = 'Name must be unique';
export const OWNERS_SELF_ONLY = 'You may add only yourself as an owner; an admin may add other users.';

/**
 * Reports and alerts (issue 14 part 1): who sees and changes them, and their saving. A user sees
 * the reports they own (admins see all); only owners and admins change one. A report's chart,
 * dashboard or database must be one the user can see when they set it. A report runs as its
 * creator (see the runner), so a non-admin cannot add other owners, schedule it more often than
 * the operator allows, have more than a set number active, or send it to an internal address.
 */
export class ReportService {
  private readonly dashboards: DashboardService;
  constructor(readonly ctx: AppContext) {
    this.dashboards = new DashboardService(ctx);
  }

  get db(): Kysely<MetadataSchema> {
    return this.ctx.store.db;
  }

  users(ids: (number | null)[]): Promise<Users> {
    return usersById(this.db, ids);
  }

  async recipients(ids: number[]): Promise<Map<number, RecipientRow[]>> {
    const map = new Map<number, RecipientRow[]>();
    if (!ids.length) return map;
    const rows = await recipientsOfReports(this.db, ids);
    for (const r of rows) map.set(r.report_schedule_id, [...(map.get(r.report_schedule_id) ?? []), r]);
    return map;
  }

  /** The report when the user may see it (an owner, or an admin); 404 otherwise. */
  async visible(user: Principal, id: number): Promise<{ row: ReportRow; ownerIds: number[] }> {
    const row = await reportById(this.db, id);
    if (!row) throw reportNotFound();
    const ownerIds = await ownersOf(this.db, 'report', id);
    if (!user.isAdmin && !ownerIds.includes(user.id) && row.created_by_fk !== user.id) throw reportNotFound();
    return { row, ownerIds };
  }

  async editable(user: Principal, id: number): Promise<{ row: ReportRow; ownerIds: number[] }> {
    const found = await this.visible(user, id);
    if (!user.isAdmin && !found.ownerIds.includes(user.id)) throw forbidden(formatMessage(FORBIDDEN_EDIT_MESSAGE, 'report'));
    return found;
  }

  async detail(row: ReportRow, ownerIds: number[]): Promise<ReportDetail> {
    const [users, recipients, chart, dashboard, database] = await Promise.all([
      this.users([...ownerIds]),
      this.recipients([row.id]),
      row.chart_id === null ? null : chartRef(this.db, row.chart_id),
      row.dashboard_id === null ? null : dashboardRef(this.db, row.dashboard_id),
      row.database_id === null ? null : databaseName(this.db, row.database_id),
    ]);
    return presentDetail(row, {
      ownerIds,
      users,
      recipients: recipients.get(row.id) ?? [],
      chart: chart ?? null,
      dashboard: dashboard ?? null,
      database: database ?? null,
    });
  }

  async get(user: Principal, id: number): Promise<ReportDetail> {
    const { row, ownerIds } = await this.visible(user, id);
    return this.detail(row, ownerIds);
  }

  /**
   * Owners as given; 400 when one does not exist. A non-admin may keep the owners a report has
   * (`current`) and add only themselves (issue 24 item 4: adding another user needs the right to
   * act for them), and always stays an owner.
   */
  private async ownersFor(user: Principal, given: number[] | undefined, current: number[] = []): Promise<number[]> {
    const owners = [...new Set(given ?? [user.id])];
    if (!user.isAdmin) {
      if (owners.some((id) => id !== user.id && !current.includes(id))) throw invalidFields({ owners: [OWNERS_SELF_ONLY] });
      if (!owners.includes(user.id)) owners.push(user.id);
    }
    if (!(await usersExist(this.db, owners))) throw invalidFields({ owners: ['Owners are invalid'] });
    return owners;
  }

  /** The chart, dashboard and database must exist and be visible to the user; the same 400 either way. */
  private async checkTargets(user: Principal, merged: ReportCreate): Promise<void> {
    if (merged.chart) {
      await visibleChart(this.ctx, user, merged.chart).catch(() => {
        throw invalidFields({ chart: ['Chart does not exist'] });
      });
    }
    if (merged.dashboard) {
      const { row } = await this.dashboards.visible(user, merged.dashboard).catch(() => {
        throw invalidFields({ dashboard: ['Dashboard does not exist'] });
      });
      // the tabs to open or capture are the dashboard's own (the BI server's check, its message)
      const invalid = invalidTabIds(parsePositionJson(row.position_json), merged.extra?.dashboard);
      if (invalid.length) throw invalidFields({ extra: [invalidTabIdsMessage(invalid)] });
    }
    if (merged.type === 'Alert' && merged.database) {
      const db = await databaseName(this.db, merged.database);
      if (!db || !canAccessDatabase(user, db)) throw invalidFields({ database: ['Database does not exist'] });
    }
  }

  private async nameTaken(name: string, type: string, exceptId?: number): Promise<boolean> {
    return reportNameTaken(this.db, name, type, exceptId);
  }

  private async validate(user: Principal, merged: ReportCreate, exceptId?: number): Promise<void> {
    const cfg = this.ctx.config.reports;
    const errors = { ...reportErrors(merged), ...webhookErrors(merged.recipients, cfg.webhookAllowedHosts) };
    // admins are the operator's own: their schedules are not limited
    const tooFrequent = errors.crontab || user.isAdmin ? null : scheduleTooFrequent(merged.crontab, cfg.minIntervalMinutes);
    if (tooFrequent) errors.crontab = [tooFrequent];
    if (Object.keys(errors).length) throw invalidFields(errors);
    if (await this.nameTaken(merged.name, merged.type, exceptId)) throw invalidFields({ name: [NAME_TAKEN] });
    await this.checkTargets(user, merged);
  }

  private columns(body: ReportPut): Updateable<ReportScheduleTable> {
    return Object.fromEntries(
      Object.entries({
        type: body.type,
        name: body.name?.trim(),
        description: body.description,
        context_markdown: body.context_markdown,
        crontab: body.crontab?.trim(),
        timezone: body.timezone,
        active: body.active === undefined ? undefined : flag(body.active),
        creation_method: body.creation_method,
        report_format: body.report_format,
        sql: body.sql,
        chart_id: body.chart,
        dashboard_id: body.dashboard,
        database_id: body.database,
        validator_type: body.validator_type,
        validator_config_json: body.validator_config_json === undefined ? undefined : JSON.stringify(body.validator_config_json),
        log_retention: body.log_retention,
        grace_period: body.grace_period,
        working_timeout: body.working_timeout,
        force_screenshot: body.force_screenshot === undefined ? undefined : flag(body.force_screenshot),
        custom_width: body.custom_width,
        extra: body.extra === undefined ? undefined : JSON.stringify(body.extra),
      }).filter(([, v]) => v !== undefined),
    ) as Updateable<ReportScheduleTable>;
  }

  private async writeRecipients(trx: Kysely<MetadataSchema>, id: number, recipients: ReportCreate['recipients']): Promise<void> {
    await deleteRecipients(trx, id);
    if (recipients?.length) {
      await insertRecipients(
        trx,
        id,
        recipients.map((r) => ({ type: r.type, recipient_config_json: JSON.stringify(r.recipient_config_json) })),
      );
    }
  }

  /** A non-admin may have at most RAMA_REPORT_MAX_PER_OWNER active reports they created (not counting `exceptId`). */
  async checkActiveCount(user: Principal, exceptId?: number): Promise<void> {
    const max = this.ctx.config.reports.maxPerOwner;
    if (user.isAdmin || max === 0) return;
    const n = await activeReportCount(this.db, user.id, exceptId);
    if (n >= max)
      throw badRequest(
        `You have ${Number(n)} active reports and alerts, the most one user may have (RAMA_REPORT_MAX_PER_OWNER); switch one off or delete it first.`,
      );
  }

  async create(user: Principal, body: ReportCreate): Promise<{ id: number; result: ReportDetail }> {
    const merged: ReportCreate = { timezone: REPORT_DEFAULTS.timezone, ...body, name: body.name.trim() };
    await this.validate(user, merged);
    const owners = await this.ownersFor(user, body.owners);
    if (merged.active !== false) await this.checkActiveCount(user);
    const now = nowIso();
    // as the BI server: the menus of a chart or dashboard say so; anything else is from the alerts page
    const creationMethod = body.creation_method ?? 'alerts_reports';
    const id = await this.db.transaction().execute(async (trx) => {
      const insertedId = await insertReport(trx, {
        ...this.columns(merged),
        type: merged.type,
        name: merged.name,
        crontab: merged.crontab.trim(),
        timezone: merged.timezone ?? REPORT_DEFAULTS.timezone,
        creation_method: creationMethod,
        report_format: merged.report_format ?? REPORT_DEFAULTS.report_format,
        active: flag(merged.active ?? true),
        log_retention: merged.log_retention ?? REPORT_DEFAULTS.log_retention,
        grace_period: merged.grace_period ?? REPORT_DEFAULTS.grace_period,
        working_timeout: merged.working_timeout ?? REPORT_DEFAULTS.working_timeout,
        force_screenshot: flag(merged.force_screenshot),
        created_on: now,
        changed_on: now,
        created_by_fk: user.id,
        changed_by_fk: user.id,
      });
      await setOwners(trx, 'report', insertedId, owners);
      await this.writeRecipients(trx, insertedId, merged.recipients);
      return insertedId;
    });
    const { row, ownerIds } = await this.visible(user, id);
    return { id, result: await this.detail(row, ownerIds) };
  }

  /** The stored report as a create body, so an update is validated as the whole it makes. */
  private async asBody(row: ReportRow): Promise<ReportCreate> {
    const detail = await this.detail(row, []);
    return {
      type: detail.type,
      name: detail.name,
      crontab: detail.crontab,
      timezone: detail.timezone,
      chart: row.chart_id,
      dashboard: row.dashboard_id,
      database: row.database_id,
      sql: row.sql,
      validator_type: detail.validator_type,
      validator_config_json: detail.validator_config_json,
      report_format: detail.report_format,
      recipients: detail.recipients.map((r) => ({ type: r.type, recipient_config_json: r.recipient_config_json })),
    };
  }

  async update(user: Principal, id: number, body: ReportPut): Promise<{ id: number; result: ReportDetail }> {
    const { row, ownerIds } = await this.editable(user, id);
    const onlyActive = Object.keys(body).every((k) => k === 'active');
    // a scheduled query's report follows its saved query: only switching it on or off is done here
    if (row.saved_query_id !== null && !onlyActive) throw badRequest(SCHEDULED_QUERY_MESSAGES.editElsewhere);
    if (!onlyActive) {
      const merged: ReportCreate = { ...(await this.asBody(row)), ...body } as ReportCreate;
      merged.name = merged.name.trim();
      await this.validate(user, merged, id);
    }
    const owners = body.owners === undefined ? null : await this.ownersFor(user, body.owners, ownerIds);
    if (body.active === true && row.active !== 1 && row.created_by_fk === user.id) await this.checkActiveCount(user, id);
    await this.db.transaction().execute(async (trx) => {
      await updateReport(trx, id, { ...this.columns(body), changed_on: nowIso(), changed_by_fk: user.id });
      if (owners) await setOwners(trx, 'report', id, owners);
      if (body.recipients !== undefined) await this.writeRecipients(trx, id, body.recipients);
    });
    const after = await this.visible(user, id);
    return { id, result: await this.detail(after.row, after.ownerIds) };
  }

  /** Delete the reports (each must be the user's to change); returns how many. */
  async delete(user: Principal, ids: number[]): Promise<number> {
    const unique = [...new Set(ids)];
    for (const id of unique) await this.editable(user, id);
    await this.db.transaction().execute(async (trx) => {
      // a scheduled query's report deleted here: its saved query keeps no schedule either, so a
      // later save of the query does not bring the schedule back
      const scheduled = await savedQueriesOfReports(trx, unique);
      for (const q of scheduled) await updateSavedQuery(trx, q.id, { extra_json: withoutSchedule(q.extra_json) });
      await deleteReports(trx, unique);
    });
    return unique.length;
  }
}

/** A saved query's extra_json without its schedule_info (anything else it holds is kept). */
function withoutSchedule(extraJson: string): string {
  if (!extraJson) return extraJson;
  try {
    const extra = JSON.parse(extraJson) as unknown;
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) return extraJson;
    const rest = { ...(extra as Record<string, unknown>) };
    delete rest.schedule_info;
    return JSON.stringify(rest);
  } catch {
    return extraJson;
  }
}
