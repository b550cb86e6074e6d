import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN_STORAGE_STATE, apiFor, chooseMenuEntry, copyDashboardPermalink, shot, toast, unique, type ApiClient } from './support';

// Native filters, cross-filters and drilling (issue 13), on a dashboard of three flights charts:
// a select filter on origin scoped to two of them reaches exactly those two; a second filter
// chained to it offers fewer values; a time range narrows everything; a click on a bar filters
// the other charts; drill to detail lists the rows behind a bar; a removed filter comes back
// within its 5 s; a permalink restores the filtered view in a fresh browser.

interface ExampleChart {
  id: number;
  slice_name: string;
  viz_type: string;
  form_data: Record<string, unknown>;
}

const holders = (page: Page) => page.locator('[data-test="dashboard-chart"]');
const holder = (page: Page, id: number) => page.locator(`[data-test="dashboard-chart"][data-chart-id="${id}"]`);
const filterItem = (page: Page, name: string) => page.locator('[data-test="filter-item"]').filter({ hasText: name });

async function allRendered(page: Page, count: number): Promise<void> {
  await expect(holders(page)).toHaveCount(count, { timeout: 20_000 });
  for (const h of await holders(page).all()) await expect(h).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
}

/** The chart data requests the dashboard sends from now on, by chart id, with their filters. */
function recordChartQueries(page: Page): Map<number, unknown[]> {
  const seen = new Map<number, unknown[]>();
  page.on('request', (r: Request) => {
    if (!r.url().includes('/api/v1/chart/data') || r.method() !== 'POST') return;
    const formData = new URL(r.url()).searchParams.get('form_data');
    const chartId = formData ? Number((JSON.parse(formData) as { slice_id?: number }).slice_id) : NaN;
    if (!Number.isFinite(chartId)) return;
    const body = r.postDataJSON() as { queries: { filters?: unknown[] }[] };
    seen.set(chartId, body.queries[0]?.filters ?? []);
  });
  return seen;
}

