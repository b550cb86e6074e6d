import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser, TEST_PASSWORD } from '../test-support/users.js';

let server: TestServer;
let admin: Client;
let alice: { client: Client; id: number };

type LogList = { count: number; ids: number[]; result: LogRecord[] };

const event = (name: string, extra: Record<string, unknown> = {}) => ({
  source: 'sqlLab',
  source_id: 'tab-1',
  impression_id: 'imp-1',
  version: 'v2',
  ts: Date.now(),
  event_name: name,
  event_type: 'user',
  event_id: `ev-${name}`,
  visibility: 'visible',
  db_id: 1,
  schema: 'main',
  ...extra,
});

const beacon = (events: unknown[], extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('events', JSON.stringify(events));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
};

const rowsNamed = (action: string) =>
  server.ctx.store.db.selectFrom('logs').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
  alice = await loggedInUser(server, admin, 'alice', ['Gamma']);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /rama/log/', () => {
  it('stores a beacon batch (multipart, no CSRF header): one row per event', async () => {
    const events = [event('sqllab_beacon_run'), event('sqllab_beacon_timing', { event_type: 'timing', duration: 1234.6 })];
    const r = await alice.client.postForm('/rama/log/?explode=events', beacon(events), {
      headers: { referer: 'http://localhost/sqllab/' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'OK' });
    const [run] = await rowsNamed('sqllab_beacon_run');
    expect(run).toMatchObject({
      user_id: alice.id,
      dashboard_id: null,
      slice_id: null,
      duration_ms: null,
      referrer: 'http://localhost/sqllab/',
    });
    expect(JSON.parse(run.json)).toEqual(events[0]);
    const [timing] = await rowsNamed('sqllab_beacon_timing');
    expect(timing.duration_ms).toBe(1235);
    expect(Date.now() - Date.parse(timing.dttm)).toBeLessThan(60_000);
  });

  it('stores the urlencoded fallback post, with the dashboard id from the query string', async () => {
    const form = new URLSearchParams({ events: JSON.stringify([event('dashboard_mount', { source: 'dashboard', source_id: 7 })]) });
    const r = await alice.client.postForm('/rama/log/?explode=events&dashboard_id=12', form);
    expect(r.status).toBe(200);
    const [row] = await rowsNamed('dashboard_mount');
    expect(row).toMatchObject({ dashboard_id: 12, slice_id: null, user_id: alice.id });
  });

  it('stores a JSON body; ids come from the event source when the query has none', async () => {
    const r = await alice.client.post('/rama/log/?explode=events', {
      events: [event('explore_mount', { source: 'explore', source_id: 42 }), event('dash_load', { source: 'dashboard', source_id: '9' })],
    });
    expect(r.status).toBe(200);
    expect((await rowsNamed('explore_mount'))[0]).toMatchObject({ slice_id: 42, dashboard_id: null });
    expect((await rowsNamed('dash_load'))[0]).toMatchObject({ dashboard_id: 9, slice_id: null });
    const bySlice = await alice.client.post('/rama/log/?explode=events&slice_id=5', { events: [event('slice_query')] });
    expect(bySlice.status).toBe(200);
    expect((await rowsNamed('slice_query'))[0].slice_id).toBe(5);
  });

  it('accepts a bearer token', async () => {
    const login = await server
      .client()
      .post<{ access_token: string }>('/api/v1/security/login', { username: 'alice', password: TEST_PASSWORD, provider: 'db' });
    const c = server.client();
    c.bearer = login.body.access_token;
    expect((await c.post('/rama/log/?explode=events', { events: [event('token_event')] })).status).toBe(200);
    expect((await rowsNamed('token_event'))[0].user_id).toBe(alice.id);
  });

  it('refuses anonymous posts, also with a guest_token field, and stores nothing', async () => {
    const anon = server.client();
    const r = await anon.postForm('/rama/log/?explode=events', beacon([event('anon_event')]));
    expect(r.status).toBe(401);
    const guest = await anon.postForm('/rama/log/?explode=events', beacon([event('anon_event')], { guest_token: 'not-a-real-token' }));
    expect(guest.status).toBe(401);
    expect((await anon.post('/rama/log/?explode=events', { events: [event('anon_event')] })).status).toBe(401);
    expect(await rowsNamed('anon_event')).toEqual([]);
  });

  it('enforces the batch and size caps', async () => {
    const many = Array.from({ length: 1025 }, (_, i) => event('too_many', { i }));
    const r = await alice.client.postForm('/rama/log/?explode=events', beacon(many));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Too many events' });
    expect(await rowsNamed('too_many')).toEqual([]);
    const full = Array.from({ length: 1024 }, (_, i) => event('full_batch', { i }));
    expect((await alice.client.postForm('/rama/log/?explode=events', beacon(full))).status).toBe(200);
    expect(await rowsNamed('full_batch')).toHaveLength(1024);

    const big = [event('too_big', { padding: 'x'.repeat(1024 * 1024) })];
    const multipart = await alice.client.postForm('/rama/log/?explode=events', beacon(big));
    expect(multipart.status).toBe(413);
    expect(multipart.body).toEqual({ message: 'Request payload is too large.' });
    const json = await alice.client.post('/rama/log/?explode=events', { events: big });
    expect(json.status).toBe(413);
    expect(json.body).toEqual({ message: 'Request payload is too large.' });
    const urlencoded = await alice.client.postForm('/rama/log/?explode=events', new URLSearchParams({ events: JSON.stringify(big) }));
    expect(urlencoded.status).toBe(413);
    expect(await rowsNamed('too_big')).toEqual([]);
  });

  it('refuses malformed batches with a 400', async () => {
    const cases: [FormData | URLSearchParams, RegExp][] = [
      [beacon([event('ok_one'), 'not an object']), /object/],
      [beacon([[1, 2]]), /object/],
      [new URLSearchParams({ events: '[{"event_name": ' }), /JSON/],
      [new URLSearchParams({ events: '{"event_name": "x"}' }), /array/],
      [new URLSearchParams({ other: 'x' }), /Missing/],
    ];
    for (const [form, message] of cases) {
      const r = await alice.client.postForm('/rama/log/?explode=events', form);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toMatch(message);
    }
    expect(await rowsNamed('ok_one')).toEqual([]);
    const withFile = beacon([event('with_file')]);
    withFile.append('upload', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const file = await alice.client.postForm('/rama/log/?explode=events', withFile);
    expect(file.status).toBe(400);
    expect(file.body).toEqual({ message: 'Files are not accepted.' });
    expect((await alice.client.postForm('/rama/log/?explode=events&dashboard_id=abc', beacon([event('bad_id')]))).status).toBe(400);
  });

  it('rate-limits each user separately', async () => {
    const busy = await loggedInUser(server, admin, 'busy', ['Gamma']);
    const form = () => beacon([event('rate_limited')]);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await busy.client.postForm('/rama/log/?explode=events', form())).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(await rowsNamed('rate_limited')).toHaveLength(120);
    expect((await alice.client.postForm('/rama/log/?explode=events', form())).status).toBe(200);
  });
});

