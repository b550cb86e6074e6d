/**
 * Embedded dashboards and guest tokens (issue 25 parts 3, 5 and 6): the embedding API, guest
 * token requests, what a guest may and may not reach, bad tokens, the /embedded page, and chart
 * data granted by a dashboard's roles under DASHBOARD_RBAC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedDashboard } from '@rama/shared';
import { chartRow } from '../test-support/metadata-rows.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { dashboardTestWorld } from '../test-support/dashboards.js';
import { customRole, loggedInUser } from '../test-support/users.js';
import { signGuestToken } from '../access/guest-token.js';

let server: TestServer;
let admin: Client;
let alice: { client: Client; id: number };
let flights: number;
let stocks: number;
/** the embedded dashboard: one flights chart */
let dash: number;
let chartOn: number;
/** a flights chart on no granted dashboard, and a dashboard of stocks */
let chartOff: number;
let otherDash: number;
let uuid: string;

type Reply = { result: EmbeddedDashboard };
type Data = { result: { data: Record<string, unknown>[]; cache_key: string | null; is_cached: boolean }[] };

async function insertChart(datasetId: number, name: string, params: Record<string, unknown>): Promise<number> {
  const row = await server.ctx.store.db
    .insertInto('slices')
    .values(
      chartRow(name, {
        datasource_id: datasetId,
        viz_type: 'pie',
        params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'pie', ...params }),
        last_saved_at: null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function dashboardWith(title: string, charts: number[]): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published: true });
  expect(r.status, r.text).toBe(201);
  for (const c of charts)
    await server.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: r.body.id, slice_id: c }).execute();
  return r.body.id;
}

const guestClient = (token: string) => {
  const c = server.client();
  return {
    get: <T = unknown>(path: string) => c.request<T>('GET', path, undefined, { headers: { 'X-GuestToken': token } }),
    post: <T = unknown>(path: string, body: unknown) => c.request<T>('POST', path, body, { headers: { 'X-GuestToken': token } }),
    request: <T = unknown>(method: string, path: string, body: unknown) =>
      c.request<T>(method, path, body, { headers: { 'X-GuestToken': token } }),
  };
};

const tokenFor = async (body: Record<string, unknown>) => {
  const r = await admin.post<{ token: string }>('/api/v1/security/guest_token/', {
    user: { username: 'host_user', first_name: 'Host', last_name: 'User' },
    resources: [{ type: 'dashboard', id: uuid }],
    ...body,
  });
  expect(r.status, r.text).toBe(200);
  return r.body.token;
};

/** The query a dashboard sends for the pie of origins (count by origin). */
const pieQuery = (datasetId: number, formData: Record<string, unknown>, query: Record<string, unknown> = {}) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['origin'], metrics: ['count'], orderby: [['count', false]], row_limit: 1000, time_range: 'No filter', ...query }],
  form_data: { datasource: `${datasetId}__table`, viz_type: 'pie', ...formData },
  result_format: 'json',
  result_type: 'full',
});

beforeAll(async () => {
  server = await startTestServer({ EMBEDDED_SUPERSET: 'true' });
  ({ admin, alice, flights, stocks } = await dashboardTestWorld(server));
  chartOn = await insertChart(flights, 'Flights by origin', { metric: 'count', groupby: ['origin'] });
  chartOff = await insertChart(flights, 'Delay by origin', { metric: 'count', groupby: ['dest'] });
  const stocksChart = await insertChart(stocks, 'Stocks', { metric: 'count', groupby: [] });
  dash = await dashboardWith('Embedded flights', [chartOn]);
  otherDash = await dashboardWith('Stocks board', [stocksChart, chartOff]);
});

afterAll(async () => {
  await server?.close();
});

