/** The reports repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import { ownedBy } from './owners.js';
import {
  activeReportCount,
  activeReportSchedules,
  deleteRecipients,
  deleteReport,
  deleteReports,
  finishWorkingRun,
  insertRecipients,
  insertReport,
  insertRunUnlessLogged,
  lastSuccessEnd,
  listReportRows,
  listReportRuns,
  otherWorkingRun,
  pruneRuns,
  recipientsOfReport,
  recipientsOfReports,
  reportById,
  reportLogById,
  reportLogRetentions,
  reportNameTaken,
  reportNameTakenBesidesSavedQuery,
  reportOfSavedQuery,
  reportsOfSavedQueries,
  runsScheduledAfter,
  savedQueriesOfReports,
  setReportLastRun,
  updateReport,
  updateReportOfSavedQuery,
  workingRuns,
} from './reports.js';
import { insertSavedQuery } from './saved-queries.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: reports', () => {
  let server: TestServer;
  let adminId: number;
  let savedQueryId: number;
  const db = () => server.ctx.store.db;

  const report = (
    name: string,
    over: { type?: string; active?: number; saved_query_id?: number; created_by_fk?: number | null; changed_on?: string } = {},
  ) =>
    insertReport(db(), {
      type: over.type ?? 'Report',
      name,
      crontab: '0 9 * * *',
      timezone: 'UTC',
      active: over.active ?? 1,
      creation_method: 'alerts_reports',
      report_format: 'PNG',
      log_retention: 90,
      grace_period: 14400,
      working_timeout: 3600,
      force_screenshot: 0,
      saved_query_id: over.saved_query_id ?? null,
      created_on: nowIso(),
      changed_on: over.changed_on ?? nowIso(),
      created_by_fk: over.created_by_fk === undefined ? adminId : over.created_by_fk,
      changed_by_fk: adminId,
    });
  const run = (reportId: number, scheduled: string, state = 'Working', end: string | null = null) =>
    insertRunUnlessLogged(db(), {
      uuid: crypto.randomUUID(),
      report_schedule_id: reportId,
      scheduled_dttm: scheduled,
      start_dttm: scheduled,
      end_dttm: end,
      state,
      error_message: null,
      worker: 'test',
    });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    adminId = (await userIdByUsername(db(), 'admin')) as number;
    const dbId = await insertDatabase(server, 'Reports DB');
    const now = nowIso();
    savedQueryId = (
      await insertSavedQuery(db(), {
        uuid: crypto.randomUUID(),
        user_id: adminId,
        db_id: dbId,
        catalog: null,
        schema: null,
        label: 'Scheduled',
        description: '',
        sql: 'SELECT 1',
        template_parameters: null,
        extra_json: '{"schedule_info":{"crontab":"0 9 * * *"},"other":1}',
        rows: null,
        last_run: null,
        created_on: now,
        changed_on: now,
        created_by_fk: adminId,
        changed_by_fk: adminId,
      })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('writes, reads and deletes reports', async () => {
    const id = await report('Daily');
    expect(await reportById(db(), id)).toMatchObject({ id, name: 'Daily', type: 'Report', active: 1 });
    expect(await reportById(db(), 999_999)).toBeUndefined();
    expect(await reportNameTaken(db(), 'Daily', 'Report')).toBe(true);
    expect(await reportNameTaken(db(), 'Daily', 'Alert')).toBe(false);
    expect(await reportNameTaken(db(), 'Daily', 'Report', id)).toBe(false);
    expect(await activeReportCount(db(), adminId)).toBe(1);
    expect(await activeReportCount(db(), adminId, id)).toBe(0);

    await updateReport(db(), id, { name: 'Weekly', active: 0 });
    expect(await reportById(db(), id)).toMatchObject({ name: 'Weekly', active: 0 });
    expect(await activeReportCount(db(), adminId)).toBe(0);
    await setReportLastRun(db(), id, { last_state: 'Success', last_eval_dttm: '2030-01-01T00:00:00.000Z', last_value: 3 });
    expect(await reportById(db(), id)).toMatchObject({ last_state: 'Success', last_value: 3 });
    expect(await reportLogRetentions(db())).toContainEqual({ id, log_retention: 90 });

    const other = await report('Other');
    expect((await activeReportSchedules(db())).map((r) => r.id)).toEqual([other]);
    expect((await activeReportSchedules(db()))[0]).toEqual({ id: other, crontab: '0 9 * * *', timezone: 'UTC', created_by_fk: adminId });
    await deleteReport(db(), other);
    expect(await reportById(db(), other)).toBeUndefined();
    await deleteReports(db(), [id]);
    expect(await reportById(db(), id)).toBeUndefined();
  });

  it('ties a report to a scheduled saved query', async () => {
    const id = await report(`Scheduled (saved query ${savedQueryId})`, { saved_query_id: savedQueryId });
    expect((await reportOfSavedQuery(db(), savedQueryId))?.id).toBe(id);
    expect(await reportOfSavedQuery(db(), 999_999)).toBeUndefined();
    expect((await reportsOfSavedQueries(db(), [savedQueryId, 999_999])).map((r) => r.id)).toEqual([id]);
    expect(await savedQueriesOfReports(db(), [id])).toEqual([
      { id: savedQueryId, extra_json: '{"schedule_info":{"crontab":"0 9 * * *"},"other":1}' },
    ]);

    // the saved query's own report does not take the name from it; any other does
    expect(await reportNameTakenBesidesSavedQuery(db(), `Scheduled (saved query ${savedQueryId})`, savedQueryId)).toBe(false);
    expect(await reportNameTakenBesidesSavedQuery(db(), `Scheduled (saved query ${savedQueryId})`, 999_999)).toBe(true);
    const plain = await report('Plain');
    expect(await reportNameTakenBesidesSavedQuery(db(), 'Plain', savedQueryId)).toBe(true);

    await updateReportOfSavedQuery(db(), savedQueryId, { description: 'renamed' });
    expect((await reportById(db(), id))?.description).toBe('renamed');
    expect((await reportById(db(), plain))?.description).toBeNull();
    await deleteReports(db(), [id, plain]);
  });

  it('replaces and reads recipients', async () => {
    const id = await report('With recipients');
    await insertRecipients(db(), id, [
      { type: 'Email', recipient_config_json: '{"target":"a@example.com"}' },
      { type: 'Slack', recipient_config_json: '{"target":"#b"}' },
    ]);
    expect((await recipientsOfReport(db(), id)).map((r) => r.type)).toEqual(['Email', 'Slack']);
    expect((await recipientsOfReports(db(), [id, 999_999])).map((r) => r.report_schedule_id)).toEqual([id, id]);
    await deleteRecipients(db(), id);
    expect(await recipientsOfReport(db(), id)).toEqual([]);
    await deleteReports(db(), [id]);
  });

  it('logs, claims, ends, prunes and lists runs', async () => {
    const id = await report('Runs', { active: 0 });
    const first = await run(id, '2030-01-01T09:00:00.000Z', 'Success', '2030-01-01T09:01:00.000Z');
    const second = await run(id, '2030-01-02T09:00:00.000Z', 'Success', '2030-01-02T09:01:00.000Z');
    const working = await run(id, '2030-01-03T09:00:00.000Z');
    expect(first).not.toBeNull();
    // the same slot again: not logged twice
    expect(await run(id, '2030-01-03T09:00:00.000Z')).toBeNull();
    expect(await reportLogById(db(), working as number)).toMatchObject({ state: 'Working', report_schedule_id: id });
    expect(await reportLogById(db(), 999_999)).toBeUndefined();

    expect(await lastSuccessEnd(db(), id, working as number)).toBe('2030-01-02T09:01:00.000Z');
    expect(await lastSuccessEnd(db(), id, second as number)).toBe('2030-01-01T09:01:00.000Z');
    expect(await otherWorkingRun(db(), id, '2030-01-04T09:00:00.000Z')).toEqual({ id: working });
    expect(await otherWorkingRun(db(), id, '2030-01-03T09:00:00.000Z')).toBeUndefined();
    expect(await workingRuns(db())).toEqual([{ id: working, start_dttm: '2030-01-03T09:00:00.000Z', working_timeout: 3600 }]);
    expect((await runsScheduledAfter(db(), '2030-01-01T12:00:00.000Z')).map((r) => r.scheduled_dttm).sort()).toEqual([
      '2030-01-02T09:00:00.000Z',
      '2030-01-03T09:00:00.000Z',
    ]);

    const runs = await listReportRuns(db(), {
      reportId: id,
      state: null,
      orderBy: 'scheduled_dttm',
      direction: 'desc',
      page: 0,
      pageSize: 2,
    });
    expect(runs.count).toBe(3);
    expect(runs.rows.map((r) => r.id)).toEqual([working, second]);
    const successes = await listReportRuns(db(), {
      reportId: id,
      state: 'Success',
      orderBy: 'id',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(successes.rows.map((r) => r.id)).toEqual([first, second]);

    expect(
      await finishWorkingRun(db(), working as number, { state: 'Error', end_dttm: '2030-01-03T10:00:00.000Z', error_message: 'boom' }),
    ).toBe(true);
    // ended already: keeps its verdict
    expect(await finishWorkingRun(db(), working as number, { state: 'Success', end_dttm: nowIso(), value: 1, error_message: null })).toBe(
      false,
    );
    expect(await reportLogById(db(), working as number)).toMatchObject({ state: 'Error', error_message: 'boom' });
    expect(await workingRuns(db())).toEqual([]);

    const stillWorking = await run(id, '2029-12-31T09:00:00.000Z');
    await pruneRuns(db(), id, '2030-01-02T00:00:00.000Z');
    expect(await reportLogById(db(), first as number)).toBeUndefined();
    expect(await reportLogById(db(), second as number)).toBeDefined();
    // a run still working is never pruned
    expect(await reportLogById(db(), stillWorking as number)).toBeDefined();
  });

  it('lists a page of reports with conditions built by the caller', async () => {
    const a = await report('List A', { changed_on: '2030-01-01T00:00:00.000Z' });
    const b = await report('List B', { type: 'Alert', created_by_fk: null, changed_on: '2030-01-02T00:00:00.000Z' });
    const all = await listReportRows(db(), {
      where: (eb) => eb('r.name', 'like', 'List %'),
      orderBy: 'changed_on',
      direction: 'desc',
      page: 0,
      pageSize: 10,
    });
    expect(all).toMatchObject({ count: 2, rows: [{ id: b }, { id: a }] });
    const alerts = await listReportRows(db(), {
      where: (eb) => eb.and([eb('r.type', '=', 'Alert'), eb.or([eb('r.created_by_fk', '=', adminId), ownedBy('report', 'r.id', adminId)])]),
      orderBy: 'name',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(alerts.count).toBe(0);
    const paged = await listReportRows(db(), {
      where: (eb) => eb('r.name', 'like', 'List %'),
      orderBy: 'name',
      direction: 'asc',
      page: 1,
      pageSize: 1,
    });
    expect(paged).toMatchObject({ count: 2, rows: [{ id: b }] });
  });
});
