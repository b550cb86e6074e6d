/**
 * Reports and alerts: their schedules (`report_schedule`), recipients (`report_recipient`) and
 * runs (`report_execution_log`). Owners are in `owners.ts`.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { MetadataSchema, ReportExecutionLogTable, ReportRecipientTable, ReportScheduleTable, Row } from '../schema.js';

type Db = Kysely<MetadataSchema>;
type ReportRow = Row<ReportScheduleTable>;
type RecipientRow = Row<ReportRecipientTable>;
type LogRow = Row<ReportExecutionLogTable>;

/** A recipient to store: its type and its configuration as JSON text. */
export interface RecipientValues {
  type: string;
  recipient_config_json: string;
}

// ---- schedules

/** The report with this id, if any. */
export function reportById(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('report_schedule').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The report of a scheduled saved query, if any. */
export function reportOfSavedQuery(db: Db, savedQueryId: number): Promise<ReportRow | undefined> {
  return db.selectFrom('report_schedule').selectAll().where('saved_query_id', '=', savedQueryId).executeTakeFirst();
}

/** The reports of these scheduled saved queries. */
export function reportsOfSavedQueries(db: Db, savedQueryIds: number[]): Promise<ReportRow[]> {
  return db.selectFrom('report_schedule').selectAll().where('saved_query_id', 'in', savedQueryIds).execute();
}

/** Whether a report of this type other than `exceptId` has the name. */
export async function reportNameTaken(db: Db, name: string, type: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('report_schedule').select('id').where('name', '=', name).where('type', '=', type);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether a Report other than this saved query's has the name. */
export async function reportNameTakenBesidesSavedQuery(db: Db, name: string, savedQueryId: number): Promise<boolean> {
  const taken = await db
    .selectFrom('report_schedule')
    .select('id')
    .where('name', '=', name)
    .where('type', '=', 'Report')
    .where((eb) => eb.or([eb('saved_query_id', 'is', null), eb('saved_query_id', '!=', savedQueryId)]))
    .executeTakeFirst();
  return taken !== undefined;
}

/** How many active reports the user created, `exceptId` not counted. */
export async function activeReportCount(db: Db, userId: number, exceptId?: number): Promise<number> {
  let q = db
    .selectFrom('report_schedule')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_by_fk', '=', userId)
    .where('active', '=', 1);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}

/** Stores a new report and returns its id. */
export async function insertReport(db: Db, values: Insertable<ReportScheduleTable>): Promise<number> {
  const row = await db.insertInto('report_schedule').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a report's columns. */
export async function updateReport(db: Db, id: number, set: Updateable<ReportScheduleTable>): Promise<void> {
  await db.updateTable('report_schedule').set(set).where('id', '=', id).execute();
}

/** Changes the columns of a scheduled saved query's report. */
export async function updateReportOfSavedQuery(db: Db, savedQueryId: number, set: Updateable<ReportScheduleTable>): Promise<void> {
  await db.updateTable('report_schedule').set(set).where('saved_query_id', '=', savedQueryId).execute();
}

/** Deletes these reports. */
export async function deleteReports(db: Db, ids: number[]): Promise<void> {
  await db.deleteFrom('report_schedule').where('id', 'in', ids).execute();
}

/** Deletes one report. */
export async function deleteReport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('report_schedule').where('id', '=', id).execute();
}

/** The saved queries (id and extra_json) whose reports are among `reportIds`. */
export function savedQueriesOfReports(db: Db, reportIds: number[]): Promise<{ id: number; extra_json: string }[]> {
  return db
    .selectFrom('report_schedule as r')
    .innerJoin('saved_query as q', 'q.id', 'r.saved_query_id')
    .select(['q.id', 'q.extra_json'])
    .where('r.id', 'in', reportIds)
    .execute();
}

/** Every report's id and log retention (days). */
export function reportLogRetentions(db: Db): Promise<{ id: number; log_retention: number }[]> {
  return db.selectFrom('report_schedule').select(['id', 'log_retention']).execute();
}

/** The active reports' schedules and creators. */
export function activeReportSchedules(db: Db): Promise<{ id: number; crontab: string; timezone: string; created_by_fk: number | null }[]> {
  return db.selectFrom('report_schedule').select(['id', 'crontab', 'timezone', 'created_by_fk']).where('active', '=', 1).execute();
}

/** Records a run's outcome on its report. */
export async function setReportLastRun(
  db: Db,
  id: number,
  last: { last_state: string; last_eval_dttm: string; last_value: number | null },
): Promise<void> {
  await db.updateTable('report_schedule').set(last).where('id', '=', id).execute();
}

/** The expression builder of a report list's conditions (the table is `r`). */
export type ReportEb = ExpressionBuilder<MetadataSchema & { r: MetadataSchema['report_schedule'] }, 'r'>;

export interface ReportListOptions {
  /** the conditions on `r`, built by the caller */
  where: (eb: ReportEb) => Expression<SqlBool>;
  /** a `report_schedule` column */
  orderBy: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of reports (ties by id in the same direction) and the count of all that match. */
export async function listReportRows(db: Db, o: ReportListOptions): Promise<{ count: number; rows: ReportRow[] }> {
  const base = db.selectFrom('report_schedule as r').where(o.where);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .orderBy(`r.${o.orderBy}` as 'r.changed_on', o.direction)
    .orderBy('r.id', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}

// ---- recipients

/** The recipients of these reports, in id order. */
export function recipientsOfReports(db: Db, reportIds: number[]): Promise<RecipientRow[]> {
  return db.selectFrom('report_recipient').selectAll().where('report_schedule_id', 'in', reportIds).orderBy('id').execute();
}

/** One report's recipients, in id order. */
export function recipientsOfReport(db: Db, reportId: number): Promise<RecipientRow[]> {
  return db.selectFrom('report_recipient').selectAll().where('report_schedule_id', '=', reportId).orderBy('id').execute();
}

/** Removes a report's recipients. */
export async function deleteRecipients(db: Db, reportId: number): Promise<void> {
  await db.deleteFrom('report_recipient').where('report_schedule_id', '=', reportId).execute();
}

/** Adds recipients to a report (the list must not be empty). */
export async function insertRecipients(db: Db, reportId: number, recipients: RecipientValues[]): Promise<void> {
  await db
    .insertInto('report_recipient')
    .values(recipients.map((r) => ({ report_schedule_id: reportId, type: r.type, recipient_config_json: r.recipient_config_json })))
    .execute();
}

// ---- runs

/** The run with this id, if any. */
export function reportLogById(db: Db, id: number): Promise<LogRow | undefined> {
  return db.selectFrom('report_execution_log').selectAll().where('id', '=', id).executeTakeFirst();
}

/** When the report's latest successful run other than `exceptLogId` ended, if any. */
export async function lastSuccessEnd(db: Db, reportId: number, exceptLogId: number): Promise<string | null> {
  const row = await db
    .selectFrom('report_execution_log')
    .select('end_dttm')
    .where('report_schedule_id', '=', reportId)
    .where('state', '=', 'Success')
    .where('id', '!=', exceptLogId)
    .orderBy('end_dttm', 'desc')
    .executeTakeFirst();
  return row?.end_dttm ?? null;
}

/** Ends a run that is still Working with its outcome (a run already ended keeps its verdict); returns whether it changed. */
export async function finishWorkingRun(
  db: Db,
  id: number,
  outcome: { state: string; end_dttm: string; value?: number | null; error_message: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable('report_execution_log')
    .set(outcome)
    .where('id', '=', id)
    .where('state', '=', 'Working')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The runs still Working, with when they started and their report's working timeout. */
export function workingRuns(db: Db): Promise<{ id: number; start_dttm: string | null; working_timeout: number }[]> {
  return db
    .selectFrom('report_execution_log as l')
    .innerJoin('report_schedule as r', 'r.id', 'l.report_schedule_id')
    .select(['l.id', 'l.start_dttm', 'r.working_timeout'])
    .where('l.state', '=', 'Working')
    .execute();
}

/** Deletes a report's ended runs scheduled before `beforeIso`. */
export async function pruneRuns(db: Db, reportId: number, beforeIso: string): Promise<void> {
  await db
    .deleteFrom('report_execution_log')
    .where('report_schedule_id', '=', reportId)
    .where('scheduled_dttm', '<', beforeIso)
    .where('state', '!=', 'Working')
    .execute();
}

/** A run of the report still Working for a slot other than `scheduledIso`, if any. */
export function otherWorkingRun(db: Db, reportId: number, scheduledIso: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('report_execution_log')
    .select('id')
    .where('report_schedule_id', '=', reportId)
    .where('state', '=', 'Working')
    .where('scheduled_dttm', '!=', scheduledIso)
    .executeTakeFirst();
}

/** Logs a run for a slot unless one is logged already (the unique key); returns the new row's id, if inserted. */
export async function insertRunUnlessLogged(db: Db, values: Insertable<ReportExecutionLogTable>): Promise<number | null> {
  const row = await db
    .insertInto('report_execution_log')
    .values(values)
    .onConflict((oc) => oc.columns(['report_schedule_id', 'scheduled_dttm']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The slots logged after `afterIso`, by report. */
export function runsScheduledAfter(db: Db, afterIso: string): Promise<{ report_schedule_id: number; scheduled_dttm: string }[]> {
  return db
    .selectFrom('report_execution_log')
    .select(['report_schedule_id', 'scheduled_dttm'])
    .where('scheduled_dttm', '>', afterIso)
    .execute();
}

/** One page of a report's runs (optionally in one state), ties by id in the same direction, and the count of all that match. */
export async function listReportRuns(
  db: Db,
  o: { reportId: number; state: string | null; orderBy: string; direction: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ count: number; rows: LogRow[] }> {
  let base = db.selectFrom('report_execution_log as l').where('l.report_schedule_id', '=', o.reportId);
  if (o.state !== null) base = base.where('l.state', '=', o.state);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('l')
    .orderBy(`l.${o.orderBy}` as 'l.scheduled_dttm', o.direction)
    .orderBy('l.id', o.direction)
    .limit(o.pageSize)
    .offset(o.page * o.pageSize)
    .execute();
  return { count: Number(count), rows };
}
