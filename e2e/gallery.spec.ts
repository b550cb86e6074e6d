import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { VIZ_DEFINITIONS } from '@rama/shared';
import { apiFor } from './support';

// The gallery (issue 15): the "All chart types" example dashboard holds one chart of every chart
// type of the spec, in tabs by category. Each tab is opened and every chart must draw (a canvas or
// an SVG with content, no error panel, no console error); each chart is saved as a screenshot in
// test-results/gallery/<viz_type>.png to be looked at.

/**
 * Every chart type of the spec (section 1), by the BI server's viz_type keys (api-shapes): the
 * shared registry's, which each type's folder joins (the built @rama/shared the server runs).
 */
const SPEC_TYPES = [...VIZ_DEFINITIONS.keys()];

interface DashboardChart {
  id: number;
  viz_type: string;
  slice_name: string;
}

const holders = (page: Page) => page.locator('[data-test="dashboard-chart"]:visible');

test('the gallery dashboard draws one chart of every type', async ({ page }) => {
  test.setTimeout(240_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const api = await apiFor(page);
  const { result: charts } = await api.get<{ result: DashboardChart[] }>('/api/v1/dashboard/all_chart_types/charts');
  const typeOf = new Map(charts.map((c) => [c.id, c.viz_type]));
  expect([...new Set(charts.map((c) => c.viz_type))].sort()).toEqual([...SPEC_TYPES].sort());

  mkdirSync('test-results/gallery', { recursive: true });
  // as report captures do: each chart at once in its final state, so a screenshot never catches an entry animation
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/rama/dashboard/all_chart_types/');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
  const drawn = new Set<string>();
  for (const tab of await tabs.all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(holders(page).first()).toBeVisible();
    for (const holder of await holders(page).all()) {
      const id = Number(await holder.getAttribute('data-chart-id'));
      const vizType = typeOf.get(id) ?? `chart-${id}`;
      await holder.scrollIntoViewIfNeeded();
      await expect(holder, `${vizType} draws`).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
      await expect(holder.locator('.ant-alert-error'), `${vizType} shows no error`).toHaveCount(0);
      // something was drawn: a canvas, an SVG with shapes, or a table with cells
      const content = holder.locator('canvas, svg path, svg rect, svg circle, svg text, table td, .rama-handlebars *');
      expect(await content.count(), `${vizType} has content`).toBeGreaterThan(0);
      await holder.screenshot({ path: `test-results/gallery/${vizType}.png` });
      drawn.add(vizType);
    }
  }
  expect([...drawn].sort()).toEqual([...SPEC_TYPES].sort());
  expect(consoleErrors).toEqual([]);
});

test('a right click on a bar hides the chart tooltip, so the drill menu is not covered', async ({ page }) => {
  test.setTimeout(90_000);
  const api = await apiFor(page);
  const { result: charts } = await api.get<{ result: DashboardChart[] }>('/api/v1/dashboard/all_chart_types/charts');
  const bar = charts.find((c) => c.viz_type === 'echarts_timeseries_bar');
  expect(bar).toBeTruthy();
  await page.goto('/rama/dashboard/all_chart_types/');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
  const holder = page.locator(`[data-test="dashboard-chart"][data-chart-id="${bar?.id}"]`);
  // the bar chart sits in one of the tabs: open them until it shows
  for (const tab of await tabs.all()) {
    await tab.click();
    if (await holder.isVisible()) break;
  }
  await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  await holder.scrollIntoViewIfNeeded();
  // the first (tallest) bar, just above its axis label: the leftmost airport code
  const labels = await holder.locator('svg text').evaluateAll((els) =>
    els
      .filter((e) => /^[A-Z]{3}$/.test((e.textContent ?? '').trim()))
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { text: (e.textContent ?? '').trim(), x: r.x + r.width / 2, top: r.y };
      })
      .sort((a, b) => a.x - b.x),
  );
  expect(labels.length).toBeGreaterThan(0);
  const { text: airport, x } = labels[0];
  const y = labels[0].top - 12;
  const tooltip = holder.locator('[role="img"] > div:not(:first-child)').filter({ hasText: airport });
  await page.mouse.move(x, y);
  await expect(tooltip).toBeVisible();
  await page.mouse.click(x, y, { button: 'right' });
  const drill = page.getByRole('menuitem', { name: 'Drill to detail' });
  await expect(drill).toBeVisible();
  await expect(tooltip).toBeHidden();
  // moving over the chart on the way to the menu does not bring the tooltip back over it
  await page.mouse.move(x + 4, y - 4);
  await page.mouse.move(x + 8, y - 8);
  await expect(tooltip).toBeHidden();
  // the menu entry is what the pointer reaches at its centre
  const entry = await drill.boundingBox();
  const hit = await page.evaluate(
    ([cx, cy]) => document.elementFromPoint(cx, cy)?.closest('[role="menuitem"]')?.textContent ?? '',
    [(entry?.x ?? 0) + (entry?.width ?? 0) / 2, (entry?.y ?? 0) + (entry?.height ?? 0) / 2],
  );
  expect(hit).toContain('Drill to detail');
  mkdirSync('test-results/gallery-sizes', { recursive: true });
  await page.screenshot({ path: 'test-results/gallery-sizes/drill-menu-over-chart.png' });
  // a click elsewhere closes the menu; the tooltip comes back on hover
  await page.mouse.click(5, 5);
  await expect(drill).toBeHidden();
  await page.mouse.move(x, y);
  await expect(tooltip).toBeVisible();
});

test.describe('in dark mode', () => {
  // "Follow the system" with a dark system: the admin's stored choice stays the default
  test.use({ colorScheme: 'dark' });

  test('every tab of the gallery draws dark, each chart without an error', async ({ page }) => {
    test.setTimeout(180_000);
    const api = await apiFor(page);
    const { result: charts } = await api.get<{ result: DashboardChart[] }>('/api/v1/dashboard/all_chart_types/charts');
    const typeOf = new Map(charts.map((c) => [c.id, c.viz_type]));
    mkdirSync('test-results/gallery-dark', { recursive: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/rama/dashboard/all_chart_types/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
    const drawn = new Set<string>();
    for (const tab of await tabs.all()) {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(holders(page).first()).toBeVisible();
      for (const holder of await holders(page).all()) {
        const vizType = typeOf.get(Number(await holder.getAttribute('data-chart-id'))) ?? 'chart';
        await holder.scrollIntoViewIfNeeded();
        await expect(holder, `${vizType} draws`).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
        await expect(holder.locator('.ant-alert-error'), `${vizType} shows no error`).toHaveCount(0);
        await holder.screenshot({ path: `test-results/gallery-dark/${vizType}.png` });
        drawn.add(vizType);
      }
    }
    expect([...drawn].sort()).toEqual([...SPEC_TYPES].sort());
  });
});
