/**
 * Running and delivering reports (issue 14 parts 2–4) against real receivers: an SMTP server
 * (smtp-server) gets the email of a dashboard report with the picture inline and attached; a local
 * HTTP endpoint stands in for the webhook and for Slack's Web API. Alerts fire only when their
 * condition holds and then respect the grace period; 50 reports due in the same minute with two
 * schedulers are sent exactly 50 times; a run stuck in Working becomes Error and the next slot runs.
 * The local receivers sit on 127.0.0.1, which the tests allow with RAMA_WEBHOOK_ALLOWED_HOSTS
 * (issue 24's outbound policy refuses loopback otherwise).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import type { ReportDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { registerExampleDatasets } from '../examples/datasets.js';
import { registerExampleDashboards } from '../examples/dashboards.js';
import { exampleFilterId } from '../examples/filters.js';
import { createContext } from '../app.js';
import { openMetadataStore } from '../metadata/db.js';
import type { AppContext } from '../context.js';
import { CAPTURE_SCREEN_HEIGHT } from './screenshot.js';
import { WEBHOOK_FAILED } from './deliver.js';

interface Hook {
  path: string;
  body: Record<string, unknown>;
}

let server: TestServer;
let admin: Client;
let smtp: SMTPServer;
let http: Server;
let hookUrl: string;
const mails: ParsedMail[] = [];
const hooks: Hook[] = [];
let dashboardId: number;
let tableChartId: number;
let second: AppContext | null = null;

const listen = (srv: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => void srv.listen(0, '127.0.0.1', () => resolve()));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Create a report through the API (as the admin) and return its id. */
async function report(body: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number; result: ReportDetail }>('/api/v1/report/', {
    type: 'Report',
    crontab: '0 9 * * *',
    ...body,
  });
  if (r.status !== 201) throw new Error(`report not created: ${r.status} ${r.text}`);
  return r.body.id;
}

