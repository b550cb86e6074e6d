import { expect, test, type Page } from '@playwright/test';
import { apiFor, toast, unique, type ApiClient } from './support';

// Issue 27 item 5: native annotation layers. A layer and its annotations are made on the Settings
// page, then chosen in Explore as an interval layer with the "Superset annotation" source, and the
// line chart draws them (the chart data reply carries the layer's annotations).

const SHOTS = 'test-results/annotation-layers';

async function flightsId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))');
  if (!reply.result[0]) throw new Error('no example dataset on flights');
  return reply.result[0].id;
}

/** A weekly line chart of flights (January to June 2001), saved under a fresh name. */
async function lineChart(api: ApiClient): Promise<number> {
  const flights = await flightsId(api);
  const params = {
    datasource: `${flights}__table`,
    viz_type: 'echarts_timeseries_line',
    x_axis: 'date',
    time_grain_sqla: 'P1W',
    metrics: ['count'],
    groupby: [],
    adhoc_filters: [],
    time_range: 'No filter',
    row_limit: 10000,
    annotation_layers: [],
  };
  const created = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: unique('Weekly flights'),
    viz_type: 'echarts_timeseries_line',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return created.id;
}

async function addAnnotation(page: Page, name: string, start: string, end: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Annotation', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add annotation' });
  await modal.getByLabel('Annotation name').fill(name);
  await modal.getByLabel('Start').fill(start);
  await modal.getByLabel('End').fill(end);
  await modal.getByLabel('Description').fill(description);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
}

