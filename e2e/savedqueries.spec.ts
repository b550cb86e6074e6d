import { expect, test, type Page } from '@playwright/test';
import { SIGNED_OUT, apiFor, createUserWithRole, examplesDatabaseId, shot, signIn, toast, unique } from './support';

interface Created {
  id: number;
  label: string;
}

const marker = unique('sq').toLowerCase();

async function saveQuery(page: Page, label: string, sql: string, description = ''): Promise<Created> {
  const api = await apiFor(page);
  const dbId = await examplesDatabaseId(api);
  const reply = await api.post<{ id: number }>('/api/v1/saved_query/', { db_id: dbId, label, sql, schema: 'main', description });
  return { id: reply.id, label };
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search saved queries').fill(text);
}

function rowOf(page: Page, label: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
}

test.describe('saved queries', () => {
  test('a saved query is listed with its database, schema and tables; search, preview, edit, copy link, delete', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/rama/welcome/');
    const longSql = [
      `-- ${marker}: airports by country`,
      'SELECT country, count(*) AS airports, min(name) AS first_airport_alphabetically_with_a_long_column_name',
      'FROM airports',
      "WHERE country IS NOT NULL AND name NOT LIKE '%heliport%'",
      'GROUP BY country',
      'ORDER BY airports DESC',
      'LIMIT 50',
    ].join('\n');
    const first = await saveQuery(page, `Airports ${marker}`, longSql, 'How many airports each country has');
    const second = await saveQuery(page, `Answer ${marker}`, `SELECT 42 AS answer -- ${marker}`);

    await page.goto('/savedqueryview/list/');
    await expect(page.getByRole('heading', { name: 'Saved queries', exact: true })).toBeVisible();
    await search(page, marker);
    await expect(page.getByText('2 saved queries', { exact: true })).toBeVisible();
    const row = rowOf(page, first.label);
    await expect(row.getByRole('cell', { name: 'examples', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'main', exact: true })).toBeVisible();
    await expect(row.getByText('airports', { exact: true })).toBeVisible();
    await expect(row.getByText('How many airports each country has')).toBeVisible();
    await expect(row.getByRole('link', { name: first.label, exact: true })).toHaveAttribute('href', `/sqllab/?savedQueryId=${first.id}`);
    await expect(row.getByRole('link', { name: `Open ${first.label} in SQL Lab` })).toHaveAttribute(
      'href',
      `/sqllab/?savedQueryId=${first.id}`,
    );
    await shot(page, '20-saved-queries-list');

    // the search looks in the SQL too, not only the name
    await search(page, 'heliport');
    await expect(rowOf(page, first.label)).toBeVisible();
    await expect(rowOf(page, second.label)).toHaveCount(0);
    await search(page, `${marker}-nothing-like-this`);
    await expect(page.getByText('No saved queries match your filters')).toBeVisible();
    await shot(page, '21-saved-queries-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search saved queries')).toHaveValue('');
    await search(page, marker);

    // preview: the SQL as text, then the next query of the page
    await rowOf(page, first.label)
      .getByRole('button', { name: `Preview ${first.label}` })
      .click();
    const preview = page.getByRole('dialog', { name: `Query preview: ${first.label}` });
    await expect(preview).toBeVisible();
    await expect(preview.getByLabel('SQL', { exact: true })).toContainText("WHERE country IS NOT NULL AND name NOT LIKE '%heliport%'");
    await expect(preview.getByText('How many airports each country has')).toBeVisible();
    await shot(page, '22-saved-query-preview');
    const position = preview.getByText(/^\d+ of 2$/);
    const before = await position.textContent();
    await preview.getByRole('button', { name: before === '1 of 2' ? 'Next' : 'Previous' }).click();
    await expect(page.getByRole('dialog', { name: `Query preview: ${second.label}` })).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('SQL', { exact: true })).toContainText('SELECT 42 AS answer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // copy link
    await rowOf(page, second.label)
      .getByRole('button', { name: `Copy link to ${second.label}` })
      .click();
    await expect(toast(page, 'Link copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(page.url()).origin}/sqllab/?savedQueryId=${second.id}`);

    // edit the name and description
    await rowOf(page, second.label)
      .getByRole('button', { name: `Edit ${second.label}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit saved query' });
    const renamed = `The answer ${marker}`;
    await edit.getByLabel('Name').fill(renamed);
    await edit.getByLabel('Description').fill('Life, the universe and everything');
    await shot(page, '23-saved-query-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Your query was updated')).toBeVisible();
    await expect(rowOf(page, renamed).getByText('Life, the universe and everything')).toBeVisible();

    // delete one
    await rowOf(page, renamed)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted ${renamed}`)).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);
    await expect(page.getByText('1 saved query', { exact: true })).toBeVisible();
  });

  test('bulk delete removes the selected saved queries', async ({ page }) => {
    await page.goto('/rama/welcome/');
    const bulk = unique('bulk').toLowerCase();
    const a = await saveQuery(page, `Bulk A ${bulk}`, 'SELECT 1');
    const b = await saveQuery(page, `Bulk B ${bulk}`, 'SELECT 2');

    await page.goto('/savedqueryview/list/');
    await search(page, bulk);
    await expect(page.getByText('2 saved queries', { exact: true })).toBeVisible();
    await rowOf(page, a.label).getByRole('checkbox').check();
    await rowOf(page, b.label).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('2 saved queries selected');
    await shot(page, '24-saved-queries-bulk-select');
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Deleted 2 saved queries')).toBeVisible();
    await expect(page.getByText('No saved queries match your filters')).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test('a SQL Lab user sees only their own saved queries, and an empty list says where queries come from', async ({ page, browser }) => {
    await page.goto('/rama/welcome/');
    const adminQuery = await saveQuery(page, `Admin only ${marker}`, 'SELECT 1');
    const user = await createUserWithRole(await apiFor(page), 'sql_lab', 'Sam');

    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const sam = await context.newPage();
    await signIn(sam, user.username, user.password);
    await expect(sam).toHaveURL(/\/rama\/welcome\/$/);
    await sam.goto('/savedqueryview/list/');
    await expect(sam.getByText('No saved queries yet')).toBeVisible();
    await expect(sam.getByText('Queries are saved from SQL Lab')).toBeVisible();
    await expect(sam.getByRole('button', { name: 'Open SQL Lab' })).toBeVisible();
    await expect(sam.getByRole('link', { name: adminQuery.label })).toHaveCount(0);
    await shot(sam, '25-saved-queries-empty');
    await context.close();
  });
});
