import { expect, test, type Page } from '@playwright/test';
import { apiFor, shot, toast, unique } from './support';
import { editorContent, editorTabs, freshSqlLab, resultsPanel, runAndWait, setSql } from './sqllab-helpers';

// From SQL to a chart in one step (issue 26): a result saved as a dataset opens Explore, the chart
// built there goes onto a new dashboard; an existing virtual dataset is overwritten after a
// confirmation; names follow the tab's current name; the result grid's filter box counts its rows.

const ORIGINS_SQL = 'SELECT origin, COUNT(*) AS n FROM flights GROUP BY origin ORDER BY origin';

type DatasetList = { count: number; result: { id: number; table_name: string; sql: string | null }[] };

async function datasetsNamed(page: Page, name: string): Promise<DatasetList> {
  const q = `(filters:!((col:table_name,opr:eq,value:'${name}')))`;
  return (await (await page.request.get(`/api/v1/dataset/?q=${encodeURIComponent(q)}`)).json()) as DatasetList;
}

/** Save the tab's query under a new name: the tab takes it. */
async function saveQueryAs(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Save query' });
  await dialog.getByLabel('Name').fill(label);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Your query was saved')).toBeVisible();
  await expect(editorTabs(page).first()).toContainText(label);
}

test('SQL → run → "Save & Explore" → a chart in Explore → saved onto a new dashboard', async ({ page }) => {
  test.setTimeout(150_000);
  await freshSqlLab(page);
  await setSql(page, ORIGINS_SQL);
  await runAndWait(page);
  const total = Number((await page.getByTestId('row-count').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(3);

  // the tab is renamed by saving the query: the CSV and the dataset name follow the new name
  const label = unique('Origins');
  await saveQueryAs(page, label);
  const downloading = page.waitForEvent('download');
  await resultsPanel(page).getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${label}_\\d{4}-\\d{2}-\\d{8}\\.csv$`));
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain('origin,n');

  // "Create chart" opens the dialog with a name from the tab; the name is editable
  await resultsPanel(page).getByRole('button', { name: 'Create chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create chart' });
  const nameInput = dialog.getByLabel('Dataset name');
  await expect(nameInput).toHaveValue(new RegExp(`^${label} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`));
  await expect(dialog.getByRole('radio', { name: 'Save as new' })).toBeChecked();
  const name = unique('origins_ds');
  await nameInput.fill(name);
  await shot(page, 'sqllab-to-chart-dialog');
  await dialog.getByRole('button', { name: 'Save & Explore' }).click();

  // Explore opens on the new dataset with a table chart
  await expect(toast(page, `Dataset "${name}" was created`)).toBeVisible();
  await expect(page).toHaveURL(/\/explore\/\?datasource_type=table&datasource_id=\d+&viz_type=table/);
  const created = await datasetsNamed(page, name);
  expect(created.count).toBe(1);
  expect(created.result[0].sql).toBe(ORIGINS_SQL);
  await expect(page.locator('.rama-ds-name', { hasText: /^origin$/ })).toBeVisible({ timeout: 20_000 });

  // a table of the count per origin
  await page.locator('.rama-ds-name', { hasText: /^origin$/ }).dragTo(page.locator('#control-groupby .rama-chip-add'));
  await page.getByText('COUNT(*)', { exact: true }).first().dragTo(page.locator('#control-metrics .rama-chip-add'));
  await expect(page.locator('#control-groupby')).toContainText('origin');
  await expect(page.locator('#control-metrics')).toContainText('COUNT(*)');
  await page.getByRole('button', { name: /(Create|Update) chart$/ }).click();
  const chart = page.locator('.rama-chart-area');
  // one row per origin: as many as SQL Lab showed
  await expect(chart).toContainText(`${total} rows`, { timeout: 30_000 });
  await expect(chart.getByRole('columnheader', { name: /origin/ })).toBeVisible();
  await shot(page, 'sqllab-to-chart-explore');

  // saved onto a new dashboard
  const chartName = unique('Flights per origin');
  const board = unique('From SQL Lab');
  await page.getByRole('button', { name: /^(save )?Save$/ }).click();
  const save = page.getByRole('dialog', { name: 'Save chart' });
  await save.getByLabel('Chart name').fill(chartName);
  await save.getByLabel('Add to dashboard').fill(board);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: board }).first().click();
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Dashboard [${board}] just got created and chart [${chartName}] was added to it`)).toBeVisible();
  await expect(page).toHaveURL(/slice_id=\d+/);
  const sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));

  const api = await apiFor(page);
  const saved = await api.get<{ result: { viz_type: string; dashboards: { id: number; dashboard_title: string }[] } }>(
    `/api/v1/chart/${sliceId}`,
  );
  expect(saved.result.viz_type).toBe('table');
  expect(saved.result.dashboards.map((d) => d.dashboard_title)).toEqual([board]);

  // the dashboard shows it
  await page.goto(`/rama/dashboard/${saved.result.dashboards[0].id}/`);
  await expect(page.getByRole('heading', { name: board })).toBeVisible();
  const holder = page.locator('[data-test="dashboard-chart"]:visible');
  await expect(holder).toHaveCount(1, { timeout: 20_000 });
  await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect(holder).toContainText(chartName);
  await expect(holder).toContainText(`${total} rows`);
  await shot(page, 'sqllab-to-chart-dashboard');

  // in the datasets list the name opens Explore on it
  await page.goto('/tablemodelview/list/');
  await page
    .getByPlaceholder(/search/i)
    .first()
    .fill(name);
  const link = page.getByRole('link', { name: `Explore ${name}` });
  await expect(link).toHaveAttribute('href', `/explore/?datasource_type=table&datasource_id=${created.result[0].id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`datasource_id=${created.result[0].id}`));
});

test('overwrite an existing virtual dataset after a confirmation; a taken name is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  await freshSqlLab(page);
  await setSql(page, 'SELECT origin FROM flights GROUP BY origin');
  await runAndWait(page);
  const name = unique('overwrite_me');
  await resultsPanel(page).getByRole('button', { name: 'Save dataset' }).click();
  let dialog = page.getByRole('dialog', { name: 'Save or Overwrite Dataset' });
  await dialog.getByLabel('Dataset name').fill(name);
  await dialog.getByRole('button', { name: 'Save & Explore' }).click();
  await expect(page).toHaveURL(/\/explore\/\?datasource_type=table/);
  const [first] = (await datasetsNamed(page, name)).result;

  // the same name again: the server's message, in the dialog
  await page.goBack();
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 30_000 });
  await resultsPanel(page).getByRole('button', { name: 'Save dataset' }).click();
  dialog = page.getByRole('dialog', { name: 'Save or Overwrite Dataset' });
  await dialog.getByLabel('Dataset name').fill(name);
  await dialog.getByRole('button', { name: 'Save & Explore' }).click();
  await expect(dialog.getByText('An error occurred while creating the data source')).toBeVisible();
  await expect(dialog.getByText(/already exists/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // a new query over the dataset: "Overwrite existing", pick it, confirm
  const newSql = 'SELECT origin, AVG(delay) AS avg_delay FROM flights GROUP BY origin';
  await setSql(page, newSql);
  await runAndWait(page);
  await resultsPanel(page).getByRole('button', { name: 'Save dataset' }).click();
  dialog = page.getByRole('dialog', { name: 'Save or Overwrite Dataset' });
  await dialog.getByRole('radio', { name: 'Overwrite existing' }).check();
  const overwriteButton = dialog.getByRole('button', { name: 'Overwrite & Explore' });
  await expect(overwriteButton).toBeDisabled();
  await expect(async () => {
    await dialog.getByLabel('Dataset to overwrite').click();
    await page.keyboard.type(name.slice(0, -2));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click({ timeout: 3_000 });
    await expect(overwriteButton).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await overwriteButton.click();
  await expect(dialog.getByText('Are you sure you want to overwrite this dataset?')).toBeVisible();
  await shot(page, 'sqllab-to-chart-overwrite-confirm');
  // "Back" returns to the choice without writing anything
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(overwriteButton).toBeEnabled();
  expect((await api.get<{ result: { sql: string } }>(`/api/v1/dataset/${first.id}`)).result.sql).not.toBe(newSql);
  await overwriteButton.click();
  await dialog.getByRole('button', { name: 'Overwrite', exact: true }).click();

  await expect(toast(page, `Dataset "${name}" was overwritten`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`datasource_id=${first.id}&viz_type=table`));
  const after = await api.get<{ result: { sql: string; columns: { column_name: string }[] } }>(`/api/v1/dataset/${first.id}`);
  expect(after.result.sql).toBe(newSql);
  expect(after.result.columns.map((c) => c.column_name).sort()).toEqual(['avg_delay', 'origin']);
  await expect(page.locator('.rama-ds-name', { hasText: /^avg_delay$/ })).toBeVisible({ timeout: 20_000 });
});

test('the filter box keeps the rows that contain its text, highlights it and counts "n of m rows"', async ({ page }) => {
  await freshSqlLab(page);
  await setSql(page, "SELECT * FROM (VALUES ('SEA', 'Seattle'), ('LAX', 'Los Angeles'), ('PDX', 'near Seattle')) AS t(code, city)");
  await runAndWait(page);
  await expect(page.getByTestId('row-count')).toHaveText('3 rows');
  const filter = resultsPanel(page).getByLabel('Filter results');
  const count = page.getByTestId('filter-count');
  await expect(count).toHaveCount(0);

  await filter.fill('sea');
  await expect(count).toHaveText('2 of 3 rows');
  const grid = resultsPanel(page).getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(3); // the header and two rows
  await expect(grid.locator('mark.rama-grid-match')).toHaveText(['SEA', 'Sea', 'Sea']);
  await expect(grid.getByRole('gridcell', { name: 'PDX' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'LAX' })).toHaveCount(0);
  await shot(page, 'sqllab-result-filter');

  await filter.fill('nowhere');
  await expect(count).toHaveText('0 of 3 rows');
  await expect(resultsPanel(page).getByText('No rows match the filter')).toBeVisible();

  await filter.fill('');
  await expect(count).toHaveCount(0);
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.locator('mark')).toHaveCount(0);
});

test('a query that timed out shows the message with the issue 1000/1001 hints', async ({ page }) => {
  await freshSqlLab(page);
  // the server's answer for a query stopped by SQLLAB_TIMEOUT (a real one needs a slow database)
  await page.route('**/api/v1/sqllab/execute/**', (route) =>
    route.fulfill({
      status: 408,
      contentType: 'application/json',
      body: JSON.stringify({
        errors: [
          {
            message: 'The query exceeded the 1 seconds timeout.',
            error_type: 'SQLLAB_TIMEOUT_ERROR',
            level: 'error',
            extra: {},
          },
        ],
        status: 'timed_out',
      }),
    }),
  );
  await setSql(page, 'SELECT COUNT(*) FROM flights');
  await editorContent(page).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  const error = page.getByTestId('query-error');
  await expect(error).toContainText('The query exceeded the 1 seconds timeout.');
  await expect(page.getByTestId('error-hints').getByRole('listitem')).toHaveText([
    'Issue 1000 - The dataset is too large to query.',
    'Issue 1001 - The database is under an unusual load.',
  ]);
  await shot(page, 'sqllab-timeout-hints');

  // any other failure has no such hints
  await page.unroute('**/api/v1/sqllab/execute/**');
  await setSql(page, 'SELECT * FROM no_such_table_here');
  await editorContent(page).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(error).toContainText(/no_such_table_here/);
  await expect(page.getByTestId('error-hints')).toHaveCount(0);
});