test('a native annotation layer made in Settings is drawn on a line chart in Explore', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const layerName = unique('Flight events');

  // Settings → Annotation layers: add a layer
  await page.goto('/annotationlayer/list/');
  await expect(page.getByRole('heading', { name: 'Annotation layers' })).toBeVisible();
  await page.getByRole('button', { name: 'Annotation layer', exact: true }).first().click();
  const layerModal = page.getByRole('dialog', { name: 'Add annotation layer' });
  await layerModal.getByLabel('Annotation layer name').fill(layerName);
  await layerModal.getByLabel('Description').fill('Weather and strikes');
  await layerModal.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Added ${layerName}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: layerName })).toContainText('Weather and strikes');
  await page.screenshot({ path: `${SHOTS}/layers-list.png`, fullPage: true });

  // an end before the start is refused in the form
  await page.getByRole('link', { name: layerName }).click();
  await expect(page).toHaveURL(/\/annotationlayer\/\d+\/annotation\/$/);
  await expect(page.getByRole('heading', { name: layerName })).toBeVisible();
  await page.getByRole('button', { name: 'Annotation', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add annotation' });
  await modal.getByLabel('Annotation name').fill('Backwards');
  await modal.getByLabel('Start').fill('2001-03-02T00:00');
  await modal.getByLabel('End').fill('2001-03-01T00:00');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('End date must be after start date')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();

  await addAnnotation(page, 'Storm week', '2001-02-10T00:00', '2001-02-20T00:00', 'Snow closed the north-east');
  await addAnnotation(page, 'Strike', '2001-04-02T00:00', '2001-04-09T00:00', 'Ground crews');
  await page.screenshot({ path: `${SHOTS}/annotations-list.png`, fullPage: true });

  // Explore: an interval layer from the native layer
  const chartId = await lineChart(api);
  await page.goto(`/explore/?slice_id=${chartId}`);
  const chart = page.locator('.rama-chart-area svg').first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  const control = page.locator('[data-control="annotation_layers"]');
  // the section is folded at first
  if (!(await control.isVisible())) await page.getByText('Annotations and layers', { exact: true }).click();
  await control.scrollIntoViewIfNeeded();
  await control.locator('.rama-chip-add').click();
  const editor = page.getByRole('dialog', { name: 'Edit annotation layer' });
  await editor.getByLabel('Layer name').fill('Events');
  await editor.getByLabel('Annotation layer type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Interval', { exact: true }).click();
  await editor.getByLabel('Annotation source').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Superset annotation', { exact: true }).click();
  await editor.getByLabel('Native annotation layer').click();
  await editor.getByLabel('Native annotation layer').fill(layerName);
  await page.locator('.ant-select-dropdown:visible').getByTitle(layerName, { exact: true }).click();
  await editor.getByText('Always show the label').click();
  await page.screenshot({ path: `${SHOTS}/explore-layer-editor.png`, fullPage: false });
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(control).toContainText('Events');

  // the chart data request carries the layer and its reply the layer's annotations
  const reply = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data') && r.request().method() === 'POST');
  const update = page.getByRole('button', { name: 'Update chart' });
  if (await update.isEnabled()) await update.click();
  const body = (await (await reply).json()) as { result: { annotation_data?: Record<string, { records: { short_descr: string }[] }> }[] };
  expect(body.result[0].annotation_data?.Events.records.map((r) => r.short_descr)).toEqual(['Storm week', 'Strike']);

  // drawn: the interval labels and two shaded areas over the line
  await expect(chart.locator('text', { hasText: 'Storm week' })).toBeVisible();
  await expect(chart.locator('text', { hasText: 'Strike' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/explore-interval-layer.png`, fullPage: false });
});

/** The series a time-series layer takes: flights per day, by week (a saved line chart). */
async function sourceChart(api: ApiClient): Promise<{ id: number; name: string }> {
  const flights = await flightsId(api);
  const name = unique('Daily flights');
  const created = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: 'echarts_timeseries_line',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify({
      datasource: `${flights}__table`,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*) / 7', label: 'per day' }],
      groupby: [],
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 10000,
    }),
  });
  return { id: created.id, name };
}

// A time-series layer: another saved line chart's series drawn over this chart, named
// "<layer>, <series>"; with "Override time range" on (the default) its query takes this chart's range.
test('a time-series layer from a saved line chart draws its series over the chart in Explore', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const { id: sourceId, name: sourceName } = await sourceChart(api);
  const chartId = await lineChart(api);
  await page.goto(`/explore/?slice_id=${chartId}`);
  const chart = page.locator('.rama-chart-area svg').first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  const control = page.locator('[data-control="annotation_layers"]');
  if (!(await control.isVisible())) await page.getByText('Annotations and layers', { exact: true }).click();
  await control.scrollIntoViewIfNeeded();
  await control.locator('.rama-chip-add').click();
  const editor = page.getByRole('dialog', { name: 'Edit annotation layer' });
  await editor.getByLabel('Layer name').fill('Average');
  await editor.getByLabel('Annotation layer type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Time series', { exact: true }).click();
  await editor.getByLabel('Source chart').click();
  await editor.getByLabel('Source chart').fill(sourceName);
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${sourceName} (echarts_timeseries_line)`, { exact: true }).click();
  // the peer's overrides: the time range is taken from this chart unless unticked
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(editor.getByRole('checkbox', { name: 'Override time range' })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Override time grain' })).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/explore-time-series-editor.png`, fullPage: false });

  // the source chart's query runs beside the chart's own
  const annotationQuery = page.waitForRequest((r) => {
    if (!r.url().includes('/api/v1/chart/data') || r.method() !== 'POST') return false;
    const body = r.postDataJSON() as { form_data?: { slice_id?: number } } | null;
    return body?.form_data?.slice_id === sourceId;
  });
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(control).toContainText('Average');
  const update = page.getByRole('button', { name: 'Update chart' });
  if (await update.isEnabled()) await update.click();
  await annotationQuery;

  // drawn as a line with its own legend entry
  await expect(chart.locator('text', { hasText: 'Average, per day' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/explore-time-series-layer.png`, fullPage: false });
});

// On a dashboard, the filters that reach a chart reach its annotation queries too.
test('on a dashboard, a time-series layer query gets the native filter applied to its chart', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const flights = await flightsId(api);
  const source = await sourceChart(api);
  const chartName = unique('Weekly flights with trend');
  const chart = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: chartName,
    viz_type: 'echarts_timeseries_line',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify({
      datasource: `${flights}__table`,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: ['count'],
      groupby: [],
      adhoc_filters: [],
      time_range: 'No filter',
      row_limit: 10000,
      annotation_layers: [
        {
          name: 'Trend',
          annotationType: 'TIME_SERIES',
          sourceType: 'line',
          value: source.id,
          show: true,
          showLabel: false,
          showMarkers: false,
          hideLine: false,
          color: '#e04355',
          width: 2,
          style: 'dashed',
          opacity: '',
          overrides: { time_range: null },
        },
      ],
    }),
  });
  const title = unique('Annotated dashboard');
  const dashboard = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, published: true });
  const chartKey = `CHART-a${chart.id}`;
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-a1'], parents: ['ROOT_ID'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
    'ROW-a1': {
      type: 'ROW',
      id: 'ROW-a1',
      children: [chartKey],
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    [chartKey]: {
      type: 'CHART',
      id: chartKey,
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-a1'],
      meta: { chartId: chart.id, width: 8, height: 60, sliceName: chartName },
    },
  };
  const saved = await api.send('PUT', `/api/v1/dashboard/${dashboard.id}`, {
    dashboard_title: title,
    position_json: JSON.stringify(layout),
    json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const filters = await api.send('PUT', `/api/v1/dashboard/${dashboard.id}/filters`, {
    modified: [
      {
        id: 'NATIVE_FILTER-annotorigin',
        type: 'NATIVE_FILTER',
        name: 'Origin',
        filterType: 'filter_select',
        targets: [{ datasetId: flights, column: { name: 'origin' } }],
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

  // the annotation query: the source chart's, with the dashboard's ORD filter
  const annotationFilters: unknown[][] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/api/v1/chart/data') || r.method() !== 'POST') return;
    const body = r.postDataJSON() as { form_data?: { slice_id?: number }; queries?: { filters?: unknown[] }[] } | null;
    if (body?.form_data?.slice_id === source.id) annotationFilters.push(body.queries?.[0]?.filters ?? []);
  });
  await page.goto(`/rama/dashboard/${dashboard.id}/`);
  const card = page.locator(`[data-test="dashboard-chart"][data-chart-id="${chart.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await expect.poll(() => annotationFilters.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(annotationFilters.at(-1)).toContainEqual({ col: 'origin', op: 'IN', val: ['ORD'], isExtra: true });
  await expect(card.locator('svg text', { hasText: 'Trend, per day' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/dashboard-time-series-layer.png`, fullPage: false });
});
