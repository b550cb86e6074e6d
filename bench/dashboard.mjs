// Dashboard benchmark in Chromium (issue 12), on the example charts `rama init` saves:
// - 12 charts: the time from navigation start until every chart holder reports
//   data-status="rendered", against the time one of its charts (the line chart) takes alone in
//   Explore from navigation start until drawn (the `rama:chart-render` measure ends); goal ≤ 3×.
// - 60 charts (clones of the examples): the time until the charts of the first viewport are drawn,
//   and the long tasks while scrolling to the end in steps, each step waiting for the charts it
//   brings into view (goal: none over 200 ms).
// Both with a warm cache: every page is opened once (bundle, chart data cache), then measured.
import { launchChromium, signInAsAdmin, startServer } from './lib.mjs';

const PAGE_TIMEOUT = 120_000;
const STEP_TIMEOUT = 30_000;
const LONG_TASK_GOAL_MS = 200;
const HOLDER = '[data-test="dashboard-chart"]';

export async function api(server, method, path, body, expected) {
  const r = await server.api(method, path, body);
  if (r.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text);
}

/** The charts of the example dashboards, flights first. */
export async function exampleCharts(server) {
  const out = [];
  for (const slug of ['flights', 'world_health']) {
    const r = await server.api('GET', `/api/v1/dashboard/${slug}/charts`);
    if (r.status === 200) out.push(...JSON.parse(r.text).result.map((c) => ({ ...c, dashboard: slug })));
  }
  if (out.length < 12)
    throw new Error(
      `the example dashboards hold ${out.length} charts (12 needed): \`rama init\` should save them (packages/server/src/examples/dashboards.ts, called from the CLI)`,
    );
  return out;
}

export const datasetIdOf = (chart) => Number(String(chart.form_data.datasource).split('__')[0]);

/** A copy of an example chart, saved on the dashboard. */
async function cloneChart(server, chart, name, dashboardId) {
  const formData = { ...chart.form_data };
  delete formData.slice_id;
  const created = await api(
    server,
    'POST',
    '/api/v1/chart/',
    {
      slice_name: name,
      viz_type: chart.viz_type,
      params: JSON.stringify(formData),
      query_context: chart.query_context,
      datasource_id: datasetIdOf(chart),
      datasource_type: 'table',
      dashboards: [dashboardId],
    },
    201,
  );
  return { id: created.id, slice_name: name, uuid: created.result?.uuid };
}

/** A grid layout (no tabs): the charts in rows of `perRow`, as position_json. */
function gridLayout(title, charts, perRow, height) {
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: [], parents: ['ROOT_ID'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', children: [], meta: { text: title } },
  };
  for (let i = 0; i < charts.length; i += perRow) {
    const rowId = `ROW-bench-${i / perRow + 1}`;
    const row = { type: 'ROW', id: rowId, children: [], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    for (const c of charts.slice(i, i + perRow)) {
      const id = `CHART-bench-${c.id}`;
      row.children.push(id);
      layout[id] = {
        type: 'CHART',
        id,
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', rowId],
        meta: { chartId: c.id, width: 12 / perRow, height, sliceName: c.slice_name, ...(c.uuid ? { uuid: c.uuid } : {}) },
      };
    }
    layout[rowId] = row;
    layout.GRID_ID.children.push(rowId);
  }
  return JSON.stringify(layout);
}

/**
 * Creates a published dashboard of `count` charts: the example charts themselves when `clone` is
 * off (a chart may sit on several dashboards), else copies of them cycled through.
 */
export async function benchDashboard(server, { title, charts, count, clone, perRow, height }) {
  const dashboard = await api(server, 'POST', '/api/v1/dashboard/', { dashboard_title: title, published: true }, 201);
  const placed = [];
  for (let i = 0; i < count; i++) {
    const source = charts[i % charts.length];
    if (clone) placed.push(await cloneChart(server, source, `${source.slice_name} #${i + 1}`, dashboard.id));
    else placed.push(source);
  }
  await api(
    server,
    'PUT',
    `/api/v1/dashboard/${dashboard.id}`,
    {
      dashboard_title: title,
      position_json: gridLayout(title, placed, perRow, height),
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
    },
    200,
  );
  const members = (await api(server, 'GET', `/api/v1/dashboard/${dashboard.id}/charts`, undefined, 200)).result.length;
  if (members !== count) throw new Error(`${title}: the dashboard lists ${members} charts after saving a layout of ${count}`);
  return { id: dashboard.id, charts: placed };
}

/** Chart holders by status, for messages. */
const holderStatuses = (page) =>
  page.evaluate((sel) => {
    const out = {};
    for (const h of document.querySelectorAll(sel)) {
      const s = h.getAttribute('data-status') ?? 'none';
      out[s] = (out[s] ?? 0) + 1;
    }
    return out;
  }, HOLDER);

export async function openDashboard(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.locator('[data-test="dashboard"]').first().waitFor({ timeout: PAGE_TIMEOUT });
  } catch {
    throw new Error(`the dashboard page did not appear at ${url} within ${PAGE_TIMEOUT / 1000} s (no [data-test="dashboard"])`);
  }
}