describe('the embedding of a dashboard', () => {
  it('is created, replaced (same uuid), read by viewers and changed only by owners and admins', async () => {
    expect((await admin.get(`/api/v1/dashboard/${dash}/embedded`)).status).toBe(404);
    const bad = await admin.post(`/api/v1/dashboard/${dash}/embedded`, { allowed_domains: ['https://ok.example.com', 'example.com/app'] });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('example.com/app');
    const tooMany = await admin.post(`/api/v1/dashboard/${dash}/embedded`, {
      allowed_domains: Array.from({ length: 101 }, (_, i) => `https://h${i}.example.com`),
    });
    expect(tooMany.status).toBe(400);

    const created = await admin.post<Reply>(`/api/v1/dashboard/${dash}/embedded`, { allowed_domains: ['https://host.example.com/'] });
    expect(created.status, created.text).toBe(200);
    uuid = created.body.result.uuid;
    expect(created.body.result).toMatchObject({
      allowed_domains: ['https://host.example.com'],
      dashboard_id: String(dash),
      changed_by: { first_name: expect.any(String) },
    });
    const put = await admin.put<Reply>(`/api/v1/dashboard/${dash}/embedded`, { allowed_domains: ['http://localhost:9000'] });
    expect(put.body.result.uuid).toBe(uuid);
    expect(put.body.result.allowed_domains).toEqual(['http://localhost:9000']);

    // alice sees the published flights dashboard: she reads the embedding, and may not change it
    expect((await alice.client.get<Reply>(`/api/v1/dashboard/${dash}/embedded`)).body.result.uuid).toBe(uuid);
    expect((await alice.client.get<Reply>(`/api/v1/embedded_dashboard/${uuid}`)).body.result.dashboard_id).toBe(String(dash));
    expect((await alice.client.post(`/api/v1/dashboard/${dash}/embedded`, { allowed_domains: [] })).status).toBe(403);
    expect((await alice.client.delete(`/api/v1/dashboard/${dash}/embedded`)).status).toBe(403);
    // stocks are not hers: that dashboard is hidden, the same 404 as an unknown one
    expect((await alice.client.get(`/api/v1/dashboard/${otherDash}/embedded`)).status).toBe(404);
    expect((await admin.get(`/api/v1/embedded_dashboard/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.get('/api/v1/embedded_dashboard/not-a-uuid')).status).toBe(404);
  });

  it('serves /embedded/{uuid} with the embedding injected and framing limited to the allowed domains', async () => {
    const page = await server.client().get<string>(`/embedded/${uuid}`);
    expect(page.status).toBe(200);
    const m = /<script id="rama-embedded" type="application\/json">(.*?)<\/script>/.exec(page.text);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1])).toEqual({
      uuid,
      dashboard_id: dash,
      allowed_domains: ['http://localhost:9000'],
      guest_token_header: 'X-GuestToken',
    });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors http://localhost:9000');
    expect(csp).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    const unknown = await server.client().get(`/embedded/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('rama-embedded');
  });

  it('answers 404 everywhere while EMBEDDED_SUPERSET is off, and guest tokens are refused', async () => {
    const token = await tokenFor({});
    const flags = server.ctx.config.featureFlags;
    flags.EMBEDDED_SUPERSET = false;
    try {
      expect((await admin.get(`/api/v1/dashboard/${dash}/embedded`)).status).toBe(404);
      expect((await admin.post(`/api/v1/dashboard/${dash}/embedded`, { allowed_domains: [] })).status).toBe(404);
      expect((await admin.get(`/api/v1/embedded_dashboard/${uuid}`)).status).toBe(404);
      expect((await admin.post('/api/v1/security/guest_token/', { user: {}, resources: [{ type: 'dashboard', id: uuid }] })).status).toBe(
        404,
      );
      expect((await server.client().get(`/embedded/${uuid}`)).status).toBe(404);
      expect((await guestClient(token).get(`/api/v1/dashboard/${dash}`)).status).toBe(401);
    } finally {
      flags.EMBEDDED_SUPERSET = true;
    }
  });
});

describe('guest token requests', () => {
  it('need can_grant_guest_token and a valid body', async () => {
    const body = { user: { username: 'x' }, resources: [{ type: 'dashboard', id: uuid }], rls: [] };
    expect((await alice.client.post('/api/v1/security/guest_token/', body)).status).toBe(403);
    const granter = await customRole(server, 'token_granter', [['can_grant_guest_token', 'SecurityRestApi']]);
    expect(granter).toBeGreaterThan(0);
    const carl = await loggedInUser(server, admin, 'carl', ['token_granter']);
    const ok = await carl.client.post<{ token: string }>('/api/v1/security/guest_token/', body);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(ok.body.token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      type: 'guest',
      resources: [{ type: 'dashboard', id: uuid }],
      rls_rules: [],
      aud: server.ctx.config.sharing.guestTokenAudience,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);

    const bad = (extra: Record<string, unknown>) =>
      admin.post<{ message: unknown }>('/api/v1/security/guest_token/', { ...body, ...extra });
    expect((await bad({ resources: [{ type: 'chart', id: uuid }] })).status).toBe(400);
    expect((await bad({ resources: [] })).status).toBe(400);
    expect((await bad({ resources: [{ type: 'dashboard', id: crypto.randomUUID() }] })).status).toBe(400);
    const twoStatements = await bad({ rls: [{ clause: "origin = 'SEA'; DROP TABLE flights", dataset: flights }] });
    expect(twoStatements.status).toBe(400);
    expect(twoStatements.text).toContain('rls[0]');
    expect((await bad({ rls: [{ clause: 'origin IN (SELECT origin FROM airports)' }] })).status).toBe(400);
    expect((await bad({ rls: [{ clause: "origin = 'SEA'", dataset: 999999 }] })).status).toBe(400);
    expect((await bad({ rls: [{ clause: 'x'.repeat(10_001) }] })).status).toBe(400);
  });
});

describe('a guest', () => {
  it('reads its dashboard, its charts and their data with the token clause applied', async () => {
    const open = guestClient(await tokenFor({ rls: [] }));
    const sea = guestClient(await tokenFor({ rls: [{ clause: "origin = 'SEA'", dataset: flights }] }));
    const detail = await sea.get<{ result: { id: number } }>(`/api/v1/dashboard/${dash}`);
    expect(detail.status, detail.text).toBe(200);
    const charts = await sea.get<{ result: { id: number }[] }>(`/api/v1/dashboard/${dash}/charts`);
    expect(charts.body.result.map((c) => c.id)).toEqual([chartOn]);
    const datasets = await sea.get<{ result: { id: number }[] }>(`/api/v1/dashboard/${dash}/datasets`);
    expect(datasets.body.result.map((d) => d.id)).toEqual([flights]);
    expect((await sea.get<Reply>(`/api/v1/embedded_dashboard/${uuid}`)).body.result.uuid).toBe(uuid);
    const me = await sea.get<{ result: { username: string } }>('/api/v1/me/');
    expect(me.body.result.username).toBe('host_user');

    const fd = { slice_id: chartOn, dashboardId: dash };
    const all = await open.post<Data>('/api/v1/chart/data', pieQuery(flights, fd));
    expect(all.status, all.text).toBe(200);
    const seaOnly = await sea.post<Data>('/api/v1/chart/data', pieQuery(flights, fd));
    expect(seaOnly.status, seaOnly.text).toBe(200);
    expect(all.body.result[0].data.length).toBeGreaterThan(1);
    expect(seaOnly.body.result[0].data.map((r) => r.origin)).toEqual(['SEA']);
    // the same query under other clauses never shares a cached result
    expect(seaOnly.body.result[0].cache_key).not.toBe(all.body.result[0].cache_key);
    const lax = guestClient(await tokenFor({ rls: [{ clause: "origin = 'LAX'" }] }));
    const laxOnly = await lax.post<Data>('/api/v1/chart/data', pieQuery(flights, fd));
    expect(laxOnly.body.result[0].data.map((r) => r.origin)).toEqual(['LAX']);
    // by key: the guest who made it reads it; a guest under other clauses gets the missing key's answer
    const seaKey = seaOnly.body.result[0].cache_key!;
    const mine = await sea.get<Data>(`/api/v1/chart/data/${seaKey}`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.result[0].data.map((r) => r.origin)).toEqual(['SEA']);
    expect((await lax.get(`/api/v1/chart/data/${seaKey}`)).status).toBe(404);
    const again = await sea.post<Data>('/api/v1/chart/data', pieQuery(flights, fd));
    expect(again.body.result[0].is_cached).toBe(true);
    expect(again.body.result[0].data.map((r) => r.origin)).toEqual(['SEA']);

    // filter state, permalinks and the event log work for a guest (no user row behind it)
    const state = await sea.post<{ key: string }>(`/api/v1/dashboard/${dash}/filter_state`, { value: '{}' });
    expect(state.status, state.text).toBe(201);
    expect((await sea.get<{ value: string }>(`/api/v1/dashboard/${dash}/filter_state/${state.body.key}`)).body.value).toBe('{}');
    // a key is its host user's: another user's guest may read it but not change it; the same user's
    // next token (the SDK refreshes it) still may
    const otherToken = await admin.post<{ token: string }>('/api/v1/security/guest_token/', {
      user: { username: 'another_host_user' },
      resources: [{ type: 'dashboard', id: uuid }],
      rls: [{ clause: "origin = 'SEA'", dataset: flights }],
    });
    const other = guestClient(otherToken.body.token);
    const stateUrl = `/api/v1/dashboard/${dash}/filter_state/${state.body.key}`;
    expect((await other.request('PUT', stateUrl, { value: '{"x":1}' })).status).toBe(403);
    const refreshed = guestClient(await tokenFor({ rls: [{ clause: "origin = 'SEA'", dataset: flights }] }));
    const put = await refreshed.request('PUT', stateUrl, { value: '{"x":2}' });
    expect(put.status, put.text).toBe(200);
    const link = await sea.post<{ key: string }>(`/api/v1/dashboard/${dash}/permalink`, { dataMask: {}, activeTabs: [] });
    expect(link.status, link.text).toBe(201);
    const log = await sea.post('/rama/log/?explode=events', { events: [{ event_name: 'mount_dashboard', source: 'dashboard' }] });
    expect(log.status, log.text).toBe(200);
  });

  it('gets nothing beyond its dashboard', async () => {
    const g = guestClient(await tokenFor({}));
    // another dashboard, a chart not on its own, another dataset: hidden (404) or refused (403)
    expect((await g.get(`/api/v1/dashboard/${otherDash}`)).status).toBe(404);
    expect((await g.get(`/api/v1/dashboard/${otherDash}/charts`)).status).toBe(404);
    expect((await g.post('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOff }, { columns: ['dest'] }))).status).toBe(403);
    expect((await g.post('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOn, dashboardId: otherDash }))).status).toBe(404);
    expect((await g.post('/api/v1/chart/data', pieQuery(stocks, {}))).status).toBe(404);
    // the chart's own query, changed: another column, a SQL metric, the SQL text, samples; no chart at all
    const fd = { slice_id: chartOn, dashboardId: dash };
    const otherColumn = await g.post<{ message: string }>('/api/v1/chart/data', pieQuery(flights, fd, { columns: ['dest'] }));
    expect(otherColumn.status).toBe(403);
    expect(otherColumn.body.message).toBe('Guest user cannot modify chart payload: dest is not used by the chart');
    const sqlMetric = { metrics: [{ expressionType: 'SQL', sqlExpression: 'MAX(delay)', label: 'm' }] };
    expect((await g.post('/api/v1/chart/data', pieQuery(flights, fd, sqlMetric))).status).toBe(403);
    expect((await g.post('/api/v1/chart/data', { ...pieQuery(flights, fd), result_type: 'query' })).status).toBe(403);
    expect((await g.post('/api/v1/chart/data', { ...pieQuery(flights, fd), result_type: 'samples' })).status).toBe(403);
    expect((await g.post('/api/v1/chart/data', pieQuery(flights, {}))).status).toBe(403);
    // routes off the guest allow-list
    expect((await g.get(`/api/v1/chart/${chartOn}`)).status).toBe(401);
    expect((await g.get('/api/v1/dataset/')).status).toBe(401);
    expect((await g.get('/api/v1/dashboard/')).status).toBe(401);
    expect((await g.get('/api/v1/database/')).status).toBe(401);
    expect((await g.post('/api/v1/sqllab/execute/', { database_id: server.examplesId, sql: 'SELECT 1' })).status).toBe(401);
    expect((await g.post('/api/v1/security/guest_token/', { user: {}, resources: [{ type: 'dashboard', id: uuid }] })).status).toBe(401);
  });

  it('is refused with an expired, tampered, foreign-audience or non-guest token', async () => {
    const sharing = server.ctx.config.sharing;
    const claims = { user: { username: 'x' }, resources: [{ type: 'dashboard' as const, id: uuid }], rls_rules: [] };
    const path = `/api/v1/dashboard/${dash}`;
    const good = await signGuestToken(sharing, claims);
    expect((await guestClient(good).get(path)).status).toBe(200);
    const expired = await signGuestToken(sharing, claims, Date.now() - 3_600_000);
    expect((await guestClient(expired).get(path)).status).toBe(401);
    const foreign = await signGuestToken({ ...sharing, guestTokenAudience: 'https://elsewhere.example.com' }, claims);
    expect((await guestClient(foreign).get(path)).status).toBe(401);
    const otherKey = await signGuestToken({ ...sharing, guestTokenSecret: 'another-secret-of-enough-length-000000' }, claims);
    expect((await guestClient(otherKey).get(path)).status).toBe(401);
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(
      JSON.stringify({
        ...payload,
        rls_rules: [],
        resources: [
          { type: 'dashboard', id: uuid },
          { type: 'dashboard', id: crypto.randomUUID() },
        ],
      }),
    ).toString('base64url')}.${s}`;
    expect((await guestClient(tampered).get(path)).status).toBe(401);
    expect((await guestClient('not-a-token').get(path)).status).toBe(401);
  });

  it('is refused once the embedding is deleted', async () => {
    const token = await tokenFor({});
    expect((await guestClient(token).get(`/api/v1/dashboard/${dash}`)).status).toBe(200);
    expect((await admin.delete<{ message: string }>(`/api/v1/dashboard/${dash}/embedded`)).body).toEqual({ message: 'OK' });
    expect((await guestClient(token).get(`/api/v1/dashboard/${dash}`)).status).toBe(401);
    expect((await admin.get(`/api/v1/embedded_dashboard/${uuid}`)).status).toBe(404);
  });
});

describe('DASHBOARD_RBAC', () => {
  it('lets a holder of a dashboard role load the data of its charts without dataset access', async () => {
    const flags = server.ctx.config.featureFlags;
    flags.DASHBOARD_RBAC = true;
    try {
      const roleId = await customRole(server, 'board_viewers', [
        ['can_read', 'Dashboard'],
        ['can_read', 'Chart'],
      ]);
      const vera = await loggedInUser(server, admin, 'vera', ['board_viewers']);
      const board = await dashboardWith('Role board', [chartOn]);
      await server.ctx.store.db.insertInto('dashboard_roles').values({ dashboard_id: board, role_id: roleId }).execute();
      const ok = await vera.client.post<Data>('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOn, dashboardId: board }));
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.result[0].data.length).toBeGreaterThan(1);
      // without the dashboard, with a chart not on it, or on a dashboard without roles: the dataset stays hidden
      expect((await vera.client.post('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOn }))).status).toBe(404);
      expect((await vera.client.post('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOff, dashboardId: board }))).status).toBe(
        404,
      );
      expect((await vera.client.post('/api/v1/chart/data', pieQuery(flights, { slice_id: chartOn, dashboardId: dash }))).status).toBe(404);
      // a native filter's options: the dashboard named and no chart; only a dataset a filter of it targets
      const options = (formData: Record<string, unknown>) => pieQuery(flights, { viz_type: 'filter_select', ...formData }, { metrics: [] });
      expect((await vera.client.post('/api/v1/chart/data', options({ dashboardId: board }))).status).toBe(404);
      const metadata = {
        native_filter_configuration: [
          { id: 'NATIVE_FILTER-origin', filterType: 'filter_select', targets: [{ datasetId: flights, column: { name: 'origin' } }] },
        ],
      };
      await server.ctx.store.db
        .updateTable('dashboards')
        .set({ json_metadata: JSON.stringify(metadata) })
        .where('id', '=', board)
        .execute();
      const values = await vera.client.post<Data>('/api/v1/chart/data', options({ dashboardId: board }));
      expect(values.status, values.text).toBe(200);
      expect(values.body.result[0].data.length).toBeGreaterThan(1);
      expect((await vera.client.post('/api/v1/chart/data', options({}))).status).toBe(404);
    } finally {
      flags.DASHBOARD_RBAC = false;
    }
  });
});
