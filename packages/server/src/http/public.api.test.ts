/**
 * Public dashboards (issue 25 part 4): with PUBLIC_ROLE_LIKE=Gamma and the Public role granted one
 * dataset, a visitor without a login reads a published dashboard on it, its charts and their data,
 * and nothing else; with the setting off every one of those asks to log in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapData } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { datasetPermView } from '../access/datasets.js';
import { examplesDataset } from '../test-support/datasets.js';
import { grantToRole } from '../accounts/users.js';
import { ANONYMOUS_FILTER_STATE_MESSAGE, forgetPublicRole } from './public.js';
import { SESSION_COOKIE } from '../security/sessions.js';

let server: TestServer;
let admin: Client;
let anon: Client;
let flights: number;
let stocks: number;
/** published, one chart on flights (the dataset the Public role reads) */
let publicDash: number;
/** published, one chart on stocks */
let stocksDash: number;
/** a draft with a chart on flights */
let draftDash: number;
let flightsChart: number;
let stocksChart: number;

const chartParams = JSON.stringify({ viz_type: 'pie', metric: 'count', groupby: ['origin'], row_limit: 10 });

async function dashboard(title: string, published: boolean, slug: string | null = null): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published, slug });
  if (r.status !== 201) throw new Error(`dashboard: ${r.status} ${r.text}`);
  return r.body.id;
}

async function chart(name: string, datasetId: number, dashboards: number[]): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: 'pie',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: chartParams,
    dashboards,
  });
  if (r.status !== 201) throw new Error(`chart: ${r.status} ${r.text}`);
  return r.body.id;
}

const chartData = (datasetId: number) => ({
  datasource: { id: datasetId, type: 'table' },
  force: false,
  queries: [{ time_range: 'No filter', columns: ['origin'], metrics: ['count'], row_limit: 100, filters: [], extras: {} }],
  form_data: { datasource: `${datasetId}__table`, viz_type: 'pie' },
  result_format: 'json',
  result_type: 'full',
});

/** Everything an anonymous visitor must be refused, with the status it answers while public dashboards are on. */
function refused(): [string, string, unknown?][] {
  return [
    ['GET', '/api/v1/me/'],
    ['GET', '/api/v1/me/roles/'],
    ['GET', '/api/v1/security/csrf_token/'],
    ['GET', '/api/v1/dataset/'],
    ['GET', `/api/v1/dataset/${flights}`],
    ['GET', '/api/v1/chart/'],
    ['GET', '/api/v1/dashboard/'],
    ['GET', '/api/v1/database/'],
    ['GET', '/api/v1/security/users/'],
    ['GET', '/api/v1/security/roles/'],
    ['GET', '/api/v1/saved_query/'],
    ['GET', `/api/v1/explore/?slice_id=${flightsChart}`],
    ['POST', '/api/v1/sqllab/execute/', { database_id: server.examplesId, sql: 'SELECT 1', runAsync: false }],
    ['POST', '/datasource/samples?datasource_id=' + String(flights), {}],
    ['POST', '/api/v1/dashboard/', { dashboard_title: 'x' }],
    ['PUT', `/api/v1/dashboard/${publicDash}`, { dashboard_title: 'renamed' }],
    ['DELETE', `/api/v1/dashboard/${publicDash}`],
    ['POST', `/api/v1/dashboard/${publicDash}/permalink`, { dataMask: {}, activeTabs: [], urlParams: [] }],
    ['POST', `/api/v1/dashboard/${publicDash}/favorites/`],
    ['POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: flights, datasource_type: 'table' }],
    ['PUT', `/api/v1/chart/${flightsChart}`, { slice_name: 'renamed' }],
  ];
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_ROLE_LIKE: 'Gamma' });
  admin = await server.admin();
  flights = await examplesDataset(server, admin, 'flights');
  stocks = await examplesDataset(server, admin, 'stocks');
  publicDash = await dashboard('Public flights', true, 'public-flights');
  stocksDash = await dashboard('Stocks', true);
  draftDash = await dashboard('Draft flights', false);
  flightsChart = await chart('Flights by origin', flights, [publicDash, draftDash]);
  stocksChart = await chart('Stocks', stocks, [stocksDash]);
  // the Public role's own grant: Gamma reads no data
  await grantToRole(server.ctx.store.db, 'Public', ['datasource_access', datasetPermView('examples', 'flights', flights)]);
  forgetPublicRole(server.ctx);
  anon = server.client();
});

afterAll(async () => {
  await server?.close();
});

