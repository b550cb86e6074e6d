/**
 * The report API (issue 14 part 1): create, read, list with the BI server's filters, the two PUT
 * bodies, delete and bulk delete, validation in the API's shape, and who may see and change what.
 * Issue 24: a non-admin adds no other owner, schedules no more often than the operator allows,
 * has a bounded number of active reports, and sends no webhook to an internal address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rison from 'rison';
import type { ReportDetail, ReportListItem } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { datasetPermView } from '../access/datasets.js';
import { OWNERS_SELF_ONLY } from './service.js';
import { WEBHOOK_FAILED } from './deliver.js';
import { registerExampleDatasets } from '../examples/datasets.js';
import { registerExampleDashboards } from '../examples/dashboards.js';

let server: TestServer;
let admin: Client;
let alpha: { client: Client; id: number };
let gamma: { client: Client; id: number };
let dashboardId: number;
let chartId: number;

type Created = { id: number; result: ReportDetail };
type List = { count: number; ids: number[]; result: ReportListItem[] };
const q = (o: unknown) => `?q=${encodeURIComponent(rison.encode(o))}`;

const dashboardReport = (over: Record<string, unknown> = {}) => ({
  type: 'Report',
  name: 'Flights weekly',
  description: 'Monday numbers',
  crontab: '0 9 * * 1',
  timezone: 'Europe/Paris',
  dashboard: dashboardId,
  creation_method: 'dashboards',
  report_format: 'PNG',
  recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@example.com', ccTarget: 'boss@example.com' } }],
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  await registerExampleDatasets(server.ctx, server.examplesId);
  await registerExampleDashboards(server.ctx, server.examplesId);
  const db = server.ctx.store.db;
  dashboardId = (await db.selectFrom('dashboards').select('id').where('slug', '=', 'flights').executeTakeFirstOrThrow()).id;
  chartId = (await db.selectFrom('slices').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  alpha = await loggedInUser(server, admin, 'alpha_reporter', ['Alpha']);
  gamma = await loggedInUser(server, admin, 'gamma_viewer', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('creating and reading a report', () => {
  it('creates a dashboard report and answers it with the BI server fields', async () => {
    const r = await admin.post<Created>('/api/v1/report/', dashboardReport());
    expect(r.status).toBe(201);
    const got = await admin.get<{ id: number; result: ReportDetail }>(`/api/v1/report/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      type: 'Report',
      name: 'Flights weekly',
      crontab: '0 9 * * 1',
      timezone: 'Europe/Paris',
      active: true,
      creation_method: 'dashboards',
      dashboard: { id: dashboardId, dashboard_title: expect.any(String) as string },
      chart: null,
      report_format: 'PNG',
      working_timeout: 3600,
      grace_period: 14400,
      log_retention: 90,
      last_state: null,
    });
    expect(got.body.result.recipients).toEqual([
      {
        id: expect.any(Number) as number,
        type: 'Email',
        recipient_config_json: { target: 'ops@example.com', ccTarget: 'boss@example.com' },
      },
    ]);
    expect(got.body.result.owners.map((o) => o.first_name)).toHaveLength(1);
  });

  it('refuses what cannot be saved, field by field', async () => {
    const bad = await admin.post<{ message: Record<string, string[]> }>(
      '/api/v1/report/',
      dashboardReport({
        name: 'Bad',
        crontab: '61 * * * *',
        timezone: 'Mars/Olympus',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'nope' } }],
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message).sort()).toEqual(['crontab', 'recipients.0', 'timezone']);
    const both = await admin.post<{ message: Record<string, string[]> }>(
      '/api/v1/report/',
      dashboardReport({ name: 'Both', chart: chartId }),
    );
    expect(both.body.message.chart).toEqual(['Choose a chart or a dashboard, not both.']);
    const dup = await admin.post<{ message: Record<string, string[]> }>('/api/v1/report/', dashboardReport());
    expect(dup.status).toBe(400);
    expect(dup.body.message.name).toEqual(['Name must be unique']);
    const unknownTarget = await admin.post<{ message: Record<string, string[]> }>(
      '/api/v1/report/',
      dashboardReport({ name: 'Ghost', dashboard: 999_999 }),
    );
    expect(unknownTarget.body.message.dashboard).toEqual(['Dashboard does not exist']);
    const alert = await admin.post<{ message: Record<string, string[]> }>(
      '/api/v1/report/',
      dashboardReport({ name: 'Alert', type: 'Alert' }),
    );
    expect(Object.keys(alert.body.message).sort()).toEqual(['database', 'sql', 'validator_type']);
    const extra = await admin.post('/api/v1/report/', { ...dashboardReport({ name: 'Extra' }), hack: 1 });
    expect(extra.status).toBe(400);
    const malformed = await admin.post('/api/v1/report/', undefined, { raw: '{"type": "Report",' });
    expect(malformed.status).toBe(400);
  });

  it('creates a CSV chart report and an alert', async () => {
    const chart = await admin.post<Created>('/api/v1/report/', {
      type: 'Report',
      name: 'Chart CSV',
      crontab: '0 8 * * *',
      chart: chartId,
      creation_method: 'charts',
      report_format: 'CSV',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/hook' } }],
    });
    expect(chart.status).toBe(201);
    expect(chart.body.result.creation_method).toBe('charts');
    const alert = await admin.post<Created>('/api/v1/report/', {
      type: 'Alert',
      name: 'Late flights',
      crontab: '*/10 * * * *',
      dashboard: dashboardId,
      database: server.examplesId,
      sql: 'SELECT count(*) FROM flights WHERE delay > 60',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
      grace_period: 600,
      recipients: [{ type: 'Slack', recipient_config_json: { target: '#ops' } }],
    });
    expect(alert.status).toBe(201);
    expect(alert.body.result).toMatchObject({
      type: 'Alert',
      creation_method: 'alerts_reports',
      database: { id: server.examplesId },
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
      grace_period: 600,
    });
  });
});

