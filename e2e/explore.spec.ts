import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STORAGE_STATE, apiFor, examplesDatabaseId, shot, toast, unique, type ApiClient } from './support';

// Explore as an analyst uses it (issue 11): build a chart from the flights example, run it, save
// it onto a new dashboard, reopen, overwrite, star, share and download it; stop a slow query; and
// every chart type of this issue draws a real chart from the examples.

async function datasetId(api: ApiClient, table: string): Promise<number> {
  const reply = await api.get<{ result: { id: number }[] }>(`/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:${table})))`);
  if (!reply.result[0]) throw new Error(`no example dataset on ${table}`);
  return reply.result[0].id;
}

/** The drawn chart, described for screen readers by its legend entries. */
const chartImage = (page: Page) => page.locator('.rama-chart-area [role="img"]').first();

async function pickOption(page: Page, control: string, option: string): Promise<void> {
  await page.locator(`[data-control="${control}"] .ant-select`).first().click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('builds a line chart of average delay by origin per month, saves it onto a new dashboard, reopens, overwrites, stars, shares and downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const flights = await datasetId(api, 'flights');
  await page.goto(`/explore/?datasource_type=table&datasource_id=${flights}&viz_type=echarts_timeseries_line`);

  // a validation error blocks the run
  await expect(page.getByText('cannot be empty')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create chart' });
  await expect(create).toBeDisabled();

  await pickOption(page, 'time_grain_sqla', 'Month');
  await page.getByText('Average delay (min)', { exact: true }).dragTo(page.locator('#control-metrics .rama-chip-add'));
  await page.locator('.rama-ds-name', { hasText: /^origin$/ }).dragTo(page.locator('#control-groupby .rama-chip-add'));
  await expect(page.locator('#control-metrics')).toContainText('Average delay (min)');
  await expect(page.locator('#control-groupby')).toContainText('origin');
  await expect(page.getByText('cannot be empty')).toHaveCount(0);

  // a filter through the editor: origin IN (LAX, SEA, SFO), values searched from the column
  await page.locator('[data-control="adhoc_filters"] .rama-chip-add').click();
  const editor = page.getByRole('dialog', { name: 'Edit filter' });
  await editor.getByLabel('Column').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'origin' }).first().click();
  await editor.getByLabel('Operator').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^In$/ }).first().click();
  const values = editor.getByLabel('Values');
  for (const code of ['SEA', 'SFO', 'LAX']) {
    await values.fill(code);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${code}$`) })
      .first()
      .click();
  }
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-control="adhoc_filters"]')).toContainText('origin IN (SEA, SFO, LAX)');
  // the editor closes (its Save button would otherwise be a second "Save" on the page while it fades)
  await expect(editor).toBeHidden();
  await page.keyboard.press('Control+Enter');

  // the chart draws, with a legend of the three airports, largest total first (sort_series_type sum, descending, as the peer)
  await expect(chartImage(page)).toHaveAttribute('aria-label', 'Chart: SEA, LAX, SFO', { timeout: 30_000 });
  await expect(page.locator('.rama-chart-area svg').first()).toBeVisible();
  await shot(page, 'explore-line-built');

  // save onto a new dashboard
  const name = unique('Delay by origin');
  const board = unique('Flights board');
  await page.getByRole('button', { name: /^(save )?Save$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Save chart' });
  await modal.getByLabel('Chart name').fill(name);
  await modal.getByLabel('Add to dashboard').fill(board);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: board }).first().click();
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Chart [${name}] has been saved`)).toBeVisible();
  await expect(toast(page, `Dashboard [${board}] just got created and chart [${name}] was added to it`)).toBeVisible();
  await expect(page).toHaveURL(/slice_id=\d+/);
  const sliceId = Number(new URL(page.url()).searchParams.get('slice_id'));

  const saved = await api.get<{
    result: { slice_name: string; viz_type: string; params: string; dashboards: { dashboard_title: string }[] };
  }>(`/api/v1/chart/${sliceId}`);
  expect(saved.result).toMatchObject({ slice_name: name, viz_type: 'echarts_timeseries_line' });
  expect(saved.result.dashboards.map((d) => d.dashboard_title)).toEqual([board]);
  expect(JSON.parse(saved.result.params)).toMatchObject({ time_grain_sqla: 'P1M', groupby: ['origin'] });

  // reopen by slice_id: it runs at once
  await page.goto(`/explore/?slice_id=${sliceId}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(chartImage(page)).toHaveAttribute('aria-label', 'Chart: SEA, LAX, SFO', { timeout: 30_000 });

  // overwrite it with a quarterly grain
  await pickOption(page, 'time_grain_sqla', 'Quarter');
  await page.getByRole('button', { name: 'Update chart' }).click();
  await expect(chartImage(page)).toHaveAttribute('aria-label', /^Chart: /, { timeout: 30_000 });
  await page.getByRole('button', { name: /^(save )?Save$/ }).click();
  await expect(modal.getByRole('radio', { name: 'Save (Overwrite)' })).toBeChecked();
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, `Chart [${name}] has been overwritten`)).toBeVisible();
  const overwritten = await api.get<{ result: { params: string } }>(`/api/v1/chart/${sliceId}`);
  expect(JSON.parse(overwritten.result.params)).toMatchObject({ time_grain_sqla: 'P3M' });

  // star it
  await page.getByRole('button', { name: 'Star chart' }).click();
  await expect(page.getByRole('button', { name: 'Unstar chart' })).toBeVisible();
  const fav = await api.get<{ result: { id: number; value: boolean }[] }>(`/api/v1/chart/favorite_status/?q=!(${sliceId})`);
  expect(fav.result).toEqual([{ id: sliceId, value: true }]);

  // download the data as CSV
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Download' }).hover();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export to .CSV' }).click();
  const file = await downloading;
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/Average delay \(min\)|date/);
  expect(csv.trim().split('\n').length).toBeGreaterThan(2);

  // share a permalink and open it in a fresh browser context
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).hover();
  const permalinkReply = page.waitForResponse((r) => r.url().endsWith('/api/v1/explore/permalink') && r.request().method() === 'POST');
  await page.getByRole('menuitem', { name: 'Copy permalink to clipboard' }).click();
  const { url } = (await (await permalinkReply).json()) as { url: string };
  expect(url).toMatch(/\/explore\/p\/[\w-]+\/$/);
  const fresh = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
  const other = await fresh.newPage();
  await other.goto(new URL(url).pathname);
  await expect(chartImage(other)).toHaveAttribute('aria-label', 'Chart: SEA, LAX, SFO', { timeout: 30_000 });
  await shot(other, 'explore-permalink');
  await fresh.close();

  // it is in the chart list
  await page.goto('/chart/list/');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await shot(page, 'chart-list');
});

test('stops a slow chart query: the chart says so and the server is free again', async ({ page }) => {
  const api = await apiFor(page);
  const examples = await examplesDatabaseId(api);
  const slow = await api.post<{ id: number }>('/api/v1/dataset/', {
    database: examples,
    schema: 'main',
    table_name: unique('slow_series'),
    sql: 'SELECT a.range AS a, b.range AS b FROM range(200000) a, range(200000) b',
  });
  const { url } = await api.post<{ url: string }>('/api/v1/explore/permalink', {
    formData: {
      datasource: `${slow.id}__table`,
      viz_type: 'big_number_total',
      metric: { expressionType: 'SQL', sqlExpression: 'SUM(hash(a * b) % 7)', label: 'slow sum' },
      adhoc_filters: [],
    },
  });
  await page.goto(new URL(url).pathname);
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible({ timeout: 15_000 });
  await stop.click();
  await expect(page.getByText('Updating chart was stopped')).toBeVisible();
  await shot(page, 'explore-stopped');
  // the engine is not held by the stopped query: a quick chart still answers at once
  const flights = await datasetId(api, 'flights');
  const quick = await api.post<{ result: { data: unknown[] }[] }>('/api/v1/chart/data', {
    datasource: { id: flights, type: 'table' },
    queries: [{ metrics: ['count'], columns: [], row_limit: 1 }],
    force: true,
  });
  expect(quick.result[0].data).toHaveLength(1);
});

const avgDelay = 'avg_delay';
const FORM_DATA: Record<string, Record<string, unknown>> = {
  table: { query_mode: 'aggregate', groupby: ['origin'], metrics: [avgDelay, 'count'], row_limit: 100, show_cell_bars: true },
  echarts_timeseries_line: { x_axis: 'date', time_grain_sqla: 'P1M', metrics: [avgDelay], groupby: ['origin'], series_limit: 5 },
  echarts_timeseries: { x_axis: 'date', time_grain_sqla: 'P1M', metrics: [avgDelay], groupby: ['origin'], series_limit: 5 },
  echarts_timeseries_smooth: { x_axis: 'date', time_grain_sqla: 'P1W', metrics: [avgDelay], groupby: [] },
  echarts_timeseries_step: { x_axis: 'date', time_grain_sqla: 'P1M', metrics: ['count'], groupby: ['origin'], series_limit: 3 },
  echarts_timeseries_bar: { x_axis: 'origin', metrics: ['count'], groupby: [], row_limit: 10 },
  echarts_timeseries_scatter: { x_axis: 'date', time_grain_sqla: 'P1D', metrics: [avgDelay], groupby: [] },
  echarts_area: { x_axis: 'date', time_grain_sqla: 'P1M', metrics: ['count'], groupby: ['origin'], series_limit: 5, stack: 'Stack' },
  pie: { metric: 'count', groupby: ['origin'], row_limit: 10, donut: true, show_total: true },
  big_number_total: { metric: 'count', subheader: 'flights in the examples' },
  big_number: { x_axis: 'date', time_grain_sqla: 'P1W', metric: avgDelay },
  pivot_table_v2: {
    groupbyRows: ['origin'],
    groupbyColumns: [],
    metrics: [avgDelay, 'count'],
    rowTotals: true,
    colTotals: true,
    adhoc_filters: [
      { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['SEA', 'SFO', 'LAX', 'ORD'], clause: 'WHERE' },
    ],
  },
};

test('every chart type of this issue draws a real chart from the examples', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiFor(page);
  const flights = await datasetId(api, 'flights');
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  for (const [vizType, controls] of Object.entries(FORM_DATA)) {
    const { url } = await api.post<{ url: string }>('/api/v1/explore/permalink', {
      formData: { datasource: `${flights}__table`, viz_type: vizType, adhoc_filters: [], ...controls },
    });
    await page.goto(new URL(url).pathname);
    const area = page.locator('.rama-chart-area').first();
    await expect(area.locator('svg, table, .rama-big-number').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/An error occurred while rendering|No results were returned/)).toHaveCount(0);
    // drawn: the page's own measure from the data reply to the chart drawn (after any animation)
    await page.waitForFunction(() => performance.getEntriesByName('rama:chart-render').length > 0, null, { timeout: 30_000 });
    await shot(page, `viz-${vizType}`);
  }
  expect(problems).toEqual([]);
});
