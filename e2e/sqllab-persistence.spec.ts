import { expect, test } from '@playwright/test';
import { toast, unique } from './support';
import { editorContent, editorTabs, freshSqlLab, openSqlLab, resultsPanel, runAndWait, sameUserElsewhere, setSql } from './sqllab-helpers';

/** Wait until the backend sync has written the tab (its PUT after the debounce, or the run's sync). */
async function waitForTabSaved(page: import('@playwright/test').Page, sqlFragment: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/sqllab/');
        const body = (await res.json()) as { result: { active_tab: { sql: string } | null } };
        return body.result.active_tab?.sql ?? '';
      },
      { timeout: 20_000 },
    )
    .toContain(sqlFragment);
}

test.describe('SQL Lab: keeping work', () => {
  test('a reload restores the tabs, the SQL and the results', async ({ page }) => {
    await freshSqlLab(page);
    const marker = unique('reload');
    await setSql(page, `SELECT '${marker}' AS marker, 7 AS n`);
    await runAndWait(page);
    await waitForTabSaved(page, marker);
    await page.reload();
    await expect(editorContent(page)).toContainText(marker);
    await expect(page.getByTestId('row-count')).toHaveText('1 row');
    await expect(resultsPanel(page).getByRole('gridcell', { name: marker })).toBeVisible();
  });

  test('another browser (no local copy) restores the tabs from the server', async ({ page, browser }) => {
    await freshSqlLab(page);
    const marker = unique('second');
    await setSql(page, `SELECT '${marker}' AS marker`);
    await runAndWait(page);
    await waitForTabSaved(page, marker);
    const other = await browser.newContext({ storageState: await sameUserElsewhere(page) });
    const page2 = await other.newPage();
    await openSqlLab(page2);
    await expect(editorContent(page2)).toContainText(marker);
    await expect(page2.getByTestId('row-count')).toHaveText('1 row');
    await other.close();
  });

  test('edits typed just before a reload are kept', async ({ page }) => {
    await freshSqlLab(page);
    const marker = unique('quick');
    await setSql(page, `SELECT '${marker}' AS quick`);
    // reload at once, inside the 5 s sync debounce
    await page.reload();
    await expect(editorContent(page)).toContainText(marker);
  });

  test('a tab closed just before a reload stays closed, here and on the server', async ({ page }) => {
    await freshSqlLab(page);
    const serverTabs = async () => {
      const res = await page.request.get('/api/v1/sqllab/');
      return ((await res.json()) as { result: { tab_state_ids: { id: number; label: string }[] } }).result.tab_state_ids.map(
        (t) => t.label,
      );
    };
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect(editorTabs(page)).toHaveCount(2);
    const closing = ((await editorTabs(page).last().textContent()) ?? '').replace('⋮', '').trim();
    await expect.poll(serverTabs).toContain(closing);
    await editorTabs(page).last().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close tab' }).click();
    // reload at once: the delete may not have reached the server
    await page.reload();
    await expect(editorContent(page)).toBeVisible();
    await expect(editorTabs(page)).toHaveCount(1);
    await expect(editorTabs(page).filter({ hasText: closing })).toHaveCount(0);
    await expect.poll(serverTabs).not.toContain(closing);
  });

  test('a permalink opened in a fresh browser shows the SQL in a tab named after it', async ({ page, browser }) => {
    const name = await freshSqlLab(page);
    const marker = unique('share');
    await setSql(page, `SELECT '${marker}' AS shared`);
    await page.getByRole('button', { name: 'Share' }).click();
    const link = page.getByLabel('Permalink');
    await expect(link).toHaveValue(/\/sqllab\/p\/[A-Za-z0-9_-]+$/);
    const url = await link.inputValue();
    const other = await browser.newContext({ storageState: await sameUserElsewhere(page) });
    const page2 = await other.newPage();
    await page2.goto(url);
    await expect(page2.getByTestId('sqllab')).toBeVisible();
    await expect(editorContent(page2)).toContainText(marker);
    await expect(page2.locator('.rama-sqllab-tabs .ant-tabs-tab-active')).toContainText(name);
    await expect(page2).toHaveURL(/\/sqllab\/$/);
    await other.close();
  });

  test('save a query, then reopen it with ?savedQueryId=', async ({ page }) => {
    await freshSqlLab(page);
    const label = unique('Saved');
    await setSql(page, `SELECT '${label}' AS saved`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save query' });
    await dialog.getByLabel('Name').fill(label);
    await dialog.getByLabel('Description').fill('made by the e2e suite');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Your query was saved')).toBeVisible();
    await expect(page.locator('.rama-sqllab-tabs .ant-tabs-tab-active')).toContainText(label);
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();

    const list = await page.request.get(`/api/v1/saved_query/?q=${encodeURIComponent(`(filters:!((col:label,opr:ct,value:'${label}')))`)}`);
    const { result } = (await list.json()) as { result: { id: number; label: string }[] };
    const id = result.find((r) => r.label === label)?.id;
    expect(id).toBeTruthy();

    // the tab's link to the saved query reaches the server with the 5 s tab sync; then reload
    await expect
      .poll(
        async () => {
          const r = await page.request.get('/api/v1/sqllab/');
          const body = (await r.json()) as { result: { active_tab: { saved_query: { id: number } | null } | null } };
          return body.result.active_tab?.saved_query?.id ?? null;
        },
        { timeout: 15_000 },
      )
      .toBe(id);

    // in this browser the tab already holds it: SQL Lab switches to it instead of opening another
    const before = await editorTabs(page).count();
    await page.goto(`/sqllab/?savedQueryId=${id}`);
    await expect(page.locator('.rama-sqllab-tabs .ant-tabs-tab-active')).toContainText(label);
    await expect(editorTabs(page)).toHaveCount(before);

    // elsewhere (the tab closed), it opens in a new tab
    await editorTabs(page).first().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close tab' }).click();
    await page.goto(`/sqllab/?savedQueryId=${id}`);
    await expect(page.locator('.rama-sqllab-tabs .ant-tabs-tab-active')).toContainText(label);
    await expect(editorContent(page)).toContainText(label);

    // update it
    await setSql(page, `SELECT '${label}' AS saved, 2 AS version`);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('dialog', { name: 'Update saved query' }).getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page, 'Your query was updated')).toBeVisible();
    const after = await page.request.get(`/api/v1/saved_query/${id}`);
    expect(((await after.json()) as { result: { sql: string } }).result.sql).toContain('2 AS version');
  });

  test('a missing saved query shows the load error', async ({ page }) => {
    await openSqlLab(page, '/sqllab/?savedQueryId=987654321');
    await expect(toast(page, "The query couldn't be loaded")).toBeVisible();
  });

  test('a form post with datasourceKey and sql opens the SQL in a new tab', async ({ page }) => {
    await openSqlLab(page);
    const marker = unique('posted');
    const csrf = await page.evaluate(
      async () => ((await (await fetch('/api/v1/security/csrf_token/')).json()) as { result: string }).result,
    );
    // the way a chart opens its SQL: a real form submitted by the browser
    await page.evaluate(
      ({ sql, token }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/sqllab/';
        for (const [k, v] of Object.entries({ datasourceKey: '', sql, csrf_token: token })) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = k;
          input.value = v;
          form.appendChild(input);
        }
        document.body.appendChild(form);
        form.submit();
      },
      { sql: `SELECT '${marker}' AS posted`, token: csrf },
    );
    await expect(page).toHaveURL(/\/sqllab\/$/);
    await expect(editorContent(page)).toContainText(marker);
  });
});