describe('listing reports', () => {
  it('filters on the dashboard, the chart, the creation method, the type and the name', async () => {
    const byDashboard = await admin.get<List>(
      `/api/v1/report/${q({
        filters: [
          { col: 'dashboard_id', opr: 'eq', value: dashboardId },
          { col: 'creation_method', opr: 'eq', value: 'dashboards' },
        ],
      })}`,
    );
    expect(byDashboard.status).toBe(200);
    expect(byDashboard.body.result.map((r) => r.name)).toEqual(['Flights weekly']);
    expect(byDashboard.body.result[0]).toMatchObject({ crontab_humanized: 'Every Monday at 09:00', recipients: [{ type: 'Email' }] });
    const byChart = await admin.get<List>(`/api/v1/report/${q({ filters: [{ col: 'chart_id', opr: 'eq', value: chartId }] })}`);
    expect(byChart.body.result.map((r) => r.name)).toEqual(['Chart CSV']);
    const alerts = await admin.get<List>(`/api/v1/report/${q({ filters: [{ col: 'type', opr: 'eq', value: 'Alert' }] })}`);
    expect(alerts.body.count).toBe(1);
    const named = await admin.get<List>(
      `/api/v1/report/${q({ filters: [{ col: 'name', opr: 'ct', value: 'flights' }], order_column: 'name', order_direction: 'asc' })}`,
    );
    expect(named.body.result.map((r) => r.name)).toEqual(['Flights weekly', 'Late flights']);
    const mine = await admin.get<List>(`/api/v1/report/${q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: 1 }] })}`);
    expect(mine.body.count).toBe(3);
    const bad = await admin.get(`/api/v1/report/${q({ filters: [{ col: 'sql', opr: 'eq', value: 'x' }] })}`);
    expect(bad.status).toBe(400);
  });
});

