import { expect, test, type Page, type Request } from '@playwright/test';
import { ADMIN_STORAGE_STATE, apiFor, unique, type ApiClient } from './support';

// Issue 27 item 5: "Edit chart" from a dashboard opens Explore with the dashboard's applied
// native filter in the chart's filters (marked as a dashboard filter), the query uses it, and the
// save dialog defaults to overwriting the chart and offers that dashboard preselected.

test.use({ storageState: ADMIN_STORAGE_STATE });

interface ExampleChart {
  id: number;
  slice_name: string;
  viz_type: string;
  form_data: Record<string, unknown>;
}

/** A dashboard with one chart of departures by airport (a copy, so other specs' charts stay as they are) and an origin filter set to ORD. */
async function filteredDashboard(api: ApiClient): Promise<{ id: number; title: string; chartId: number; chartName: string }> {
  const charts = (await api.get<{ result: ExampleChart[] }>('/api/v1/dashboard/flights/charts')).result;
  const base = charts.find((c) => c.slice_name === 'Departures by airport');
  if (!base) throw new Error('no example chart "Departures by airport"');
  const datasetId = Number(String(base.form_data.datasource).split('__')[0]);
  const chartName = unique('Departures');
  const params = { ...base.form_data };
  delete params.slice_id;
  const chart = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: chartName,
    viz_type: base.viz_type,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  const title = unique('Edit from dashboard');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published: true });
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-e1'], parents: ['ROOT_ID'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
    'ROW-e1': {
      type: 'ROW',
      id: 'ROW-e1',
      children: [`CHART-e${chart.id}`],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    [`CHART-e${chart.id}`]: {
      type: 'CHART',
      id: `CHART-e${chart.id}`,
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-e1'],
      meta: { chartId: chart.id, width: 6, height: 50, sliceName: chartName },
    },
  };
  const saved = await api.send('PUT', `/api/v1/dashboard/${created.id}`, {
    dashboard_title: title,
    position_json: JSON.stringify(layout),
    json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const filters = await api.send('PUT', `/api/v1/dashboard/${created.id}/filters`, {
    modified: [
      {
        id: 'NATIVE_FILTER-e2eorigin',
        type: 'NATIVE_FILTER',
        name: 'Origin',
        filterType: 'filter_select',
        targets: [{ datasetId, column: { name: 'origin' } }],
        controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false },
        defaultDataMask: {
          extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['ORD'] }] },
          filterState: { value: ['ORD'] },
          ownState: {},
        },
        cascadeParentIds: [],
        scope: { rootPath: ['ROOT_ID'], excluded: [] },
        description: '',
      },
    ],
    deleted: [],
    reordered: [],
  });
  expect(filters.status, JSON.stringify(filters.body)).toBe(200);
  return { id: created.id, title, chartId: chart.id, chartName };
}

