import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { apiFor, PG_URI, toast, unique } from './support';
import { editorContent, editorTabs, freshSqlLab, openSqlLab, pressInEditor, resultsPanel, runAndWait, setSql } from './sqllab-helpers';

const activeTab = (page: Page) => page.locator('.rama-sqllab-tabs .ant-tabs-tab-active');

/** Pick an option of an antd Select by its accessible label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}`) })
    .first()
    .click();
}

test.describe('SQL Lab: editor actions', () => {
  test('Format SQL rewrites the query, from the button and the shortcut', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'select origin,count(*) as n from flights where delay>10 group by origin');
    await page.getByRole('button', { name: 'Format SQL' }).click();
    await expect(editorContent(page).locator('.cm-line')).not.toHaveCount(1);
    await expect(editorContent(page)).toContainText('SELECT');
    await expect(editorContent(page)).toContainText('GROUP BY');
    const formatted = (await editorContent(page).locator('.cm-line').allTextContents()).join('\n');
    expect(formatted).toMatch(/^SELECT\n/);
    expect(formatted).toMatch(/\nFROM\n\s+flights\n/);

    // the shortcut from the help popover does the same
    await setSql(page, 'select 1 as a,2 as b');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    const help = page.locator('.ant-popover:visible').filter({ hasText: 'Keyboard shortcuts' });
    const formatRow = help.getByRole('row').filter({ hasText: 'Format the query' });
    await expect(formatRow).toBeVisible();
    await expect(formatRow).toContainText(/Ctrl|⌘/);
    await page.keyboard.press('Escape');
    // a real keyboard sends the capital letter with Shift held
    await pressInEditor(page, 'ControlOrMeta+Shift+F');
    await expect(editorContent(page).locator('.cm-line').first()).toHaveText('SELECT');
  });

  test('template parameters are validated as JSON and fill the query when it runs', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, "SELECT {{ min_delay }} AS min_delay, '{{ origin }}' AS origin");
    await page.getByRole('button', { name: 'Template parameters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Template parameters' });
    const json = dialog.getByLabel('Template parameters JSON');
    await json.fill('{"min_delay": 30, "origin": ');
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await json.fill('{"min_delay": 30, "origin": "SFO"}');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await runAndWait(page);
    await expect(page.getByTestId('row-count')).toHaveText('1 row');
    await expect(resultsPanel(page).getByRole('gridcell', { name: '30', exact: true })).toBeVisible();
    await expect(resultsPanel(page).getByRole('gridcell', { name: 'SFO', exact: true })).toBeVisible();
  });
});

test.describe('SQL Lab: more entry points', () => {
  test('?queryId= opens a query from the history in a new tab; an unknown id says so', async ({ page }) => {
    await freshSqlLab(page);
    const marker = unique('from_history');
    await setSql(page, `SELECT '${marker}' AS marker`);
    await runAndWait(page);
    const tabName = ((await activeTab(page).textContent()) ?? '').replace('⋮', '').trim();

    const api = await apiFor(page);
    const list = await api.get<{ result: { id: number; sql: string }[] }>(
      `/api/v1/query/?q=${encodeURIComponent(`(filters:!((col:sql,opr:ct,value:'${marker}')))`)}`,
    );
    expect(list.result).toHaveLength(1);

    const before = await editorTabs(page).count();
    await openSqlLab(page, `/sqllab/?queryId=${list.result[0].id}`);
    await expect(activeTab(page)).toContainText(`Copy of ${tabName}`);
    await expect(editorTabs(page)).toHaveCount(before + 1);
    await expect(editorContent(page)).toHaveText(`SELECT '${marker}' AS marker`);
    // the entry parameter is dropped from the address once used
    await expect(page).toHaveURL(/\/sqllab\/$/);

    await page.goto('/sqllab/?queryId=987654321');
    await expect(toast(page, "The query couldn't be loaded")).toBeVisible();
  });
});

test.describe('SQL Lab: catalogs', () => {
  const catalogName = 'rama_e2e_catalog';
  const table = 'catalog_probe';
  let dbName = '';

  test.beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URI });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [catalogName]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${catalogName}`);
    } finally {
      await admin.end();
    }
    const inCatalog = new pg.Client({ connectionString: PG_URI.replace(/\/[^/]+$/, `/${catalogName}`) });
    await inCatalog.connect();
    try {
      await inCatalog.query(`CREATE TABLE IF NOT EXISTS public.${table} (note text)`);
      await inCatalog.query(`DELETE FROM public.${table}`);
      await inCatalog.query(`INSERT INTO public.${table} VALUES ('found in ${catalogName}')`);
    } finally {
      await inCatalog.end();
    }
  });

  test('a PostgreSQL database offers its catalogs; tables and queries follow the chosen one', async ({ page }) => {
    await openSqlLab(page);
    const api = await apiFor(page);
    dbName = unique('E2E catalogs');
    await api.post('/api/v1/database/', { database_name: dbName, sqlalchemy_uri: PG_URI, expose_in_sqllab: true });
    await freshSqlLab(page);
    await choose(page, 'Database', dbName);
    await expect(page.getByLabel('Catalog', { exact: true })).toBeVisible();
    await choose(page, 'Catalog', catalogName);
    await choose(page, 'Schema', 'public');
    await page.getByLabel('Add a table').click();
    await page.keyboard.type(table);
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${table}$`) })
      .click();
    await expect(page.getByRole('region', { name: new RegExp(`Table .*${table}`) })).toBeVisible();

    await setSql(page, `SELECT note FROM ${table}`);
    await runAndWait(page);
    await expect(resultsPanel(page).getByRole('gridcell', { name: `found in ${catalogName}`, exact: true })).toBeVisible();
  });
});

test.describe('SQL Lab without backend persistence', () => {
  /** Serve the bootstrap with SQLLAB_BACKEND_PERSISTENCE off, as a deployment that disabled it would. */
  async function persistenceOff(page: Page): Promise<string[]> {
    await page.route('**/api/v1/common/bootstrap/', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        result?: { feature_flags: Record<string, boolean> };
        feature_flags?: Record<string, boolean>;
      };
      const flags = body.result?.feature_flags ?? body.feature_flags;
      if (flags) flags.SQLLAB_BACKEND_PERSISTENCE = false;
      await route.fulfill({ response, json: body });
    });
    const tabStateCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/tabstateview/') || r.url().includes('/tableschemaview/')) tabStateCalls.push(`${r.method()} ${r.url()}`);
    });
    return tabStateCalls;
  }

  test('tabs live in local storage, new tabs carry the warning, a reload restores them', async ({ page }) => {
    const calls = await persistenceOff(page);
    await openSqlLab(page);
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect(editorContent(page)).toContainText(
      '-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.',
    );
    await expect(editorContent(page)).toContainText('SELECT ...');
    const name = ((await activeTab(page).textContent()) ?? '').replace('⋮', '').trim();
    const marker = unique('local_only');
    await setSql(page, `SELECT '${marker}' AS kept_locally`);
    await runAndWait(page);

    // the browser copy is written a moment after the change
    await expect.poll(() => page.evaluate((m) => Object.values({ ...localStorage }).some((v) => v.includes(m)), marker)).toBe(true);
    await page.reload();
    await expect(editorContent(page)).toBeVisible();
    await expect(activeTab(page)).toContainText(name);
    await expect(editorContent(page)).toHaveText(`SELECT '${marker}' AS kept_locally`);
    await expect(resultsPanel(page).getByRole('gridcell', { name: marker, exact: true })).toBeVisible();
    expect(calls).toEqual([]);
  });
});
