import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, SIGNED_OUT, signIn } from './support';

// Asynchronous chart queries (GLOBAL_ASYNC_QUERIES), against the second server of
// playwright.config.ts: a dashboard's charts come back as 202 jobs whose events arrive over the
// websocket, and every chart draws; a chart opened in Explore runs the same way.

const ASYNC_URL = `http://127.0.0.1:${Number(process.env.RAMA_E2E_PORT ?? 18089) + 1}`;

test.use({ baseURL: ASYNC_URL, storageState: SIGNED_OUT });

const charts = (page: Page) => page.locator('[data-test="dashboard-chart"]:visible');

async function expectAllRendered(page: Page, count: number): Promise<void> {
  await expect(charts(page)).toHaveCount(count, { timeout: 20_000 });
  for (const holder of await charts(page).all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 20_000 });
}

const isChartData = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/chart/data';

/** What the page's async event websocket received: the job events, as parsed JSON. */
function watchEvents(page: Page): { opened: string[]; events: { job_id: string; status: string }[] } {
  const seen = { opened: [] as string[], events: [] as { job_id: string; status: string }[] };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/v1/async_event/ws')) return;
    seen.opened.push(ws.url());
    ws.on('framereceived', (frame) => seen.events.push(JSON.parse(String(frame.payload)) as { job_id: string; status: string }));
  });
  return seen;
}

test('with async queries on, a dashboard draws every chart from 202 jobs delivered over the websocket, and Explore runs a chart', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/rama\/welcome\/$/);

  const statuses: number[] = [];
  const jobs: string[] = [];
  page.on('response', (r) => {
    if (!isChartData(r)) return;
    statuses.push(r.status());
    if (r.status() === 202) void r.json().then((b: { job_id: string }) => jobs.push(b.job_id));
  });
  const ws = watchEvents(page);

  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await expectAllRendered(page, 6);
  await expect(page.locator('.rama-chart-area svg').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expectAllRendered(page, 4);

  // a fresh server has nothing cached: the charts were accepted as jobs, and their events came over the websocket
  expect(statuses.length).toBeGreaterThanOrEqual(10);
  expect(statuses.filter((s) => s !== 200 && s !== 202)).toEqual([]);
  expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(6);
  expect(ws.opened).toHaveLength(1);
  await expect.poll(() => jobs.every((id) => ws.events.some((e) => e.job_id === id && e.status === 'done'))).toBe(true);

  // one chart in Explore, forced past the cache: it runs as a job too, and again on "Force refresh"
  const chartId = await charts(page).first().getAttribute('data-chart-id');
  const before = statuses.length;
  await page.goto(`/explore/?slice_id=${chartId}&force=true`);
  const chartImage = page.locator('.rama-chart-area [role="img"]').first();
  await expect(chartImage).toHaveAttribute('aria-label', /^Chart: /, { timeout: 20_000 });
  const rerun = page.waitForResponse((r) => isChartData(r) && r.status() === 202);
  await page.getByRole('button', { name: 'Force refresh' }).click();
  const job = ((await (await rerun).json()) as { job_id: string }).job_id;
  await expect.poll(() => ws.events.some((e) => e.job_id === job && e.status === 'done')).toBe(true);
  await expect(chartImage).toHaveAttribute('aria-label', /^Chart: /);
  expect(statuses.slice(before).filter((s) => s === 202).length).toBeGreaterThanOrEqual(2);
});
