import { expect, type Download, type Locator, type Page } from '@playwright/test';

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

/**
 * Go to an address of the app without loading the page again: the app's router follows the new
 * history entry as it does the browser's Back and Forward. For a test that checks many pages of one
 * kind one after the other, where the app's start is not what is checked (a page load costs the
 * browser about a second of CPU, most of the browser tests' time on two cores).
 */
export async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Sign in through the login form. */
export async function signIn(page: Page, username: string, password: string, opts: { fails?: boolean } = {}): Promise<void> {
  if (!page.url().includes('/login/')) await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // a caller that goes elsewhere next must not leave before the session cookie is set
  if (!opts.fails) await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** Open a hover submenu (a top-navigation menu, or a dropdown's "Share") and wait for one of its entries. */
export async function openNavMenu(page: Page, label: string | RegExp, entry: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  // a hover submenu opens after a delay and closes when the pointer left another one meanwhile; a
  // menu still sliding in can miss the first hover: leave and hover again until it is open
  await expect(async () => {
    await page.mouse.move(0, 0);
    // a submenu title's name ends with its arrow icon's ("Share right"): match those by a pattern
    await page.getByRole('menuitem', typeof label === 'string' ? { name: label, exact: true } : { name: label }).hover();
    await expect(item).toBeVisible({ timeout: 3_000 });
    // a popup is first drawn at the top of the page, then aligned beside its title: wait for that
    await expect.poll(async () => ((await item.boundingBox())?.y ?? 0) > 8, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/**
 * Choose an entry of a hover submenu and wait for the page it leads to. A click can be lost while
 * the popup is still being aligned (the pointer lands on what is under it and the submenu closes),
 * so the menu is opened and the entry clicked again until the page is there.
 */
export async function chooseNavEntry(page: Page, label: string | RegExp, entry: string, url: RegExp): Promise<void> {
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  await expect(async () => {
    if (url.test(page.url())) return;
    await openNavMenu(page, label, entry);
    await item.click({ timeout: 3_000 });
    await expect(page).toHaveURL(url, { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  // the submenu closes when the pointer leaves it, but one that finishes opening after the pointer
  // has left stays open over the page reached (seen covering the Action log's row buttons, opening
  // after the new page was there): the pointer goes to the page's corner, and whenever the submenu
  // shows it is pointed at and left again, until it has stayed closed for a second
  const away = (): Promise<void> => page.mouse.move(0, (page.viewportSize()?.height ?? 600) - 1);
  await away();
  let closedSince = Date.now();
  await expect(async () => {
    if (await item.isVisible()) {
      await item.hover({ timeout: 1_000 }).catch(() => undefined);
      await away();
      closedSince = Date.now();
      throw new Error(`the "${entry}" submenu is still open`);
    }
    expect(Date.now() - closedSince, 'closed for a second').toBeGreaterThanOrEqual(1_000);
  }).toPass({ timeout: 20_000, intervals: [100] });
}

/**
 * The same for an entry of a dropdown's hover submenu that changes the page in place: `trigger`
 * opens the dropdown when it is closed, and the entry is chosen again until `until` shows.
 */
export async function chooseMenuEntry(page: Page, trigger: Locator, label: RegExp, entry: string, until: Locator): Promise<void> {
  await expect(async () => {
    if (await until.isVisible()) return;
    if (!(await page.getByRole('menuitem', { name: label }).isVisible())) await trigger.click({ timeout: 3_000 });
    await openNavMenu(page, label, entry);
    await page.getByRole('menuitem', { name: entry, exact: true }).click({ timeout: 3_000 });
    await expect(until).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

/**
 * "Copy permalink to clipboard" from the dashboard header menu; the menu is opened again when a
 * click on it was lost (a menu can be redrawn while the charts load). Returns the permalink's url.
 */
/**
 * Choose an entry of a dropdown's hover submenu that downloads a file, and return the download.
 * The menu is opened and the entry clicked again until a download starts (a click can be lost while
 * the submenu is still being aligned); `waitMs` is how long one click's file may take to be made.
 */
export async function downloadFromMenuEntry(
  page: Page,
  trigger: Locator,
  label: RegExp,
  entry: string,
  waitMs = 20_000,
): Promise<Download> {
  let download: Download | null = null;
  const seen = (d: Download) => {
    download ??= d;
  };
  page.on('download', seen);
  try {
    await expect(async () => {
      if (download) return;
      if (!(await page.getByRole('menuitem', { name: label }).isVisible())) await trigger.click({ timeout: 3_000 });
      await openNavMenu(page, label, entry);
      await page.getByRole('menuitem', { name: entry, exact: true }).click({ timeout: 3_000 });
      await expect.poll(() => download !== null, { timeout: waitMs }).toBe(true);
    }).toPass({ timeout: waitMs * 2 + 20_000 });
  } finally {
    page.off('download', seen);
  }
  return download as unknown as Download;
}

export async function copyDashboardPermalink(page: Page): Promise<string> {
  let url = '';
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.locator('[data-test="dashboard-menu"]').click();
    await openNavMenu(page, /^Share/, 'Copy permalink to clipboard');
    const created = page.waitForResponse((r) => /\/api\/v1\/dashboard\/\d+\/permalink$/.test(r.url()) && r.request().method() === 'POST', {
      timeout: 5_000,
    });
    await page.getByRole('menuitem', { name: 'Copy permalink to clipboard' }).click({ timeout: 3_000 });
    url = ((await (await created).json()) as { url: string }).url;
  }).toPass({ timeout: 60_000 });
  return url;
}

/** The newest toast with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId('toast').filter({ hasText: text }).first();
}

/**
 * Waits until a dialog is closed (gone from the page or hidden); on failure the error says what the
 * dialog shows (a field message or the server's answer). Not a poll that asks "visible?" and then
 * reads the dialog: a dialog that closes between the two leaves the read waiting for an element that
 * is gone, and the poll fails ("waiting on the predicate") with the dialog closed.
 */
export async function expectDialogClosed(dialog: Locator, timeout?: number): Promise<void> {
  try {
    await expect(dialog).toBeHidden({ timeout });
  } catch (error) {
    // a short read: the dialog may still close meanwhile, and then there is nothing to read
    const shown = await dialog.innerText({ timeout: 1_000 }).catch(() => '(closed meanwhile)');
    if (error instanceof Error) error.message += `\nThe dialog shows:\n${shown}`;
    throw error;
  }
}

export interface ApiClient {
  get<T>(url: string): Promise<T>;
  post<T>(url: string, data: unknown): Promise<T>;
  /** The raw response of a write that may fail (status and body are checked by the test). */
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<{ status: number; body: unknown }>;
}

/** The JSON API as the signed-in user of a page (its cookies), with the CSRF header on writes. */
export async function apiFor(page: Page): Promise<ApiClient> {
  const tokenReply = await page.request.get('/api/v1/security/csrf_token/');
  expect(tokenReply.ok()).toBe(true);
  const token = ((await tokenReply.json()) as { result: string }).result;
  const headers = { 'X-CSRFToken': token };
  const send: ApiClient['send'] = async (method, url, data) => {
    const res = await page.request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
    const text = await res.text();
    return { status: res.status(), body: text ? (JSON.parse(text) as unknown) : null };
  };
  return {
    async get<T>(url: string) {
      const res = await page.request.get(url);
      expect(res.ok(), `GET ${url}: ${res.status()}`).toBe(true);
      return (await res.json()) as T;
    },
    async post<T>(url: string, data: unknown) {
      const { status, body } = await send('POST', url, data);
      expect(status, `POST ${url}: ${JSON.stringify(body)}`).toBeLessThan(300);
      return body as T;
    },
    send,
  };
}

/** The id of the bundled examples database. */
export async function examplesDatabaseId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number; database_name: string }[] }>(
    '/api/v1/database/?q=(filters:!((col:database_name,opr:eq,value:examples)))',
  );
  const examples = reply.result.find((db) => db.database_name === 'examples');
  if (!examples) throw new Error('the examples database is missing');
  return examples.id;
}

/** A new active user with one built-in role (created through the users API as the page's admin). */
export async function createUserWithRole(
  api: ApiClient,
  roleName: string,
  firstName: string,
): Promise<{ id: number; username: string; password: string }> {
  const roles = await api.get<{ result: { id: number; name: string }[] }>('/api/v1/security/roles/');
  const role = roles.result.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  const username = unique(roleName.toLowerCase());
  const password = `${username}-password`;
  const reply = await api.post<{ id: number }>('/api/v1/security/users/', {
    username,
    first_name: firstName,
    last_name: 'Tester',
    email: `${username}@example.com`,
    password,
    active: true,
    roles: [role.id],
  });
  return { id: reply.id, username, password };
}
