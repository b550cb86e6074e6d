import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFor, examplesDatabaseId, shot, unique, type ApiClient } from './support';
import { editorContent } from './sqllab-helpers';

// Version history (issue 30 item 1) of the other objects than dashboards (version-history.spec.ts):
// a chart in Explore, a dataset in the dataset editor and a saved query in SQL Lab, each saved
// twice. Their History panel lists the three versions with what changed, compares the first with
// the last, and restores the first.

type VersionsReply = { result: { version: number; summary: string }[] };

/** The History panel: its summaries newest first (a screenshot of it), then version 1 and 3 compared. */
async function listAndCompare(page: Page, summaries: (string | RegExp)[], screen: string): Promise<{ panel: Locator; compare: Locator }> {
  const panel = page.locator('.ant-drawer').filter({ has: page.locator('[data-test="version-summary"]') });
  await expect(panel.locator('[data-test="version-summary"]')).toHaveText(summaries);
  await panel.locator('tr[data-row-key="1"]').getByRole('checkbox').check();
  await panel.locator('tr[data-row-key="3"]').getByRole('checkbox').check();
  await shot(page, screen);
  await panel.locator('[data-test="version-compare-button"]').click();
  const compare = page.getByRole('dialog', { name: 'Compare version 1 with version 3' });
  await expect(compare.locator('[data-test="version-compare"]')).toBeVisible();
  return { panel, compare };
}

/** Restore version 1 from the panel, through the confirmation (it becomes version 4). */
async function restoreFirst(page: Page, panel: Locator): Promise<void> {
  await panel.locator('[data-test="restore-version-1"]').click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('saved as a new version (4)');
  await confirm.getByRole('button', { name: 'Restore' }).click();
}

async function latestSummary(api: ApiClient, type: string, id: number): Promise<string> {
  return (await api.get<VersionsReply>(`/api/v1/${type}/${id}/versions/`)).result[0].summary;
}

