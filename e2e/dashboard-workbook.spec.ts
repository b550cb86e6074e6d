import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { downloadFromMenuEntry, openNavMenu, toast } from './support';

// A dashboard as one workbook (issue 30 item 2): "Download as Excel" in the dashboard menu saves an
// .xlsx named after the dashboard, with a first sheet that lists the filters applied and links to a
// sheet per chart of the open tab.

const FILTERED = '/rama/dashboard/flights/?native_filters=(NATIVE_FILTER-flights-origin:(filterState:(value:!(SEA))))';

test('"Download as Excel" saves the open tab as a workbook with the filters applied', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(FILTERED);
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  // the filter bar shows the value the address carried
  await expect(page.locator('[data-test="dashboard-chart"]:visible').first()).toBeVisible({ timeout: 30_000 });

  const file = await downloadFromMenuEntry(page, page.locator('[data-test="dashboard-menu"]'), /^Download/, 'Download as Excel', 45_000);
  await expect(toast(page, 'Downloading the dashboard as an Excel workbook')).toBeVisible();
  expect(file.suggestedFilename()).toBe('Flights overview.xlsx');

  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const names = book.worksheets.map((w) => w.name);
  // the first sheet, then the six charts of the Overview tab (the Details tab is not open)
  expect(names[0]).toBe('Dashboard');
  expect(names).toHaveLength(7);
  const summary: unknown[][] = [];
  book.getWorksheet('Dashboard')!.eachRow((row) => summary.push((row.values as unknown[]).slice(1)));
  expect(summary[0][0]).toBe('Flights overview');
  expect(summary).toContainEqual(['Origin airport', 'SEA']);
  // each chart's row links to its sheet (a HYPERLINK formula, followed within the file)
  const links = summary.slice(summary.findIndex((r) => r[0] === 'Charts') + 1).map((r) => r[1] as { formula: string; result: string });
  expect(links.map((l) => l.result)).toEqual(names.slice(1));
  for (const l of links) expect(l.formula).toContain(`"#'${l.result.replace(/'/g, "''")}'!A1"`);
  // every chart sheet has a bold, frozen header row and data under it
  for (const sheet of book.worksheets.slice(1)) {
    expect(sheet.views[0], sheet.name).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold, sheet.name).toBe(true);
    expect(sheet.rowCount, sheet.name).toBeGreaterThan(1);
  }
});

test('a workbook the server refuses shows the reason in a toast', async ({ page }) => {
  await page.route('**/api/v1/dashboard/*/workbook/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'You do not have permission to download data.' }),
    }),
  );
  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await page.locator('[data-test="dashboard-menu"]').click();
  await openNavMenu(page, /^Download/, 'Download as Excel');
  await page.getByRole('menuitem', { name: 'Download as Excel', exact: true }).click();
  await expect(toast(page, 'The Excel workbook could not be downloaded: You do not have permission to download data.')).toBeVisible();
});
