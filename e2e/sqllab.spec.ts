import { expect, test } from '@playwright/test';
import { shot, toast } from './support';
import { editorContent, editorTabs, freshSqlLab, pressInEditor, resultsPanel, runAndWait, setSql } from './sqllab-helpers';

test.describe('SQL Lab: running queries', () => {
  test('Ctrl+Enter runs the query and shows rows with the row count', async ({ page }) => {
    await freshSqlLab(page);
    // a new tab starts with the placeholder query
    await expect(editorContent(page)).toHaveText('SELECT ...');
    await expect(resultsPanel(page).getByText('Run a query to see results here')).toBeVisible();
    await setSql(page, 'SELECT origin, count(*) AS flights FROM flights GROUP BY origin ORDER BY flights DESC LIMIT 25');
    await runAndWait(page);
    await expect(page.getByTestId('row-count')).toHaveText('25 rows');
    await expect(resultsPanel(page).getByRole('columnheader', { name: /origin/ })).toBeVisible();
    await expect(resultsPanel(page).getByRole('gridcell', { name: 'ORD', exact: true })).toBeVisible();
    await expect(resultsPanel(page).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      /\/api\/v1\/sqllab\/export\/[A-Za-z0-9_-]{11}\/$/,
    );
    await shot(page, 'sqllab-results');
  });

  test('runs only the selected text, and the button says so', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'SELECT 1 AS first_col;\nSELECT 2 AS second_col');
    await pressInEditor(page, 'ControlOrMeta+End');
    await page.keyboard.press('Shift+Home');
    await expect(page.getByRole('button', { name: 'Run selection' })).toBeVisible();
    await page.getByRole('button', { name: 'Run selection' }).click();
    await expect(page.getByTestId('row-count')).toHaveText('1 row');
    await expect(resultsPanel(page).getByRole('columnheader', { name: /second_col/ })).toBeVisible();
    await expect(resultsPanel(page).getByRole('columnheader', { name: /first_col/ })).toHaveCount(0);
  });

  test('the row limit dropdown limits the rows and says so', async ({ page }) => {
    await freshSqlLab(page);
    await page.getByRole('button', { name: /^Row limit/ }).click();
    await page.getByRole('menuitem', { name: '100', exact: true }).click();
    await setSql(page, 'SELECT * FROM flights');
    await runAndWait(page);
    await expect(page.getByTestId('row-count')).toHaveText('100 rows');
    await expect(resultsPanel(page).getByText('The number of rows displayed is limited to 100 by the dropdown')).toBeVisible();
  });

  test('an async database runs the query in the background and the rows arrive', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'SELECT count(*) AS n FROM airports');
    const executed = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await pressInEditor(page, 'ControlOrMeta+Enter');
    const reply = await executed;
    // examples allows async runs: the client asks for one and the server queues it
    expect(reply.request().postDataJSON()).toMatchObject({
      runAsync: true,
      database_id: expect.any(Number),
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
    });
    expect(reply.status()).toBe(202);
    await expect(page.getByTestId('row-count')).toHaveText('1 row', { timeout: 30_000 });
  });

  test('stopping a long query marks it stopped', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'SELECT count(*) FROM flights a, flights b');
    await pressInEditor(page, 'ControlOrMeta+Enter');
    const stop = page.locator('.rama-sqllab-toolbar').getByRole('button', { name: 'Stop' });
    await expect(stop).toBeVisible();
    await expect(resultsPanel(page).getByLabel('Elapsed time')).toBeVisible();
    await stop.click();
    await expect(toast(page, 'Query was stopped.')).toBeVisible();
    await expect(resultsPanel(page).getByText('Query was stopped.')).toBeVisible();
    await resultsPanel(page).getByRole('tab', { name: 'Query history' }).click();
    await expect(resultsPanel(page).getByRole('row').filter({ hasText: 'flights a, flights b' }).getByText('stopped')).toBeVisible();
    await expect(page.locator('.rama-sqllab-toolbar').getByRole('button', { name: /\bRun$/ })).toBeVisible();
  });

  test('DML is refused with the server message', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'DELETE FROM flights');
    await pressInEditor(page, 'ControlOrMeta+Enter');
    const error = page.getByTestId('query-error');
    await expect(error).toContainText('Only SELECT statements are allowed against this database.');
    await expect(error).toContainText('DML_NOT_ALLOWED_ERROR');
    await shot(page, 'sqllab-error');
    // text the parser cannot read is refused too, saying where it stopped
    await setSql(page, 'SELECT 1;\nSELEKT origin FROM flights');
    await pressInEditor(page, 'ControlOrMeta+Enter');
    await expect(error).toContainText('The SQL could not be parsed (line 2');
    await expect(error).toContainText('INVALID_SQL_ERROR');
    await shot(page, 'sqllab-parse-error');
  });

  test('a script shows each statement with its rows', async ({ page }) => {
    await freshSqlLab(page);
    await setSql(page, 'SELECT 1 AS a;\nSELECT origin FROM flights LIMIT 3');
    await runAndWait(page);
    const statements = page.getByRole('list', { name: 'Statements' });
    await expect(statements.getByRole('listitem')).toHaveCount(2);
    await statements.getByRole('button', { name: /SELECT 1 AS a/ }).click();
    await expect(resultsPanel(page).getByRole('columnheader', { name: /^a/ })).toBeVisible();
  });
});

