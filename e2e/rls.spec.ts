import { type Page, expect, test } from '@playwright/test';
import { SIGNED_OUT, apiFor, expectDialogClosed, shot, signIn, toast, unique } from './support';

/** Waits until the open dropdown lists only options matching the search (the server search answered). */
async function searchedOptionsOnly(page: Page, text: string): Promise<void> {
  const titles = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect
    .poll(async () => {
      const all = await titles.evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
      return all.length > 0 && all.every((t) => t.toLowerCase().includes(text.toLowerCase()));
    })
    .toBe(true);
}

test('an admin adds a row level security rule on a role, and a user of that role sees only its rows', async ({ page, browser }) => {
  const api = await apiFor(page);
  const datasets = await api.get<{ result: { id: number; table_name: string }[] }>(
    '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))',
  );
  const flights = datasets.result.find((d) => d.table_name === 'flights');
  expect(flights, 'the flights example dataset').toBeTruthy();
  const roleName = unique('seattle_team');
  const role = await api.post<{ id: number }>('/api/v1/security/roles/', { name: roleName });
  const roles = await api.get<{ result: { id: number; name: string }[] }>('/api/v1/security/roles/');
  const alpha = roles.result.find((r) => r.name === 'Alpha')!;
  const username = unique('sam');
  const password = `${username}-password`;
  await api.post('/api/v1/security/users/', {
    username,
    first_name: 'Sam',
    last_name: 'Seattle',
    email: `${username}@example.com`,
    password,
    active: true,
    roles: [alpha.id, role.id],
  });
  const ruleName = unique('Seattle only');

  await page.goto('/rowlevelsecurity/list/');
  await expect(page.getByRole('heading', { name: 'Row level security', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rule', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add rule' });
  await modal.getByLabel('Rule name').fill(ruleName);
  await expect(modal.getByText('Regular filters add the clause')).toBeVisible();
  const datasetSelect = modal.getByRole('combobox', { name: 'Datasets' });
  await datasetSelect.fill('flights');
  await searchedOptionsOnly(page, 'flights');
  await page.locator('.ant-select-item-option[title="main.flights"]').click();
  await datasetSelect.press('Escape');
  const roleSelect = modal.getByRole('combobox', { name: 'Roles' });
  await roleSelect.fill(roleName);
  await searchedOptionsOnly(page, roleName);
  await page.locator(`.ant-select-item-option[title="${roleName}"]`).click();
  await roleSelect.press('Escape');
  await modal.getByLabel('Group key').fill('airport');
  await modal.getByRole('textbox', { name: 'Clause' }).fill("origin = 'SEA'");
  await modal.getByLabel('Description').fill('Sam’s team works on Seattle departures');
  await shot(page, 'rls-01-rule-modal');
  // the toast is short-lived: watch for it from the click on, while the dialog closes
  const added = expect(toast(page, `Added ${ruleName}`)).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectDialogClosed(modal);
  await added;

  await page.getByLabel('Search rules').fill(ruleName);
  const row = page.getByRole('row').filter({ hasText: ruleName });
  await expect(row.getByText("origin = 'SEA'")).toBeVisible();
  await expect(row.getByText(roleName)).toBeVisible();
  await expect(row.getByText('flights', { exact: true })).toBeVisible();
  await shot(page, 'rls-02-rule-list');

  // the user of that role: chart data on flights holds Seattle departures only; the admin sees all
  const body = {
    datasource: { id: flights!.id, type: 'table' },
    queries: [{ columns: ['origin'], metrics: ['count'], row_limit: 10, order_desc: true, time_range: 'No filter' }],
    result_type: 'full',
    result_format: 'json',
  };
  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const sam = await context.newPage();
  await signIn(sam, username, password);
  await expect(sam).toHaveURL(/\/rama\/welcome\/$/);
  const samApi = await apiFor(sam);
  const seen = await samApi.post<{ result: { data: { origin: string }[] }[] }>('/api/v1/chart/data', body);
  expect(seen.result[0].data.map((r) => r.origin)).toEqual(['SEA']);
  await context.close();
  const all = await api.post<{ result: { data: { origin: string }[] }[] }>('/api/v1/chart/data', body);
  expect(all.result[0].data.length).toBeGreaterThan(1);

  // deleted again, with a confirmation
  await row.getByRole('button', { name: `Delete ${ruleName}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, `Deleted ${ruleName}`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
