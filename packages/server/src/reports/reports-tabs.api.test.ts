/**
 * Issue 27: which tabs of a dashboard a report captures, and the chart's labels in a report's CSV
 * and TEXT. `extra.dashboard.anchor` is one tab (opened, the tabs on its way active) or a JSON list
 * of tabs ("all tabs": each captured, stacked into one picture); its ids must be the dashboard's.
 * The capture is observed through the page it is asked to open (a permalink, read back through the
 * API); one real capture checks the stacking. A report's CSV header names a saved metric by its
 * verbose name, as the chart shows it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ReportDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { registerExampleDatasets } from '../examples/datasets.js';
import { registerExampleDashboards } from '../examples/dashboards.js';
import { CAPTURE_SCREEN_HEIGHT, type CaptureRequest, type Screenshotter } from './screenshot.js';

const OVERVIEW = 'TAB-flights-overview';
const DETAILS = 'TAB-flights-details';

let server: TestServer;
let admin: Client;
let http: Server;
let hookUrl: string;
let dashboardId: number;
let flights: number;
const hooks: { path: string; body: Record<string, unknown> }[] = [];
const captures: CaptureRequest[] = [];
let realCapture: Screenshotter['capture'];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const dashboardReport = (name: string, dashboard: Record<string, unknown> | null, over: Record<string, unknown> = {}) => ({
  type: 'Report',
  name,
  crontab: '0 9 * * *',
  dashboard: dashboardId,
  creation_method: 'dashboards',
  report_format: 'PNG',
  recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/${name.replace(/\W+/g, '-')}` } }],
  extra: dashboard ? { dashboard } : {},
  ...over,
});

async function create(body: Record<string, unknown>): Promise<number> {
  const r = await admin.post<{ id: number; result: ReportDetail }>('/api/v1/report/', body);
  if (r.status !== 201) throw new Error(`report not created: ${r.status} ${r.text}`);
  return r.body.id;
}

/** Run every due report of the slot and wait for the runs. */
async function runSlot(at: string): Promise<void> {
  await server.ctx.reports.scheduler.tick(new Date(at));
  await server.ctx.reports.scheduler.idle();
}

async function states(id: number) {
  return (
    await server.ctx.store.db
      .selectFrom('report_execution_log')
      .select(['state', 'error_message'])
      .where('report_schedule_id', '=', id)
      .execute()
  ).map((l) => [l.state, l.error_message]);
}

async function deactivateAll(): Promise<void> {
  await server.ctx.store.db.updateTable('report_schedule').set({ active: 0 }).execute();
}

