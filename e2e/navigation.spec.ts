import { expect, test } from '@playwright/test';
import { SIGNED_OUT, apiFor, chooseNavEntry, createUserWithRole, openNavMenu, shot, signIn } from './support';

test.describe('navigation', () => {
  test('an admin sees SQL ▸ SQL Lab, Saved queries, Query history, Data ▸ Databases, Datasets and Settings', async ({ page }) => {
    await page.goto('/rama/welcome/');

    await openNavMenu(page, 'SQL', 'SQL Lab');
    await expect(page.getByRole('menuitem', { name: 'Saved queries', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Query history', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'SQL Lab', exact: true }).getByRole('link')).toHaveAttribute('href', '/sqllab/');
    await shot(page, '03-nav-sql-menu');
    await chooseNavEntry(page, 'SQL', 'Saved queries', /\/savedqueryview\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Saved queries', exact: true })).toBeVisible();

    await chooseNavEntry(page, 'SQL', 'Query history', /\/sqllab\/history\/$/);
    await expect(page.getByRole('heading', { name: 'Query history', exact: true })).toBeVisible();

    await openNavMenu(page, 'Data', 'Databases');
    await expect(page.getByRole('menuitem', { name: 'Datasets', exact: true })).toBeVisible();
    await shot(page, '04-nav-data-menu');
    await chooseNavEntry(page, 'Data', 'Datasets', /\/tablemodelview\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Datasets', exact: true })).toBeVisible();

    await openNavMenu(page, 'Settings', 'Users');
    await expect(page.getByRole('menuitem', { name: 'Roles', exact: true })).toBeVisible();
    await chooseNavEntry(page, 'Settings', 'Users', /\/users\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  });

  test('a SQL Lab user sees the SQL entries but not Datasets, and cannot open the datasets page', async ({ page, browser }) => {
    await page.goto('/rama/welcome/');
    const user = await createUserWithRole(await apiFor(page), 'sql_lab', 'Sasha');
    const context = await browser.newContext({ storageState: SIGNED_OUT });
    const sasha = await context.newPage();
    await signIn(sasha, user.username, user.password);
    await expect(sasha).toHaveURL(/\/rama\/welcome\/$/);
    await openNavMenu(sasha, 'SQL', 'Query history');
    await expect(sasha.getByRole('menuitem', { name: 'Saved queries', exact: true })).toBeVisible();
    await openNavMenu(sasha, 'Data', 'Databases');
    await expect(sasha.getByRole('menuitem', { name: 'Datasets', exact: true })).toHaveCount(0);
    await sasha.goto('/tablemodelview/list/');
    await expect(sasha.getByText('Access denied')).toBeVisible();
    await context.close();
  });

  test('an unknown address shows the 404 page inside the shell', async ({ page }) => {
    await page.goto('/no/such/page/');
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await shot(page, '05-not-found');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/rama\/welcome\/$/);
  });
});