/** Waits for `count` chart holders in the page (drawn or not). */
export async function waitHolders(page, count) {
  try {
    await page.waitForFunction(
      ({ sel, count }) => document.querySelectorAll(sel).length >= count,
      { sel: HOLDER, count },
      { timeout: PAGE_TIMEOUT },
    );
  } catch {
    throw new Error(`the dashboard page shows ${await page.locator(HOLDER).count()} chart holders (${HOLDER}), ${count} expected`);
  }
}

/**
 * In the page: `{ at, count }`, performance.now() at the first frame where at least `expected`
 * holders are all rendered (only those in the viewport when `inViewport`); throws with the holders'
 * statuses when a chart fails or the time runs out.
 */
export async function waitRendered(page, { expected, inViewport, timeout, what }) {
  try {
    const handle = await page.waitForFunction(
      ({ sel, expected, inViewport }) => {
        let holders = [...document.querySelectorAll(sel)];
        if (inViewport)
          holders = holders.filter((h) => {
            const r = h.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
          });
        if (holders.some((h) => h.getAttribute('data-status') === 'failed')) return { failed: true };
        if (holders.length < expected || holders.length === 0) return false;
        return holders.every((h) => h.getAttribute('data-status') === 'rendered')
          ? { at: performance.now(), count: holders.length }
          : false;
      },
      { sel: HOLDER, expected, inViewport },
      { polling: 'raf', timeout },
    );
    const v = await handle.jsonValue();
    if (v.failed)
      throw new Error(`a chart failed (data-status="failed") while waiting for ${what}: ${JSON.stringify(await holderStatuses(page))}`);
    return v;
  } catch (e) {
    if (e instanceof Error && e.name === 'TimeoutError')
      throw new Error(
        `${what}: not every chart was rendered within ${timeout / 1000} s; holders by data-status: ${JSON.stringify(await holderStatuses(page))}`,
      );
    throw e;
  }
}

/** Navigation start → the chart drawn in Explore (end of the `rama:chart-render` measure). */
async function exploreTime(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      () => {
        const m = performance.getEntriesByName('rama:chart-render');
        return m.length && document.querySelector('.rama-chart-area') ? m[m.length - 1].startTime + m[m.length - 1].duration : null;
      },
      null,
      { timeout: PAGE_TIMEOUT, polling: 'raf' },
    );
    return handle.jsonValue();
  } catch {
    throw new Error(`Explore did not draw the chart at ${url} within ${PAGE_TIMEOUT / 1000} s`);
  }
}

/** Where the dashboard is scrolled to, in the element it scrolls in (an inner container, else the document). */
const SCROLL_STATE = () => {
  const start = document.querySelector('[data-test="dashboard-grid"]') ?? document.querySelector('[data-test="dashboard"]');
  let el = start;
  for (; el && el !== document.body; el = el.parentElement) {
    const s = getComputedStyle(el);
    if (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1) break;
  }
  const scroller = el && el !== document.body ? el : document.scrollingElement;
  return { top: scroller.scrollTop, height: scroller.clientHeight, total: scroller.scrollHeight };
};

