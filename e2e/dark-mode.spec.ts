import { expect, test } from '@playwright/test';
import { apiFor, shot } from './support';

// Dark mode (issue 30 item 3): the theme switch in the user menu, kept on the server across a reload,
// the page and a chart drawn in the dark look.

// "Follow the system" is the light look here, so the switch to dark is the user's doing
test.use({ colorScheme: 'light' });

test.afterEach(async ({ page }) => {
  // the e2e store is shared by every spec signed in as admin: leave the default behind
  const api = await apiFor(page);
  await api.send('PUT', '/api/v1/me/preferences/', { theme: 'system' });
});

const background = (el: Element) => getComputedStyle(el).backgroundColor;

test('switches to dark in the user menu, keeps it after a reload, and draws pages and charts dark', async ({ page }) => {
  const api = await apiFor(page);
  const charts = await api.get<{ result: { id: number; viz_type: string }[] }>(
    '/api/v1/chart/?q=(columns:!(id,viz_type),filters:!((col:viz_type,opr:eq,value:echarts_timeseries_bar)),page_size:1)',
  );
  const chartId = charts.result[0]?.id;
  expect(chartId, 'an example bar chart').toBeTruthy();

  await page.goto('/rama/welcome/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: /Theme/ }).hover();
  await expect(page.getByRole('menuitemradio', { name: 'Follow the system' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();

  // applied at once, and stored for this user
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect.poll(async () => (await api.get<{ result: { theme: string } }>('/api/v1/me/preferences/')).result.theme).toBe('dark');

  // after a reload the first paint is already dark (set before the app's code runs), and stays so
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.locator('body').evaluate(background)).toBe('rgb(14, 19, 22)');
  const card = page.locator('.ant-card').first();
  expect(await card.evaluate(background)).toBe('rgb(22, 29, 33)');

  // a chart: the dark ECharts theme draws its axis labels in the light chart ink, none in the light default
  await page.goto(`/explore/?slice_id=${chartId}`);
  const chart = page.locator('.rama-chart-area [role="img"] svg').first();
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => chart.locator('text').count()).toBeGreaterThan(3);
  const fills = await chart.locator('text').evaluateAll((els) => els.map((e) => (e.getAttribute('fill') ?? '').toLowerCase()));
  expect(fills).toContain('#c3cdd2');
  expect(fills).not.toContain('#6e7079');
  await shot(page, 'dark-mode-explore');

  // the menu shows the stored choice; "Follow the system" brings the light look back here
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: /Theme/ }).hover();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Follow the system' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});
