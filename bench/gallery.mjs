// Gallery benchmark in Chromium (issue 15), on the "All chart types" example dashboard that
// `rama init` saves (one chart of every type, in tabs by category), with a warm cache:
// - the time from navigation until every chart of every tab is drawn (each tab opened in turn,
//   its charts awaited before the next);
// - per type, the draw time from its data reply: the `rama:chart-render` measure of the chart
//   alone (`/explore/?slice_id=N&standalone=true`); goal ≤ 300 ms each. Prints the table.
import { launchChromium, signInAsAdmin, startServer } from './lib.mjs';
import { api, openDashboard, waitRendered } from './dashboard.mjs';

const PAGE_TIMEOUT = 120_000;
const DRAW_GOAL_MS = 300;
const HOLDER = '[data-test="dashboard-chart"]';

/** Navigation → every tab opened and drawn; returns ms. */
async function allTabsDrawn(page, url) {
  const t0 = Date.now();
  await openDashboard(page, url);
  const tabs = page.locator('[data-test="dashboard"] [role="tab"]');
  await tabs.first().waitFor({ timeout: PAGE_TIMEOUT });
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    const expected = await page.locator(`${HOLDER}:visible`).count();
    // every chart of the tab is in the (tall) viewport, so every one loads: the hidden tabs' holders are left out
    await waitRendered(page, { expected, inViewport: true, timeout: PAGE_TIMEOUT, what: `tab ${i + 1}` });
  }
  return Date.now() - t0;
}

/** The draw time of one chart alone from its data reply (the rama:chart-render measure). */
async function drawTime(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const el = document.querySelector('[data-test="report-chart"]');
      if (el?.getAttribute('data-status') === 'failed') return { failed: true };
      const m = performance.getEntriesByName('rama:chart-render');
      return m.length && el?.getAttribute('data-status') === 'rendered' ? { ms: m[m.length - 1].duration } : null;
    },
    null,
    { timeout: PAGE_TIMEOUT, polling: 'raf' },
  );
  const v = await handle.jsonValue();
  if (v.failed) throw new Error(`the chart at ${url} failed to draw`);
  return v.ms;
}

export async function benchGallery() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    // tall enough for a whole tab: the dashboard loads the charts near the viewport
    // motion reduced: a chart counts as drawn at its final frame, not after its entry animation
    // (as in report captures; the web app honours prefers-reduced-motion)
    const page = await browser.newPage({ viewport: { width: 1440, height: 3000 }, reducedMotion: 'reduce' });
    await signInAsAdmin(page, server);
    // a chart alone at a desktop window's size
    const single = await browser.newPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    await signInAsAdmin(single, server);
    const charts = (await api(server, 'GET', '/api/v1/dashboard/all_chart_types/charts', undefined, 200)).result;
    const url = `${server.url}/rama/dashboard/all_chart_types/`;
    await allTabsDrawn(page, url); // warm: bundle chunks and chart data cache
    const total = await allTabsDrawn(page, url);
    const rows = [];
    for (const c of charts) {
      const standalone = `${server.url}/explore/?slice_id=${c.id}&standalone=true`;
      await drawTime(single, standalone); // warm
      const times = [await drawTime(single, standalone), await drawTime(single, standalone)];
      rows.push({ viz_type: c.viz_type, name: c.slice_name, ms: Math.min(...times) });
    }
    rows.sort((a, b) => b.ms - a.ms);
    const table = rows.map((r) => `  ${r.viz_type.padEnd(28)} ${r.ms.toFixed(0).padStart(5)} ms  ${r.name}`).join('\n');
    const slowest = rows[0];
    return [
      {
        summary:
          `Gallery "All chart types" (${charts.length} charts, warm): every tab opened and drawn in ${total} ms\n` +
          `Draw time from the data reply, per type (goal ≤ ${DRAW_GOAL_MS} ms each; slowest ${slowest.viz_type} ${slowest.ms.toFixed(0)} ms, ` +
          `${rows.filter((r) => r.ms > DRAW_GOAL_MS).length} over the goal):\n${table}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
