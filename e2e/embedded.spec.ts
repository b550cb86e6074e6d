import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN, SIGNED_OUT, apiFor, shot } from './support';

// Embedded dashboards (issue 25 part 3): a host application on another origin
// (http://localhost:<port>, Rama being on 127.0.0.1) embeds the Flights dashboard with the
// published SDK (@superset-ui/embedded-sdk 0.4.0, its UMD bundle) and guest tokens its backend asks
// Rama for, whose RLS clause keeps one airport; a host on an origin the embedding does not allow
// is refused; the "Embed dashboard" dialog enables an embedding and shows the steps.

const SDK = readFileSync('node_modules/@superset-ui/embedded-sdk/bundle/index.js', 'utf8');
const HOST_PAGE = readFileSync('e2e/fixtures/embed-host.html', 'utf8');
const AIRPORT = 'ATL';
const GUEST_HEADER = 'x-guesttoken';

interface Host {
  origin: string;
  close(): Promise<void>;
}

/**
 * A host application: its page (embedding `embed().id`), the SDK bundle, and `/token`, its
 * backend asking Rama for a guest token.
 */
async function startHost(embed: () => { id: string; supersetDomain: string }, mint: () => Promise<string>): Promise<Host> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(SDK);
    } else if (req.url === '/token') {
      mint().then(
        (token) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token })),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(HOST_PAGE.replace('__EMBED_CONFIG__', JSON.stringify(embed())));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Rama's API as admin with a bearer token: what a host application's backend does. */