const hookFor = (name: string) => [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/${name}` } }];

/** Run the slot at `at` for every due report, as the scheduler does each minute, and wait for the runs. */
async function runSlot(at: string): Promise<number[]> {
  const claimed = await server.ctx.reports.scheduler.tick(new Date(at));
  await server.ctx.reports.scheduler.idle();
  return claimed;
}

async function logsOf(id: number) {
  return server.ctx.store.db.selectFrom('report_execution_log').selectAll().where('report_schedule_id', '=', id).orderBy('id').execute();
}

async function deactivateAll(): Promise<void> {
  await server.ctx.store.db.updateTable('report_schedule').set({ active: 0 }).execute();
}

/** The captures are kept under test-results/reports/ to be looked at. */
function keep(name: string, data: Buffer): void {
  const dir = join(process.cwd(), 'test-results', 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), data);
}

function pngStats(data: Buffer): { width: number; height: number; distinctColours: number } {
  const png = PNG.sync.read(data);
  const colours = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
  return { width: png.width, height: png.height, distinctColours: colours.size };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream, { keepCidLinks: true })
        .then((m) => mails.push(m))
        .then(() => callback(), callback);
    },
  });
  await listen(smtp);
  http = createServer((req, res) => {
    void readBody(req).then((text) => {
      const path = req.url ?? '';
      let body: Record<string, unknown> = {};
      const type = req.headers['content-type'] ?? '';
      if (type.startsWith('application/json')) body = JSON.parse(text) as Record<string, unknown>;
      else if (type.startsWith('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(text));
      else body = { bytes: Buffer.byteLength(text) };
      hooks.push({ path, body });
      res.setHeader('content-type', 'application/json');
      if (path === '/slack/files.getUploadURLExternal')
        return res.end(JSON.stringify({ ok: true, upload_url: `${hookUrl}/slack-upload`, file_id: 'F1' }));
      if (path.startsWith('/slack/')) return res.end(JSON.stringify({ ok: true }));
      if (path.startsWith('/failing')) {
        res.statusCode = 500;
        return res.end('{}');
      }
      res.end('{}');
    });
  });
  await listen(http);
  hookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  server = await startTestServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String((smtp.server.address() as AddressInfo).port),
    SMTP_STARTTLS: 'false',
    SMTP_MAIL_FROM: 'rama@example.com',
    SLACK_API_TOKEN: 'xoxb-test-token',
    SLACK_API_URL: `${hookUrl}/slack`,
    RAMA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  await registerExampleDatasets(server.ctx, server.examplesId);
  await registerExampleDashboards(server.ctx, server.examplesId);
  const db = server.ctx.store.db;
  dashboardId = (await db.selectFrom('dashboards').select('id').where('slug', '=', 'flights').executeTakeFirstOrThrow()).id;
  tableChartId = (await db.selectFrom('slices').select('id').where('viz_type', '=', 'table').orderBy('id').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await second?.reports.close();
  await second?.store.close();
  await server?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
  await new Promise<void>((r) => http?.close(() => r()));
});

describe('a dashboard report by email', () => {
  it('sends the dashboard as a picture, inline and attached, with a PDF one page per screen height', async () => {
    const origin = exampleFilterId('flights-origin');
    const id = await report({
      name: 'Flights overview',
      description: 'The <b>weekly</b> numbers',
      dashboard: dashboardId,
      creation_method: 'dashboards',
      report_format: 'PNG',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'ops@example.com', ccTarget: 'cc@example.com' } },
        // Rama's per-recipient filter values: this one gets the dashboard filtered on one airport
        {
          type: 'Email',
          recipient_config_json: {
            target: 'sea@example.com',
            dataMask: {
              [origin]: {
                id: origin,
                filterState: { value: ['SEA'] },
                extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }] },
              },
            },
          },
        },
      ],
    });
    await runSlot('2026-11-27T09:00:30Z');
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.state, l.error_message])).toEqual([['Success', null]]);
    expect(mails).toHaveLength(2);
    const [all, sea] = [
      mails.find((m) => m.to && JSON.stringify(m.to).includes('ops@')),
      mails.find((m) => JSON.stringify(m.to).includes('sea@')),
    ];
    expect(all?.subject).toBe('[Report] Flights overview');
    expect(JSON.stringify(all?.cc)).toContain('cc@example.com');
    // user text is escaped in the HTML, and the picture is shown inline from its attachment
    expect(all?.html).toContain('The &lt;b&gt;weekly&lt;/b&gt; numbers');
    expect(all?.html).toContain('src="cid:report-image"');
    const pngs = (all?.attachments ?? []).filter((a) => a.contentType === 'image/png');
    expect(pngs.length).toBeGreaterThanOrEqual(1);
    const stats = pngStats(pngs[0].content);
    keep('dashboard-report.png', pngs[0].content);
    expect(stats.width).toBe(1600);
    expect(stats.height).toBeGreaterThan(CAPTURE_SCREEN_HEIGHT);
    expect(stats.distinctColours).toBeGreaterThan(20);
    // the recipient with their own filter values got their own capture
    const seaPng = (sea?.attachments ?? []).find((a) => a.contentType === 'image/png');
    expect(seaPng).toBeDefined();
    keep('dashboard-report-sea.png', seaPng!.content);
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(hash(seaPng!.content)).not.toBe(hash(pngs[0].content));
    expect(all?.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/rama\/dashboard\/p\/[\w-]+\/"/);

    // the same dashboard as PDF: one page per screen height of the page
    mails.length = 0;
    await admin.put(`/api/v1/report/${id}`, {
      report_format: 'PDF',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.com' } }],
    });
    await runSlot('2026-11-28T09:00:30Z');
    expect((await logsOf(id)).map((l) => l.state)).toEqual(['Success', 'Success']);
    const pdf = mails[0]?.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    keep('dashboard-report.pdf', pdf!.content);
    const pages = (pdf!.content.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(Math.ceil(stats.height / CAPTURE_SCREEN_HEIGHT));
    await deactivateAll();
  }, 180_000);
});

describe('chart reports to a webhook and to Slack', () => {
  it('sends the chart data as CSV with the rows of the chart data API, the header in the chart labels', async () => {
    const id = await report({
      name: 'Table CSV',
      chart: tableChartId,
      creation_method: 'charts',
      report_format: 'CSV',
      recipients: hookFor('csv'),
    });
    await runSlot('2026-11-27T09:00:40Z');
    expect((await logsOf(id)).map((l) => l.state)).toEqual(['Success']);
    const hook = hooks.find((h) => h.path === '/csv');
    const csv = await admin.get(`/api/v1/chart/${tableChartId}/data/?format=csv`);
    expect(csv.status).toBe(200);
    expect(hook?.body).toMatchObject({ type: 'Report', name: 'Table CSV', format: 'CSV', file: null });
    // the rows are the engine's; the header names columns and metrics as the chart does (reports-tabs.api.test.ts)
    const [header, ...rows] = String(hook?.body.text).split('\r\n');
    const [engineHeader, ...engineRows] = csv.text.split('\r\n');
    expect(rows).toEqual(engineRows);
    expect(header.split(',')).toHaveLength(engineHeader.split(',').length);
    expect(String(hook?.body.url)).toContain(`/explore/?slice_id=${tableChartId}`);
    await deactivateAll();
  }, 60_000);

  it('sends a chart as a picture of the chart alone to the webhook, base64 in the JSON', async () => {
    const id = await report({
      name: 'Chart picture',
      chart: tableChartId,
      creation_method: 'charts',
      report_format: 'PNG',
      custom_width: 800,
      recipients: hookFor('png'),
    });
    await runSlot('2026-11-27T09:00:45Z');
    expect((await logsOf(id)).map((l) => [l.state, l.error_message])).toEqual([['Success', null]]);
    const file = hooks.find((h) => h.path === '/png')?.body.file as { filename: string; content_type: string; content_base64: string };
    expect(file.content_type).toBe('image/png');
    expect(file.filename).toMatch(/^Chart_picture_.*\.png$/);
    const stats = pngStats(Buffer.from(file.content_base64, 'base64'));
    keep('chart-report.png', Buffer.from(file.content_base64, 'base64'));
    expect(stats.width).toBe(800);
    expect(stats.distinctColours).toBeGreaterThan(5);
    await deactivateAll();
  }, 60_000);

  it('sends a TEXT report to Slack as a message with the table', async () => {
    const id = await report({
      name: 'Table text',
      chart: tableChartId,
      creation_method: 'charts',
      report_format: 'TEXT',
      recipients: [{ type: 'Slack', recipient_config_json: { target: '#ops' } }],
    });
    await runSlot('2026-11-27T09:00:50Z');
    expect((await logsOf(id)).map((l) => l.state)).toEqual(['Success']);
    const post = hooks.find((h) => h.path === '/slack/chat.postMessage');
    expect(post?.body.channel).toBe('#ops');
    expect(String(post?.body.text)).toContain('*Table text*');
    expect(String(post?.body.text)).toContain(' | ');
    await deactivateAll();
  }, 60_000);

  it('uploads a CSV report to Slack through the external upload flow', async () => {
    const id = await report({
      name: 'Slack CSV',
      chart: tableChartId,
      creation_method: 'charts',
      report_format: 'CSV',
      recipients: [{ type: 'Slack', recipient_config_json: { target: 'C0123456' } }],
    });
    await runSlot('2026-11-27T09:00:52Z');
    expect((await logsOf(id)).map((l) => [l.state, l.error_message])).toEqual([['Success', null]]);
    const ask = hooks.find((h) => h.path === '/slack/files.getUploadURLExternal');
    expect(ask?.body.filename).toMatch(/^Slack_CSV_.*\.csv$/);
    const upload = hooks.find((h) => h.path === '/slack-upload');
    expect(upload?.body.bytes).toBe(Number(ask?.body.length));
    const done = hooks.find((h) => h.path === '/slack/files.completeUploadExternal');
    expect(done?.body).toMatchObject({ channel_id: 'C0123456', files: [{ id: 'F1' }] });
    await deactivateAll();
  }, 60_000);

  it('logs a delivery that failed as Error with the reason', async () => {
    const id = await report({
      name: 'Broken hook',
      chart: tableChartId,
      report_format: 'TEXT',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/failing` } }],
    });
    await runSlot('2026-11-27T09:00:55Z');
    const [log] = await logsOf(id);
    expect(log.state).toBe('Error');
    expect(log.error_message).toBe(`Failed sending the report: Webhook: ${WEBHOOK_FAILED}`);
    const detail = await admin.get<{ result: ReportDetail }>(`/api/v1/report/${id}`);
    expect(detail.body.result.last_state).toBe('Error');
    const log2 = await admin.get<{ count: number; result: { state: string; error_message: string }[] }>(`/api/v1/report/${id}/log/`);
    expect(log2.body.count).toBe(1);
    expect(log2.body.result[0].state).toBe('Error');
    await deactivateAll();
  }, 60_000);
});

