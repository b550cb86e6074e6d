import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SIGNED_OUT, apiFor, examplesDatabaseId, shot, signIn } from './support';

// Public dashboards (issue 25 part 4), against the third server of playwright.config.ts
// (PUBLIC_ROLE_LIKE=Gamma): an admin grants the Public role the examples database through the
// Roles API; a browser without a login then opens the Flights dashboard and sees its charts drawn,
// with a "Log in" button instead of the user menu; any other page asks to log in.

const PUBLIC_URL = `http://127.0.0.1:${Number(process.env.RAMA_E2E_PORT ?? 18089) + 2}`;

test.use({ baseURL: PUBLIC_URL, storageState: SIGNED_OUT });

const charts = (page: Page) => page.locator('[data-test="dashboard-chart"]:visible');

const q = (value: string) => encodeURIComponent(value);

test('an anonymous visitor opens a public dashboard and sees its charts drawn, and nothing else without logging in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);

  // the admin, in a browser context of their own, grants the Public role the examples database
  const adminContext = await browser.newContext({ baseURL: PUBLIC_URL, storageState: SIGNED_OUT });
  const adminPage = await adminContext.newPage();
  const login = await adminPage.request.post('/login/', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(login.status()).toBe(200);
  const api = await apiFor(adminPage);
  const databaseId = await examplesDatabaseId(api);
  const roles = await api.get<{ result: { id: number; name: string }[] }>(
    `/api/v1/security/roles/?q=${q('(filters:!((col:name,opr:eq,value:Public)))')}`,
  );
  const publicRole = roles.result.find((r) => r.name === 'Public');
  expect(publicRole).toBeDefined();
  const resources = await api.get<{ result: { id: number }[] }>(
    `/api/v1/security/permissions-resources/?q=${q(
      `(filters:!((col:permission,opr:eq,value:database_access),(col:view_menu,opr:eq,value:'[examples].(id:${databaseId})')))`,
    )}`,
  );
  expect(resources.result).toHaveLength(1);
  const held = await api.get<{ result: { id: number }[] }>(`/api/v1/security/roles/${publicRole?.id}/permissions/`);
  const ids = [...new Set([...held.result.map((p) => p.id), resources.result[0].id])];
  await api.post(`/api/v1/security/roles/${publicRole?.id}/permissions`, { permission_view_menu_ids: ids });
  await adminContext.close();

  // a fresh browser without a session: the dashboard opens, every chart of the open tab draws
  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await expect(page).toHaveURL(/\/rama\/dashboard\/flights\/$/);
  await expect(charts(page)).toHaveCount(6, { timeout: 20_000 });
  for (const holder of await charts(page).all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect(page.locator('.rama-chart-area svg').first()).toBeVisible();
  // a visitor's header: "Log in", no user menu, no navigation menus, no editing
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /User menu/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem')).toHaveCount(0);
  await expect(page.locator('[data-test="edit-dashboard-button"]')).toHaveCount(0);
  await shot(page, 'public-dashboard-anonymous');

  // every other page still asks to log in
  await page.goto('/chart/list/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fchart%2Flist%2F$/);
  await page.goto('/sqllab/');
  await expect(page).toHaveURL(/\/login\/\?next=%2Fsqllab%2F$/);

  // "Log in" on the dashboard comes back to it, signed in
  await page.goto('/rama/dashboard/flights/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\/\?next=%2Frama%2Fdashboard%2Fflights%2F$/);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/rama\/dashboard\/flights\/$/);
  await expect(page.locator('[data-test="edit-dashboard-button"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
});