async function twelveCharts(browser, server, examples) {
  // the flights overview's ten charts (one of each kind) and two more drawn with ECharts
  const flights = examples.filter((c) => c.dashboard === 'flights');
  const others = examples.filter((c) => c.dashboard !== 'flights' && !c.viz_type.startsWith('big_number'));
  const chosen = [...flights, ...others, ...examples].filter((c, i, all) => all.indexOf(c) === i).slice(0, 12);
  const line = chosen.find((c) => c.viz_type === 'echarts_timeseries_line') ?? chosen[0];
  const { id } = await benchDashboard(server, {
    title: 'Bench: 12 charts',
    charts: chosen,
    count: 12,
    clone: false,
    perRow: 4,
    height: 40,
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsAdmin(page, server);

  const exploreUrl = `${server.url}/explore/?slice_id=${line.id}`;
  await exploreTime(page, exploreUrl);
  const exploreMs = await exploreTime(page, exploreUrl);

  const url = `${server.url}/rama/dashboard/${id}/`;
  // warm-up, and a viewport tall enough for the whole grid so that every chart loads without scrolling
  await openDashboard(page, url);
  await waitHolders(page, 12);
  const overflow = await page.evaluate(SCROLL_STATE);
  const height = Math.min(900 + Math.max(0, overflow.total - overflow.height) + 40, 4000);
  await page.setViewportSize({ width: 1440, height });
  await waitRendered(page, { expected: 12, inViewport: false, timeout: PAGE_TIMEOUT, what: '12-chart dashboard (warm-up)' });

  await openDashboard(page, url);
  const done = await waitRendered(page, { expected: 12, inViewport: false, timeout: PAGE_TIMEOUT, what: '12-chart dashboard' });
  const mark = await page.evaluate(() => performance.getEntriesByName('rama:dashboard-all-rendered')[0]?.startTime ?? null);
  await page.close();
  return {
    case: `Dashboard, 12 charts: navigation → every chart drawn (viewport 1440×${height}), against its line chart alone in Explore (navigation → drawn)${
      mark === null ? '' : `; page mark rama:dashboard-all-rendered at ${mark.toFixed(0)} ms`
    }`,
    baseline_ms: exploreMs,
    rama_ms: done.at,
    ratio: done.at / exploreMs,
    goal: '≤ 3',
  };
}

async function sixtyCharts(browser, server, examples) {
  const { id, charts } = await benchDashboard(server, {
    title: 'Bench: 60 charts',
    charts: examples,
    count: 60,
    clone: true,
    perRow: 3,
    height: 50,
  });
  const url = `${server.url}/rama/dashboard/${id}/`;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsAdmin(page, server);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });

  const scrollToEnd = async (what) => {
    await page.mouse.move(720, 600);
    for (let step = 0; step < 200; step++) {
      const before = await page.evaluate(SCROLL_STATE);
      if (before.top + before.height >= before.total - 2) return true;
      // one step: a screen's worth of wheel ticks, then the charts it brought into view drawn
      const ticks = 8;
      for (let i = 0; i < ticks; i++) {
        await page.mouse.wheel(0, Math.ceil((before.height * 0.8) / ticks));
        await page.waitForTimeout(16);
      }
      await waitRendered(page, { expected: 1, inViewport: true, timeout: STEP_TIMEOUT, what: `${what}, scroll step ${step + 1}` });
      const after = await page.evaluate(SCROLL_STATE);
      if (after.top <= before.top) return after.top + after.height >= after.total - 2;
    }
    return false;
  };

  // warm-up: every chart's data fetched once
  await openDashboard(page, url);
  await waitRendered(page, { expected: 1, inViewport: true, timeout: PAGE_TIMEOUT, what: '60-chart dashboard first viewport (warm-up)' });
  await scrollToEnd('60-chart dashboard (warm-up)');

  await openDashboard(page, url);
  const first = await waitRendered(page, {
    expected: 1,
    inViewport: true,
    timeout: PAGE_TIMEOUT,
    what: '60-chart dashboard first viewport',
  });
  const scrollStart = await page.evaluate(() => performance.now());
  const reachedEnd = await scrollToEnd('60-chart dashboard');
  const tasks = await page.evaluate((t) => window.__longTasks.filter((x) => x.start >= t), scrollStart);
  const rendered = (await holderStatuses(page)).rendered ?? 0;
  await page.close();
  const longest = tasks.reduce((m, x) => Math.max(m, x.duration), 0);
  return {
    case: `Dashboard, ${charts.length} charts (clones of the examples)`,
    summary:
      `Dashboard, ${charts.length} charts (clones of the examples), warm cache, viewport 1440×900\n` +
      `  first viewport (${first.count} charts) drawn ${first.at.toFixed(0)} ms after navigation; ` +
      `while scrolling to the end: ${tasks.length} long tasks > 50 ms (longest ${longest.toFixed(0)} ms, goal ≤ ${LONG_TASK_GOAL_MS} ms: ${
        longest <= LONG_TASK_GOAL_MS ? 'met' : 'not met'
      }); ${rendered} charts drawn${reachedEnd ? '' : ' — did not reach the end'}`,
  };
}

export async function benchDashboards() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const examples = await exampleCharts(server);
    return [await twelveCharts(browser, server, examples), await sixtyCharts(browser, server, examples)];
  } finally {
    await browser.close();
    await server.stop();
  }
}
