import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { legacyDashboardBundle, LEGACY_MARKUP_TEXT } from '../packages/server/src/test-support/legacyBundle';
import { apiFor, toast, unique } from './support';

// Issue 31 item 2: a dashboard the peer exported with its legacy charts (a dist_bar, an area and
// a markup chart on the first tab, a heatmap on the second, a filter box on origin with ORD as
// its default) is imported through the dashboard list's Import button and opens as it was: the
// charts draw as their current types, the markup text is a Markdown block, and the filter box is
// the native filter bar's Origin filter with ORD applied. Screenshot in test-results/legacy-import/.
const SHOTS = 'test-results/legacy-import';
mkdirSync(SHOTS, { recursive: true });

test('a legacy dashboard bundle imported from the list opens with its charts drawn and its filter box as a native filter', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/dashboard/list/');
  const api = await apiFor(page);

  // the flights dataset and the examples database of this installation, by uuid, as an export names them
  const datasets = await api.get<{ result: { id: number; table_name: string }[] }>(
    '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))',
  );
  const flights = datasets.result.find((d) => d.table_name === 'flights');
  if (!flights) throw new Error('the flights example dataset is missing');
  const exported = await page.request.get(`/api/v1/dataset/export/?q=!(${flights.id})`);
  expect(exported.ok()).toBe(true);
  const files = unzipSync(new Uint8Array(await exported.body()));
  const docOf = (path: RegExp) => {
    const name = Object.keys(files).find((f) => path.test(f));
    if (!name) throw new Error(`the dataset export has no ${String(path)}`);
    return parse(strFromU8(files[name])) as { uuid: string };
  };
  const title = unique('Legacy flights board');
  const bundle = legacyDashboardBundle({
    databaseUuid: docOf(/\/databases\/[^/]+\.yaml$/).uuid,
    datasetUuid: docOf(/\/datasets\/.+\.yaml$/).uuid,
    dashboardUuid: randomUUID(),
    charts: { distBar: randomUUID(), area: randomUUID(), heatmap: randomUUID(), markup: randomUUID(), filterBox: randomUUID() },
    title,
  });
  const zip = zipSync(Object.fromEntries(Object.entries(bundle).map(([n, d]) => [`dashboard_export_legacy/${n}`, strToU8(stringify(d))])));

  // the list's Import button
  await page.getByRole('button', { name: 'Import dashboards' }).click();
  const modal = page.getByRole('dialog', { name: 'Import dashboard' });
  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'dashboard_export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await modal.getByRole('button', { name: 'Import' }).click();
  await expect(
    toast(
      page,
      'Dashboard imported. Created 4; 3 legacy charts migrated to current types, 1 filter box became native filters, 1 markup chart became Markdown.',
    ),
  ).toBeVisible();
  await expect(modal).toBeHidden();

  // open it from the list
  await page.getByLabel('Search dashboards by title or slug').fill(title);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/\d+\//);

  // the first tab: the bar and the area chart draw, the markup text is a Markdown block
  const charts = page.locator('[data-test="dashboard-chart"]:visible');
  await expect(charts).toHaveCount(2, { timeout: 20_000 });
  for (const holder of await charts.all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect(page.locator('[data-test="dashboard-markdown"]')).toContainText('Flights at a glance');
  expect(LEGACY_MARKUP_TEXT).toContain('Flights at a glance');
  await expect(page.getByText('Unknown visualization type')).toHaveCount(0);

  // the filter box is the Origin filter, ORD applied
  const origin = page.locator('[data-test="filter-bar"] [data-test="filter-item"]').filter({ hasText: 'Origin' });
  await expect(origin).toBeVisible();
  await expect(origin).toContainText('ORD');
  for (const holder of await charts.all())
    await expect(holder.locator('[data-test="chart-filter-badge"]')).toHaveAttribute('data-applied', '1', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/dashboard.png`, fullPage: true });

  // the second tab: the heatmap draws (the filter leaves it out)
  await page.getByRole('tab', { name: 'Routes' }).click();
  await expect(charts).toHaveCount(1, { timeout: 20_000 });
  await expect(charts.first()).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect(charts.first().locator('[data-test="chart-filter-badge"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dashboard-routes.png`, fullPage: true });
});
