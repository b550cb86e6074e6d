import { expect, test, type Page } from '@playwright/test';
import { SIGNED_OUT, apiFor, createUserWithRole, examplesDatabaseId, shot, signIn, toast, unique } from './support';

const marker = unique('ds')
  .toLowerCase()
  .replace(/[^a-z0-9_]/g, '_');

/** A virtual dataset on the examples database, owned by the page's user. */
async function createDataset(page: Page, name: string, sql: string): Promise<number> {
  const api = await apiFor(page);
  const database = await examplesDatabaseId(api);
  const reply = await api.post<{ id: number }>('/api/v1/dataset/', { database, schema: 'main', sql, table_name: name });
  return reply.id;
}

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search datasets by name').fill(text);
}

test.describe('datasets', () => {
  test('a virtual dataset is listed with its database, schema and owner; filters; open its SQL; delete', async ({ page }) => {
    await page.goto('/rama/welcome/');
    const name = `${marker}_answers`;
    const sql = `SELECT 42 AS answer, 'forty-two' AS label -- ${marker}`;
    await createDataset(page, name, sql);

    await page.goto('/tablemodelview/list/');
    await expect(page.getByRole('heading', { name: 'Datasets', exact: true })).toBeVisible();
    await search(page, marker);
    await expect(page.getByText('1 dataset', { exact: true })).toBeVisible();
    const row = rowOf(page, name);
    await expect(row.getByText('Virtual', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'examples', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'main', exact: true })).toBeVisible();
    await expect(row.getByText(/ ago$/)).toBeVisible();
    // the owner is the admin who created it: initials, with the name for screen readers
    await expect(row.locator('.rama-avatar')).toHaveCount(1);
    await shot(page, '40-datasets-list');

    // database and schema filters keep it; the other kind hides it
    await page.getByLabel('Filter by database').click();
    await page.getByRole('option', { name: 'examples', exact: true }).click();
    await page.getByLabel('Filter by schema').click();
    await page.getByRole('option', { name: 'main', exact: true }).click();
    await expect(row).toBeVisible();
    await page.getByLabel('Filter by kind').click();
    await page.getByRole('option', { name: 'Physical', exact: true }).click();
    await expect(page.getByText('No datasets match your filters')).toBeVisible();
    await shot(page, '41-datasets-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await search(page, marker);
    await expect(page.getByText('1 dataset', { exact: true })).toBeVisible();

    // Open SQL in SQL Lab: the navigation state carries the dataset's SQL, and SQL Lab shows it in a tab
    await rowOf(page, name)
      .getByRole('button', { name: `Open the SQL of ${name} in SQL Lab` })
      .click();
    await expect(page).toHaveURL(/\/sqllab\/$/);
    await expect(page.getByRole('textbox', { name: 'SQL editor' })).toContainText(sql);
    await shot(page, '43-dataset-sql-in-sqllab');
    await page.goBack();
    await expect(page).toHaveURL(/\/tablemodelview\/list\/$/);

    await search(page, marker);
    await rowOf(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted ${name}`)).toBeVisible();
    await expect(page.getByText('No datasets match your filters')).toBeVisible();
  });

  test('bulk delete removes the selected datasets', async ({ page }) => {
    await page.goto('/rama/welcome/');
    const bulk = `${marker}_bulk`;
    await createDataset(page, `${bulk}_a`, 'SELECT 1 AS a');
    await createDataset(page, `${bulk}_b`, 'SELECT 2 AS b');

    await page.goto('/tablemodelview/list/');
    await search(page, bulk);
    await expect(page.getByText('2 datasets', { exact: true })).toBeVisible();
    await rowOf(page, `${bulk}_a`).getByRole('checkbox').check();
    await rowOf(page, `${bulk}_b`).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 datasets selected');
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Deleted 2 datasets')).toBeVisible();
    await expect(page.getByText('No datasets match your filters')).toBeVisible();
  });

  test('someone who does not own a dataset is told so by the server when deleting it', async ({ page, browser }) => {
    await page.goto('/rama/welcome/');
    const name = `${marker}_not_yours`;
    await createDataset(page, name, 'SELECT 1 AS x');
    const alpha = await createUserWithRole(await apiFor(page), 'Alpha', 'Alex');

    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const alex = await context.newPage();
    await signIn(alex, alpha.username, alpha.password);
    await expect(alex).toHaveURL(/\/rama\/welcome\/$/);
    await alex.goto('/tablemodelview/list/');
    await search(alex, name);
    await rowOf(alex, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await alex.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(alex, 'You do not have permission to edit this dataset')).toBeVisible();
    await expect(rowOf(alex, name)).toBeVisible();
    await shot(alex, '42-datasets-delete-forbidden');
    await context.close();

    // the admin, an owner, cleans up
    await page.goto('/tablemodelview/list/');
    await search(page, name);
    await rowOf(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted ${name}`)).toBeVisible();
  });
});