describe('alerts', () => {
  it('fire only when the condition holds, then respect the grace period', async () => {
    const alert = (name: string, sql: string) =>
      report({
        type: 'Alert',
        name,
        crontab: '*/5 * * * *',
        chart: tableChartId,
        report_format: 'TEXT',
        database: server.examplesId,
        sql,
        validator_type: 'operator',
        validator_config_json: { op: '>', threshold: 100 },
        grace_period: 3600,
        recipients: hookFor(name),
      });
    const firing = await alert('busy', 'SELECT count(*) FROM flights');
    const quiet = await alert('quiet', 'SELECT 5');
    await runSlot('2026-11-27T10:00:10Z');
    expect((await logsOf(firing)).map((l) => l.state)).toEqual(['Success']);
    expect((await logsOf(quiet)).map((l) => l.state)).toEqual(['Not triggered']);
    expect(hooks.filter((h) => h.path === '/busy')).toHaveLength(1);
    expect(hooks.filter((h) => h.path === '/quiet')).toHaveLength(0);
    const sent = hooks.find((h) => h.path === '/busy');
    expect(sent?.body.type).toBe('Alert');
    expect(Number(sent?.body.value)).toBeGreaterThan(100);
    // five minutes later the condition still holds: within the grace period nothing is sent (a fixed
    // slot: one taken from the wall clock is the first slot again when the tests run just after it)
    await runSlot('2026-11-27T10:05:10Z');
    expect((await logsOf(firing)).map((l) => l.state)).toEqual(['Success', 'On Grace']);
    expect(hooks.filter((h) => h.path === '/busy')).toHaveLength(1);
    // an alert query that returns two rows is an error the log explains
    const twoRows = await alert('two-rows', 'SELECT 1 UNION ALL SELECT 2');
    await runSlot('2026-11-27T10:10:10Z');
    expect((await logsOf(twoRows)).map((l) => l.error_message)).toEqual(['Alert query returned more than one row. 2 rows returned']);
    // and one that tries to change data never runs
    const dml = await alert('dml', 'DELETE FROM flights');
    await runSlot('2026-11-27T10:15:10Z');
    const [dmlLog] = await logsOf(dml);
    expect(dmlLog.state).toBe('Error');
    expect(dmlLog.error_message).toMatch(/^Alert found an error while executing a query: /);
    await deactivateAll();
  }, 60_000);
});