describe('updating and deleting', () => {
  it('switches a report off with the active-only body, and saves a full edit', async () => {
    const list = await admin.get<List>(`/api/v1/report/${q({ filters: [{ col: 'name', opr: 'eq', value: 'Flights weekly' }] })}`);
    const id = list.body.ids[0];
    const off = await admin.put<Created>(`/api/v1/report/${id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.result.active).toBe(false);
    const edit = await admin.put<Created>(`/api/v1/report/${id}`, {
      name: 'Flights daily',
      crontab: '30 7 * * *',
      report_format: 'PDF',
      recipients: [
        { type: 'Email', recipient_config_json: { target: 'a@example.com' } },
        { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
      ],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.result).toMatchObject({ name: 'Flights daily', crontab: '30 7 * * *', report_format: 'PDF', active: false });
    expect(edit.body.result.recipients.map((r) => r.type)).toEqual(['Email', 'Webhook']);
    // an edit is validated as the whole it makes: a dashboard cannot be sent as CSV
    const csv = await admin.put<{ message: Record<string, string[]> }>(`/api/v1/report/${id}`, { report_format: 'CSV' });
    expect(csv.status).toBe(400);
    expect(csv.body.message.report_format).toHaveLength(1);
  });

  it('deletes one and several, and 404s what is gone', async () => {
    const list = await admin.get<List>('/api/v1/report/');
    const [first, ...rest] = list.body.ids;
    expect((await admin.delete(`/api/v1/report/${first}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/report/${first}`)).status).toBe(404);
    const bulk = await admin.delete<{ message: string }>(`/api/v1/report/?q=${rison.encode(rest)}`);
    expect(bulk.body.message).toBe(`Deleted ${rest.length} report schedule${rest.length === 1 ? '' : 's'}`);
    expect((await admin.get<List>('/api/v1/report/')).body.count).toBe(0);
    expect((await admin.delete('/api/v1/report/?q=!(1,x)')).status).toBe(400);
  });
});

describe('who may see and change a report', () => {
  it('an owner sees their own; others get 404; a viewer without the permission gets 403', async () => {
    const mine = await alpha.client.post<Created>('/api/v1/report/', dashboardReport({ name: 'Alpha weekly' }));
    expect(mine.status).toBe(201);
    expect(mine.body.result.owners.map((o) => o.id)).toEqual([alpha.id]);
    // the admin sees everyone's; another user does not see it at all
    expect((await admin.get(`/api/v1/report/${mine.body.id}`)).status).toBe(200);
    const gammaList = await gamma.client.get<List>('/api/v1/report/');
    if (gammaList.status === 200) expect(gammaList.body.ids).not.toContain(mine.body.id);
    else expect(gammaList.status).toBe(403);
    expect([403, 404]).toContain((await gamma.client.get(`/api/v1/report/${mine.body.id}`)).status);
    expect([403, 404]).toContain((await gamma.client.put(`/api/v1/report/${mine.body.id}`, { active: false })).status);
    expect([403, 404]).toContain((await gamma.client.delete(`/api/v1/report/${mine.body.id}`)).status);
    const still = await admin.get<{ result: ReportDetail }>(`/api/v1/report/${mine.body.id}`);
    expect(still.body.result.active).toBe(true);
    // without a login
    expect((await server.client().get('/api/v1/report/')).status).toBe(401);
  });

  it('deleting the dashboard takes its reports along', async () => {
    const copy = await admin.post<{ result: { id: number } }>(`/api/v1/dashboard/${dashboardId}/copy/`, {
      dashboard_title: 'Flights copy',
      json_metadata: '{}',
      duplicate_slices: false,
    });
    const id = copy.body.result.id;
    const rep = await admin.post<Created>('/api/v1/report/', dashboardReport({ name: 'On the copy', dashboard: id }));
    expect(rep.status).toBe(201);
    expect((await admin.delete(`/api/v1/dashboard/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/report/${rep.body.id}`)).status).toBe(404);
  });
});

describe('issue 24: what a non-admin may set on a report', () => {
  let gina: { client: Client; id: number };
  let adminId: number;
  let flightsChart: number;
  let receiver: Server;
  let receiverPort: number;
  const received: string[] = [];
  type Invalid = { message: Record<string, string[]> };

  const chartReport = (over: Record<string, unknown> = {}) => ({
    type: 'Report',
    name: 'Gina text',
    crontab: '0 9 * * *',
    chart: flightsChart,
    creation_method: 'charts',
    report_format: 'TEXT',
    recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/gina' } }],
    ...over,
  });

  beforeAll(async () => {
    const db = server.ctx.store.db;
    adminId = (await db.selectFrom('ab_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const flights = (await db.selectFrom('tables').select('id').where('table_name', '=', 'flights').orderBy('id').executeTakeFirstOrThrow())
      .id;
    flightsChart = (await db.selectFrom('slices').select('id').where('datasource_id', '=', flights).orderBy('id').executeTakeFirstOrThrow())
      .id;
    await customRole(server, 'flights_reporters', [['datasource_access', datasetPermView('examples', 'flights', flights)]]);
    gina = await loggedInUser(server, admin, 'gina', ['Gamma', 'flights_reporters']);
    receiver = createServer((req, res) => {
      received.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverPort = (receiver.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((r) => receiver?.close(() => r())));

  it('refuses the attack: a Gamma user listing the admin as an owner (400), on create and on edit', async () => {
    const attack = await gina.client.post<Invalid>('/api/v1/report/', chartReport({ name: 'As admin', owners: [adminId, gina.id] }));
    expect(attack.status).toBe(400);
    expect(attack.body.message).toEqual({ owners: [OWNERS_SELF_ONLY] });
    const own = await gina.client.post<Created>('/api/v1/report/', chartReport({ name: 'Mine', owners: [gina.id] }));
    expect(own.status).toBe(201);
    const edit = await gina.client.put<Invalid>(`/api/v1/report/${own.body.id}`, { owners: [gina.id, adminId] });
    expect(edit.status).toBe(400);
    expect(edit.body.message.owners).toEqual([OWNERS_SELF_ONLY]);
    expect((await admin.get<{ result: ReportDetail }>(`/api/v1/report/${own.body.id}`)).body.result.owners.map((o) => o.id)).toEqual([
      gina.id,
    ]);
  });

  it('lets an admin add owners, and a co-owner keep them but add nobody', async () => {
    const shared = await admin.post<Created>('/api/v1/report/', chartReport({ name: 'Shared', owners: [adminId, gina.id] }));
    expect(shared.status).toBe(201);
    expect(shared.body.result.owners.map((o) => o.id).sort()).toEqual([adminId, gina.id].sort());
    const keep = await gina.client.put<Created>(`/api/v1/report/${shared.body.id}`, { owners: [adminId, gina.id], description: 'kept' });
    expect(keep.status).toBe(200);
    const add = await gina.client.put<Invalid>(`/api/v1/report/${shared.body.id}`, { owners: [adminId, gina.id, alpha.id] });
    expect(add.status).toBe(400);
    expect(add.body.message.owners).toEqual([OWNERS_SELF_ONLY]);
  });

  it('refuses a schedule more frequent than RAMA_REPORT_MIN_INTERVAL_MINUTES for a non-admin', async () => {
    const every = await gina.client.post<Invalid>('/api/v1/report/', chartReport({ name: 'Every minute', crontab: '* * * * *' }));
    expect(every.status).toBe(400);
    expect(every.body.message.crontab).toEqual([
      'Reports and alerts may run at most every 5 minutes (RAMA_REPORT_MIN_INTERVAL_MINUTES); this schedule runs 1 minute apart.',
    ]);
    const hidden = await gina.client.post<Invalid>('/api/v1/report/', chartReport({ name: 'Twice', crontab: '0,2 9 * * *' }));
    expect(hidden.status).toBe(400);
    const five = await gina.client.post<Created>('/api/v1/report/', chartReport({ name: 'Every five', crontab: '*/5 * * * *' }));
    expect(five.status).toBe(201);
    const faster = await gina.client.put<Invalid>(`/api/v1/report/${five.body.id}`, { crontab: '*/2 * * * *' });
    expect(faster.status).toBe(400);
    expect(faster.body.message.crontab[0]).toMatch(/RAMA_REPORT_MIN_INTERVAL_MINUTES/);
    // the operator's admins are not limited
    const asAdmin = await admin.post<Created>('/api/v1/report/', chartReport({ name: 'Admin every minute', crontab: '* * * * *' }));
    expect(asAdmin.status).toBe(201);
  });

  it('caps the active reports one non-admin has created (RAMA_REPORT_MAX_PER_OWNER)', async () => {
    const cfg = server.ctx.config.reports;
    const before = cfg.maxPerOwner;
    const mine = await server.ctx.store.db
      .selectFrom('report_schedule')
      .select('id')
      .where('created_by_fk', '=', gina.id)
      .where('active', '=', 1)
      .execute();
    cfg.maxPerOwner = mine.length;
    try {
      const over = await gina.client.post<{ message: string }>('/api/v1/report/', chartReport({ name: 'One too many' }));
      expect(over.status).toBe(400);
      expect(over.body.message).toBe(
        `You have ${mine.length} active reports and alerts, the most one user may have (RAMA_REPORT_MAX_PER_OWNER); switch one off or delete it first.`,
      );
      // an inactive one is not counted; switching it on is
      const off = await gina.client.post<Created>('/api/v1/report/', chartReport({ name: 'Off', active: false }));
      expect(off.status).toBe(201);
      expect((await gina.client.put(`/api/v1/report/${off.body.id}`, { active: true })).status).toBe(400);
      expect((await gina.client.put(`/api/v1/report/${mine[0].id}`, { active: false })).status).toBe(200);
      expect((await gina.client.put(`/api/v1/report/${off.body.id}`, { active: true })).status).toBe(200);
    } finally {
      cfg.maxPerOwner = before;
    }
  });

  it.each([
    'http://127.0.0.1:6379/',
    'http://127.0.0.1:5432/',
    'http://0x7f000001:3306/',
    'http://2130706433:18400/',
    'http://0177.0.0.1:6379/',
    'http://127.1:6379/',
    'http://[::1]:18400/',
    'http://[::ffff:127.0.0.1]:18400/',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/',
    'http://10.0.0.1/',
  ])('refuses a webhook to %s at save (400 naming the rule)', async (target) => {
    const r = await gina.client.post<Invalid>(
      '/api/v1/report/',
      chartReport({ name: `Hook ${target}`, recipients: [{ type: 'Webhook', recipient_config_json: { target } }] }),
    );
    expect(r.status).toBe(400);
    expect(r.body.message['recipients.0'][0]).toMatch(
      /^The address .+ is (a loopback|a cloud metadata|a private) address; Rama does not send to it \(an administrator may allow it with RAMA_WEBHOOK_ALLOWED_HOSTS\)\.$/,
    );
  });

  it("refuses Rama's own API as a webhook, on create and on edit", async () => {
    const target = `${server.url}/api/v1/security/users/`;
    const created = await gina.client.post<Invalid>(
      '/api/v1/report/',
      chartReport({ name: 'Own API', recipients: [{ type: 'Webhook', recipient_config_json: { target } }] }),
    );
    expect(created.status).toBe(400);
    const ok = await gina.client.post<Created>('/api/v1/report/', chartReport({ name: 'Public hook' }));
    const edit = await gina.client.put<Invalid>(`/api/v1/report/${ok.body.id}`, {
      recipients: [{ type: 'Webhook', recipient_config_json: { target } }],
    });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.message)).toEqual(['recipients.0']);
  });

  it('refuses at send a name that resolves to loopback, with the one generic message', async () => {
    const created = await gina.client.post<Created>(
      '/api/v1/report/',
      chartReport({
        name: 'Via localhost',
        crontab: '17 3 * * *',
        recipients: [{ type: 'Webhook', recipient_config_json: { target: `http://localhost:${receiverPort}/hook` } }],
      }),
    );
    expect(created.status).toBe(201);
    const db = server.ctx.store.db;
    await db.updateTable('report_schedule').set({ active: 0 }).where('id', '!=', created.body.id).execute();
    await server.ctx.reports.scheduler.tick(new Date('2026-11-27T03:17:30Z'));
    await server.ctx.reports.scheduler.idle();
    const log = await gina.client.get<{ result: { state: string; error_message: string }[] }>(`/api/v1/report/${created.body.id}/log/`);
    expect(log.body.result.map((l) => [l.state, l.error_message])).toEqual([
      ['Error', `Failed sending the report: Webhook: ${WEBHOOK_FAILED}`],
    ]);
    expect(received).toEqual([]);
  });
});
