import { expect, type Locator, type Page } from '@playwright/test';

/** The SQL Lab editor's text area (CodeMirror). */
export const editorContent = (page: Page): Locator => page.locator('.rama-sqllab-editor .cm-content');

/** The editor tabs, in display order. */
export const editorTabs = (page: Page): Locator => page.getByTestId('sqllab-tab');

export async function openSqlLab(page: Page, path = '/sqllab/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('sqllab')).toBeVisible();
  await expect(editorContent(page)).toBeVisible();
}

/**
 * Start from one fresh tab: add a tab, then close the others from its menu (the e2e store is kept
 * between runs, so earlier tabs may be there).
 */
export async function freshSqlLab(page: Page): Promise<string> {
  await openSqlLab(page);
  await page.getByRole('button', { name: 'Add tab' }).click();
  const last = editorTabs(page).last();
  const name = (await last.textContent())?.replace('⋮', '').trim() ?? '';
  await last.click({ button: 'right' });
  const closeOthers = page.getByRole('menuitem', { name: 'Close other tabs' });
  if (await closeOthers.isEnabled()) await closeOthers.click();
  else await page.keyboard.press('Escape');
  await expect(editorTabs(page)).toHaveCount(1);
  // a new tab copies autorun from the tab it came from: start without it
  const autorun = page.getByRole('switch', { name: 'Autorun' });
  if ((await autorun.getAttribute('aria-checked')) === 'true') await autorun.click();
  await expect(autorun).toHaveAttribute('aria-checked', 'false');
  // and with the left bar shown (a new tab copies the layout too)
  const show = page.getByRole('button', { name: 'Show left bar' });
  if (await show.isVisible()) await show.click();
  // and with the default row limit (a new tab copies the limit of the tab it came from)
  const limit = page.getByRole('button', { name: /^Row limit/ });
  if ((await limit.getAttribute('aria-label')) !== 'Row limit 10000') {
    await expect(async () => {
      await limit.click();
      await page.getByRole('menuitem', { name: '10,000', exact: true }).click({ timeout: 2_000 });
      await expect(limit).toHaveAttribute('aria-label', 'Row limit 10000', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  // and on the examples database (a new tab copies the database of the tab it came from)
  const database = page.locator('.rama-sqllab-field').filter({ has: page.getByLabel('Database', { exact: true }) });
  if (!((await database.textContent()) ?? '').includes('examples')) {
    await page.getByLabel('Database', { exact: true }).click();
    await page.keyboard.type('examples');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^examples/ })
      .first()
      .click();
  }
  await expect(database).toContainText('examples');
  return name;
}

/** Replace the editor's SQL (inserted as text, as a paste would). */
export async function setSql(page: Page, sql: string): Promise<void> {
  await editorContent(page).locator('.cm-line').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(sql);
  await expect(editorContent(page)).toHaveText(sql.replace(/\n/g, ''));
  // close the completion list the inserted words may open
  const completions = page.locator('.cm-tooltip-autocomplete');
  await completions.waitFor({ state: 'visible', timeout: 1500 }).catch(() => undefined);
  if (await completions.isVisible()) await page.keyboard.press('Escape');
  await expect(completions).toHaveCount(0);
}

/** The session cookie of this browser without its local storage: "another browser" of the same user. */
export async function sameUserElsewhere(page: Page) {
  const { cookies } = await page.context().storageState();
  return { cookies, origins: [] };
}

/** Press a shortcut in the editor (it keeps focus after setSql). */
export async function pressInEditor(page: Page, keys: string): Promise<void> {
  await editorContent(page).focus();
  await page.keyboard.press(keys);
}

/** Run with the keyboard shortcut and wait for the row count. */
export async function runAndWait(page: Page): Promise<void> {
  await pressInEditor(page, 'ControlOrMeta+Enter');
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 30_000 });
}

export const resultsPanel = (page: Page): Locator => page.locator('.rama-sqllab-south-pane');
