// Native filter benchmark in Chromium (issue 13): a 12-chart dashboard of flights charts (clones of
// the examples, a warm database, every chart drawn once), one select filter on `origin` reaching
// every chart. Measured: "Apply filters" pressed → all 12 charts drawn again with a value no chart
// has asked for yet (a cold chart cache), against the same on a dashboard holding one of its
// charts (the line chart) alone. Median of three values each; goal ≤ 2.5×.
import { launchChromium, median, signInAsAdmin, startServer } from './lib.mjs';
import { api, benchDashboard, datasetIdOf, exampleCharts, openDashboard, waitRendered } from './dashboard.mjs';

const PAGE_TIMEOUT = 120_000;

async function withOriginFilter(server, dashboardId, datasetId) {
  await api(
    server,
    'PUT',
    `/api/v1/dashboard/${dashboardId}/filters`,
    {
      modified: [
        {
          id: 'NATIVE_FILTER-bench-origin',
          type: 'NATIVE_FILTER',
          name: 'Origin',
          filterType: 'filter_select',
          targets: [{ datasetId, column: { name: 'origin' } }],
          controlValues: { multiSelect: true },
          defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
          cascadeParentIds: [],
          scope: { rootPath: ['ROOT_ID'], excluded: [] },
          description: '',
        },
      ],
      deleted: [],
      reordered: [],
    },
    200,
  );
}

/** Picks `value` in the origin filter (not applied yet). */
async function pick(page, value) {
  const select = page.locator('[data-test="filter-item"]').filter({ hasText: 'Origin' }).locator('.ant-select');
  await select.click();
  const clear = page.locator('[data-test="filter-item"] .ant-select-selection-item-remove');
  while ((await clear.count()) > 0) await clear.first().click();
  await page.keyboard.type(value);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${value}$`) })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** "Apply filters" → every chart drawn again after its new query answered; ms in the page's clock. */
async function applyAndWait(page, count) {
  let answered = 0;
  const onResponse = (r) => {
    if (r.url().includes('/api/v1/chart/data') && new URL(r.url()).searchParams.get('form_data')) answered += 1;
  };
  page.on('response', onResponse);
  const t0 = await page.evaluate(() => {
    const t = performance.now();
    document.querySelector('[data-test="filter-apply"]').click();
    return t;
  });
  const start = Date.now();
  while (answered < count) {
    if (Date.now() - start > PAGE_TIMEOUT) throw new Error(`only ${answered} of ${count} chart queries answered after Apply`);
    await page.waitForTimeout(5);
  }
  page.off('response', onResponse);
  const done = await waitRendered(page, { expected: count, inViewport: false, timeout: PAGE_TIMEOUT, what: `${count} charts after Apply` });
  return done.at - t0;
}

async function measure(browser, server, { id, count, values, height }) {
  const page = await browser.newPage({ viewport: { width: 1440, height } });
  await signInAsAdmin(page, server);
  const url = `${server.url}/rama/dashboard/${id}/`;
  await openDashboard(page, url);
  await waitRendered(page, { expected: count, inViewport: false, timeout: PAGE_TIMEOUT, what: 'dashboard before filtering' });
  // warm-up: one value applied (bundle, options query, the database's pages)
  await pick(page, 'BOS');
  await applyAndWait(page, count);
  const times = [];
  for (const value of values) {
    await pick(page, value);
    times.push(await applyAndWait(page, count));
  }
  await page.close();
  return median(times);
}

export async function benchFilters() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const examples = await exampleCharts(server);
    const flights = examples.filter((c) => c.dashboard === 'flights' && c.form_data.viz_type !== 'markdown');
    const flightsDataset = datasetIdOf(flights.find((c) => String(c.form_data.datasource).length) ?? flights[0]);
    const onFlights = flights.filter((c) => datasetIdOf(c) === flightsDataset);
    const line = onFlights.find((c) => c.viz_type === 'echarts_timeseries_line') ?? onFlights[0];

    const twelve = await benchDashboard(server, {
      title: 'Bench: filter 12 charts',
      charts: onFlights,
      count: 12,
      clone: true,
      perRow: 4,
      height: 40,
    });
    await withOriginFilter(server, twelve.id, flightsDataset);
    const one = await benchDashboard(server, {
      title: 'Bench: filter 1 chart',
      charts: [line],
      count: 1,
      clone: true,
      perRow: 1,
      height: 50,
    });
    await withOriginFilter(server, one.id, flightsDataset);

    const oneMs = await measure(browser, server, { id: one.id, count: 1, values: ['ORD', 'ATL', 'DFW'], height: 900 });
    const twelveMs = await measure(browser, server, { id: twelve.id, count: 12, values: ['LAX', 'PHX', 'STL'], height: 1600 });
    return [
      {
        case: `Native filter applied to a 12-chart flights dashboard (cold chart cache, warm database): Apply → all 12 drawn again, against the same for one of its charts (${line.slice_name}) alone; median of 3 values`,
        baseline_ms: oneMs,
        rama_ms: twelveMs,
        ratio: twelveMs / oneMs,
        goal: '≤ 2.5',
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
