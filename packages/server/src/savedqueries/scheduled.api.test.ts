/**
 * Scheduled queries (issue 26 item 6): a saved query's `extra_json.schedule_info` (cron, time
 * zone, recipients) becomes a report schedule of its own that the report scheduler runs as the
 * query's owner, sending the rows as CSV. The webhook receiver is a local HTTP server on
 * 127.0.0.1, allowed with RAMA_WEBHOOK_ALLOWED_HOSTS as the report delivery tests do; the
 * scheduler's tick is driven directly at chosen instants.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { ReportDetail, ScheduledSavedQueryRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { databaseGrant, loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';
import { WEBHOOK_FAILED } from '../reports/deliver.js';
import { DML_REFUSED_MESSAGE } from '../execution/prepare.js';

type Item = { id: number; result: ScheduledSavedQueryRecord };
interface Hook {
  path: string;
  body: Record<string, unknown>;
}

let server: TestServer;
let admin: Client;
let http: Server;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];
let hookUrl: string;
const hooks: Hook[] = [];
let examples: number;
let alice: TestUser;
let dave: TestUser;
let sqlOnly: TestUser;

const SQL = "SELECT * FROM (VALUES (1, 'alpha'), (2, '{{ word }}'), (3, '=1+1')) AS t(n, word) ORDER BY n";

const hook = (name: string) => ({ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/${name}` } });
const extra = (info: Record<string, unknown>) => JSON.stringify({ schedule_info: info });

async function save(c: Client, label: string, info: Record<string, unknown> | null, sql = SQL) {
  return c.post<Item>('/api/v1/saved_query/', {
    db_id: examples,
    label,
    sql,
    template_parameters: '{"word": "beta"}',
    ...(info ? { extra_json: extra(info) } : {}),
  });
}

async function runSlot(at: string): Promise<number[]> {
  const claimed = await server.ctx.reports.scheduler.tick(new Date(at));
  await server.ctx.reports.scheduler.idle();
  return claimed;
}

const reportOf = (savedQueryId: number) =>
  server.ctx.store.db.selectFrom('report_schedule').selectAll().where('saved_query_id', '=', savedQueryId).executeTakeFirst();

const logsOf = (reportId: number) =>
  server.ctx.store.db.selectFrom('report_execution_log').selectAll().where('report_schedule_id', '=', reportId).orderBy('id').execute();

beforeAll(async () => {
  http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> });
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((r) => void http.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => mails.push(m))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((r) => void smtp.listen(0, '127.0.0.1', () => r()));
  server = await startTestServer({
    RAMA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_STARTTLS: 'false',
    SMTP_MAIL_FROM: 'rama@example.com',
  });
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  examples = server.examplesId;
  alice = await loginAs(server, 'alice', ['Gamma', 'sql_lab'], [databaseGrant('examples', examples)]);
  dave = await loginAs(server, 'dave', ['Gamma', 'sql_lab'], [databaseGrant('examples', examples)]);
  // SQL Lab without the right to write reports and alerts
  sqlOnly = await loginAs(server, 'sqlonly', ['sql_lab'], [databaseGrant('examples', examples)]);
}, 120_000);

beforeEach(async () => {
  hooks.length = 0;
  mails.length = 0;
  // each test runs only the schedules it sets up
  await server.ctx.store.db.updateTable('report_schedule').set({ active: 0 }).execute();
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((r) => http?.close(() => r()));
  await new Promise<void>((r) => smtp?.close(() => r()));
});

describe('setting up a schedule', () => {
  it('creates a report schedule of the saved query, shown on the saved query', async () => {
    const r = await save(alice.client, 'Daily words', {
      crontab: '30 8 * * 1-5',
      timezone: 'Europe/Paris',
      recipients: [hook('daily'), { type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
      include_table: true,
    });
    expect(r.status).toBe(201);
    const report = await reportOf(r.body.id);
    expect(report).toMatchObject({
      type: 'Report',
      name: `Daily words (saved query ${r.body.id})`,
      creation_method: 'saved_query',
      report_format: 'CSV',
      crontab: '30 8 * * 1-5',
      timezone: 'Europe/Paris',
      active: 1,
      created_by_fk: alice.id,
    });
    expect(r.body.result.schedule).toMatchObject({
      report_id: report!.id,
      crontab_humanized: 'Every weekday at 08:30',
      timezone: 'Europe/Paris',
      active: true,
      include_table: true,
      recipients: [
        { type: 'Webhook', target: `${hookUrl}/daily` },
        { type: 'Email', target: 'team@example.com' },
      ],
      last_state: null,
    });
    // the next run is 08:30 on Paris's clock
    const next = new Date(r.body.result.schedule!.next_run!);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('08:30');
    // the owner sees its report and log like any report of theirs
    const detail = await alice.client.get<{ result: ReportDetail }>(`/api/v1/report/${report!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.result.owners.map((o) => o.id)).toEqual([alice.id]);
    expect((await alice.client.get(`/api/v1/report/${report!.id}/log/`)).status).toBe(200);
    const listed = await alice.client.get<{ result: { id: number; creation_method: string }[] }>('/api/v1/report/');
    expect(listed.status).toBe(200);
    expect(listed.body.result.find((x) => x.id === report!.id)?.creation_method).toBe('saved_query');
    // another user sees neither the report nor its log
    expect((await dave.client.get(`/api/v1/report/${report!.id}`)).status).toBe(404);
    expect((await dave.client.get(`/api/v1/report/${report!.id}/log/`)).status).toBe(404);
  });

  it('updates, pauses and removes it with the saved query', async () => {
    const created = await save(alice.client, 'Changing', { crontab: '0 9 * * *', recipients: [hook('changing')] });
    const id = created.body.id;
    const reportId = (await reportOf(id))!.id;
    const paused = await alice.client.put<Item>(`/api/v1/saved_query/${id}`, {
      label: 'Changed',
      extra_json: extra({ crontab: '0 18 * * 5', timezone: 'America/New_York', recipients: [hook('changed')], active: false }),
    });
    expect(paused.status).toBe(200);
    expect(paused.body.result.schedule).toMatchObject({
      report_id: reportId,
      crontab_humanized: 'Every Friday at 18:00',
      active: false,
      next_run: null,
    });
    expect(await reportOf(id)).toMatchObject({ id: reportId, name: `Changed (saved query ${id})`, active: 0 });
    // a rename alone renames the report
    await alice.client.put(`/api/v1/saved_query/${id}`, { label: 'Renamed' });
    expect((await reportOf(id))?.name).toBe(`Renamed (saved query ${id})`);
    // the report list cannot reshape it; switching it on or off is fine
    const edit = await alice.client.put(`/api/v1/report/${reportId}`, { crontab: '0 1 * * *' });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual({ message: 'This schedule belongs to a saved query: change it from the saved query list or in SQL Lab.' });
    expect((await alice.client.put(`/api/v1/report/${reportId}`, { active: true })).status).toBe(200);
    // extra_json without a schedule removes it
    const removed = await alice.client.put<Item>(`/api/v1/saved_query/${id}`, { extra_json: '{}' });
    expect(removed.body.result.schedule).toBeNull();
    expect(await reportOf(id)).toBeUndefined();
    // and deleting the saved query deletes its schedule
    const again = await save(alice.client, 'Gone', { crontab: '0 9 * * *', recipients: [hook('gone')] });
    const goneReport = (await reportOf(again.body.id))!.id;
    expect((await alice.client.delete(`/api/v1/saved_query/${again.body.id}`)).status).toBe(200);
    expect(
      await server.ctx.store.db.selectFrom('report_schedule').select('id').where('id', '=', goneReport).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('the report list names the saved query, and deleting the report there removes the schedule from the query too', async () => {
    const created = await save(alice.client, 'Listed', { crontab: '0 9 * * *', recipients: [hook('listed')] });
    const id = created.body.id;
    const reportId = (await reportOf(id))!.id;
    const listed = await alice.client.get<{ result: { id: number; saved_query: { id: number; label: string } | null }[] }>(
      '/api/v1/report/',
    );
    expect(listed.body.result.find((x) => x.id === reportId)?.saved_query).toEqual({ id, label: 'Listed' });
    expect((await alice.client.delete(`/api/v1/report/${reportId}`)).status).toBe(200);
    const after = await alice.client.get<Item>(`/api/v1/saved_query/${id}`);
    expect(after.status).toBe(200);
    expect(after.body.result.schedule).toBeNull();
    expect(JSON.parse(after.body.result.extra_json ?? '{}')).not.toHaveProperty('schedule_info');
    // saving the query again (a rename) brings no schedule back
    await alice.client.put(`/api/v1/saved_query/${id}`, { label: 'Listed again' });
    expect(await reportOf(id)).toBeUndefined();
  });

  it('keeps the free-form schedule of the peer without running it', async () => {
    const r = await save(alice.client, 'Airflow style', { output_table: 'daily', schedule_interval: '@daily' });
    expect(r.status).toBe(201);
    expect(r.body.result.schedule).toBeNull();
    expect(await reportOf(r.body.id)).toBeUndefined();
  });
});

describe('bad schedules', () => {
  it('answers 400 naming the field, and writes nothing', async () => {
    const bad = async (info: Record<string, unknown>) => {
      const r = await save(alice.client, `bad ${Math.random()}`, info);
      expect(r.status).toBe(400);
      return r.body as unknown as { message: Record<string, string[]> };
    };
    const before = await server.ctx.store.db.selectFrom('saved_query').select('id').execute();
    expect((await bad({ crontab: '61 * * * *', recipients: [hook('x')] })).message['schedule_info.crontab'][0]).toMatch(
      /^Invalid cron expression/,
    );
    expect((await bad({ crontab: 'daily', recipients: [hook('x')] })).message).toEqual({
      'schedule_info.crontab': ['A schedule is a cron expression of five fields: minute, hour, day of month, month, day of week.'],
    });
    expect((await bad({ crontab: '0 9 * * *', timezone: 'Mars/Olympus', recipients: [hook('x')] })).message).toEqual({
      'schedule_info.timezone': ['Unknown time zone: Mars/Olympus'],
    });
    expect((await bad({ crontab: '0 9 * * *', recipients: [] })).message).toEqual({
      'schedule_info.recipients': ['Add at least one recipient.'],
    });
    expect(
      (await bad({ crontab: '0 9 * * *', recipients: [{ type: 'Email', recipient_config_json: { target: 'not-an-address' } }] })).message,
    ).toEqual({ 'schedule_info.recipients.0': ['Not a valid email address: not-an-address'] });
    expect(
      (await bad({ crontab: '0 9 * * *', recipients: [{ type: 'Webhook', recipient_config_json: { target: 'ftp://example.com/x' } }] }))
        .message,
    ).toEqual({ 'schedule_info.recipients.0': ['A webhook target must be an http(s) URL.'] });
    // the outbound policy of webhooks: an internal address is refused up front
    const internal = await bad({
      crontab: '0 9 * * *',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'http://10.0.0.7/hook' } }],
    });
    expect(Object.keys(internal.message)).toEqual(['schedule_info.recipients.0']);
    expect(await server.ctx.store.db.selectFrom('saved_query').select('id').execute()).toHaveLength(before.length);
  });

  it('leaves the saved query and its schedule as they were after a bad update', async () => {
    const created = await save(alice.client, 'Stays', { crontab: '0 9 * * *', recipients: [hook('stays')] });
    const r = await alice.client.put(`/api/v1/saved_query/${created.body.id}`, {
      label: 'Should not stick',
      extra_json: extra({ crontab: '0 9 * * *', timezone: 'Nowhere', recipients: [hook('stays')] }),
    });
    expect(r.status).toBe(400);
    expect(await reportOf(created.body.id)).toMatchObject({ name: `Stays (saved query ${created.body.id})`, timezone: 'UTC' });
  });

  it('refuses a schedule to a user who may not write reports (403)', async () => {
    const r = await save(sqlOnly.client, 'Not mine to schedule', { crontab: '0 9 * * *', recipients: [hook('x')] });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You are not allowed to schedule queries (it needs the right to write reports and alerts).' });
    // saving without a schedule is still fine
    expect((await save(sqlOnly.client, 'Just saved', null)).status).toBe(201);
  });
});

describe('a scheduled run', () => {
  it('sends the rows as CSV to the webhook at the scheduled minute, and logs the run', async () => {
    const r = await save(alice.client, 'Words to hook', {
      crontab: '0 9 * * *',
      timezone: 'Europe/Paris',
      recipients: [hook('words')],
      include_table: true,
    });
    const reportId = (await reportOf(r.body.id))!.id;
    // 09:00 in Paris is 08:00 UTC in November: 09:00 UTC is not its slot
    expect(await runSlot('2026-11-27T09:00:30Z')).toEqual([]);
    const claimed = await runSlot('2026-11-27T08:00:30Z');
    expect(claimed).toHaveLength(1);
    expect(hooks.map((h) => h.path)).toEqual(['/words']);
    const body = hooks[0].body;
    expect(body).toMatchObject({
      type: 'Report',
      name: `Words to hook (saved query ${r.body.id})`,
      format: 'CSV',
      scheduled_dttm: '2026-11-27T08:00:00.000Z',
      url: `${server.url}/sqllab/?savedQueryId=${r.body.id}`,
    });
    // the template parameter is filled in, and a formula-like cell is escaped as in SQL Lab's CSV
    expect((body.text as string).replace(/^\ufeff/, '')).toBe("n,word\r\n1,alpha\r\n2,beta\r\n3,'=1+1\r\n");
    expect(body.table).toEqual({
      columns: ['n', 'word'],
      rows: [
        [1, 'alpha'],
        [2, 'beta'],
        [3, '=1+1'],
      ],
    });
    const logs = await logsOf(reportId);
    expect(logs.map((l) => [l.state, l.scheduled_dttm, l.error_message])).toEqual([['Success', '2026-11-27T08:00:00.000Z', null]]);
    // the same slot never runs twice
    expect(await runSlot('2026-11-27T08:01:30Z')).toEqual([]);
    expect(hooks).toHaveLength(1);
    // the saved query shows how the last run went
    const got = await alice.client.get<Item>(`/api/v1/saved_query/${r.body.id}`);
    expect(got.body.result.schedule).toMatchObject({ last_state: 'Success' });
    // and the owner reads the run in the report log
    const log = await alice.client.get<{ count: number; result: { state: string }[] }>(`/api/v1/report/${reportId}/log/`);
    expect(log.body.count).toBe(1);
    expect(log.body.result[0].state).toBe('Success');
  });

  it('emails the CSV attached, with the rows as a table in the message when asked', async () => {
    const r = await save(alice.client, 'Words by mail', {
      crontab: '5 7 * * *',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
      include_table: true,
    });
    const reportId = (await reportOf(r.body.id))!.id;
    await runSlot('2026-11-27T07:05:30Z');
    expect((await logsOf(reportId)).map((l) => l.state)).toEqual(['Success']);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`[Report] Words by mail (saved query ${r.body.id})`);
    expect(mail.html).toContain('<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">word</th>');
    expect(mail.html).toContain('>beta</td>');
    const csv = mail.attachments.find((a) => a.contentType === 'text/csv');
    expect(csv?.filename).toMatch(/^Words_by_mail_.*\.csv$/);
    expect(csv?.content.toString('utf8').replace(/^\ufeff/, '')).toBe("n,word\r\n1,alpha\r\n2,beta\r\n3,'=1+1\r\n");
  });

  it('runs as the owner: without access to the database the run is an error, and nothing is sent', async () => {
    const r = await save(dave.client, 'Dave loses access', { crontab: '15 * * * *', recipients: [hook('dave')] });
    const reportId = (await reportOf(r.body.id))!.id;
    // an admin changes the schedule: the run still uses dave's rights, not the admin's
    const edited = await admin.put(`/api/v1/saved_query/${r.body.id}`, {
      extra_json: extra({ crontab: '20 * * * *', recipients: [hook('dave')] }),
    });
    expect(edited.status).toBe(200);
    const db = server.ctx.store.db;
    const role = await db.selectFrom('ab_role').select('id').where('name', '=', 'dave_grants').executeTakeFirstOrThrow();
    await db.deleteFrom('ab_user_role').where('user_id', '=', dave.id).where('role_id', '=', role.id).execute();
    await runSlot('2026-11-27T10:20:30Z');
    expect(hooks).toEqual([]);
    const logs = await logsOf(reportId);
    expect(logs).toHaveLength(1);
    expect(logs[0].state).toBe('Error');
    expect(logs[0].error_message).toBe('The scheduled query failed: The database could not be found.');
  });

  it('refuses a statement that changes data, as SQL Lab does', async () => {
    const r = await save(alice.client, 'Sneaky', { crontab: '45 * * * *', recipients: [hook('sneaky')] }, 'DROP TABLE main.flights');
    const reportId = (await reportOf(r.body.id))!.id;
    await runSlot('2026-11-27T11:45:30Z');
    expect(hooks).toEqual([]);
    const [log] = await logsOf(reportId);
    expect(log.state).toBe('Error');
    expect(log.error_message).toBe(`The scheduled query failed: ${DML_REFUSED_MESSAGE}`);
  });

  it('logs a webhook that fails with the one delivery message', async () => {
    const r = await save(alice.client, 'Unreachable', {
      crontab: '50 * * * *',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'http://127.0.0.1:1/closed' } }],
    });
    const reportId = (await reportOf(r.body.id))!.id;
    await runSlot('2026-11-27T12:50:30Z');
    const [log] = await logsOf(reportId);
    expect(log.state).toBe('Error');
    expect(log.error_message).toBe(`Failed sending the report: Webhook: ${WEBHOOK_FAILED}`);
  });
});
