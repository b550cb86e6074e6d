import { expect, test } from '@playwright/test';
import { apiFor, examplesDatabaseId, expectDialogClosed, toast, unique, type ApiClient } from './support';

// Issue 27 item 5: tags. A chart is tagged in its properties dialog in Explore (a new tag typed in
// the tag select), the chart list filtered by that tag shows only that chart with its tag, the
// Tags page lists the tag with its object count and, opened, the chart, and the reopened dialog
// shows the tag. Untagging is covered by the API tests (tags.api.test.ts).

const SHOTS = 'test-results/tags';

async function flightsId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))');
  if (!reply.result[0]) throw new Error('no example dataset on flights');
  return reply.result[0].id;
}

async function pieChart(api: ApiClient, name: string): Promise<number> {
  const flights = await flightsId(api);
  const params = {
    datasource: `${flights}__table`,
    viz_type: 'pie',
    metric: 'count',
    groupby: ['origin'],
    adhoc_filters: [],
    row_limit: 10,
  };
  const created = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: 'pie',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return created.id;
}

test('a chart tagged in its properties dialog is the only one the chart list shows for that tag', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const tagged = unique('Tagged pie');
  const other = unique('Untagged pie');
  const tag = unique('quarterly');
  const chartId = await pieChart(api, tagged);
  await pieChart(api, other);

  // Explore → ⋮ → Edit chart properties: type a new tag and save
  await page.goto(`/explore/?slice_id=${chartId}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit chart properties' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit chart properties' });
  await expect(dialog).toBeVisible();
  const tagSelect = dialog.getByLabel('Tags');
  await tagSelect.click();
  await tagSelect.fill(tag);
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-select-selection-item').filter({ hasText: tag })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await dialog.getByLabel('Tags').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/properties-dialog.png` });
  // the toast is short-lived: watch for it from the click on, while the dialog closes
  const updated = expect(toast(page, 'Chart properties updated')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectDialogClosed(dialog);
  await updated;

  // the chart reply carries the tag
  const detail = await api.get<{ result: { tags: { name: string; type: number }[] } }>(`/api/v1/chart/${chartId}`);
  expect(detail.result.tags).toEqual([expect.objectContaining({ name: tag, type: 1 })]);

  // Charts list → Tag filter: only the tagged chart, with its tag on the row
  await page.goto('/chart/list/');
  // the list first draws every chart the kept e2e store holds (up to 200 rows): about 2 s of the page's
  // main thread unloaded, over 10 s on a loaded machine, and the heading check waits behind it
  await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible({ timeout: 30_000 });
  const filter = page.getByLabel('Filter by tag');
  await filter.click();
  await filter.fill(tag);
  await page.getByRole('option', { name: tag }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('[data-test="chart-name"]')).toHaveText(tagged);
  await expect(rows.first().locator('[data-test="object-tags"]')).toContainText(tag);
  await expect(page.getByText(other)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/chart-list-filtered.png` });

  // Settings → Tags: the tag with one object; opened, it names the chart
  await page.goto('/tag/list/');
  await expect(page.getByRole('heading', { name: 'Tags' })).toBeVisible();
  await page.getByLabel('Search tags').fill(tag);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  const tagRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: tag });
  await expect(tagRow).toHaveCount(1);
  await expect(tagRow.locator('td').nth(2)).toHaveText('1');
  await tagRow.locator('[data-test="tag-name"]').click();
  await expect(page.getByRole('link', { name: tagged })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tag-list.png` });

  // reopened, the dialog shows the chart's tag (read from the chart, not from Explore's state)
  await page.goto(`/explore/?slice_id=${chartId}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit chart properties' }).click();
  await expect(dialog.locator('.ant-select-selection-item').filter({ hasText: tag })).toBeVisible();
});

test('the dashboard list filters by a tag and shows the tags of each dashboard', async ({ page }) => {
  const api = await apiFor(page);
  const tagged = unique('Tagged board');
  const tag = unique('ops');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: tagged });
  await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: unique('Untagged board') });
  await api.post(`/api/v1/tag/3/${created.id}/`, { properties: { tags: [tag] } });

  await page.goto('/dashboard/list/');
  await expect(page.getByRole('heading', { name: 'Dashboards' })).toBeVisible();
  const filter = page.getByLabel('Filter by tag');
  await filter.click();
  await filter.fill(tag);
  await page.getByRole('option', { name: tag }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tagged);
  await expect(rows.first().locator('[data-test="object-tags"]')).toContainText(tag);
  await page.screenshot({ path: `${SHOTS}/dashboard-list-filtered.png` });
});

test('a dataset tagged in its editor settings is the only one the dataset list shows for that tag', async ({ page }) => {
  const api = await apiFor(page);
  const examples = await examplesDatabaseId(api);
  const tagged = unique('tagged_ds');
  const tag = unique('finance');
  for (const name of [tagged, unique('untagged_ds')])
    await api.post('/api/v1/dataset/', { database: examples, schema: 'main', table_name: name, sql: 'SELECT 1 AS one' });

  // Datasets → Edit → Settings: type a new tag and save
  await page.goto('/tablemodelview/list/');
  await page.getByLabel('Search datasets by name').fill(tagged);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: tagged });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Edit ${tagged}` }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('tab', { name: /Settings/ }).click();
  const tagSelect = editor.getByLabel('Tags');
  await tagSelect.click();
  await tagSelect.fill(tag);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(editor.locator('.ant-select-selection-item').filter({ hasText: tag })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dataset-settings-tags.png` });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The dataset has been saved')).toBeVisible();

  // the list filtered by the tag: only that dataset, its tag in the Tags column
  await page.getByLabel('Search datasets by name').fill('');
  const filter = page.getByLabel('Filter by tag');
  await filter.click();
  await filter.fill(tag);
  await page.getByRole('option', { name: tag }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tagged);
  await expect(rows.first().locator('[data-test="object-tags"]')).toContainText(tag);
  await page.screenshot({ path: `${SHOTS}/dataset-list-filtered.png` });
});