async function adminApi(rama: string) {
  const login = await fetch(`${rama}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password, provider: 'db' }),
  });
  expect(login.status).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${rama}${path}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
}

type ChartDataReply = { result: { colnames?: string[]; data: Record<string, unknown>[] }[] };

/** The chart data requests of the page and its iframes, with their answers. */
function watchChartData(page: Page): { request: Request; body: Promise<ChartDataReply> }[] {
  const seen: { request: Request; body: Promise<ChartDataReply> }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/chart/data' && r.request().method() === 'POST' && r.status() === 200) {
      seen.push({ request: r.request(), body: r.json() as Promise<ChartDataReply> });
    }
  });
  return seen;
}

test.describe('a dashboard embedded in a host application', () => {
  // the host's visitor has no Rama session: only the guest token opens the dashboard
  test.use({ storageState: SIGNED_OUT });

  test('shows Flights with the guest token’s one airport, answers the SDK, and is refused to another origin', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const rama = baseURL ?? '';
    const api = await adminApi(rama);
    const { result: flightsDashboard } = await api<{ result: { id: number } }>('GET', '/api/v1/dashboard/flights');
    const datasets = await api<{ result: { id: number; table_name: string }[] }>(
      'GET',
      '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))',
    );
    const flights = datasets.result.find((d) => d.table_name === 'flights');
    if (!flights) throw new Error('the flights example dataset is missing');

    let uuid = '';
    let badTokens = false;
    const minted: string[] = [];
    const mint = async () => {
      // a host backend that hands out a token Rama never signed
      if (badTokens) return 'not.a.token';
      const { token } = await api<{ token: string }>('POST', '/api/v1/security/guest_token/', {
        user: { username: `acme-viewer-${minted.length + 1}`, first_name: 'Acme', last_name: 'Viewer' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls: [{ clause: `origin = '${AIRPORT}'`, dataset: flights.id }],
      });
      minted.push(token);
      return token;
    };
    const embed = () => ({ id: uuid, supersetDomain: rama });
    const host = await startHost(embed, mint);
    const stranger = await startHost(embed, mint);
    try {
      const { result: embedding } = await api<{ result: { uuid: string; allowed_domains: string[] } }>(
        'POST',
        `/api/v1/dashboard/${flightsDashboard.id}/embedded`,
        { allowed_domains: [host.origin] },
      );
      uuid = embedding.uuid;
      expect(embedding.allowed_domains).toEqual([host.origin]);

      // the host page embeds the dashboard: the frame draws it with the guest's data only
      const chartData = watchChartData(page);
      await page.goto(`${host.origin}/`);
      const frame = page.frameLocator('#dashboard iframe');
      await expect(frame.getByRole('heading', { name: 'Flights overview' })).toBeVisible({ timeout: 30_000 });
      const holders = frame.locator('[data-test="dashboard-chart"]:visible');
      await expect(holders).toHaveCount(6, { timeout: 20_000 });
      for (const holder of await holders.all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
      // no login page, no app navigation: the dashboard alone
      await expect(frame.getByRole('link', { name: 'SQL Lab' })).toHaveCount(0);
      await expect(frame.getByRole('button', { name: 'Edit dashboard' })).toHaveCount(0);

      // every chart query went as the guest, and "Departures by airport" has one airport left
      expect(chartData.length).toBeGreaterThanOrEqual(6);
      for (const { request } of chartData) expect(request.headers()[GUEST_HEADER]).toBe(minted[0]);
      const replies = await Promise.all(chartData.map((c) => c.body));
      const byOrigin = replies.map((r) => r.result[0]).find((q) => q.colnames?.includes('origin'));
      expect(byOrigin?.data.map((row) => row.origin)).toEqual([AIRPORT]);
      await expect(frame.locator('[data-test="dashboard-chart"]', { hasText: 'Departures by airport' })).toContainText(AIRPORT);
      // the charts' drawing animations end before the picture
      await page.waitForTimeout(1_000);
      await shot(page, 'embedded-host-flights');

      // the SDK's getters answer from the frame
      await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { embedded?: unknown }).embedded))).toBe(true);
      const answers = await page.evaluate(async () => {
        type Embedded = {
          getScrollSize(): Promise<{ width: number; height: number }>;
          getActiveTabs(): Promise<string[]>;
          getDataMask(): Promise<Record<string, unknown>>;
          getDashboardPermalink(anchor: string): Promise<string>;
          getChartDataPayloads(p?: { chartId?: number }): Promise<Record<string, { queries?: unknown[] }>>;
        };
        const d = (window as unknown as { embedded: Embedded }).embedded;
        return {
          size: await d.getScrollSize(),
          tabs: await d.getActiveTabs(),
          mask: await d.getDataMask(),
          permalink: await d.getDashboardPermalink('TAB-flights-overview'),
          payloads: await d.getChartDataPayloads(),
        };
      });
      expect(answers.size.height).toBeGreaterThan(600);
      expect(answers.tabs).toContain('TAB-flights-overview');
      expect(typeof answers.mask).toBe('object');
      expect(answers.permalink).toMatch(/\/rama\/dashboard\/p\/[^/]+\/$/);
      expect(Object.keys(answers.payloads).length).toBeGreaterThanOrEqual(6);
      for (const payload of Object.values(answers.payloads)) expect(payload.queries?.length).toBeGreaterThan(0);

      // the SDK refreshes the token before it expires (300 s): the frame's next requests carry the
      // new one (the page again, with a clock the test moves)
      await page.clock.install();
      await page.goto(`${host.origin}/`);
      await expect(frame.locator('[data-test="dashboard-chart"][data-status="rendered"]')).toHaveCount(6, { timeout: 30_000 });
      const first = minted.length;
      await page.clock.fastForward('04:56');
      await expect.poll(() => minted.length, { timeout: 15_000 }).toBeGreaterThan(first);
      const refreshed = chartData.length;
      await frame.getByRole('button', { name: 'Refresh dashboard' }).click();
      await expect.poll(() => chartData.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(refreshed + 6);
      for (const { request } of chartData.slice(refreshed)) {
        expect(minted.indexOf(request.headers()[GUEST_HEADER])).toBeGreaterThanOrEqual(first);
      }

      // a token Rama refuses: the frame says the dashboard could not be loaded (no login page)
      badTokens = true;
      await page.clock.resume();
      await page.goto(`${host.origin}/`);
      await expect(frame.getByText('This embedded dashboard could not be loaded')).toBeVisible({ timeout: 20_000 });
      await expect(frame.getByText(/The guest token was refused/)).toBeVisible();
      await expect(frame.getByLabel('Username')).toHaveCount(0);
      await shot(page, 'embedded-host-bad-token');

      // a host on another origin: the browser refuses to frame the page (frame-ancestors names only
      // the allowed host), so no dashboard and no chart data reach it
      const refusedFrame = page.waitForResponse((r) => new URL(r.url()).pathname === `/embedded/${uuid}`);
      const before = chartData.length;
      await page.goto(`${stranger.origin}/`);
      const framed = await refusedFrame;
      expect(framed.headers()['content-security-policy']).toContain(`frame-ancestors ${host.origin}`);
      expect(framed.headers()['content-security-policy']).not.toContain(stranger.origin);
      await expect
        .poll(() => page.frames().some((f) => f !== page.mainFrame() && f.url().startsWith('chrome-error://')), { timeout: 10_000 })
        .toBe(true);
      await expect(page.frameLocator('#dashboard iframe').locator('[data-test="dashboard"]')).toHaveCount(0);
      expect(chartData.length).toBe(before);
      await shot(page, 'embedded-host-refused');
    } finally {
      await host.close();
      await stranger.close();
    }
  });
});

test('the Embed dashboard dialog enables an embedding, shows its id and the steps, and deactivates it', async ({ page }) => {
  const api = await apiFor(page);
  const { result: dashboard } = await api.get<{ result: { id: number } }>('/api/v1/dashboard/world_health');
  // the e2e store is kept between runs: start from a dashboard that is not embedded
  const cleared = await api.send('DELETE', `/api/v1/dashboard/${dashboard.id}/embedded`);
  expect([200, 404]).toContain(cleared.status);

  await page.goto('/rama/dashboard/world_health/');
  await page.locator('[data-test="dashboard-menu"]').click();
  await page.getByRole('menuitem', { name: 'Embed dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed dashboard' });
  await expect(dialog.getByRole('button', { name: 'Enable embedding' })).toBeVisible();

  // an entry that is not an origin is named, and nothing can be saved
  const domains = dialog.getByLabel('Allowed domains');
  await domains.fill('portal.example.com');
  await expect(dialog).toContainText('"portal.example.com" is not an origin');
  await expect(dialog.getByRole('button', { name: 'Enable embedding' })).toBeDisabled();

  await domains.fill('https://portal.example.com\nhttp://localhost:9000/');
  await dialog.getByRole('button', { name: 'Enable embedding' }).click();
  const uuid = dialog.locator('[data-test="embed-uuid"]');
  await expect(uuid).toHaveText(/^[0-9a-f-]{36}$/);
  const id = (await uuid.textContent()) ?? '';
  await expect(dialog.getByLabel('the embedding code', { exact: true })).toContainText(`id: "${id}"`);
  await expect(dialog.getByLabel('the install command', { exact: true })).toHaveText('npm install --save @superset-ui/embedded-sdk');
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeVisible();
  const saved = await api.get<{ result: { uuid: string; allowed_domains: string[] } }>(`/api/v1/dashboard/${dashboard.id}/embedded`);
  expect(saved.result).toMatchObject({ uuid: id, allowed_domains: ['https://portal.example.com', 'http://localhost:9000'] });
  await shot(page, 'embedded-dialog');

  // deactivate asks first
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog.getByRole('button', { name: 'Enable embedding' })).toBeVisible();
  expect((await page.request.get(`/api/v1/dashboard/${dashboard.id}/embedded`)).status()).toBe(404);
});
