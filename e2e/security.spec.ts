import { expect, test } from '@playwright/test';
import {
  SIGNED_OUT,
  apiFor,
  chooseNavEntry,
  createUserWithRole,
  examplesDatabaseId,
  openNavMenu,
  shot,
  signIn,
  toast,
  unique,
} from './support';

test.describe('users and roles', () => {
  test('the roles page shows the permissions of Admin', async ({ page }) => {
    await page.goto('/roles/list/');
    const adminRow = page.getByRole('row').filter({ hasText: 'Admin' }).first();
    await expect(adminRow).toBeVisible();
    await adminRow.click();
    const permissions = page.getByRole('region', { name: 'Permissions of Admin' });
    await expect(permissions).toBeVisible();
    await permissions.getByLabel('Search permissions of Admin').fill('Database');
    const writeDatabase = permissions.getByRole('row').filter({ hasText: 'can_write' }).filter({ hasText: 'Database' });
    await expect(writeDatabase.first()).toBeVisible();
    await shot(page, '12-roles-admin-permissions');
  });

  test('an admin creates a Gamma user, who signs in without admin menus', async ({ page, browser }) => {
    const username = unique('gamma');
    const password = 'gamma-password-123';

    await page.goto('/users/list/');
    await page.getByRole('button', { name: 'User', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Add user' });
    await modal.getByLabel('First name').fill('Gail');
    await modal.getByLabel('Last name').fill('Gamma');
    await modal.getByLabel('Username').fill(username);
    await modal.getByLabel('Email').fill(`${username}@example.com`);
    const roles = modal.getByLabel('Roles');
    await roles.fill('Gamma');
    await roles.press('Enter');
    await roles.press('Escape');
    await modal.getByLabel('Password', { exact: true }).fill(password);
    await modal.getByLabel('Confirm password').fill(password);
    await expect(modal.getByText('The passwords do not match')).toHaveCount(0);
    await shot(page, '13-user-modal');
    await modal.getByRole('button', { name: 'Create user' }).click();
    await expect(modal).toBeHidden();
    await expect(toast(page, `Created user ${username}`)).toBeVisible();

    await page.getByLabel('Search users by username').fill(username);
    await expect(page.getByText('1 user', { exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row.getByText('Gamma', { exact: true })).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();
    await shot(page, '14-users-list');

    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const gamma = await context.newPage();
    await signIn(gamma, username, password);
    await expect(gamma).toHaveURL(/\/rama\/welcome\/$/);
    await expect(gamma.getByRole('heading', { name: 'Welcome, Gail' })).toBeVisible();
    await expect(gamma.getByRole('link', { name: 'Connect a database' })).toHaveCount(0);
    // Settings holds only what Gamma may read: the alerts and reports, not users or roles
    await openNavMenu(gamma, 'Settings', 'Alerts & reports');
    await expect(gamma.getByRole('menuitem', { name: 'Users', exact: true })).toHaveCount(0);
    await expect(gamma.getByRole('menuitem', { name: 'Roles', exact: true })).toHaveCount(0);
    await chooseNavEntry(gamma, 'Data', 'Databases', /\/databaseview\/list\/$/);
    await expect(gamma.getByRole('heading', { name: 'Databases', exact: true })).toBeVisible();
    await expect(gamma.getByRole('table')).toBeVisible();
    await expect(gamma.getByRole('button', { name: 'Database', exact: true })).toHaveCount(0);
    await gamma.mouse.move(700, 700);
    await expect(gamma.getByRole('menuitem', { name: 'Databases', exact: true })).toBeHidden();
    await shot(gamma, '15-gamma-databases');
    await gamma.goto('/users/list/');
    await expect(gamma.getByText('Access denied')).toBeVisible();
    await context.close();

    await page.getByRole('button', { name: `Delete ${username}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted user ${username}`)).toBeVisible();
  });
  test('an admin creates a role granting one dataset to one user, who then sees that dataset only', async ({ page, browser }) => {
    const api = await apiFor(page);
    const dataset = unique('granted_ds');
    await api.post('/api/v1/dataset/', {
      database: await examplesDatabaseId(api),
      schema: 'main',
      table_name: dataset,
      sql: 'SELECT 1 AS answer',
    });
    const user = await createUserWithRole(api, 'Gamma', 'Greta');
    const roleName = unique('Readers');

    await page.goto('/roles/list/');
    await page.getByRole('button', { name: 'Role', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Add role' });
    await modal.getByLabel('Name').fill(roleName);
    // Data access: search the tree and tick the dataset
    await modal.getByLabel('Search databases, schemas and datasets').fill(dataset);
    const tree = modal.locator('.rama-role-tree');
    await tree.getByText(dataset, { exact: true }).click();
    await expect(modal.getByRole('tab', { name: 'Data access (1)' })).toBeVisible();
    await shot(page, '16-role-modal-data-access');
    // Users: pick the user
    await modal.getByRole('tab', { name: /^Users/ }).click();
    const users = modal.getByRole('combobox', { name: 'Users' });
    await users.fill(user.username);
    await page.locator('.ant-select-item-option').filter({ hasText: user.username }).click();
    await users.press('Escape');
    await expect(modal.getByRole('tab', { name: 'Users (1)' })).toBeVisible();
    await modal.getByRole('tab', { name: /^Permissions/ }).click();
    await modal.getByLabel('Search permissions').fill('Dataset');
    await expect(modal.getByLabel('can_read on Dataset')).toBeVisible();
    await shot(page, '17-role-modal-permissions');
    await modal.getByRole('button', { name: 'Create role' }).click();
    await expect(modal).toBeHidden();
    await expect(toast(page, `Created role ${roleName}`)).toBeVisible();
    await page.getByLabel('Search roles by name').fill(roleName);
    const row = page.getByRole('row').filter({ hasText: roleName });
    await expect(row.getByRole('cell', { name: '1', exact: true })).toHaveCount(2);
    // editing starts from what the role holds
    await row.getByRole('button', { name: `Edit ${roleName}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${roleName}` });
    await expect(edit.getByRole('tab', { name: 'Data access (1)' })).toBeVisible();
    await expect(edit.getByRole('tab', { name: 'Users (1)' })).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const greta = await context.newPage();
    await signIn(greta, user.username, user.password);
    await greta.goto('/tablemodelview/list/');
    await expect(greta.getByRole('heading', { name: 'Datasets', exact: true })).toBeVisible();
    await expect(greta.getByText('1 dataset', { exact: true })).toBeVisible();
    await expect(greta.getByRole('row').filter({ hasText: dataset })).toBeVisible();
    await shot(greta, '18-granted-dataset-list');
    await context.close();

    // the admin deletes the role again, with a confirmation
    await row.getByRole('button', { name: `Delete ${roleName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, `Deleted role ${roleName}`)).toBeVisible();
  });
});