/** The dashboard state a captured permalink path stands for. */
async function permalinkState(path: string): Promise<{ activeTabs?: string[]; anchor?: string | null; urlParams?: string[][] }> {
  const key = decodeURIComponent(/\/rama\/dashboard\/p\/([^/]+)\//.exec(path)?.[1] ?? '');
  const r = await admin.get<{ state: { activeTabs?: string[]; anchor?: string | null; urlParams?: string[][] } }>(
    `/api/v1/dashboard/permalink/${encodeURIComponent(key)}`,
  );
  expect(r.status, r.text).toBe(200);
  return r.body.state;
}

beforeAll(async () => {
  http = createServer((req, res) => {
    void readBody(req).then((text) => {
      hooks.push({ path: req.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => void http.listen(0, '127.0.0.1', () => resolve()));
  hookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  server = await startTestServer({ RAMA_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  admin = await server.admin();
  if (server.examplesId === null) throw new Error('the examples database is needed');
  await registerExampleDatasets(server.ctx, server.examplesId);
  await registerExampleDashboards(server.ctx, server.examplesId);
  const db = server.ctx.store.db;
  dashboardId = (await db.selectFrom('dashboards').select('id').where('slug', '=', 'flights').executeTakeFirstOrThrow()).id;
  flights = (await db.selectFrom('tables').select('id').where('table_name', '=', 'flights').executeTakeFirstOrThrow()).id;
  // captures are observed, not taken (one test below takes real ones)
  const shots = server.ctx.reports.screenshots;
  realCapture = shots.capture.bind(shots);
  shots.capture = async (_user, req) => {
    captures.push(req);
    return Buffer.from('not really a png');
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((r) => http?.close(() => r()));
});

describe('the tab a dashboard report captures: validation', () => {
  it("refuses an anchor that is not one of the dashboard's tabs, naming it on extra", async () => {
    const r = await admin.post('/api/v1/report/', dashboardReport('Bad tab', { anchor: 'TAB-not-here' }));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { extra: ['Invalid tab ids: TAB-not-here'] } });
  });

  it('refuses a list anchor or active tabs with an unknown id, and accepts real ones', async () => {
    const list = await admin.post('/api/v1/report/', dashboardReport('Bad list', { anchor: JSON.stringify([OVERVIEW, 'TAB-gone']) }));
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ message: { extra: ['Invalid tab ids: TAB-gone'] } });
    const active = await admin.post('/api/v1/report/', dashboardReport('Bad active', { anchor: DETAILS, activeTabs: ['TAB-x'] }));
    expect(active.status).toBe(400);
    const ok = await admin.post<{ id: number; result: ReportDetail }>(
      '/api/v1/report/',
      dashboardReport('Good tab', { anchor: DETAILS, activeTabs: [DETAILS] }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.result.extra).toEqual({ dashboard: { anchor: DETAILS, activeTabs: [DETAILS] } });
  });

  it('checks the tabs on an update too', async () => {
    const id = await create(dashboardReport('Update tab', null));
    const bad = await admin.put(`/api/v1/report/${id}`, { extra: { dashboard: { anchor: 'TAB-nope' } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: { extra: ['Invalid tab ids: TAB-nope'] } });
    const good = await admin.put(`/api/v1/report/${id}`, { extra: { dashboard: { anchor: JSON.stringify([OVERVIEW, DETAILS]) } } });
    expect(good.status, good.text).toBe(200);
    await deactivateAll();
  });
});

describe('the tab a dashboard report captures: the capture', () => {
  it('opens the chosen tab, its link too', async () => {
    captures.length = 0;
    const id = await create(dashboardReport('Second tab', { anchor: DETAILS, activeTabs: [DETAILS] }));
    await runSlot('2026-11-27T09:00:10Z');
    expect(await states(id)).toEqual([['Success', null]]);
    expect(captures).toHaveLength(1);
    expect(captures[0].morePaths ?? []).toEqual([]);
    const state = await permalinkState(captures[0].path);
    expect(state.activeTabs?.[0]).toBe(DETAILS);
    expect(state.urlParams).toEqual([['standalone', '3']]);
    // the link in the message opens the tab too, scrolled to it
    const link = await permalinkState(hooks.find((h) => h.path === '/Second-tab')?.body.url as string);
    expect([link.activeTabs?.[0], link.anchor]).toEqual([DETAILS, DETAILS]);
    await deactivateAll();
  });

  it('captures each top-level tab in turn for "all tabs"', async () => {
    captures.length = 0;
    const id = await create(dashboardReport('All tabs', { anchor: JSON.stringify([OVERVIEW, DETAILS]) }));
    await runSlot('2026-11-27T09:00:20Z');
    expect(await states(id)).toEqual([['Success', null]]);
    expect(captures).toHaveLength(1);
    const paths = [captures[0].path, ...(captures[0].morePaths ?? [])];
    expect(paths).toHaveLength(2);
    const opened = await Promise.all(paths.map(permalinkState));
    expect(opened.map((s) => s.activeTabs?.[0])).toEqual([OVERVIEW, DETAILS]);
    await deactivateAll();
  });

  it('captures the dashboard as it opens when no tab is chosen', async () => {
    captures.length = 0;
    const id = await create(dashboardReport('No tab', null));
    await runSlot('2026-11-27T09:00:30Z');
    expect(await states(id)).toEqual([['Success', null]]);
    expect(captures).toHaveLength(1);
    expect(captures[0].morePaths ?? []).toEqual([]);
    const state = await permalinkState(captures[0].path);
    expect(state.activeTabs ?? []).toEqual([]);
    expect(state.anchor ?? null).toBeNull();
    await deactivateAll();
  });

  it('stacks the captures of all tabs into one picture, taller than one tab plus a screen', async () => {
    const shots = server.ctx.reports.screenshots;
    const fake = shots.capture;
    shots.capture = realCapture;
    try {
      const one = await create(dashboardReport('Real one tab', { anchor: DETAILS, activeTabs: [DETAILS] }));
      const all = await create(dashboardReport('Real all tabs', { anchor: JSON.stringify([OVERVIEW, DETAILS]) }));
      await runSlot('2026-11-27T09:00:40Z');
      expect(await states(one)).toEqual([['Success', null]]);
      expect(await states(all)).toEqual([['Success', null]]);
      const png = (name: string) => {
        const file = hooks.find((h) => h.path === `/${name}`)?.body.file as { content_base64: string };
        return Buffer.from(file.content_base64, 'base64');
      };
      const dir = join(process.cwd(), 'test-results', 'reports');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'dashboard-one-tab.png'), png('Real-one-tab'));
      writeFileSync(join(dir, 'dashboard-all-tabs.png'), png('Real-all-tabs'));
      const oneTab = PNG.sync.read(png('Real-one-tab'));
      const allTabs = PNG.sync.read(png('Real-all-tabs'));
      expect(allTabs.width).toBe(1600);
      expect(allTabs.height).toBeGreaterThanOrEqual(oneTab.height + CAPTURE_SCREEN_HEIGHT);
    } finally {
      shots.capture = fake;
      await deactivateAll();
    }
  }, 180_000);
});

describe("the chart's labels in a report", () => {
  let chartId: number;

  beforeAll(async () => {
    await server.ctx.store.db
      .updateTable('sql_metrics')
      .set({ verbose_name: 'Number of flights' })
      .where('table_id', '=', flights)
      .where('metric_name', '=', 'count')
      .execute();
    const params = {
      datasource: `${flights}__table`,
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['origin'],
      metrics: ['count', { expressionType: 'SQL', sqlExpression: 'AVG(distance)', label: 'Average distance' }],
      row_limit: 5,
      time_range: 'No filter',
    };
    const r = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Labelled table',
      viz_type: 'table',
      datasource_id: flights,
      datasource_type: 'table',
      params: JSON.stringify(params),
    });
    if (r.status !== 201) throw new Error(r.text);
    chartId = r.body.id;
  });

  it("sends a CSV whose header has the saved metric's verbose name and the adhoc metric's label, the rows as the chart data CSV", async () => {
    const id = await create({
      type: 'Report',
      name: 'Labelled CSV',
      crontab: '0 9 * * *',
      chart: chartId,
      creation_method: 'charts',
      report_format: 'CSV',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/labelled-csv` } }],
    });
    await runSlot('2026-11-27T09:00:50Z');
    expect(await states(id)).toEqual([['Success', null]]);
    const text = String(hooks.find((h) => h.path === '/labelled-csv')?.body.text);
    const [header, ...rows] = text.split('\r\n');
    expect(header.split(',').slice(1)).toEqual(['Number of flights', 'Average distance']);
    expect(header).not.toContain('count');
    const engine = await admin.get(`/api/v1/chart/${chartId}/data/?format=csv`);
    expect(rows.join('\r\n')).toBe(engine.text.split('\r\n').slice(1).join('\r\n'));
    expect(rows.filter(Boolean)).toHaveLength(5);
    await deactivateAll();
  });

  it('names the columns of a TEXT report with the same labels', async () => {
    const id = await create({
      type: 'Report',
      name: 'Labelled text',
      crontab: '0 9 * * *',
      chart: chartId,
      creation_method: 'charts',
      report_format: 'TEXT',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: `${hookUrl}/labelled-text` } }],
    });
    await runSlot('2026-11-27T09:00:55Z');
    expect(await states(id)).toEqual([['Success', null]]);
    const table = hooks.find((h) => h.path === '/labelled-text')?.body.table as { columns: string[] };
    expect(table.columns.slice(1)).toEqual(['Number of flights', 'Average distance']);
    await deactivateAll();
  });
});
