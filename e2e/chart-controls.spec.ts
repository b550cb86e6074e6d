import { expect, test, type Page } from '@playwright/test';
import { apiFor, type ApiClient } from './support';

// The chart controls of issue 27 item 5, each drawn from the flights example through an Explore
// permalink: series order, Expand stacking, the pie label template, the table time comparison (one
// shift and several), sorting a pivot table by a column header, and the currency format control.

const ORIGINS = ['SEA', 'SFO', 'LAX', 'ORD'];
const originFilter = { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ORIGINS, clause: 'WHERE' };

async function flightsId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))');
  return reply.result[0].id;
}

/** Opens Explore on a permalink of the form data and waits until the chart is drawn. */
async function openChart(page: Page, api: ApiClient, formData: Record<string, unknown>) {
  const { url } = await api.post<{ url: string }>('/api/v1/explore/permalink', { formData });
  await page.goto(new URL(url).pathname);
  const area = page.locator('.rama-chart-area').first();
  await expect(area.locator('svg, table').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => performance.getEntriesByName('rama:chart-render').length > 0, null, { timeout: 30_000 });
  return area;
}

/** Opens an antd select by its accessible name and picks the option with this text, typing it first to search. */
async function pick(page: Page, label: string, option: string, search?: string) {
  await page.getByLabel(label, { exact: true }).click();
  if (search) await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/chart-controls/${name}.png`, fullPage: true });

test('an Expand area chart draws each month to 100 %, and sorting by sum descending puts the largest series first', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const base = {
    datasource: `${ds}__table`,
    viz_type: 'echarts_area',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: ['count'],
    groupby: ['origin'],
    adhoc_filters: [originFilter],
    row_limit: 1000,
  };

  // the origins by their total number of flights, largest first, as the engine counts them
  const totals = await api.post<{ result: { data: { origin: string; count: number }[] }[] }>('/api/v1/chart/data', {
    datasource: { id: ds, type: 'table' },
    queries: [{ metrics: ['count'], columns: ['origin'], filters: [{ col: 'origin', op: 'IN', val: ORIGINS }], row_limit: 10 }],
  });
  const bySum = [...totals.result[0].data].sort((a, b) => b.count - a.count).map((r) => r.origin);
  expect(bySum).toHaveLength(4);

  const expand = await openChart(page, api, { ...base, stack: 'Expand', sort_series_type: 'sum', sort_series_ascending: false });
  const texts = async () => (await expand.locator('svg text').allTextContents()).map((t) => t.trim());
  await expect.poll(texts).toContain('100%');
  // a share never passes the whole: the axis ends at 100 %
  const percents = (await texts()).filter((t) => /^\d+%$/.test(t)).map((t) => Number(t.slice(0, -1)));
  expect(Math.max(...percents)).toBe(100);
  const legendOrder = (await texts()).filter((t) => ORIGINS.includes(t));
  expect(legendOrder).toEqual(bySum);
  await screenshot(page, 'area-expand-sorted-by-sum');

  // ascending puts the smallest first
  const ascending = await openChart(page, api, { ...base, stack: 'Stack', sort_series_type: 'sum', sort_series_ascending: true });
  await expect
    .poll(async () => (await ascending.locator('svg text').allTextContents()).map((t) => t.trim()).filter((t) => ORIGINS.includes(t)))
    .toEqual([...bySum].reverse());

  // a streamgraph is centred on zero: its value axis runs below zero as far as above
  const stream = await openChart(page, api, { ...base, stack: 'Stream' });
  await expect.poll(async () => (await stream.locator('svg text').allTextContents()).some((t) => /^[-−]\d/.test(t.trim()))).toBe(true);
  await screenshot(page, 'area-stream');
});

test('a pie with a label template shows the templated text on its slices', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const area = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'pie',
    metric: 'count',
    groupby: ['origin'],
    adhoc_filters: [originFilter],
    label_type: 'template',
    label_template: '{name} is {percent}',
    number_format: ',d',
  });
  await expect(area.locator('svg text', { hasText: /^SEA is \d+\.\d\d%$/ })).toHaveCount(1);
  await expect(area.locator('svg text', { hasText: /^(SEA|SFO|LAX|ORD) is \d+\.\d\d%$/ })).toHaveCount(4);
  await screenshot(page, 'pie-label-template');
});

test('a table with a time shift shows the shifted value, the difference and the change for each metric', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const area = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    adhoc_filters: [
      originFilter,
      { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2001-03-01 : 2001-04-01', clause: 'WHERE' },
    ],
    time_compare: ['1 month ago'],
    row_limit: 10,
    // whole numbers, so the test can check the arithmetic
    column_config: Object.fromEntries(['Main count', '# count', '△ count'].map((k) => [k, { d3NumberFormat: ',d' }])),
  });
  const headers = area.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^Main / })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^# / })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^△ / })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^% / })).toHaveCount(1);
  // the values agree: main − shifted = difference, difference / shifted = change
  const sea = area.getByRole('row').filter({ hasText: 'SEA' }).first();
  const cells = (await sea.getByRole('cell').allTextContents()).map((t) => t.trim());
  const [main, shifted, diff] = cells.slice(1, 4).map((t) => Number(t.replace(/,/g, '')));
  expect(main).toBeGreaterThan(0);
  expect(shifted).toBeGreaterThan(0);
  expect(diff).toBe(main - shifted);
  expect(Number(cells[4].replace('%', ''))).toBeCloseTo((diff / shifted) * 100, 1);
  await screenshot(page, 'table-time-comparison');
});

test('clicking a pivot column header sorts the rows ascending, then descending, then back', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const area = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'pivot_table_v2',
    groupbyRows: ['origin'],
    groupbyColumns: [],
    metrics: ['count'],
    adhoc_filters: [originFilter],
  });
  const rowLabels = () => area.locator('tbody th.pvt-row-label').allTextContents();
  const values = async () => (await area.locator('tbody tr td:first-of-type').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
  const before = await rowLabels();
  expect([...before].sort()).toEqual([...ORIGINS].sort());

  const header = area.locator('thead th.pvt-sortable').first();
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const asc = await values();
  const ascLabels = await rowLabels();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  await screenshot(page, 'pivot-sorted-ascending');

  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const desc = await values();
  expect(desc).toEqual([...asc].reverse());
  expect(await rowLabels()).toEqual([...ascLabels].reverse());

  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'none');
  expect(await rowLabels()).toEqual(before);
});

test('Explore offers the series order, the Expand stack and the label template in Customize', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'echarts_area',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metrics: ['count'],
    groupby: ['origin'],
    adhoc_filters: [originFilter],
    stack: 'Expand',
  });
  await page.getByRole('tab', { name: 'Customize' }).click();
  await expect(page.getByText('Stacked style')).toBeVisible();
  await expect(page.locator('.rama-control-sections').getByText('Expand', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Series Order/ }).click();
  await expect(page.getByText('Sort Series By')).toBeVisible();
  await expect(page.getByText('Sort Series Ascending')).toBeVisible();
  await screenshot(page, 'explore-series-order');

  await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'pie',
    metric: 'count',
    groupby: ['origin'],
    adhoc_filters: [originFilter],
    label_type: 'template',
    label_template: '{name}: {value}',
  });
  await page.getByRole('tab', { name: 'Customize' }).click();
  await page.getByRole('button', { name: /^Labels/ }).click();
  await expect(page.getByText('Label Template')).toBeVisible();
  await screenshot(page, 'explore-pie-label-template');
});

test('a table with two time shifts shows the shifted value, the difference and the change for each shift', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const area = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    adhoc_filters: [
      originFilter,
      { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2001-03-01 : 2001-04-01', clause: 'WHERE' },
    ],
    time_compare: ['1 month ago', '2 months ago'],
    row_limit: 10,
  });
  const headers = area.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^Main / })).toHaveCount(1);
  for (const shift of ['1 month ago', '2 months ago']) {
    for (const part of ['#', '△', '%'])
      await expect(headers.filter({ hasText: `${part} ` }).filter({ hasText: `(${shift})` })).toHaveCount(1);
  }
  await screenshot(page, 'table-two-time-shifts');

  // "Difference" keeps one column per shift
  const diff = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    adhoc_filters: [
      originFilter,
      { expressionType: 'SIMPLE', subject: 'date', operator: 'TEMPORAL_RANGE', comparator: '2001-03-01 : 2001-04-01', clause: 'WHERE' },
    ],
    time_compare: ['1 month ago', '2 months ago'],
    comparison_type: 'absolute',
    row_limit: 10,
  });
  const diffHeaders = (await diff.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  expect(diffHeaders.filter((t) => /^[#△%] /.test(t))).toHaveLength(2);
  expect(diffHeaders.filter((t) => t.startsWith('△ '))).toHaveLength(2);
  // Explore shows both shifts and the calculation type
  await page.getByRole('button', { name: /^Time Comparison/ }).click();
  await expect(page.getByText('Calculation type')).toBeVisible();
  const shiftChip = page.locator('.rama-control-sections').getByText('2 months ago', { exact: true });
  await shiftChip.scrollIntoViewIfNeeded();
  await expect(shiftChip).toBeVisible();
  await screenshot(page, 'explore-table-time-comparison');
});

test('choosing a currency in Explore writes its symbol on the big number, before or after it', async ({ page }) => {
  const api = await apiFor(page);
  const ds = await flightsId(api);
  const area = await openChart(page, api, {
    datasource: `${ds}__table`,
    viz_type: 'big_number',
    x_axis: 'date',
    time_grain_sqla: 'P1M',
    metric: 'count',
    adhoc_filters: [originFilter],
    y_axis_format: ',d',
  });
  const headline = area.locator('.rama-big-number [title]').first();
  await expect(headline).toHaveAttribute('title', /^[\d,]+$/);
  await page.getByRole('tab', { name: 'Customize' }).click();
  await page.getByRole('button', { name: /^Number formatting/ }).click();
  await pick(page, 'Currency format symbol', 'EUR (€)', 'EUR');
  await expect(headline).toHaveAttribute('title', /^€ [\d,]+$/);
  await pick(page, 'Currency format position', 'Suffix');
  await expect(headline).toHaveAttribute('title', /^[\d,]+ €$/);
  await screenshot(page, 'big-number-currency');
});
