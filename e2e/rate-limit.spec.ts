import { expect, test } from '@playwright/test';
import { SIGNED_OUT, shot, signIn, unique } from './support';

// Runs last (its own project in playwright.config.ts): it uses up the login attempts allowed per minute.
test.use({ storageState: SIGNED_OUT });

test('too many login attempts show the rate-limit message', async ({ page }) => {
  const username = unique('nobody');
  await page.goto('/login/');
  let status = 0;
  // The limit is RAMA_LOGIN_RATE_LIMIT attempts a minute (10 by default).
  for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
    const response = page.waitForResponse((r) => r.url().endsWith('/login/') && r.request().method() === 'POST');
    await signIn(page, username, 'wrong-password', { fails: true });
    status = (await response).status();
  }
  expect(status).toBe(429);
  await expect(page.getByRole('alert').filter({ hasText: 'Too many login attempts' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);
  await shot(page, '16-login-rate-limited');
});
