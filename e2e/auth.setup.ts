import { expect, test as setup } from '@playwright/test';
import { ADMIN, ADMIN_STORAGE_STATE, signIn } from './support';

setup('sign in as admin once for the specs', async ({ page }) => {
  await page.goto('/login/');
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/rama\/welcome\/$/);
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
