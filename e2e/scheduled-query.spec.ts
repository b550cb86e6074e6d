import { expect, test, type Page } from '@playwright/test';
import { shot, toast, unique } from './support';
import { freshSqlLab, setSql } from './sqllab-helpers';

/** Choose an option of an antd select (typing narrows long lists such as time zones). */
async function choose(page: Page, label: string | RegExp, option: string, typed?: string): Promise<void> {
  // no Escape between tries: it would close the dialog the select is in
  await expect(async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible');
    if (!(await dropdown.count())) await page.getByLabel(label).click();
    if (typed) await page.getByLabel(label).fill(typed);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${option}$`) })
      .first()
      .click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('scheduled queries', () => {
  test('a saved query scheduled to a webhook is listed with its schedule, and can be paused', async ({ page }) => {
    const marker = unique('sched').toLowerCase();
    const label = `Daily answer ${marker}`;
    await freshSqlLab(page);
    await setSql(page, `SELECT 42 AS answer -- ${marker}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog', { name: 'Save query' });
    await save.getByLabel('Name').fill(label);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save).toBeHidden();

    await page.getByRole('button', { name: 'Schedule query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule query' });
    await expect(dialog.getByLabel('Name')).toHaveValue(label);
    await dialog.getByLabel('Description').fill('The answer, every weekday');

    // without a recipient the dialog refuses to schedule
    await dialog.getByRole('button', { name: 'Remove recipient 1' }).click();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog.getByText('Add at least one recipient.')).toBeVisible();

    await choose(page, /^Schedule$/, 'Every weekday at 09:00');
    await choose(page, /^Time zone$/, 'Europe/Paris', 'Paris');
    await expect(dialog.locator('[data-test="report-next-runs"] li')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Add recipient' }).click();
    await choose(page, /^Recipient 1 type$/, 'Webhook');
    await dialog.getByLabel('Recipient 1 URL').fill('https://hooks.example.com/rama/answers');
    await dialog.getByRole('checkbox', { name: 'Include the result as a table in the message' }).check();
    await shot(page, 'scheduled-query-dialog');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();

    await expect(
      toast(
        page,
        /Your query has been scheduled\. To see details of your query, navigate to Saved queries\. Every weekday at 09:00 \(Europe\/Paris\); next run /,
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await shot(page, 'scheduled-query-toast');

    await page.goto('/savedqueryview/list/');
    await page.getByLabel('Search saved queries').fill(marker);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: label, exact: true }) });
    const schedule = row.locator('[data-test="saved-query-schedule"]');
    await expect(schedule).toContainText('Every weekday at 09:00 · Europe/Paris');
    await expect(schedule).toContainText('Next:');
    await expect(schedule.getByRole('link', { name: `Execution log of ${label}` })).toHaveAttribute('href', /^\/report\/\d+\/log\/$/);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'scheduled-query-list');

    await schedule.getByRole('button', { name: `Pause the schedule of ${label}` }).click();
    await expect(toast(page, `${label} is paused`)).toBeVisible();
    await expect(schedule.getByText('Paused', { exact: true })).toBeVisible();
    await expect(schedule).not.toContainText('Next:');

    // the log of the schedule opens from the list
    await schedule.getByRole('link', { name: `Execution log of ${label}` }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`${label} \\(saved query \\d+\\): execution log`) })).toBeVisible();
    await expect(page.getByText('Report · Every weekday at 09:00 (Europe/Paris)')).toBeVisible();
    await shot(page, 'scheduled-query-log');

    // on the Alerts & reports list it names its saved query, and its edit leads to SQL Lab
    await page.goto('/report/list/');
    await page.getByLabel('Search reports by name').fill(marker);
    const reportRow = page.getByRole('row').filter({ hasText: label });
    await expect(reportRow.getByRole('link', { name: `Saved query ${label}`, exact: true })).toHaveAttribute(
      'href',
      /^\/sqllab\/\?savedQueryId=\d+$/,
    );
    await expect(reportRow.getByRole('link', { name: new RegExp(`^Edit ${label}`) })).toHaveAttribute(
      'href',
      /^\/sqllab\/\?savedQueryId=\d+$/,
    );

    // removing the schedule keeps the query
    await page.goto('/savedqueryview/list/');
    await page.getByLabel('Search saved queries').fill(marker);
    await schedule.getByRole('button', { name: `Remove the schedule of ${label}` }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(toast(page, `The schedule of ${label} was removed`)).toBeVisible();
    await expect(row).toBeVisible();
    await expect(schedule).toHaveCount(0);
  });
});