const isOrd = (filters: unknown[] | undefined) =>
  (filters ?? []).some((f) => {
    const x = f as { col?: unknown; op?: unknown; val?: unknown };
    return x.col === 'origin' && x.op === 'IN' && Array.isArray(x.val) && x.val.length === 1 && x.val[0] === 'ORD';
  });

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/shots-explore/${name}.png` });
}

test('Edit chart from a dashboard opens Explore with the dashboard filter applied and the dashboard as the save target', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const { id, title, chartId, chartName } = await filteredDashboard(api);

  await page.goto(`/rama/dashboard/${id}/`);
  const card = page.locator(`[data-test="dashboard-chart"][data-chart-id="${chartId}"]`);
  await expect(card).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect(card.locator('[data-test="chart-filter-badge"]')).toHaveAttribute('data-applied', '1', { timeout: 20_000 });

  // the chart data the Explore tab asks for, with the reply's row count
  const exploreQueries: { filters: unknown[]; rowcount: Promise<number> }[] = [];
  context.on('request', (r: Request) => {
    if (!r.url().includes('/api/v1/chart/data') || r.method() !== 'POST' || r.isNavigationRequest()) return;
    if (r.frame().page() === page) return;
    const body = r.postDataJSON() as { queries: { filters?: unknown[] }[]; result_type?: string };
    if (body.result_type && body.result_type !== 'full') return;
    exploreQueries.push({
      filters: body.queries[0]?.filters ?? [],
      rowcount: r.response().then(async (res) => ((await res?.json()) as { result: { rowcount: number }[] }).result[0].rowcount),
    });
  });

  await card.hover();
  await card.locator('[data-test="chart-menu"]').click();
  const [explore] = await Promise.all([
    context.waitForEvent('page'),
    page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Edit chart' }).click(),
  ]);
  await explore.waitForLoadState();
  await expect(explore).toHaveURL(/\/explore\/\?form_data_key=[\w-]+&slice_id=\d+&dashboard_page_id=\d+/);
  await expect(explore.getByText(chartName).first()).toBeVisible({ timeout: 20_000 });

  // the dashboard's filter is one of the chart's filters, marked as coming from the dashboard
  const filtersControl = explore.locator('[data-control="adhoc_filters"]');
  await expect(filtersControl).toContainText('IN (ORD)');
  await expect(filtersControl.locator('.rama-chip-tag')).toHaveText('dashboard');

  // the chart's query uses it: one airport, ORD
  await expect.poll(() => exploreQueries.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(isOrd(exploreQueries[0].filters)).toBe(true);
  expect(await exploreQueries[0].rowcount).toBe(1);
  await expect(explore.locator('.rama-chart-area svg, .rama-chart-area canvas').first()).toBeVisible({ timeout: 30_000 });
  await screenshot(explore, 'explore-from-dashboard');

  // Save: overwrite by default, with the dashboard preselected
  await explore.getByRole('button', { name: /^(save )?Save$/ }).click();
  const modal = explore.getByRole('dialog', { name: 'Save chart' });
  await expect(modal.getByRole('radio', { name: 'Save (Overwrite)' })).toBeChecked();
  await expect(modal.locator('.ant-select').filter({ has: explore.getByLabel('Add to dashboard') })).toContainText(title);
  await screenshot(explore, 'explore-from-dashboard-save');

  // saving keeps the dashboard's filter out of the chart
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
  const saved = await api.get<{ result: { params: string; dashboards: { id: number }[] } }>(`/api/v1/chart/${chartId}`);
  const params = JSON.parse(saved.result.params) as { adhoc_filters?: { isExtra?: boolean }[]; dashboardId?: unknown };
  expect((params.adhoc_filters ?? []).some((f) => f.isExtra)).toBe(false);
  expect(params.dashboardId).toBeUndefined();
  expect(saved.result.dashboards.map((d) => d.id)).toContain(id);
});

test('a Simple filter on a metric is a HAVING filter: the query keeps only the groups whose aggregate passes', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await apiFor(page);
  const datasets = await api.get<{ result: { id: number }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))');
  const datasetId = datasets.result[0].id;
  const formData = {
    viz_type: 'table',
    datasource: `${datasetId}__table`,
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    row_limit: 1000,
    adhoc_filters: [],
  };
  const { key } = await api.post<{ key: string }>('/api/v1/explore/form_data', {
    datasource_id: datasetId,
    datasource_type: 'table',
    form_data: JSON.stringify(formData),
  });
  const replies: { having: string; counts: number[] }[] = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/api/v1/chart/data') || res.request().method() !== 'POST') return;
    const body = res.request().postDataJSON() as { queries: { extras?: { having?: string } }[]; result_type?: string };
    if (body.result_type && body.result_type !== 'full') return;
    const json = (await res.json()) as { result: { data: Record<string, unknown>[] }[] };
    replies.push({ having: body.queries[0]?.extras?.having ?? '', counts: json.result[0].data.map((d) => Number(d.count)) });
  });
  await page.goto(`/explore/?form_data_key=${key}`);
  await expect.poll(() => replies.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const before = replies[replies.length - 1].counts.length;

  const filtersControl = page.locator('[data-control="adhoc_filters"]');
  await filtersControl.getByText('Drop columns here or click').click();
  const editor = page.getByRole('dialog', { name: 'Edit filter' });
  await editor.getByLabel('Column', { exact: true }).click();
  await page.keyboard.type('COUNT');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'COUNT(*)' }).first().click();
  await expect(editor.getByText('HAVING: filters groups after aggregation')).toBeVisible();
  await editor.getByLabel('Operator').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^Greater than/ })
    .click();
  await editor.getByLabel('Value', { exact: true }).fill('100000');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(filtersControl).toContainText('COUNT(*) > 100000');
  await expect(editor).toBeHidden();
  const sent = replies.length;
  await page.getByRole('button', { name: 'Update chart' }).click();
  await expect.poll(() => replies.length, { timeout: 30_000 }).toBeGreaterThan(sent);
  const last = replies[replies.length - 1];
  expect(last.having).toContain('COUNT(*)) > 100000');
  expect(last.counts.length).toBeGreaterThan(0);
  expect(last.counts.length).toBeLessThan(before);
  for (const n of last.counts) expect(n).toBeGreaterThan(100000);
  await screenshot(page, 'having-e2e');
});
