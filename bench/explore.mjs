// Explore rendering benchmark in Chromium, from the page's own user-timing marks: the time from
// the chart data reply reaching the chart (`rama:chart-data`) to the chart drawn
// (`rama:chart-render` measure), for a 20-series x 1,000-point line chart and a 10,000-row table
// (goal <= 150 ms each), and the long tasks (> 50 ms) while the pointer sweeps across the line
// chart with its tooltip (goal 0).
import { launchChromium, signInAsAdmin, startServer } from './lib.mjs';

const SERIES_SQL =
  "SELECT TIMESTAMP '2020-01-01' + to_days(CAST(i AS INTEGER)) AS ts, 'series ' || lpad(CAST(j AS VARCHAR), 2, '0') AS series, " +
  '(i * 7 + j * 13) % 101 + j * 10 AS v FROM range(1000) t(i), range(20) s(j)';

async function createDataset(server, body) {
  const r = await server.api('POST', '/api/v1/dataset/', body);
  if (r.status !== 201) throw new Error(`dataset: ${r.status} ${r.text}`);
  return JSON.parse(r.text).id;
}

async function permalink(server, formData) {
  const r = await server.api('POST', '/api/v1/explore/permalink', { formData });
  if (r.status !== 201) throw new Error(`permalink: ${r.status} ${r.text}`);
  return new URL(JSON.parse(r.text).url).pathname;
}

/** Open the chart and wait for it to be drawn; answers the render measure of that draw. */
async function renderTime(page, url) {
  await page.goto(url);
  const handle = await page.waitForFunction(
    () => {
      const m = performance.getEntriesByName('rama:chart-render');
      return m.length ? m[m.length - 1].duration : null;
    },
    null,
    { timeout: 120_000 },
  );
  return handle.jsonValue();
}

export async function benchExplore() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const dbs = JSON.parse((await server.api('GET', '/api/v1/database/')).text).result;
    const examples = dbs.find((d) => d.database_name === 'examples');
    const seriesId = await createDataset(server, { database: examples.id, schema: 'main', table_name: 'bench_series', sql: SERIES_SQL });
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:flights)))');
    const flightsId = JSON.parse((await server.api('GET', `/api/v1/dataset/?q=${q}`)).text).result[0].id;

    const lineUrl = await permalink(server, {
      datasource: `${seriesId}__table`,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ts',
      time_grain_sqla: 'P1D',
      metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'v' }, aggregate: 'SUM', label: 'SUM(v)' }],
      groupby: ['series'],
      adhoc_filters: [],
      row_limit: 50000,
      rich_tooltip: true,
      show_legend: true,
    });
    const tableUrl = await permalink(server, {
      datasource: `${flightsId}__table`,
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['date', 'origin', 'destination', 'delay', 'distance'],
      adhoc_filters: [],
      row_limit: 10000,
    });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAsAdmin(page, server);

    // first load warms the bundle and the chart data cache; the measured draw is the second
    await renderTime(page, server.url + lineUrl);
    const lineMs = await renderTime(page, server.url + lineUrl);
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const canvas = page.locator('.rama-chart-area [role="img"]').first();
    const box = await canvas.boundingBox();
    const steps = 120;
    for (let i = 0; i <= steps; i++) {
      await page.mouse.move(box.x + (box.width * i) / steps, box.y + box.height / 2);
      await page.waitForTimeout(16);
    }
    const hoverTasks = await page.evaluate(() => window.__longTasks);

    await renderTime(page, server.url + tableUrl);
    const tableMs = await renderTime(page, server.url + tableUrl);
    return [
      {
        case: 'Explore line chart, 20 series x 1,000 points, data reply → drawn',
        render_ms: lineMs,
        goal_ms: 150,
        hover_long_tasks: hoverTasks.length,
        longest_hover_task_ms: hoverTasks.reduce((m, d) => Math.max(m, d), 0),
      },
      { case: 'Explore table, 10,000 rows, data reply → drawn', render_ms: tableMs, goal_ms: 150 },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