/** A dashboard of the bar of delays by airport, the departures pie and the flights count, side by side. */
async function threeChartDashboard(api: ApiClient): Promise<{ id: number; bar: ExampleChart; pie: ExampleChart; count: ExampleChart }> {
  const charts = (await api.get<{ result: ExampleChart[] }>('/api/v1/dashboard/flights/charts')).result;
  const pick = (name: string) => {
    const c = charts.find((x) => x.slice_name === name);
    if (!c) throw new Error(`no example chart ${name}`);
    return c;
  };
  const bar = pick('Average delay at the ten busiest airports');
  const pie = pick('Departures by airport');
  const count = pick('Flights');
  const title = unique('Filtered flights');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published: true });
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-f1'], parents: ['ROOT_ID'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
    'ROW-f1': {
      type: 'ROW',
      id: 'ROW-f1',
      children: [bar, pie, count].map((c) => `CHART-f${c.id}`),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
  };
  for (const c of [bar, pie, count]) {
    layout[`CHART-f${c.id}`] = {
      type: 'CHART',
      id: `CHART-f${c.id}`,
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-f1'],
      meta: { chartId: c.id, width: 4, height: 50, sliceName: c.slice_name },
    };
  }
  const saved = await api.send('PUT', `/api/v1/dashboard/${created.id}`, {
    dashboard_title: title,
    position_json: JSON.stringify(layout),
    json_metadata: JSON.stringify({ color_scheme: 'supersetColors', cross_filters_enabled: true }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { id: created.id, bar, pie, count };
}

/** Picks an option of an antd select by typing it. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .click();
}

const hasOriginOrd = (filters: unknown[] | undefined) =>
  (filters ?? []).some((f) => {
    const x = f as { col?: unknown; op?: unknown; val?: unknown };
    return x.col === 'origin' && x.op === 'IN' && Array.isArray(x.val) && x.val.includes('ORD');
  });

test('native filters: scoped select, cascade, time range, cross-filter, drill to detail, undo a removal, permalink', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await apiFor(page);
  const { id, bar, pie, count } = await threeChartDashboard(api);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/rama/dashboard/${id}/`);
  await allRendered(page, 3);

  // 1. a select filter on origin, scoped to the bar and the pie (not the count)
  await page.locator('[data-test="filter-bar"]').getByRole('button', { name: 'Add or edit filters' }).click();
  const modal = page.locator('[data-test="filters-config-modal"]');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Add filter' }).click();
  await modal.getByLabel('Filter name').fill('Origin');
  await choose(page, 'Dataset', 'flights');
  await choose(page, 'Column', 'origin');
  await modal.getByRole('tab', { name: 'Scoping' }).click();
  await modal.getByRole('treeitem', { name: count.slice_name }).locator('.ant-tree-checkbox').click();
  await expect(modal.getByText('The filter applies to 2 of 3 charts.')).toBeVisible();
  await shot(page, 'filters-config-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(filterItem(page, 'Origin')).toBeVisible();

  const queries = recordChartQueries(page);
  await filterItem(page, 'Origin').locator('.ant-select').click();
  await page.keyboard.type('ORD');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^ORD$/ }).click();
  await page.keyboard.press('Escape');
  await page.locator('[data-test="filter-apply"]').click();
  await expect.poll(() => queries.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await allRendered(page, 3);
  expect(hasOriginOrd(queries.get(bar.id))).toBe(true);
  expect(hasOriginOrd(queries.get(pie.id))).toBe(true);
  expect(queries.has(count.id)).toBe(false);
  await expect(holder(page, bar.id).locator('[data-test="chart-filter-badge"]')).toHaveAttribute('data-applied', '1');
  await expect(holder(page, count.id).locator('[data-test="chart-filter-badge"]')).toHaveCount(0);
  // the filtered view is kept in the address
  await expect(page).toHaveURL(/native_filters_key=/);
  await shot(page, 'filters-vertical-applied');

  // 2. a destination filter chained to the origin offers only the destinations flown from ORD
  await page.locator('[data-test="filter-bar"]').getByRole('button', { name: 'Filter bar settings' }).click();
  await page.getByRole('menuitem', { name: 'Add or edit filters' }).click();
  await modal.getByRole('button', { name: 'Add filter' }).click();
  await modal.getByLabel('Filter name').fill('Destination');
  await choose(page, 'Dataset', 'flights');
  await choose(page, 'Column', 'destination');
  await choose(page, 'Parent filter', 'Origin');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const destination = filterItem(page, 'Destination').locator('.ant-select');
  await expect(destination).toContainText(/\d+ options?/, { timeout: 20_000 });
  const offered = Number((await destination.textContent())?.match(/(\d+) option/)?.[1]);
  const datasetId = Number(String(bar.form_data.datasource).split('__')[0]);
  const every = await api.post<{ result: { data: unknown[] }[] }>('/api/v1/chart/data', {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: ['destination'], metrics: [], row_limit: 1000 }],
    result_type: 'full',
  });
  expect(offered).toBeGreaterThan(0);
  expect(offered).toBeLessThan(every.result[0].data.length);

  // 3. a time range for every chart, through the bar's picker (the filter made through the API)
  const config = (await api.get<{ result: { json_metadata: string } }>(`/api/v1/dashboard/${id}`)).result;
  const put = await api.send('PUT', `/api/v1/dashboard/${id}/filters`, {
    modified: [
      {
        id: 'NATIVE_FILTER-e2etime',
        type: 'NATIVE_FILTER',
        name: 'When',
        filterType: 'filter_time',
        targets: [{ datasetId }],
        controlValues: {},
        defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
        description: '',
      },
    ],
    deleted: [],
    reordered: [],
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(JSON.parse(config.json_metadata).native_filter_configuration).toHaveLength(2);
  await page.reload();
  await allRendered(page, 3);
  // the reload kept the origin value through the address
  await expect(filterItem(page, 'Origin')).toContainText('ORD');
  const flightsBefore = await holder(page, count.id).locator('.rama-chart-area').textContent();
  await filterItem(page, 'When').getByRole('button').click();
  await page.getByLabel('Range type').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Advanced$/ })
    .click();
  await page.getByLabel('Start (inclusive)').fill('2001-01-01');
  await page.getByLabel('End (exclusive)').fill('2001-02-01');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.locator('[data-test="filter-apply"]').click();
  await expect(holder(page, count.id).locator('[data-test="chart-filter-badge"]')).toHaveAttribute('data-applied', '1', {
    timeout: 20_000,
  });
  await allRendered(page, 3);
  await expect.poll(async () => holder(page, count.id).locator('.rama-chart-area').textContent()).not.toBe(flightsBefore);

  // 4. a click on a bar cross-filters the other charts
  await page.locator('[data-test="filter-clear-all"]').click();
  await allRendered(page, 3);
  const crossQueries = recordChartQueries(page);
  const bars = holder(page, bar.id).locator('.rama-chart-area svg path[fill]:not([fill="none"])');
  await bars.first().click({ force: true });
  await expect(page.locator('[data-test="cross-filter-tag"]')).toHaveCount(1, { timeout: 10_000 });
  await expect.poll(() => crossQueries.has(count.id), { timeout: 20_000 }).toBe(true);
  expect(crossQueries.has(bar.id)).toBe(false);
  await allRendered(page, 3);
  await shot(page, 'filters-cross-filter');

  // 5. drill to detail from a bar: the rows behind it
  await bars.first().click({ button: 'right', force: true });
  await page.getByRole('menuitem', { name: 'Drill to detail' }).click();
  const detail = page.locator('[data-test="drill-detail-modal"]');
  await expect(detail).toBeVisible();
  await expect(detail.locator('tbody tr').nth(2)).toBeVisible({ timeout: 20_000 });
  await shot(page, 'filters-drill-detail');
  await detail.locator('.ant-modal-footer button').last().click();
  await expect(detail).toBeHidden();
  await page.locator('[data-test="cross-filter-tag"] .ant-tag-close-icon').click();
  await expect(page.locator('[data-test="cross-filter-tag"]')).toHaveCount(0);

  // 6. a filter removed in the configuration comes back with "Restore filter" within 5 s
  await page.locator('[data-test="filter-bar"]').getByRole('button', { name: 'Filter bar settings' }).click();
  await page.getByRole('menuitem', { name: 'Add or edit filters' }).click();
  const destinationItem = modal.locator('[data-test="filter-config-item"]').filter({ hasText: 'Destination' });
  await destinationItem.getByRole('button', { name: 'Remove filter' }).click();
  await destinationItem.getByRole('button', { name: 'Restore filter' }).click();
  await page.waitForTimeout(5_500);
  await expect(modal.locator('[data-test="filter-config-item"]').filter({ hasText: 'Destination' })).toHaveCount(1);
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // 7. a permalink keeps the filtered view: ORD picked, opened in a fresh browser
  await filterItem(page, 'Origin').locator('.ant-select').click();
  await page.keyboard.type('ORD');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^ORD$/ }).click();
  await page.keyboard.press('Escape');
  await page.locator('[data-test="filter-apply"]').click();
  await allRendered(page, 3);
  const url = await copyDashboardPermalink(page);

  const fresh = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
  const other = await fresh.newPage();
  const otherQueries = recordChartQueries(other);
  await other.goto(new URL(url).pathname);
  await allRendered(other, 3);
  await expect(filterItem(other, 'Origin')).toContainText('ORD');
  expect(hasOriginOrd(otherQueries.get(bar.id))).toBe(true);
  expect(hasOriginOrd(otherQueries.get(count.id))).toBe(false);
  await fresh.close();
});

test('the filter bar lies across the top when its orientation is horizontal, and the setting is saved', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await apiFor(page);
  const source = await api.get<{ id: number; result: { css: string | null; json_metadata: string | null } }>('/api/v1/dashboard/flights');
  const copy = await api.post<{ result: { id: number } }>(`/api/v1/dashboard/${source.id}/copy/`, {
    dashboard_title: unique('Flights across'),
    css: source.result.css ?? '',
    duplicate_slices: false,
    json_metadata: source.result.json_metadata ?? '{}',
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/rama/dashboard/${copy.result.id}/`);
  await expect(page.locator('.rama-filter-bar--vertical')).toBeVisible();
  await chooseMenuEntry(
    page,
    page.getByRole('button', { name: 'Filter bar settings' }),
    /^Orientation of filter bar/,
    'Horizontal (Top)',
    page.locator('.rama-filter-bar--horizontal'),
  );
  await expect(page.locator('.rama-filter-bar--horizontal').getByText('Origin airport')).toBeVisible();
  await shot(page, 'filters-horizontal');
  await page.reload();
  await expect(page.locator('.rama-filter-bar--horizontal')).toBeVisible();
  const saved = await api.get<{ result: { json_metadata: string } }>(`/api/v1/dashboard/${copy.result.id}`);
  expect(JSON.parse(saved.result.json_metadata).filter_bar_orientation).toBe('HORIZONTAL');
  await expect(toast(page, /could not be saved/)).toHaveCount(0);
});
