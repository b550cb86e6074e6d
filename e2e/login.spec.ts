import { expect, test } from '@playwright/test';
import { ADMIN, SIGNED_OUT, shot, signIn } from './support';

test.use({ storageState: SIGNED_OUT });

test.describe('login', () => {
  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/login/');
    await expect(page.getByRole('img', { name: 'Rama' })).toBeVisible();
    await signIn(page, ADMIN.username, 'not-the-password', { fails: true });
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid login. Please try again.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
    await shot(page, '01-login-wrong-password');
  });

  test('the right password lands on the welcome page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\//);
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/rama\/welcome\/$/);
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connect a database' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the examples database' })).toBeVisible();
    await shot(page, '02-welcome-admin');
  });

  test('a signed-out visit comes back to the page it asked for after login', async ({ page }) => {
    await page.goto('/roles/list/');
    await expect(page).toHaveURL(/\/login\/\?next=%2Froles%2Flist%2F$/);
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/roles\/list\/$/);
    await expect(page.getByRole('heading', { name: 'Roles', exact: true })).toBeVisible();
  });

  test('an ended session sends the user to the login page and back', async ({ page, context }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/rama\/welcome\/$/);
    await expect(page.getByRole('link', { name: 'See all databases' })).toBeVisible();
    await context.clearCookies();
    await page.getByRole('link', { name: 'See all databases' }).click();
    await expect(page).toHaveURL(/\/login\/\?next=%2Fdatabaseview%2Flist%2F$/);
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/databaseview\/list\/$/);
  });

  test('logout ends the session', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/rama\/welcome\/$/);
    // a click made while the menu still slides in can be lost: open it and choose again until it took
    await expect(async () => {
      if (/\/login\/$/.test(page.url())) return;
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /User menu for/ }).click();
      await page.getByRole('menuitem', { name: /Logout/ }).click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/login\/$/, { timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/databaseview/list/');
    await expect(page).toHaveURL(/\/login\/\?next=/);
    await shot(page, '03-after-logout');
  });
});