describe('the scheduler', () => {
  it('sends 50 reports due in the same minute exactly 50 times with two schedulers racing', async () => {
    second = createContext(server.ctx.config, openMetadataStore(server.ctx.config.metadataUrl), server.ctx.log);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(
        await report({
          name: `Fifty ${i}`,
          crontab: '30 11 * * *',
          chart: tableChartId,
          report_format: 'TEXT',
          recipients: hookFor(`fifty-${i}`),
        }),
      );
    }
    const at = new Date('2026-11-27T11:30:05Z');
    const [a, b] = await Promise.all([server.ctx.reports.scheduler.tick(at), second.reports.scheduler.tick(at)]);
    await Promise.all([server.ctx.reports.scheduler.idle(), second.reports.scheduler.idle()]);
    expect(a.length + b.length).toBe(50);
    expect(new Set([...a, ...b]).size).toBe(50);
    expect(hooks.filter((h) => h.path.startsWith('/fifty-'))).toHaveLength(50);
    expect(new Set(hooks.filter((h) => h.path.startsWith('/fifty-')).map((h) => h.path)).size).toBe(50);
    // a later tick in the same minute claims nothing again
    expect(await server.ctx.reports.scheduler.tick(new Date('2026-11-27T11:31:00Z'))).toEqual([]);
    const logs = await server.ctx.store.db
      .selectFrom('report_execution_log')
      .select('state')
      .where('report_schedule_id', 'in', ids)
      .execute();
    expect(logs).toHaveLength(50);
    expect(logs.every((l) => l.state === 'Success')).toBe(true);
    await deactivateAll();
  }, 120_000);

  it('turns a run stuck in Working (its worker died) into Error after working_timeout, and runs the next slot', async () => {
    const id = await report({
      name: 'Stuck',
      crontab: '0 * * * *',
      chart: tableChartId,
      report_format: 'TEXT',
      working_timeout: 60,
      recipients: hookFor('stuck'),
    });
    // a worker claimed the 12:00 slot and was killed: its row stays Working
    await server.ctx.store.db
      .insertInto('report_execution_log')
      .values({
        uuid: 'dead-worker-run',
        report_schedule_id: id,
        scheduled_dttm: '2026-11-27T12:00:00.000Z',
        start_dttm: '2026-11-27T12:00:01.000Z',
        state: 'Working',
        worker: 'killed',
      })
      .execute();
    // a tick later in the same minute leaves the claimed slot to its (dead) worker
    await runSlot('2026-11-27T12:00:50Z');
    expect((await logsOf(id)).map((l) => l.state)).toEqual(['Working']);
    await runSlot('2026-11-27T13:00:05Z');
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.scheduled_dttm, l.state, l.error_message])).toEqual([
      ['2026-11-27T12:00:00.000Z', 'Error', 'Report Schedule reached a working timeout.'],
      ['2026-11-27T13:00:00.000Z', 'Success', null],
    ]);
    expect(hooks.filter((h) => h.path === '/stuck')).toHaveLength(1);
  }, 60_000);
});
