import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_STORAGE_STATE, apiFor, copyDashboardPermalink, shot, toast, unique } from './support';

// Dashboards as a viewer and as an owner use them (issue 12): an example dashboard draws every
// chart and loads a tab's charts when it opens; an owner edits a copy (palette drops, a refused
// drop, a move, a resize, undo, save, reload); save as, publish; a permalink restores the tab
// in a fresh browser; standalone modes hide the navigation and the title.

type Detail = { id: number; result: { id: number; dashboard_title: string; json_metadata: string | null; css: string | null } };

/** the chart holders on screen (a tab that was opened once keeps its charts, hidden) */
const charts = (page: Page) => page.locator('[data-test="dashboard-chart"]:visible');

/** Every chart holder on screen reports it is drawn. */
async function expectAllRendered(page: Page, count: number): Promise<void> {
  await expect(charts(page)).toHaveCount(count, { timeout: 20_000 });
  for (const holder of await charts(page).all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
}

/** The layout as a user sees it: each row's charts (by id) and markdown blocks, in order. */
const rowsOf = (page: Page) =>
  page.$$eval('[data-test="dashboard-row"]', (rows) =>
    rows.map((r) =>
      Array.from(r.querySelectorAll('[data-test="dashboard-chart"],[data-test="dashboard-markdown"]'))
        .map((e) => e.getAttribute('data-chart-id') ?? 'markdown')
        .join(','),
    ),
  );

/** A pointer drag the way a person does it: press, move in steps, hover, release. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }): Promise<void> {
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to drag');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 20, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.move(to.x + 1, to.y, { steps: 2 });
  await page.mouse.up();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test('the flights example dashboard draws every chart of the open tab, and a tab loads its charts when opened', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await expect(page.locator('[data-test="dashboard-status"]')).toHaveText('Published');
  await expectAllRendered(page, 6);
  await expect(page.locator('.rama-chart-area svg').first()).toBeVisible();
  await shot(page, 'dashboard-flights-overview');

  // the Details tab's charts wait until the tab opens; the open tab is kept in the address
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/activeTabs=/);
  await expectAllRendered(page, 4);
  await shot(page, 'dashboard-flights-details');

  // the chart menu: view the query behind a chart
  await charts(page).first().hover();
  await charts(page).first().locator('[data-test="chart-menu"]').click();
  await page.getByRole('menuitem', { name: 'View query' }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/SELECT/i)
      .first(),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // one chart full size
  await charts(page).first().hover();
  await charts(page).first().locator('[data-test="chart-menu"]').click();
  await page.getByRole('menuitem', { name: /full size/i }).click();
  await expect(page.locator('[data-test="dashboard-fullsize-chart"] .rama-chart-area svg').first()).toBeVisible();
  await shot(page, 'dashboard-full-size');
});

test('an owner edits a copy: adds markdown and a chart, a drop that does not fit is refused, moves, resizes, undoes twice, saves and reloads the same layout', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const api = await apiFor(page);
  const source = await api.get<Detail>('/api/v1/dashboard/world_health');
  const title = unique('World copy');
  const copy = await api.post<{ result: { id: number } }>(`/api/v1/dashboard/${source.id}/copy/`, {
    dashboard_title: title,
    css: source.result.css ?? '',
    duplicate_slices: false,
    json_metadata: source.result.json_metadata ?? '{}',
  });
  const id = copy.result.id;

  // tall enough that every drag starts and ends on screen
  await page.setViewportSize({ width: 1440, height: 2200 });
  await page.goto(`/rama/dashboard/${id}/?edit=true`);
  await expect(page.locator('[data-test="dashboard-edit-actions"]')).toBeVisible();
  await expect(charts(page).first()).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  const chartCount = await charts(page).count();
  const save = page.locator('[data-test="header-save-button"]');
  await expect(save).toBeDisabled();

  // 1. a markdown from the palette, dropped at the top edge of the big numbers: a new row above them
  const countries = charts(page).filter({ hasText: 'Countries' }).first();
  const countriesId = await countries.getAttribute('data-chart-id');
  await page.getByRole('tab', { name: 'Layout elements' }).click();
  const at = await box(countries);
  await drag(page, page.locator('[data-test="new-component"][data-component-type="MARKDOWN"]'), { x: at.x + 60, y: at.y + 4 });
  await expect(page.getByText('Double-click to write markdown here.')).toBeVisible();
  await expect(save).toBeEnabled();

  // 2. a saved chart from the palette, searched by name
  await page.getByRole('tab', { name: 'Charts' }).click();
  await page.getByLabel('Filter your charts').fill('Weekly departures');
  const paletteChart = page.locator('.rama-builder-chart').filter({ hasText: 'Weekly departures at the five busiest airports' });
  await expect(page.locator('.rama-builder-chart')).toHaveCount(1);
  await expect(paletteChart).toBeVisible();
  const intro = await box(page.locator('[data-test="dashboard-markdown"]').first());
  await drag(page, paletteChart, { x: intro.x + 80, y: intro.y + intro.height - 4 });
  await expect(charts(page)).toHaveCount(chartCount + 1);

  // 3. a chart dropped beside the four full-width big numbers does not fit
  const fertility = charts(page).filter({ hasText: 'Fertility by region' }).first();
  const population = await box(charts(page).filter({ hasText: 'Population, 2005' }).first());
  await drag(page, fertility.locator('[data-test="dragdroppable-handle"]').or(page.getByLabel('Move Fertility by region')).first(), {
    x: population.x + population.width - 6,
    y: population.y + population.height / 2,
  });
  await expect(
    toast(page, 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.'),
  ).toBeVisible();
  const afterAdds = await rowsOf(page);

  // 4. move "Countries" into the markdown's row (it has room)
  const markdownRow = page.locator('[data-test="dashboard-row"]').filter({ hasText: 'Double-click to write markdown here.' });
  const mdBlock = await box(page.locator('[data-test="dashboard-markdown"]').filter({ hasText: 'Double-click to write markdown here.' }));
  await drag(page, page.getByLabel('Move Countries').first(), { x: mdBlock.x + mdBlock.width - 6, y: mdBlock.y + mdBlock.height / 2 });
  await expect(markdownRow.locator(`[data-chart-id="${countriesId}"]`)).toHaveCount(1);
  await shot(page, 'dashboard-edit-moved');

  // 5. resize the markdown wider by its right handle
  const resizable = page
    .locator('.rama-resizable')
    .filter({ has: page.getByText('Double-click to write markdown here.') })
    .last();
  await resizable.hover();
  const before = (await box(resizable)).width;
  const handle = await box(resizable.locator('.rama-resize-handle--right').first());
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 120, handle.y + handle.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await box(resizable)).width).toBeGreaterThan(before + 60);

  // 6. undo twice: the resize and the move are gone, the two additions stay
  await page.locator('[data-test="undo-action"]').click();
  await page.locator('[data-test="undo-action"]').click();
  await expect(markdownRow.locator(`[data-chart-id="${countriesId}"]`)).toHaveCount(0);
  await expect.poll(() => rowsOf(page)).toEqual(afterAdds);
  await expect(page.locator('[data-test="redo-action"]')).toBeEnabled();

  // 7. save, reload: the same layout
  await save.click();
  await expect(toast(page, 'This dashboard was saved successfully.')).toBeVisible();
  await expect(page.locator('[data-test="dashboard-edit-actions"]')).toHaveCount(0);
  const saved = await rowsOf(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(charts(page)).toHaveCount(chartCount + 1);
  await expect.poll(() => rowsOf(page)).toEqual(saved);
  expect(saved.some((r) => r.startsWith('markdown'))).toBe(true);
  await shot(page, 'dashboard-edit-saved');

  // save as a copy, then publish it
  // the menu is opened again when a click on it was lost (a menu can be redrawn while the charts load)
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.locator('[data-test="dashboard-menu"]').click();
    await page.getByRole('menuitem', { name: 'Save as' }).click({ timeout: 3_000 });
    await expect(page.locator('[data-test="save-as-title"]')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  const copyTitle = unique('Copy of world');
  await page.locator('[data-test="save-as-title"]').fill(copyTitle);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: copyTitle })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/dashboard/${id}/`));
  await expect.poll(() => rowsOf(page)).toEqual(saved);
  await expect(page.locator('[data-test="dashboard-status"]')).toHaveText('Draft');
  await page.locator('[data-test="dashboard-status"]').click();
  await expect(toast(page, 'This dashboard is now published')).toBeVisible();
  await expect(page.locator('[data-test="dashboard-status"]')).toHaveText('Published');
});

test('a permalink restores the open tab in a fresh browser; standalone modes hide the navigation and the title', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.goto('/rama/dashboard/flights/');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page).toHaveURL(/activeTabs=/);
  // the menu is opened once the tab's charts are drawn (a chart finishing meanwhile moves an open submenu)
  await expectAllRendered(page, 4);
  const url = await copyDashboardPermalink(page);
  expect(url).toMatch(/\/rama\/dashboard\/p\/[^/]+\/$/);

  const fresh = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
  const other = await fresh.newPage();
  await other.goto(new URL(url).pathname);
  await expect(other.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expectAllRendered(other, 4);
  await fresh.close();

  await page.goto('/rama/dashboard/flights/?standalone=1');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Charts' })).toHaveCount(0);
  await page.goto('/rama/dashboard/flights/?standalone=2');
  await expect(charts(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Charts' })).toHaveCount(0);
  await shot(page, 'dashboard-standalone');
});
