import { expect, test, type Page } from '@playwright/test';
import { apiFor, shot, unique, type ApiClient } from './support';
import { freshSqlLab, pressInEditor, resultsPanel, setSql } from './sqllab-helpers';

// Issue 26 items 1, 5 and the charts half of 7: a chart whose filters match nothing says so
// instead of failing (Explore and dashboard); SQL Lab names an undefined template parameter; a
// chart that timed out shows the timeout's issue hints.

const NO_RESULTS = 'No results were returned for this query';
const HINTS = ['Issue 1000 - The dataset is too large to query.', 'Issue 1001 - The database is under an unusual load.'];

interface ExampleChart {
  id: number;
  slice_name: string;
  viz_type: string;
  form_data: Record<string, unknown>;
}

/** A line chart of weekly departures by airport with truncate_metric (pivot → rename → flatten), its filters matching nothing. */
async function emptyLineChart(api: ApiClient): Promise<{ id: number; name: string }> {
  const charts = (await api.get<{ result: ExampleChart[] }>('/api/v1/dashboard/flights/charts')).result;
  const example = charts.find((c) => c.viz_type === 'echarts_timeseries_line' && Array.isArray(c.form_data.groupby));
  if (!example) throw new Error('no example line chart grouped by a column');
  const filters = Array.isArray(example.form_data.adhoc_filters) ? example.form_data.adhoc_filters : [];
  const name = unique('Nothing matches');
  const params = {
    ...example.form_data,
    slice_id: undefined,
    truncate_metric: true,
    adhoc_filters: [
      ...filters,
      {
        expressionType: 'SIMPLE',
        subject: 'origin',
        operator: '==',
        operatorId: 'EQUALS',
        comparator: 'NO SUCH AIRPORT',
        clause: 'WHERE',
        isExtra: false,
        filterOptionName: 'filter_nothing',
      },
    ],
  };
  const datasetId = Number(String(example.form_data.datasource).split('__')[0]);
  const created = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: 'echarts_timeseries_line',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return { id: created.id, name };
}

async function dashboardOf(api: ApiClient, chart: { id: number; name: string }): Promise<number> {
  const title = unique('Empty charts');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published: true });
  const key = `CHART-e${chart.id}`;
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-e1'], parents: ['ROOT_ID'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
    'ROW-e1': {
      type: 'ROW',
      id: 'ROW-e1',
      children: [key],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    [key]: {
      type: 'CHART',
      id: key,
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-e1'],
      meta: { chartId: chart.id, width: 8, height: 50, sliceName: chart.name },
    },
  };
  const saved = await api.send('PUT', `/api/v1/dashboard/${created.id}`, { dashboard_title: title, position_json: JSON.stringify(layout) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.id;
}

const chartHolder = (page: Page, id: number) => page.locator(`[data-test="dashboard-chart"][data-chart-id="${id}"]`);

test('a chart whose filters match nothing shows "No results" in Explore and on a dashboard, not an error', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await apiFor(page);
  const chart = await emptyLineChart(api);

  const reply = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST');
  await page.goto(`/explore/?slice_id=${chart.id}&force=true`);
  const res = await reply;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: { rowcount: number; data: unknown[] }[] };
  expect(body.result[0].rowcount).toBe(0);
  await expect(page.locator('.rama-chart-pane').getByText(NO_RESULTS)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.rama-chart-alert')).toHaveCount(0);
  await expect(page.locator('.rama-chart-status').getByText('0 rows')).toBeVisible();
  await shot(page, 'empty-results-explore');

  const dashboardId = await dashboardOf(api, chart);
  await page.goto(`/rama/dashboard/${dashboardId}/`);
  const holder = chartHolder(page, chart.id);
  await expect(holder.getByText(NO_RESULTS)).toBeVisible({ timeout: 20_000 });
  await expect(holder.locator('.rama-dash-chart-alert')).toHaveCount(0);
  await shot(page, 'empty-results-dashboard');
});

test('SQL Lab names an undefined template parameter', async ({ page }) => {
  await freshSqlLab(page);
  await setSql(page, 'SELECT origin FROM flights WHERE delay > {{ min_delay }} LIMIT 5');
  await pressInEditor(page, 'ControlOrMeta+Enter');
  const panel = resultsPanel(page);
  await expect(panel.getByText('The parameter "min_delay" in your query is undefined.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'sqllab-undefined-parameter');
});

test('a chart that timed out shows the issue hints in Explore and on a dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await apiFor(page);
  const chart = await emptyLineChart(api);
  // the server's answer to a chart query over its time limit (RAMA_WEBSERVER_TIMEOUT), as it sends it
  const timedOut = {
    errors: [
      {
        message: 'The query exceeded the 1 seconds timeout and was stopped.',
        error_type: 'SQLLAB_TIMEOUT_ERROR',
        level: 'error',
        extra: {},
      },
    ],
  };
  await page.route('**/api/v1/chart/data**', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 408, json: timedOut }) : route.fallback(),
  );

  await page.goto(`/explore/?slice_id=${chart.id}`);
  const alert = page.locator('.rama-chart-alert');
  await expect(alert).toContainText('The query exceeded the 1 seconds timeout and was stopped.', { timeout: 20_000 });
  for (const hint of HINTS) await expect(alert).toContainText(hint);
  await shot(page, 'chart-timeout-explore');

  const dashboardId = await dashboardOf(api, chart);
  await page.goto(`/rama/dashboard/${dashboardId}/`);
  const holderAlert = chartHolder(page, chart.id).locator('.rama-dash-chart-alert');
  await expect(holderAlert).toContainText('timeout', { timeout: 20_000 });
  for (const hint of HINTS) await expect(holderAlert).toContainText(hint);
  await shot(page, 'chart-timeout-dashboard');
});
