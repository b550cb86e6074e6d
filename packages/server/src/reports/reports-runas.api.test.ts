/**
 * Issue 24 items 4, 8 and 9 against a running server: a report runs as its creator (never as an
 * owner someone added, nor with an admin's rights after an admin's edit), as RAMA_REPORT_EXECUTOR
 * when the operator names one, and fails when its creator is inactive; one creator's slow reports
 * take one slot while another creator's run starts at once; a capture that hangs is ended and its
 * page closed; and a failed webhook reads the same whatever answered at the port. The receivers
 * sit on 127.0.0.1, allowed with RAMA_WEBHOOK_ALLOWED_HOSTS.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { registerExampleDatasets } from '../examples/datasets.js';
import { registerExampleDashboards } from '../examples/dashboards.js';
import { datasetPermView } from '../access/datasets.js';
import { loadPrincipal } from '../security/principal.js';
import { CaptureError } from './screenshot.js';
import { WEBHOOK_FAILED } from './deliver.js';
import { RUN_AS_ERRORS } from './runner.js';

interface Hook {
  path: string;
  body: Record<string, unknown>;
}

let server: TestServer;
let admin: Client;
let http: Server;
let hookUrl: string;
let tableChartId: number;
const hooks: Hook[] = [];
/** per user, requests to /slow-<user>-… being answered now, and the most at once */
const slowNow = new Map<string, number>();
const slowMax = new Map<string, number>();

const listen = (srv: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => void srv.listen(0, '127.0.0.1', () => resolve()));

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Create a report through the API as the admin and return its id. */
async function report(body: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number; result: ReportDetail }>('/api/v1/report/', { type: 'Report', crontab: '0 9 * * *', ...body });
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

