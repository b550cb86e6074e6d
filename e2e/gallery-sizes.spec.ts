import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiFor, goInApp } from './support';

// The gallery at two tile sizes (issue 27): every chart of the "All chart types" example dashboard
// is opened alone (`/explore/?slice_id=…&standalone=true`, the page a chart report captures) in a
// window of a small tile (480 × 320) and of a large one (960 × 560: only the charts whose labels
// are asserted, unless RAMA_E2E_ALL_SIZES=1), drawn at once as a report would, and saved as test-results/gallery-sizes/<size>/<viz_type>.png to be looked at. What can
// be measured is asserted: no console error, the chart drawn, and labels that stay readable: the
// bar chart of the ten busiest airports names every bar at both sizes, and the waterfall shows
// every month when the tile has room for them.

interface DashboardChart {
  id: number;
  viz_type: string;
  slice_name: string;
}

const SIZES = [
  { name: '480x320', width: 480, height: 320, every: true },
  { name: '960x560', width: 960, height: 560, every: false },
] as const;

/**
 * The large tile is the size the gallery dashboard draws every chart at (gallery.spec.ts): there it
 * draws only the charts whose labels are asserted, unless RAMA_E2E_ALL_SIZES=1 asks for every
 * chart's picture at both sizes (to look at them).
 */
const ASSERTED = new Set(['echarts_timeseries_bar', 'waterfall']);
const allSizes = process.env.RAMA_E2E_ALL_SIZES === '1';

const AIRPORTS = ['ORD', 'DFW', 'ATL', 'LAX', 'PHX', 'STL', 'DTW', 'MSP', 'LAS', 'DEN'];
const MONTH_LABEL = /^[A-Z][a-z]{2} 20\d\d$/;

/** The texts the chart's SVG draws (axis labels, data labels, legend entries). */
async function svgTexts(page: Page): Promise<string[]> {
  return page
    .locator('[data-test="report-chart"] svg text')
    .evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').map((e) => (e.textContent ?? '').trim()));
}

for (const size of SIZES) {
  const which = size.every || allSizes ? "the gallery's charts" : 'the bar and waterfall charts';
  test(`${which} draw and keep their labels readable at ${size.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const api = await apiFor(page);
    const { result: charts } = await api.get<{ result: DashboardChart[] }>('/api/v1/dashboard/all_chart_types/charts');
    expect(charts.length).toBeGreaterThanOrEqual(41);

    const dir = `test-results/gallery-sizes/${size.name}`;
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    // as report captures are: each chart at once in its final state
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const drawn = [...charts].filter((c) => size.every || allSizes || ASSERTED.has(c.viz_type));
    for (const [i, chart] of drawn.sort((a, b) => a.viz_type.localeCompare(b.viz_type)).entries()) {
      // the first chart's page is loaded, the others are reached inside the app (each draws afresh)
      const url = `/explore/?slice_id=${chart.id}&standalone=true`;
      await (i === 0 ? page.goto(url) : goInApp(page, url));
      const holder = page.locator(`[data-test="report-chart"][data-slice-id="${chart.id}"]`);
      await expect(holder, `${chart.viz_type} draws`).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
      await expect(holder.locator('.ant-alert-error'), `${chart.viz_type} shows no error`).toHaveCount(0);
      // something was drawn: a canvas, an SVG with shapes, a table with cells, or text (a big number)
      const content = holder.locator('canvas, svg path, svg rect, svg circle, svg text, table td, .rama-handlebars *');
      const hasContent = (await content.count()) > 0 || (await holder.innerText()).trim() !== '';
      expect(hasContent, `${chart.viz_type} has content`).toBe(true);
      await page.screenshot({ path: `${dir}/${chart.viz_type}.png` });

      if (chart.viz_type === 'echarts_timeseries_bar') {
        // every one of the ten bars is named on the axis (the old layout named every second one)
        const texts = await svgTexts(page);
        expect(
          AIRPORTS.filter((a) => !texts.includes(a)),
          `airports without a label at ${size.name}`,
        ).toEqual([]);
      }
      if (chart.viz_type === 'waterfall' && size.width >= 960) {
        // 24 months at 45°: all of them fit a large tile
        const months = (await svgTexts(page)).filter((t) => MONTH_LABEL.test(t));
        expect(months, 'waterfall month labels').toHaveLength(24);
      }
      if (chart.viz_type === 'waterfall') {
        // turned labels are lines of text side by side: each keeps a line's room (12 px text) from the next
        const lefts = await page.locator('[data-test="report-chart"] svg text').evaluateAll((els, pattern) => {
          const re = new RegExp(pattern);
          return els.filter((e) => re.test((e.textContent ?? '').trim())).map((e) => e.getBoundingClientRect().left);
        }, MONTH_LABEL.source);
        lefts.sort((a, b) => a - b);
        const closest = Math.min(...lefts.slice(1).map((x, i) => (x - lefts[i]) * Math.SQRT1_2));
        expect(closest, `room between turned month labels at ${size.name}`).toBeGreaterThanOrEqual(14);
        // a small tile thins the months, but evenly: at least every second one is named
        expect(lefts.length, 'waterfall month labels').toBeGreaterThanOrEqual(12);
      }
    }
    expect(errors).toEqual([]);
  });
}