describe('an anonymous visitor with PUBLIC_ROLE_LIKE=Gamma', () => {
  it('is the Public role in the bootstrap, holding only what a visitor may use', async () => {
    const r = await anon.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
    expect(r.status).toBe(200);
    const user = r.body.result.user;
    expect(user).toMatchObject({ id: 0, username: 'anonymous', is_anonymous: true });
    expect(Object.keys(user?.roles ?? {})).toEqual(['Public']);
    const pairs = user?.roles.Public ?? [];
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['can_read', 'Dashboard'],
        ['can_read', 'Chart'],
        ['datasource_access', datasetPermView('examples', 'flights', flights)],
      ]),
    );
    // Gamma's writes, sharing, Explore and reports are never the visitor's
    expect(pairs.filter(([p]) => p.startsWith('can_write') || p === 'can_explore' || p.startsWith('can_share'))).toEqual([]);
    // /me answers 401 as the peer does for anonymous
    expect((await anon.get('/api/v1/me/')).status).toBe(401);
  });

  it('reads a published dashboard on the public dataset, by id and slug, with its charts, datasets and chart data', async () => {
    const byId = await anon.get<{ result: { id: number; dashboard_title: string } }>(`/api/v1/dashboard/${publicDash}`);
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.result).toMatchObject({ id: publicDash, dashboard_title: 'Public flights' });
    expect((await anon.get(`/api/v1/dashboard/public-flights`)).status).toBe(200);

    const charts = await anon.get<{ result: { id: number }[] }>(`/api/v1/dashboard/${publicDash}/charts`);
    expect(charts.status).toBe(200);
    expect(charts.body.result.map((c) => c.id)).toEqual([flightsChart]);
    const datasets = await anon.get<{ result: { id: number }[] }>(`/api/v1/dashboard/${publicDash}/datasets`);
    expect(datasets.status).toBe(200);
    expect(datasets.body.result.map((d) => d.id)).toEqual([flights]);

    const data = await anon.post<{ result: { data: { origin: string; count: number }[] }[] }>('/api/v1/chart/data', chartData(flights));
    expect(data.status, data.text).toBe(200);
    expect(data.body.result[0].data.length).toBeGreaterThan(1);
    expect(data.body.result[0].data.every((row) => typeof row.origin === 'string' && row.count > 0)).toBe(true);

    const detail = await anon.get<{ result: { slice_name: string } }>(`/api/v1/chart/${flightsChart}`);
    expect(detail.status).toBe(200);
    expect(detail.body.result.slice_name).toBe('Flights by origin');

    // the time range filter's bounds
    const range = await anon.get<{ result: { since: string; until: string }[] }>(
      `/api/v1/time_range/?q=${encodeURIComponent("'2001-01-01 : 2001-02-01'")}`,
    );
    expect(range.status, range.text).toBe(200);
    expect(range.body.result[0]).toMatchObject({ since: '2001-01-01T00:00:00', until: '2001-02-01T00:00:00' });

    const favorites = await anon.get<{ result: { id: number; value: boolean }[] }>(`/api/v1/dashboard/favorite_status/?q=!(${publicDash})`);
    expect(favorites.status).toBe(200);
    expect(favorites.body.result).toEqual([{ id: publicDash, value: false }]);
  });

  it('does not see drafts, dashboards and charts on other datasets, or their data (404, as for any hidden object)', async () => {
    expect((await anon.get(`/api/v1/dashboard/${stocksDash}`)).status).toBe(404);
    expect((await anon.get(`/api/v1/dashboard/${draftDash}`)).status).toBe(404);
    expect((await anon.get(`/api/v1/dashboard/${stocksDash}/charts`)).status).toBe(404);
    expect((await anon.get(`/api/v1/chart/${stocksChart}`)).status).toBe(404);
    expect((await anon.post('/api/v1/chart/data', chartData(stocks))).status).toBe(404);
  });

  it('asks to log in everywhere else, and may not save filter state', async () => {
    for (const [method, path, body] of refused()) {
      const r = await anon.request(method, path, body);
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(401);
    }
    const save = await anon.post(`/api/v1/dashboard/${publicDash}/filter_state`, { value: '{}' });
    expect(save.status).toBe(403);
    expect(save.body).toMatchObject({ message: ANONYMOUS_FILTER_STATE_MESSAGE });
    // nothing was written: the dashboard is unchanged
    const after = await admin.get<{ result: { dashboard_title: string } }>(`/api/v1/dashboard/${publicDash}`);
    expect(after.body.result.dashboard_title).toBe('Public flights');
  });

  it('reads a filter state key a logged-in viewer made (a shared link)', async () => {
    const made = await admin.post<{ key: string }>(`/api/v1/dashboard/${publicDash}/filter_state`, { value: '{"a":1}' });
    expect(made.status, made.text).toBe(201);
    const read = await anon.get<{ value: string }>(`/api/v1/dashboard/${publicDash}/filter_state/${made.body.key}`);
    expect(read.status, read.text).toBe(200);
    expect(JSON.parse(read.body.value)).toEqual({ a: 1 });
  });

  it('a logged-in user keeps their own access: the Public role does not add to it', async () => {
    // the admin session sees everything; a bad session cookie is simply anonymous
    const stale = server.client();
    stale.setCookie(SESSION_COOKIE, 'not-a-session');
    const r = await stale.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
    expect(r.body.result.user?.is_anonymous).toBe(true);
    const me = await admin.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
    expect(me.body.result.user).toMatchObject({ username: 'admin', is_anonymous: false });
  });
});

describe('with PUBLIC_ROLE_LIKE unset (the default)', () => {
  it('answers 401 to every route an anonymous visitor otherwise reads, and the bootstrap has no user', async () => {
    const sharing = server.ctx.config.sharing;
    const before = sharing.publicRoleLike;
    sharing.publicRoleLike = null;
    try {
      const boot = await anon.get<{ result: BootstrapData }>('/api/v1/common/bootstrap/');
      expect(boot.status).toBe(200);
      expect(boot.body.result.user).toBeNull();
      const reads: [string, string, unknown?][] = [
        ['GET', `/api/v1/dashboard/${publicDash}`],
        ['GET', `/api/v1/dashboard/${publicDash}/charts`],
        ['GET', `/api/v1/dashboard/${publicDash}/datasets`],
        ['GET', `/api/v1/chart/${flightsChart}`],
        ['POST', '/api/v1/chart/data', chartData(flights)],
        ['GET', `/api/v1/time_range/?q=${encodeURIComponent("'Last week'")}`],
        ['POST', `/api/v1/dashboard/${publicDash}/filter_state`, { value: '{}' }],
      ];
      for (const [method, path, body] of [...reads, ...refused()]) {
        const r = await anon.request(method, path, body);
        expect(r.status, `${method} ${path}: ${r.text}`).toBe(401);
      }
    } finally {
      sharing.publicRoleLike = before;
    }
  });
});