beforeAll(async () => {
  http = createServer((req, res) => {
    void readBody(req).then((text) => {
      const path = req.url ?? '';
      hooks.push({ path, body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {} });
      if (path.startsWith('/failing')) {
        res.statusCode = 500;
        return res.end('{}');
      }
      if (path.startsWith('/moved')) {
        res.writeHead(302, { location: `${hookUrl}/landed` });
        return res.end();
      }
      if (path.startsWith('/slow-')) {
        // who the request is for (/slow-gina-1 → gina): how many of theirs are answered at once
        const who = path.split('-')[1];
        slowNow.set(who, (slowNow.get(who) ?? 0) + 1);
        slowMax.set(who, Math.max(slowMax.get(who) ?? 0, slowNow.get(who) ?? 0));
        return setTimeout(() => {
          slowNow.set(who, (slowNow.get(who) ?? 1) - 1);
          res.end('{}');
        }, 600);
      }
      res.end('{}');
    });
  });
  await listen(http);
  hookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  server = await startTestServer({ RAMA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  await registerExampleDatasets(server.ctx, server.examplesId);
  await registerExampleDashboards(server.ctx, server.examplesId);
  const db = server.ctx.store.db;
  tableChartId = (await db.selectFrom('slices').select('id').where('viz_type', '=', 'table').orderBy('id').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((r) => http?.close(() => r()));
});

describe('issue 24: a report runs as its creator', () => {
  let gina: { client: Client; id: number };
  let adminId: number;
  /** a chart on flights, which gina reads, and one on another dataset, which she does not */
  let flightsChart: number;
  let otherChart: number;

  const create = async (client: Client, body: Record<string, unknown>): Promise<number> => {
    const r = await client.post<{ id: number }>('/api/v1/report/', { type: 'Report', creation_method: 'charts', ...body });
    if (r.status !== 201) throw new Error(`report not created: ${r.status} ${r.text}`);
    return r.body.id;
  };
  const statesOf = async (id: number) => (await logsOf(id)).map((l) => [l.state, l.error_message]);
  const hooksAt = (name: string) => hooks.filter((h) => h.path === `/${name}`);

  beforeAll(async () => {
    const db = server.ctx.store.db;
    adminId = (await db.selectFrom('ab_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const flights = (await db.selectFrom('tables').select('id').where('table_name', '=', 'flights').orderBy('id').executeTakeFirstOrThrow())
      .id;
    const tables = await db.selectFrom('slices').select(['id', 'datasource_id']).where('viz_type', '=', 'table').orderBy('id').execute();
    flightsChart = (
      tables.find((c) => c.datasource_id === flights) ??
      (await db.selectFrom('slices').select('id').where('datasource_id', '=', flights).executeTakeFirstOrThrow())
    ).id;
    otherChart = (tables.find((c) => c.datasource_id !== flights) as { id: number }).id;
    await customRole(server, 'flights_reporters', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
    gina = await loggedInUser(server, admin, 'gina', ['Gamma', 'flights_reporters']);
  });

  it("runs a Gamma creator's report with her rights: an admin pointing it at a chart she cannot read gets an error, not data", async () => {
    await deactivateAll();
    const id = await create(gina.client, {
      name: 'Gina CSV',
      crontab: '0 6 * * *',
      chart: flightsChart,
      report_format: 'CSV',
      recipients: hookFor('gina-csv'),
    });
    await runSlot('2026-12-01T06:00:30Z');
    expect(await statesOf(id)).toEqual([['Success', null]]);
    expect(String(hooksAt('gina-csv')[0]?.body.text).length).toBeGreaterThan(10);
    // the admin's edit does not lend the admin's rights to the report
    expect((await admin.put(`/api/v1/report/${id}`, { chart: otherChart })).status).toBe(200);
    await runSlot('2026-12-02T06:00:30Z');
    const [, second] = await statesOf(id);
    expect(second[0]).toBe('Error');
    expect(second[1]).toMatch(/^Failed generating the CSV of the chart: .*not found/i);
    expect(hooksAt('gina-csv')).toHaveLength(1);
    await deactivateAll();
  }, 60_000);

  it("an admin's report shared with a co-owner runs with the co-owner's rights once she changes it", async () => {
    await deactivateAll();
    const id = await create(admin, {
      name: 'Admin CSV',
      crontab: '0 7 * * *',
      chart: otherChart,
      report_format: 'CSV',
      owners: [adminId, gina.id],
      recipients: hookFor('admin-csv'),
    });
    await runSlot('2026-12-01T07:00:30Z');
    expect(await statesOf(id)).toEqual([['Success', null]]);
    // gina may switch it on and off (she is an owner), but cannot make it run as the admin for her
    expect((await gina.client.put(`/api/v1/report/${id}`, { active: true })).status).toBe(200);
    await runSlot('2026-12-02T07:00:30Z');
    expect((await statesOf(id))[1][0]).toBe('Error');
    expect(hooksAt('admin-csv')).toHaveLength(1);
    // the admin saving it again takes it back
    expect((await admin.put(`/api/v1/report/${id}`, { active: true })).status).toBe(200);
    await runSlot('2026-12-03T07:00:30Z');
    expect((await statesOf(id))[2]).toEqual(['Success', null]);
    expect(hooksAt('admin-csv')).toHaveLength(2);
    await deactivateAll();
  }, 60_000);

  it('fails the run of an inactive creator, never falling back to another owner', async () => {
    await deactivateAll();
    const id = await create(gina.client, {
      name: 'Gina text',
      crontab: '0 8 * * *',
      chart: flightsChart,
      report_format: 'TEXT',
      recipients: hookFor('gina-text'),
    });
    expect((await admin.put(`/api/v1/report/${id}`, { owners: [adminId, gina.id] })).status).toBe(200);
    const db = server.ctx.store.db;
    await db.updateTable('ab_user').set({ active: 0 }).where('id', '=', gina.id).execute();
    try {
      await runSlot('2026-12-01T08:00:30Z');
    } finally {
      await db.updateTable('ab_user').set({ active: 1 }).where('id', '=', gina.id).execute();
    }
    expect(await statesOf(id)).toEqual([['Error', RUN_AS_ERRORS.creatorGone]]);
    expect(hooksAt('gina-text')).toHaveLength(0);
    await deactivateAll();
  }, 60_000);

  it('runs every report as RAMA_REPORT_EXECUTOR when the operator names one', async () => {
    await deactivateAll();
    const cfg = server.ctx.config.reports;
    const id = await create(admin, {
      name: 'Executor',
      crontab: '0 9 * * *',
      chart: otherChart,
      report_format: 'TEXT',
      recipients: hookFor('executor'),
    });
    try {
      cfg.executor = 'gina';
      await runSlot('2026-12-01T09:00:30Z');
      cfg.executor = 'nobody';
      await runSlot('2026-12-02T09:00:30Z');
      cfg.executor = 'admin';
      await runSlot('2026-12-03T09:00:30Z');
    } finally {
      cfg.executor = null;
    }
    const states = await statesOf(id);
    expect(states[0][0]).toBe('Error');
    expect(states[1]).toEqual(['Error', 'The report executor "nobody" (RAMA_REPORT_EXECUTOR) is not an active user.']);
    expect(states[2]).toEqual(['Success', null]);
    expect(hooksAt('executor')).toHaveLength(1);
    await deactivateAll();
  }, 60_000);

  it("gives another creator's report a slot at once while one creator's slow reports wait their turn", async () => {
    await deactivateAll();
    for (let i = 1; i <= 4; i++)
      await create(gina.client, {
        name: `Slow ${i}`,
        crontab: '0 10 * * *',
        chart: flightsChart,
        report_format: 'TEXT',
        recipients: hookFor(`slow-gina-${i}`),
      });
    await create(admin, {
      name: 'Slow admin',
      crontab: '0 10 * * *',
      chart: flightsChart,
      report_format: 'TEXT',
      recipients: hookFor('slow-admin-1'),
    });
    const before = hooks.length;
    await runSlot('2026-12-01T10:00:30Z');
    const order = hooks.slice(before).map((h) => h.path);
    const ginas = order.filter((p) => p.startsWith('/slow-gina-'));
    expect(ginas).toHaveLength(4);
    // before the change the admin's run waited behind gina's first two (two slots, first claimed first)
    expect(order.indexOf('/slow-admin-1')).toBeLessThan(order.indexOf(ginas[1]));
    expect(slowMax.get('gina')).toBe(1);
    await deactivateAll();
  }, 60_000);

  it('ends a capture that hangs past RAMA_REPORTS_CAPTURE_TIMEOUT, closing its page', async () => {
    const cfg = server.ctx.config.reports;
    const user = await loadPrincipal(server.ctx.store.db, adminId);
    const screenshots = server.ctx.reports.screenshots;
    cfg.captureTimeoutSeconds = 3;
    const started = Date.now();
    try {
      // a page that never shows a dashboard: the capture would wait for it forever
      const capture = screenshots.capture(user!, { path: '/health', kind: 'dashboard', format: 'PNG', width: 800 });
      await expect(capture).rejects.toThrow(CaptureError);
      await expect(capture).rejects.toThrow('the page was not ready within 3 s (RAMA_REPORTS_CAPTURE_TIMEOUT)');
    } finally {
      cfg.captureTimeoutSeconds = 120;
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(screenshots.openContexts).toBe(0);
  }, 60_000);
});

describe('issue 24: a failed webhook says nothing of the port it tried', () => {
  it('logs a closed port, a port that is not HTTP, a 500 and a redirect alike', async () => {
    await deactivateAll();
    const closed = createTcpServer();
    await listen(closed);
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    // answers like Redis does to an HTTP request, then hangs up
    const notHttp: TcpServer = createTcpServer((socket) => {
      socket.end('-ERR unknown command\r\n');
      // read what is sent, so the end of the connection is seen and the server can close
      socket.resume();
    });
    await listen(notHttp);
    const notHttpPort = (notHttp.address() as AddressInfo).port;
    const targets = [`http://127.0.0.1:${closedPort}/x`, `http://127.0.0.1:${notHttpPort}/x`, `${hookUrl}/failing`, `${hookUrl}/moved`];
    const ids: number[] = [];
    for (const [i, target] of targets.entries())
      ids.push(
        await report({
          name: `Port ${i}`,
          crontab: '0 11 * * *',
          chart: tableChartId,
          report_format: 'TEXT',
          recipients: [{ type: 'Webhook', recipient_config_json: { target } }],
        }),
      );
    try {
      await runSlot('2026-12-01T11:00:30Z');
    } finally {
      await new Promise<void>((r) => notHttp.close(() => r()));
    }
    for (const id of ids)
      expect(await logsOf(id).then((l) => l.map((x) => [x.state, x.error_message]))).toEqual([
        ['Error', `Failed sending the report: Webhook: ${WEBHOOK_FAILED}`],
      ]);
    // the redirect was not followed
    expect(hooks.filter((h) => h.path === '/landed')).toHaveLength(0);
    await deactivateAll();
  }, 60_000);
});