test('a chart saved twice: its History in Explore compares the controls and restores the first version', async ({ page }) => {
  await page.goto('/rama/welcome/');
  const api = await apiFor(page);
  const [source] = (await api.get<{ result: { id: number }[] }>('/api/v1/dashboard/flights/charts')).result;
  const src = (
    await api.get<{ result: { viz_type: string; params: string; datasource_id: number; datasource_type: string } }>(
      `/api/v1/chart/${source.id}`,
    )
  ).result;
  const name = unique('History chart');
  const params = JSON.parse(src.params) as Record<string, unknown>;
  const { id } = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: src.viz_type,
    params: JSON.stringify({ ...params, row_limit: 100 }),
    datasource_id: src.datasource_id,
    datasource_type: src.datasource_type,
  });
  // two saves: the name, then a control
  expect((await api.send('PUT', `/api/v1/chart/${id}`, { slice_name: `${name} (renamed)` })).status).toBe(200);
  expect((await api.send('PUT', `/api/v1/chart/${id}`, { params: JSON.stringify({ ...params, row_limit: 500 }) })).status).toBe(200);

  await page.goto(`/explore/?slice_id=${id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Version history', exact: true }).click();
  const { panel, compare } = await listAndCompare(page, [/^controls: .*changed$/, 'title changed', 'created'], 'version-history-chart');
  await expect(compare.getByRole('row', { name: /^Control: Row limit / })).toContainText('500');
  await expect(compare.getByRole('row', { name: /^Name / })).toContainText(`${name} (renamed)`);
  await compare.getByRole('button', { name: 'Close' }).click();

  await restoreFirst(page, panel);
  // Explore opens the restored chart as saved
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  const chart = await api.get<{ result: { slice_name: string; params: string } }>(`/api/v1/chart/${id}`);
  expect(chart.result.slice_name).toBe(name);
  expect(JSON.parse(chart.result.params)).toMatchObject({ row_limit: 100 });
  expect(await latestSummary(api, 'chart', id)).toBe('restored version 1');
});

test('a dataset saved twice: its History in the dataset editor shows the SQL diff and restores the first version', async ({ page }) => {
  await page.goto('/rama/welcome/');
  const api = await apiFor(page);
  const database = await examplesDatabaseId(api);
  const name = unique('history_ds');
  const { id } = await api.post<{ id: number }>('/api/v1/dataset/', {
    database,
    schema: 'main',
    table_name: name,
    sql: 'SELECT 1 AS a',
  });
  // two saves: the SQL, then the description
  expect((await api.send('PUT', `/api/v1/dataset/${id}`, { sql: 'SELECT 2 AS a' })).status).toBe(200);
  expect((await api.send('PUT', `/api/v1/dataset/${id}`, { description: 'Two, not one' })).status).toBe(200);

  await page.goto('/tablemodelview/list/');
  await page.getByLabel('Search datasets by name').fill(name);
  await page
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const editor = page.getByRole('dialog', { name: `Edit dataset ${name}` });
  await editor.locator('[data-test="dataset-history"]').click();
  const { panel, compare } = await listAndCompare(page, ['description changed', 'SQL changed', 'created'], 'version-history-dataset');
  await expect(compare.locator('[data-test="version-sql-diff"]')).toHaveText(/- SELECT 1 AS a\s*\+ SELECT 2 AS a/);
  await expect(compare.getByRole('row', { name: /^Description / })).toContainText('Two, not one');
  await compare.getByRole('button', { name: 'Close' }).click();

  await restoreFirst(page, panel);
  // the editor's draft is older than the restored dataset: it closes
  await expect(editor).toBeHidden();
  const dataset = await api.get<{ result: { sql: string; description: string | null } }>(`/api/v1/dataset/${id}`);
  expect(dataset.result.sql).toBe('SELECT 1 AS a');
  expect(dataset.result.description ?? '').toBe('');
  expect(await latestSummary(api, 'dataset', id)).toBe('restored version 1');
});

test('a saved query saved twice: its History in SQL Lab shows the SQL diff and restores the first version', async ({ page }) => {
  await page.goto('/rama/welcome/');
  const api = await apiFor(page);
  const label = unique('History query');
  const { id } = await api.post<{ id: number }>('/api/v1/saved_query/', {
    db_id: await examplesDatabaseId(api),
    schema: 'main',
    label,
    sql: 'SELECT 1 AS first_version',
  });
  // two saves: the SQL, then the name
  expect((await api.send('PUT', `/api/v1/saved_query/${id}`, { sql: 'SELECT 2 AS second_version' })).status).toBe(200);
  expect((await api.send('PUT', `/api/v1/saved_query/${id}`, { label: `${label} (renamed)` })).status).toBe(200);

  await page.goto(`/sqllab/?savedQueryId=${id}`);
  await expect(editorContent(page)).toContainText('SELECT 2 AS second_version');
  await page.getByRole('button', { name: 'Saved query history' }).click();
  const { panel, compare } = await listAndCompare(page, ['name changed', 'SQL changed', 'created'], 'version-history-saved-query');
  await expect(compare.locator('[data-test="version-sql-diff"]')).toHaveText(/- SELECT 1 AS first_version\s*\+ SELECT 2 AS second_version/);
  await expect(compare.getByRole('row', { name: /^Name / })).toContainText(`${label} (renamed)`);
  await compare.getByRole('button', { name: 'Close' }).click();

  await restoreFirst(page, panel);
  // the tab takes the restored SQL
  await expect(editorContent(page)).toContainText('SELECT 1 AS first_version');
  const query = await api.get<{ result: { sql: string; label: string } }>(`/api/v1/saved_query/${id}`);
  expect(query.result).toMatchObject({ sql: 'SELECT 1 AS first_version', label });
  expect(await latestSummary(api, 'saved_query', id)).toBe('restored version 1');
});
