import { expect, test } from '@playwright/test';
import { openNavMenu, shot } from './support';

test.describe('navigation', () => {
  test('an admin sees Data ▸ Databases and Settings ▸ Users, Roles, and no empty SQL menu', async ({ page }) => {
    await page.goto('/rama/welcome/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('menuitem', { name: 'SQL', exact: true })).toHaveCount(0);

    await openNavMenu(page, 'Data', 'Databases');
    await shot(page, '04-nav-data-menu');

    await openNavMenu(page, 'Settings', 'Users');
    await expect(page.getByRole('menuitem', { name: 'Roles', exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
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
