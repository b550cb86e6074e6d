import { expect, test, type Page } from '@playwright/test';
import { apiFor, examplesDatabaseId, shot, unique } from './support';

const marker = unique('qh').toLowerCase();

/** Run SQL on the examples database as SQL Lab does; the run (and its state) lands in the history. */
async function execute(page: Page, sql: string): Promise<number> {
  const api = await apiFor(page);
  const databaseId = await examplesDatabaseId(api);
  const { body } = await api.send('POST', '/api/v1/sqllab/execute/', {
    database_id: databaseId,
    sql,
    runAsync: false,
    schema: 'main',
    client_id: unique('c')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 11),
    tab: 'History e2e',
    sql_editor_id: 'e2e',
  });
  const reply = body as { query?: { queryId: number }; errors?: unknown };
  return reply.query?.queryId ?? 0;
}

function rowWith(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test.describe('query history', () => {
  test('the executed queries are listed with their state; filter by state, expand, open in SQL Lab', async ({ page }) => {
    await page.goto('/rama/welcome/');
    const okSql = `SELECT 42 AS answer, '${marker}' AS marker, 'a very long text so the SQL column has to cut the line somewhere before the end of the table' AS filler`;
    await execute(page, okSql);
    await execute(page, `SELECT * FROM missing_table_${marker.replace(/[^a-z0-9]/g, '_')} -- ${marker}`);

    await page.goto('/sqllab/history/');
    await expect(page.getByRole('heading', { name: 'Query history', exact: true })).toBeVisible();
    await page.getByLabel('Search query text').fill(marker);
    await expect(page.getByText('2 queries', { exact: true })).toBeVisible();

    const ok = rowWith(page, "'a very long text");
    await expect(ok.getByText('Success', { exact: true })).toBeVisible();
    await expect(ok.getByRole('cell', { name: 'examples', exact: true })).toBeVisible();
    await expect(ok.getByRole('cell', { name: 'main', exact: true })).toBeVisible();
    await expect(ok.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await expect(ok.getByRole('cell', { name: /^\d+(\.\d+)? (ms|s)$/ })).toBeVisible();
    await expect(ok.getByRole('cell', { name: /admin/i })).toBeVisible();
    const failed = rowWith(page, 'missing_table_');
    await expect(failed.getByText('Failed', { exact: true })).toBeVisible();
    await shot(page, '30-query-history');

    // the SQL column keeps one line; the full text is in the expanded row
    const snippet = ok.locator('.rama-sql-snippet');
    const box = await snippet.boundingBox();
    expect(box?.height ?? 99).toBeLessThan(24);
    await ok.getByRole('button', { name: /expand row/i }).click();
    const details = page.locator('.rama-query-details');
    await expect(details.getByLabel('SQL', { exact: true })).toContainText('somewhere before the end of the table');
    await expect(details.getByText('History e2e')).toBeVisible();
    await shot(page, '31-query-history-expanded');

    const link = ok.getByRole('link', { name: /^Open query \d+ in SQL Lab$/ });
    await expect(link).toHaveAttribute('href', /^\/sqllab\/\?queryId=\d+$/);

    // filter by state
    await page.getByLabel('Filter by state').click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('1 query', { exact: true })).toBeVisible();
    await expect(rowWith(page, 'missing_table_').getByText('Failed', { exact: true })).toBeVisible();
    await expect(rowWith(page, "'a very long text")).toHaveCount(0);
    await failed.getByRole('button', { name: /expand row/i }).click();
    await expect(page.locator('.rama-query-details').getByRole('alert')).toContainText(/missing_table_/i);
    await shot(page, '32-query-history-failed');

    // filter by a start time range that ended before these queries ran: nothing left
    await page.getByPlaceholder('Started after').click();
    await page.getByPlaceholder('Started after').fill('2020-01-01 00:00');
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Started before').fill('2020-01-02 00:00');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No queries match your filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search query text')).toHaveValue('');
  });

  test('auto-refresh picks up a query run after the page opened', async ({ page }) => {
    const late = unique('late').toLowerCase();
    await page.goto('/sqllab/history/');
    const autoRefresh = page.getByRole('switch', { name: 'Auto-refresh' });
    await expect(autoRefresh).toBeChecked();
    await page.getByLabel('Search query text').fill(late);
    await expect(page.getByText('No queries match your filters')).toBeVisible();
    await execute(page, `SELECT '${late}' AS late`);
    await expect(rowWith(page, late).getByText('Success', { exact: true })).toBeVisible({ timeout: 15_000 });

    await autoRefresh.click();
    await expect(autoRefresh).not.toBeChecked();
  });
});
