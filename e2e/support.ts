import { expect, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
export const PG_URI = 'postgresql://postgres@127.0.0.1:5432/test';
/** Admin session saved by auth.setup.ts and reused by the specs that start signed in. */
export const ADMIN_STORAGE_STATE = `.rama-test/e2e-auth/admin-${process.env.RAMA_E2E_PORT ?? 18089}.json`;
export const SIGNED_OUT = { cookies: [], origins: [] };

/** A name no earlier run used: the e2e metadata store is kept between runs. */
export function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Full-page screenshot into test-results/screens/ (looked at by a person, not compared). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Sign in through the login form. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login/')) await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Open a top-navigation menu (SQL, Data, Settings) and wait for one of its entries. */
export async function openNavMenu(page: Page, label: string, entry: string): Promise<void> {
  await page.getByRole('menuitem', { name: label, exact: true }).hover();
  await expect(page.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
}

/** The newest toast with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: text }).first();
}
