import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { apiFor, PG_URI, shot, toast, unique } from './support';
import { editorContent, editorTabs, freshSqlLab, pressInEditor, resultsPanel, setSql } from './sqllab-helpers';

/** Pick an option of an antd Select by its accessible label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).click();
    await page.keyboard.type(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${option}`) })
      .first()
      .click({ timeout: 2000 });
  }).toPass();
}

/** An entry of the Run button's menu. */
async function runMenu(page: Page, entry: string): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'More run options' }).click();
    await page.getByRole('menuitem', { name: entry }).click({ timeout: 2000 });
  }).toPass();
}

const historyRows = (page: Page) => resultsPanel(page).locator('.rama-sqllab-history tbody tr.ant-table-row');

/** An entry of a history row's "More actions" menu. */
async function historyAction(page: Page, row: number, entry: string): Promise<void> {
  await expect(async () => {
    await historyRows(page).nth(row).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: entry }).click({ timeout: 2000 });
  }).toPass();
}

test.describe('SQL Lab: daily tools', () => {
  test('placeholder, run current statement, history actions and the offline banner', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await freshSqlLab(page);

    // a new tab is empty: SELECT ... is only the placeholder, typing starts the query
    await expect(editorContent(page).locator('.cm-placeholder')).toHaveText('SELECT ...');
    await editorContent(page).click();
    await page.keyboard.type('SELECT 42 AS answer');
    await expect(editorContent(page)).toHaveText('SELECT 42 AS answer');
    await expect(editorContent(page).locator('.cm-placeholder')).toHaveCount(0);

    // the shortcut help lists the new shortcut
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.locator('.ant-popover:visible').filter({ hasText: 'Keyboard shortcuts' });
    await expect(help.getByRole('row').filter({ hasText: 'Run the statement under the cursor' })).toContainText(/Shift/);
    await page.keyboard.press('Escape');

    // Ctrl/Cmd+Shift+Enter runs only the statement under the cursor (a ; inside a string does not split)
    await setSql(page, "SELECT 1 AS first_one;\nSELECT ';' AS second_one;\nSELECT 3 AS third_one");
    await editorContent(page).locator('.cm-line').nth(1).click();
    await pressInEditor(page, 'ControlOrMeta+Shift+Enter');
    await expect(page.getByTestId('row-count')).toHaveText('1 row', { timeout: 30_000 });
    await expect(resultsPanel(page)).toContainText('second_one');
    await expect(resultsPanel(page)).not.toContainText('first_one');
    await expect(resultsPanel(page)).not.toContainText('third_one');

    // and from the Run menu, with the cursor on the last line
    await editorContent(page).locator('.cm-line').nth(2).click();
    await runMenu(page, 'Run current statement');
    await expect(resultsPanel(page)).toContainText('third_one', { timeout: 30_000 });
    await shot(page, 'sqllab-tools-run-statement');

    // history: copy the SQL, copy the link, open in a new tab, remove
    await resultsPanel(page)
      .getByRole('tab', { name: /Query history/ })
      .click();
    await expect(historyRows(page)).toHaveCount(2);
    await expect(historyRows(page).first()).toContainText('third_one');
    await historyAction(page, 0, 'Copy SQL');
    await expect(toast(page, 'Copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SELECT 3 AS third_one');
    await historyAction(page, 0, 'Copy link');
    await expect(toast(page, 'Link copied to clipboard')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/sqllab\/\?queryId=\d+$/);
    await shot(page, 'sqllab-tools-history');

    // the server copy of the tab cannot be updated: removing says so, and the query stays listed
    await page.route('**/tabstateview/*/query/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.continue(),
    );
    await historyAction(page, 1, 'Remove');
    await expect(toast(page, 'An error occurred while removing query. Please contact your administrator.')).toBeVisible();
    await expect(historyRows(page)).toHaveCount(2);
    await page.unroute('**/tabstateview/*/query/*');
    // removed for real: the server lets it go, and so does the list
    await historyAction(page, 1, 'Remove');
    await expect(historyRows(page)).toHaveCount(1);

    // removing for real calls the tab state endpoint
    await setSql(page, 'SELECT 5 AS five');
    await pressInEditor(page, 'ControlOrMeta+Enter');
    await expect(resultsPanel(page)).toContainText('five', { timeout: 30_000 });
    await resultsPanel(page)
      .getByRole('tab', { name: /Query history/ })
      .click();
    await expect(historyRows(page)).toHaveCount(2);
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/tabstateview\/\d+\/query\//.test(r.url()));
    await historyAction(page, 0, 'Remove');
    expect((await deleted).status()).toBe(200);
    await expect(historyRows(page)).toHaveCount(1);
    await expect(historyRows(page).first()).toContainText('third_one');

    // Open in new tab
    await historyAction(page, 0, 'Open in new tab');
    await expect(editorTabs(page)).toHaveCount(2);
    await expect(editorContent(page)).toHaveText('SELECT 3 AS third_one');

    // the copied link opens the query in SQL Lab, in a tab of its own
    await page.goto(link);
    await expect(editorTabs(page)).toHaveCount(3);
    await expect(page.locator('.rama-sqllab-tabs .ant-tabs-tab-active')).toContainText('Copy of');
    await expect(editorContent(page)).toHaveText('SELECT 3 AS third_one');

    // offline: the banner shows, and goes once the server answers again
    await context.setOffline(true);
    await expect(page.getByText('You are offline')).toBeVisible();
    await shot(page, 'sqllab-tools-offline');
    await context.setOffline(false);
    await expect(page.getByText('You are offline')).toHaveCount(0, { timeout: 15_000 });
  });

  test('CREATE TABLE AS / VIEW AS from the Run menu, Refresh, and the table card extras', async ({ page }) => {
    const api = await apiFor(page);
    const dbName = unique('ctas_pg');
    const table = unique('ctas_t').toLowerCase();
    const view = unique('ctas_v').toLowerCase();
    const late = unique('late_t').toLowerCase();
    await api.post('/api/v1/database/', {
      database_name: dbName,
      sqlalchemy_uri: PG_URI,
      expose_in_sqllab: true,
      allow_ctas: true,
      allow_cvas: true,
    });
    const client = new pg.Client({ connectionString: PG_URI });
    await client.connect();
    try {
      await freshSqlLab(page);
      await choose(page, 'Database', dbName);
      await choose(page, 'Schema', 'public');

      // the menu offers CTAS and CVAS only where the database allows them
      await setSql(page, "SELECT g AS id, 'row ' || g AS label FROM generate_series(1, 3) g");
      await runMenu(page, 'CREATE TABLE AS');
      const dialog = page.getByRole('dialog', { name: 'CREATE TABLE AS' });
      await expect(dialog.getByLabel('Target schema')).toBeVisible();
      await expect(dialog).toContainText('public');
      await dialog.getByRole('button', { name: 'Create table' }).click();
      await expect(dialog.getByText('Enter a name for the new table')).toBeVisible();
      await dialog.getByLabel('Table name').fill(table);
      await shot(page, 'sqllab-tools-ctas-dialog');
      await dialog.getByRole('button', { name: 'Create table' }).click();
      await expect(toast(page, `Table [public.${table}] was created`)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('row-count')).toHaveText('3 rows');
      expect((await client.query(`SELECT count(*)::int AS n FROM public.${table}`)).rows[0].n).toBe(3);
      await client.query(`CREATE INDEX ${table}_label_idx ON public.${table} (label)`);

      // the new table is in the left bar's list at once (refreshed past the metadata cache)
      await choose(page, 'Add a table', table);
      const card = page.getByRole('region', { name: `Table public.${table}` });
      await expect(card.getByRole('list', { name: `Columns of ${table}` })).toContainText('label');
      await card.getByRole('button', { name: /Indexes \(1\)/ }).click();
      await expect(card.getByRole('list', { name: `Indexes of ${table}` })).toContainText(`${table}_label_idx`);
      await card.getByRole('button', { name: 'Details' }).click();
      await expect(card).toContainText('estimated rows');
      await shot(page, 'sqllab-tools-table-card');

      // CREATE VIEW AS
      await setSql(page, `SELECT id FROM public.${table} WHERE id > 1`);
      await runMenu(page, 'CREATE VIEW AS');
      const viewDialog = page.getByRole('dialog', { name: 'CREATE VIEW AS' });
      await viewDialog.getByLabel('View name').fill(view);
      await viewDialog.getByRole('button', { name: 'Create view' }).click();
      await expect(toast(page, `View [public.${view}] was created`)).toBeVisible({ timeout: 30_000 });
      const kind = await client.query('SELECT table_type FROM information_schema.tables WHERE table_name = $1', [view]);
      expect(kind.rows[0].table_type).toBe('VIEW');

      // Refresh asks past the server's cache: a table made outside SQL Lab shows up
      await client.query(`CREATE TABLE public.${late} (x int)`);
      const forced = page.waitForRequest((r) => r.url().includes('/tables/') && decodeURIComponent(r.url()).includes('force:!t'));
      await page.getByRole('button', { name: 'Refresh metadata' }).click();
      await forced;
      await choose(page, 'Add a table', late);
      await expect(page.getByRole('region', { name: `Table public.${late}` })).toBeVisible();
    } finally {
      await client.query(`DROP VIEW IF EXISTS public.${view}`);
      await client.query(`DROP TABLE IF EXISTS public.${table}`);
      await client.query(`DROP TABLE IF EXISTS public.${late}`);
      await client.end();
    }
  });
});