describe('GET /api/v1/log/', () => {
  it('lists for admins with filters, order and paging', async () => {
    const r = await admin.get<LogList>('/api/v1/log/?q=(filters:!((col:action,opr:eq,value:explore_mount)))');
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    expect(r.body.result[0]).toMatchObject({
      action: 'explore_mount',
      user: { id: alice.id, username: 'alice' },
      slice_id: 42,
      dashboard_id: null,
      duration_ms: null,
    });
    expect(JSON.parse(r.body.result[0].json)).toMatchObject({ event_name: 'explore_mount', source: 'explore' });

    const ct = await admin.get<LogList>(
      '/api/v1/log/?q=(filters:!((col:action,opr:ct,value:BEACON)),order_column:action,order_direction:asc)',
    );
    expect(ct.body.result.map((l) => l.action)).toEqual(['sqllab_beacon_run', 'sqllab_beacon_timing']);

    const page = await admin.get<LogList>(`/api/v1/log/?q=(filters:!((col:user,opr:eq,value:${alice.id})),page:0,page_size:3)`);
    expect(page.body.result).toHaveLength(3);
    expect(page.body.count).toBeGreaterThan(1000);
    expect(page.body.result.every((l) => l.user?.id === alice.id)).toBe(true);
    // newest first by default
    const dttms = page.body.result.map((l) => l.dttm);
    expect(dttms).toEqual([...dttms].sort().reverse());

    const future = await admin.get<LogList>(
      `/api/v1/log/?q=(filters:!((col:dttm,opr:gt,value:'${new Date(Date.now() + 3_600_000).toISOString()}')))`,
    );
    expect(future.body.count).toBe(0);
    const past = await admin.get<LogList>(
      `/api/v1/log/?q=(filters:!((col:dttm,opr:lt,value:'${new Date(Date.now() + 3_600_000).toISOString()}'),(col:action,opr:eq,value:dash_load)))`,
    );
    expect(past.body.count).toBe(1);
    expect((await admin.get('/api/v1/log/?q=(filters:!((col:json,opr:ct,value:x)))')).status).toBe(400);
  });

  it('shows one entry, 404 for a missing one, and is closed to non-admins', async () => {
    const list = await admin.get<LogList>('/api/v1/log/?q=(filters:!((col:action,opr:eq,value:dash_load)))');
    const id = list.body.ids[0];
    const one = await admin.get<{ id: number; result: LogRecord }>(`/api/v1/log/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id, result: list.body.result[0] });
    expect((await admin.get('/api/v1/log/99999999')).status).toBe(404);
    const denied = await alice.client.get('/api/v1/log/');
    expect(denied.status).toBe(403);
    expect((await alice.client.get(`/api/v1/log/${id}`)).status).toBe(403);
    expect((await server.client().get('/api/v1/log/')).status).toBe(401);
  });
});

describe('dashboard and Explore events in the log', () => {
  const dashEvent = (name: string, extra: Record<string, unknown> = {}) => ({
    ...event(name, { source: 'dashboard', source_id: 7, dashboard_id: 7, db_id: undefined, schema: undefined }),
    ...extra,
  });

  it('fills dashboard_id, slice_id and duration_ms from the dashboard and chart events', async () => {
    const events = [
      dashEvent('mount_dashboard', { event_type: 'timing', duration: 812.4, is_soft_navigation: false }),
      dashEvent('load_chart', { event_type: 'timing', slice_id: 31, viz_type: 'pie', is_cached: false, duration: 120 }),
      dashEvent('render_chart', { event_type: 'timing', slice_id: 31, viz_type: 'pie', duration: 45 }),
      dashEvent('toggle_edit_dashboard', { edit_mode: true }),
    ];
    const r = await alice.client.postForm('/rama/log/?explode=events&dashboard_id=7', beacon(events));
    expect(r.status).toBe(200);
    const rows = await server.ctx.store.db.selectFrom('logs').selectAll().where('dashboard_id', '=', 7).orderBy('id').execute();
    expect(rows.map((l) => [l.action, l.dashboard_id, l.slice_id, l.duration_ms])).toEqual([
      ['mount_dashboard', 7, null, 812],
      ['load_chart', 7, 31, 120],
      ['render_chart', 7, 31, 45],
      ['toggle_edit_dashboard', 7, null, null],
    ]);

    // Explore's events name the chart: its slice_id, from the query string or the event
    const explore = { ...event('mount_explorer'), source: 'explore', source_id: 31, slice_id: 31 };
    expect((await alice.client.postForm('/rama/log/?explode=events&slice_id=31', beacon([explore]))).status).toBe(200);
    const [mount] = await rowsNamed('mount_explorer');
    expect([mount?.slice_id, mount?.dashboard_id, mount?.duration_ms]).toEqual([31, null, null]);
  });

  it('filters by dashboard, chart, user name and duration, and orders by duration', async () => {
    const byDashboard = await admin.get<LogList>('/api/v1/log/?q=(filters:!((col:dashboard_id,opr:eq,value:7)),page_size:100)');
    expect(byDashboard.body.result.map((l) => l.action).sort()).toEqual([
      'load_chart',
      'mount_dashboard',
      'render_chart',
      'toggle_edit_dashboard',
    ]);
    const bySlice = await admin.get<LogList>(
      '/api/v1/log/?q=(filters:!((col:slice_id,opr:eq,value:31)),order_column:duration_ms,order_direction:desc)',
    );
    expect(bySlice.body.result.map((l) => [l.action, l.duration_ms])).toEqual([
      ['load_chart', 120],
      ['render_chart', 45],
      ['mount_explorer', null],
    ]);
    const slow = await admin.get<LogList>(
      '/api/v1/log/?q=(filters:!((col:duration_ms,opr:gt,value:100),(col:dashboard_id,opr:eq,value:7)),order_column:duration_ms,order_direction:asc)',
    );
    expect(slow.body.result.map((l) => l.action)).toEqual(['load_chart', 'mount_dashboard']);
    const byName = await admin.get<LogList>(
      '/api/v1/log/?q=(filters:!((col:user,opr:ct,value:LIC),(col:action,opr:eq,value:render_chart)))',
    );
    expect(byName.body.result.map((l) => l.user?.username)).toEqual(['alice']);
    const nobody = await admin.get<LogList>('/api/v1/log/?q=(filters:!((col:user,opr:ct,value:zz_nobody)))');
    expect(nobody.body.count).toBe(0);
    expect((await admin.get('/api/v1/log/?q=(filters:!((col:duration_ms,opr:gt,value:slow)))')).status).toBe(400);
    expect((await admin.get('/api/v1/log/?q=(order_column:json)')).status).toBe(400);
  });
});
