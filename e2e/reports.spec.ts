import { expect, test, type Page } from '@playwright/test';
import { apiFor, openNavMenu, shot, toast, unique } from './support';

// Email reports as a dashboard owner uses them (issue 14 part 5): set one up from the dashboard's
// menu, find it there again under "Manage email report", pause it, see it paused on the list
// page, open its execution log, delete it from the list.

/** Opens the dashboard header's "⋮" menu; a click lost while the page settles is tried again. */
async function openDashboardMenu(page: Page, entry: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.locator('[data-test="dashboard-menu"]').click();
    await expect(page.getByRole('menuitem', { name: entry })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('an email report is set up from the flights dashboard, paused from its menu, found on the list with its log, and deleted', async ({
  page,
}) => {
  const name = unique('Flights weekly');
  // the e2e store outlives a run: a report a failed run left on the dashboard would show "Manage" instead
  const api = await apiFor(page);
  const dashboard = await api.get<{ id: number }>('/api/v1/dashboard/flights');
  const left = await api.get<{ ids: number[] }>(
    `/api/v1/report/?q=(filters:!((col:dashboard_id,opr:eq,value:${dashboard.id}),(col:creation_method,opr:eq,value:dashboards)))`,
  );
  if (left.ids.length > 0) expect((await api.send('DELETE', `/api/v1/report/?q=!(${left.ids.join(',')})`)).status).toBe(200);

  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();

  // set up: name, a schedule from the common choices, one email recipient
  // the menu is drawn again when the dashboard's report lookup answers: a click on the entry it
  // replaced is lost, so open the menu and choose again until the dialog shows
  const modal = page.getByRole('dialog', { name: 'Set up an email report' });
  await expect(async () => {
    if (await modal.isVisible()) return;
    await openDashboardMenu(page, 'Set up an email report');
    await page.getByRole('menuitem', { name: 'Set up an email report' }).click({ timeout: 2_000 });
    await expect(modal).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await modal.getByLabel('Name', { exact: true }).fill(name);
  // a pick made while the popup still slides in can be lost: pick again until the select shows it
  const schedule = modal.locator('.ant-select').filter({ has: page.locator('#report-schedule') });
  await expect(async () => {
    await schedule.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Every weekday at 09:00' })
      .click({ timeout: 2_000 });
    await expect(schedule).toContainText('Every weekday at 09:00', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(modal.locator('[data-test="report-next-runs"] li')).toHaveCount(3);
  await modal.getByLabel('Recipient 1 To').fill('flights-team@example.com');
  const created = page.waitForResponse((r) => r.url().includes('/api/v1/report/') && r.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(toast(page, 'The report has been created')).toBeVisible();
  await expect(modal).toBeHidden();

  // the menu now manages it: pause it with the switch entry
  await openDashboardMenu(page, /^Manage email report/);
  await openNavMenu(page, /^Manage email report/, 'Email reports active');
  await expect(page.locator('.rama-report-menu-switch')).toHaveClass(/ant-switch-checked/);
  await shot(page, 'reports-manage-menu');
  const paused = page.waitForResponse((r) => /\/api\/v1\/report\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
  await page.getByRole('menuitem', { name: 'Email reports active' }).click();
  const put = await paused;
  expect(put.status()).toBe(200);
  expect(put.request().postDataJSON()).toEqual({ active: false });

  // the list shows it paused, with its schedule and target
  await page.goto('/report/list/');
  await page.getByLabel('Search reports by name').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Every weekday at 09:00')).toBeVisible();
  await expect(row.getByRole('link', { name: /Flights overview/ })).toBeVisible();
  await expect(row.getByRole('switch', { name: `${name} active` })).not.toBeChecked();
  await shot(page, 'reports-list');

  // its execution log: no run yet
  await row.getByRole('link', { name: `Execution log of ${name}` }).click();
  await expect(page).toHaveURL(/\/report\/\d+\/log\/$/);
  await expect(page.getByRole('heading', { name: `${name}: execution log` })).toBeVisible();
  await expect(page.getByText('No runs yet')).toBeVisible();
  await page.goBack();

  // delete it from the list, after the confirm
  await page.getByLabel('Search reports by name').fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, `Deleted: ${name}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a dashboard report captures the tab chosen in the dialog, and the dialog title follows the channel', async ({ page }) => {
  const name = unique('Flights details tab');
  const api = await apiFor(page);
  const dashboard = await api.get<{ id: number }>('/api/v1/dashboard/flights');
  const mine = `/api/v1/report/?q=(filters:!((col:dashboard_id,opr:eq,value:${dashboard.id}),(col:creation_method,opr:eq,value:dashboards)))`;
  const left = await api.get<{ ids: number[] }>(mine);
  if (left.ids.length > 0) expect((await api.send('DELETE', `/api/v1/report/?q=!(${left.ids.join(',')})`)).status).toBe(200);

  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  const modal = page.getByRole('dialog');
  await expect(async () => {
    if (await modal.isVisible()) return;
    await openDashboardMenu(page, 'Set up an email report');
    await page.getByRole('menuitem', { name: 'Set up an email report' }).click({ timeout: 2_000 });
    await expect(modal).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(modal.locator('.ant-modal-title')).toHaveText('Set up an email report');
  await modal.getByLabel('Name', { exact: true }).fill(name);

  // the tabs of the dashboard, and "All tabs"
  const tabSelect = modal.locator('.ant-select').filter({ has: page.locator('#report-tab') });
  await expect(async () => {
    await tabSelect.click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['All tabs', 'Overview', 'Details'], {
      timeout: 2_000,
    });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Details' }).click({ timeout: 2_000 });
    await expect(tabSelect).toContainText('Details', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // a webhook recipient: the title says so
  const recipientType = modal.locator('.ant-select').filter({ has: page.getByLabel('Recipient 1 type') });
  await expect(async () => {
    await recipientType.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Webhook' }).click({ timeout: 2_000 });
    await expect(recipientType).toContainText('Webhook', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(modal.locator('.ant-modal-title')).toHaveText('Set up a webhook report');
  await modal.getByLabel('Recipient 1 URL').fill('https://hooks.example.com/rama');
  await modal.locator('#report-tab').evaluate((el) => el.closest('.ant-form-item')?.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: 'test-results/screens/reports-tab-choice.png' });

  const created = page.waitForResponse((r) => r.url().includes('/api/v1/report/') && r.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  const post = await created;
  expect(post.status()).toBe(201);
  expect(post.request().postDataJSON()).toMatchObject({ extra: { dashboard: { anchor: 'TAB-flights-details' } } });
  await expect(modal).toBeHidden();

  // reopened from the menu: the choice is kept
  await openDashboardMenu(page, /^Manage email report/);
  await openNavMenu(page, /^Manage email report/, 'Edit email report');
  await page.getByRole('menuitem', { name: 'Edit email report' }).click();
  await page.mouse.move(0, 0);
  await expect(modal.locator('.ant-modal-title')).toHaveText('Edit webhook report');
  await expect(modal.locator('.ant-select').filter({ has: page.locator('#report-tab') })).toContainText('Details');
  await modal.locator('#report-tab').evaluate((el) => el.closest('.ant-form-item')?.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: 'test-results/screens/reports-tab-choice-reopened.png' });
  await modal.getByRole('button', { name: 'Cancel' }).click();

  const ids = (await api.get<{ ids: number[] }>(mine)).ids;
  expect(ids).toHaveLength(1);
  expect((await api.send('DELETE', `/api/v1/report/?q=!(${ids.join(',')})`)).status).toBe(200);
});