test.describe('SQL Lab: tabs', () => {
  test('add, clone, switch with wrap-around, close and close others', async ({ page }) => {
    const first = await freshSqlLab(page);
    const n = Number(/Untitled Query (\d+)/.exec(first)?.[1]);
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect(editorTabs(page)).toHaveText([first, `Untitled Query ${n + 1}`].map((t) => new RegExp(t)));

    // clone the second tab: 'Copy of …', and it runs at once (autorun)
    await setSql(page, 'SELECT 42 AS answer');
    await editorTabs(page).nth(1).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Clone tab' }).click();
    await expect(editorTabs(page)).toHaveCount(3);
    await expect(editorTabs(page).nth(2)).toContainText(`Copy of Untitled Query ${n + 1}`);
    await expect(page.getByTestId('row-count')).toHaveText('1 row');
    await expect(editorContent(page)).toHaveText('SELECT 42 AS answer');

    // next wraps from the last tab to the first; previous wraps back
    const active = page.locator('.rama-sqllab-tabs .ant-tabs-tab-active');
    await pressInEditor(page, 'Control+Alt+]');
    await expect(active).toContainText(first);
    await pressInEditor(page, 'Control+Alt+[');
    await expect(active).toContainText('Copy of');

    // rename by double-click
    await editorTabs(page).nth(2).dblclick();
    const input = page.getByLabel('Tab name');
    await input.fill('Answers');
    await input.press('Enter');
    await expect(editorTabs(page).nth(2)).toContainText('Answers');

    // close the active tab: the last one in the history becomes active
    await page.locator('.rama-sqllab-tabs .ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect(editorTabs(page)).toHaveCount(2);
    await expect(active).toContainText(first);

    await editorTabs(page).nth(1).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Close other tabs' }).click();
    await expect(editorTabs(page)).toHaveCount(1);
    await expect(editorTabs(page).first()).toContainText(`Untitled Query ${n + 1}`);
  });

  test('the left bar hides and shows per tab', async ({ page }) => {
    await freshSqlLab(page);
    await expect(page.getByRole('complementary', { name: 'Database browser' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide left bar' }).click();
    await expect(page.getByRole('complementary', { name: 'Database browser' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show left bar' }).click();
    await expect(page.getByRole('complementary', { name: 'Database browser' })).toBeVisible();
  });
});

test.describe('SQL Lab: tables', () => {
  test('a table schema shows columns, and its preview opens in its own south-pane tab', async ({ page }) => {
    await freshSqlLab(page);
    await page.getByLabel('Add a table').click();
    await page.keyboard.type('airports');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^airports$/ })
      .click();
    const card = page.getByRole('region', { name: /Table .*airports/ });
    await expect(card.getByRole('list', { name: 'Columns of airports' })).toBeVisible();
    await card.getByRole('button', { name: 'Preview airports' }).click();
    const tab = resultsPanel(page).getByRole('tab', { name: /airports/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('row-count')).toHaveText('100 rows');
    // collapse and remove
    await card.getByRole('button', { name: 'airports', exact: true }).click();
    await expect(card.getByRole('list', { name: 'Columns of airports' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Remove airports' }).click();
    await expect(card).toHaveCount(0);
  });
});
