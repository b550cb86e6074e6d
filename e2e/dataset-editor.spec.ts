import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFor, examplesDatabaseId, shot, toast, unique, type ApiClient } from './support';

/** An examples table no bundled dataset is made on, so the test can create (and delete) its own. */
const TABLE = 'seattle_weather_hourly_normals';

interface DatasetRow {
  id: number;
  table_name: string;
}

interface SavedDataset {
  description: string | null;
  main_dttm_col: string | null;
  metrics: { metric_name: string; d3format: string | null }[];
  columns: { column_name: string; expression: string | null; verbose_name: string | null }[];
}

/** The e2e metadata store is kept between runs: a dataset left on the table by an earlier run goes first. */
async function deleteDatasetsOnTable(api: ApiClient, databaseId: number): Promise<void> {
  const filters = `(col:database,opr:rel_o_m,value:${databaseId}),(col:schema,opr:eq,value:main),(col:table_name,opr:eq,value:${TABLE})`;
  const reply = await api.get<{ result: DatasetRow[] }>(`/api/v1/dataset/?q=(filters:!(${filters}))`);
  for (const dataset of reply.result) {
    const { status } = await api.send('DELETE', `/api/v1/dataset/${dataset.id}`);
    expect(status).toBe(200);
  }
}

/** Open an antd select by its label and pick an option, typing to search first when asked. */
async function pick(page: Page, label: string, option: string, search?: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

function rowOf(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function openEditor(page: Page, name = TABLE): Promise<Locator> {
  await page.getByLabel('Search datasets by name').fill(name);
  await rowOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit dataset ${name}` });
  await expect(dialog.getByRole('tab', { name: /^Source/ })).toBeVisible();
  return dialog;
}

const tab = (dialog: Locator, name: string) => dialog.getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe('dataset editor', () => {
  test('create a dataset from a table, add a metric and a calculated column, relabel a column, save, reopen, sync', async ({ page }) => {
    test.slow(); // one long journey: create, edit five tabs, save, reopen, sync
    await page.goto('/rama/welcome/');
    const api = await apiFor(page);
    const databaseId = await examplesDatabaseId(api);
    await deleteDatasetsOnTable(api, databaseId);

    // "+ Dataset" on the list opens the create page: database → schema → table, with the table's columns shown
    await page.goto('/tablemodelview/list/');
    await page.getByRole('button', { name: 'Dataset', exact: true }).click();
    await expect(page).toHaveURL(/\/dataset\/add\/$/);
    await expect(page.getByRole('heading', { name: 'New dataset' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create dataset' })).toBeDisabled();
    await pick(page, 'Database', 'examples');
    await pick(page, 'Schema', 'main');
    await pick(page, 'Table', TABLE, 'hourly');
    await expect(page.getByRole('heading', { name: `main.${TABLE}` })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'pressure', exact: true })).toBeVisible();
    await shot(page, 'dataset-add');
    await page.getByRole('button', { name: 'Create dataset' }).click();

    // back on the list, newest first
    await expect(page).toHaveURL(/\/tablemodelview\/list\/$/);
    await expect(toast(page, `Dataset ${TABLE} was created`)).toBeVisible();
    await expect(rowOf(page, TABLE)).toBeVisible();

    // the same table cannot be made a dataset twice: the create page says so before trying
    await page.goto('/dataset/add/');
    await pick(page, 'Database', 'examples');
    await pick(page, 'Schema', 'main');
    await pick(page, 'Table', TABLE, 'hourly');
    await expect(page.getByText('This table already has a dataset')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create dataset' })).toBeDisabled();
    await page.goto('/tablemodelview/list/');

    // the editor opens on the Source tab: the table, behind a lock
    let dialog = await openEditor(page);
    await expect(dialog.getByText('Click the lock to make changes.')).toBeVisible();
    await expect(dialog.getByLabel('Table', { exact: true })).toBeDisabled();
    await expect(dialog.getByTitle(TABLE, { exact: true })).toBeVisible();
    await shot(page, 'dataset-editor-source');

    // a new metric left empty, and Save: the problems are shown next to the fields and nothing is saved
    await tab(dialog, 'Metrics').click();
    await dialog.getByRole('button', { name: 'Add metric' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a metric name')).toBeVisible();
    await expect(dialog.getByText('Enter a SQL expression')).toBeVisible();
    await expect(dialog.getByText('Fix the marked fields to save.')).toBeVisible();
    await expect(tab(dialog, 'Metrics')).toContainText('(2 problems)');
    await shot(page, 'dataset-editor-validation');
    // a name another metric has is refused too
    await dialog.getByLabel('Name of the new metric').fill('count');
    await expect(dialog.getByText('Metric name "count" is duplicated').first()).toBeVisible();
    await dialog.getByLabel('Name of count').first().fill('avg_pressure');
    await dialog.getByLabel('SQL expression of avg_pressure').fill('AVG(pressure)');
    await dialog.getByLabel('Label of avg_pressure').fill('Average pressure');
    await dialog.getByLabel('D3 format of avg_pressure').fill(',.1f');
    await expect(dialog.getByText('Enter a metric name')).toHaveCount(0);
    await expect(dialog.getByText('Enter a SQL expression')).toHaveCount(0);

    // a calculated column
    await tab(dialog, 'Calculated columns').click();
    await dialog.getByRole('button', { name: 'Add calculated column' }).click();
    await dialog.getByLabel('Name of the new column').fill('pressure_kpa');
    await dialog.getByLabel('SQL expression of pressure_kpa').fill('pressure / 10');
    await dialog.getByLabel('Type of pressure_kpa').fill('DOUBLE');

    // a column of the table gets a label
    await tab(dialog, 'Columns').click();
    await dialog.getByLabel('Label of temperature').fill('Temperature (°C)');
    await expect(dialog.getByLabel('date is temporal')).toBeChecked();
    await dialog.getByLabel('date is the default datetime column').check();

    // settings: invalid JSON is refused next to the field
    await tab(dialog, 'Settings').click();
    await dialog.getByLabel('Description', { exact: true }).fill('Hourly climate normals for Seattle');
    await dialog.getByLabel('Extra', { exact: true }).fill('{"warning_markdown": ');
    await expect(dialog.getByText(/^Not valid JSON/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(tab(dialog, 'Settings')).toContainText('(1 problem)');
    await shot(page, 'dataset-editor-settings');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Extra', { exact: true }).fill('{"warning_markdown": "Normals, not observations"}');
    await expect(dialog.getByText(/^Not valid JSON/)).toHaveCount(0);

    await tab(dialog, 'Metrics').click();
    await shot(page, 'dataset-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The dataset has been saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // reopened, the editor shows what was saved
    dialog = await openEditor(page);
    await tab(dialog, 'Metrics').click();
    await expect(dialog.getByLabel('Name of avg_pressure')).toHaveValue('avg_pressure');
    await expect(dialog.getByLabel('SQL expression of avg_pressure')).toHaveValue('AVG(pressure)');
    await expect(dialog.getByLabel('Label of avg_pressure')).toHaveValue('Average pressure');
    await expect(dialog.getByLabel('D3 format of avg_pressure')).toHaveValue(',.1f');
    await tab(dialog, 'Calculated columns').click();
    await expect(dialog.getByLabel('SQL expression of pressure_kpa')).toHaveValue('pressure / 10');
    await tab(dialog, 'Columns').click();
    await expect(dialog.getByLabel('Label of temperature')).toHaveValue('Temperature (°C)');
    await expect(dialog.getByLabel('date is the default datetime column')).toBeChecked();
    await tab(dialog, 'Settings').click();
    await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue('Hourly climate normals for Seattle');
    await expect(dialog.getByLabel('Extra', { exact: true })).toHaveValue('{"warning_markdown": "Normals, not observations"}');

    // sync columns from source: the table has not changed, and an unsaved label survives the sync
    await tab(dialog, 'Columns').click();
    await dialog.getByLabel('Label of wind').fill('Wind (m/s)');
    await dialog.getByRole('button', { name: 'Sync columns from source' }).click();
    await expect(toast(page, 'Metadata has been synced')).toBeVisible();
    await expect(dialog.getByText('The columns match the source')).toBeVisible();
    await expect(dialog.getByLabel('Label of wind')).toHaveValue('Wind (m/s)');
    await expect(dialog.getByLabel('Label of temperature')).toHaveValue('Temperature (°C)');
    await shot(page, 'dataset-editor-synced');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // the API holds the same dataset
    const [stored] = (await api.get<{ result: DatasetRow[] }>(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:${TABLE})))`))
      .result;
    const saved = await api.get<{ result: SavedDataset }>(`/api/v1/dataset/${stored.id}`);
    expect(saved.result.description).toBe('Hourly climate normals for Seattle');
    expect(saved.result.main_dttm_col).toBe('date');
    expect(saved.result.metrics.find((m) => m.metric_name === 'avg_pressure')?.d3format).toBe(',.1f');
    expect(saved.result.columns.find((c) => c.column_name === 'pressure_kpa')?.expression).toBe('pressure / 10');
    // the unsaved label was discarded with Cancel
    expect(saved.result.columns.find((c) => c.column_name === 'wind')?.verbose_name).toBeFalsy();

    await deleteDatasetsOnTable(api, databaseId);
  });

  test('a virtual dataset: its SQL is edited behind the lock, and a changed source is confirmed before saving', async ({ page }) => {
    test.slow();
    await page.goto('/rama/welcome/');
    const api = await apiFor(page);
    const name = unique('editor_virtual').toLowerCase();
    const created = await api.post<{ id: number }>('/api/v1/dataset/', {
      database: await examplesDatabaseId(api),
      schema: 'main',
      sql: 'SELECT 1 AS a',
      table_name: name,
    });

    await page.goto('/tablemodelview/list/');
    const dialog = await openEditor(page, name);
    const sql = dialog.getByRole('textbox', { name: 'Dataset SQL' });
    await expect(sql).toContainText('SELECT 1 AS a');
    await expect(sql).toHaveAttribute('contenteditable', 'false');
    await dialog.getByRole('button', { name: 'Unlock the source to edit it' }).click();
    await expect(dialog.getByText('Click the lock to prevent further changes.')).toBeVisible();
    await expect(sql).toHaveAttribute('contenteditable', 'true');
    await sql.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('SELECT 1 AS a, 2 AS b');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm save' });
    await expect(confirm.getByRole('checkbox', { name: 'Sync the columns from the new source' })).toBeChecked();
    await shot(page, 'dataset-editor-confirm');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The dataset has been saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the new query's column came with the save
    const reopened = await openEditor(page, name);
    await expect(reopened.getByRole('textbox', { name: 'Dataset SQL' })).toContainText('SELECT 1 AS a, 2 AS b');
    await tab(reopened, 'Columns').click();
    await expect(reopened.getByLabel('Label of b')).toBeVisible();
    await reopened.getByRole('button', { name: 'Cancel' }).click();

    const { status } = await api.send('DELETE', `/api/v1/dataset/${created.id}`);
    expect(status).toBe(200);
  });
});
