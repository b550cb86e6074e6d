import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFor, toast, unique, type ApiClient } from './support';

// Layout editing that is easy to discover (issue 27 item 2): a drop indicator wherever a drop is
// allowed (the top of the grid, between rows), the rule named at the pointer when a drop is refused
// (and as a toast when dropped anyway), and nothing on the page moves while dragging.

const SHOTS = 'test-results/dashboard-layout';

async function chartId(api: ApiClient, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${name}')),columns:!(id))`);
  const reply = await api.get<{ result: { id: number }[] }>(`/api/v1/chart/?q=${q}`);
  expect(reply.result.length, name).toBeGreaterThan(0);
  return reply.result[0].id;
}

/**
 * A dashboard of two rows: two big numbers 4 columns wide each (4 columns free), then a big number
 * and a markdown 6 columns wide each (a full row).
 */
async function twoRowDashboard(api: ApiClient): Promise<number> {
  const [countries, population, life] = [
    await chartId(api, 'Countries'),
    await chartId(api, 'Population, 2005'),
    await chartId(api, 'Life expectancy, 2005'),
  ];
  const title = unique('Layout editing');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title });
  const chart = (id: string, chartId: number, width: number) => ({ type: 'CHART', id, children: [], meta: { chartId, width, height: 30 } });
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-room', 'ROW-full'] },
    HEADER_ID: { type: 'HEADER', id: 'HEADER_ID', meta: { text: title } },
    'ROW-room': {
      type: 'ROW',
      id: 'ROW-room',
      children: ['CHART-countries', 'CHART-population'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
    'ROW-full': { type: 'ROW', id: 'ROW-full', children: ['CHART-life', 'MARKDOWN-note'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-countries': chart('CHART-countries', countries, 4),
    'CHART-population': chart('CHART-population', population, 4),
    'CHART-life': chart('CHART-life', life, 6),
    'MARKDOWN-note': { type: 'MARKDOWN', id: 'MARKDOWN-note', children: [], meta: { width: 6, height: 30, code: 'Half of a full row' } },
  };
  const saved = await api.send('PUT', `/api/v1/dashboard/${created.id}`, { dashboard_title: title, position_json: JSON.stringify(layout) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.id;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Press on `from` and move a little, so the drag starts (the pointer stays pressed). */
async function pickUp(page: Page, from: Locator): Promise<void> {
  const b = await box(from);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 - 20, b.y + b.height / 2 + 20, { steps: 4 });
}

/** Move the pressed pointer to a spot the way a person does, and let the page settle. */
async function hover(page: Page, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x + 1, to.y, { steps: 2 });
  await page.waitForTimeout(150);
}

const rows = (page: Page) => page.locator('[data-test="dashboard-row"]');
const indicator = (page: Page) => page.locator('[data-test="drop-indicator"]');
const refusal = (page: Page) => page.locator('[data-test="drop-refusal"]');

test('drop indicators at the top of the grid, between rows and inside tabs, tabs dropped at the top come first, a full row says why it refuses a chart, and nothing moves while dragging', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const api = await apiFor(page);
  const id = await twoRowDashboard(api);

  await page.goto(`/rama/dashboard/${id}/?edit=true`);
  await expect(page.locator('[data-test="dashboard-edit-actions"]')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  for (const holder of await page.locator('[data-test="dashboard-chart"]').all()) {
    await expect(holder).toHaveAttribute('data-status', /rendered|failed/, { timeout: 30_000 });
  }
  const [roomRow, fullRow] = [await box(rows(page).nth(0)), await box(rows(page).nth(1))];

  // 1. tabs from the palette: a line in the gap between the rows, then one above the first row
  await page.getByRole('tab', { name: 'Layout elements' }).click();
  await pickUp(page, page.locator('[data-test="new-component"][data-component-type="TABS"]'));
  await hover(page, { x: roomRow.x + 200, y: (roomRow.y + roomRow.height + fullRow.y) / 2 });
  await expect(indicator(page)).toHaveCount(1);
  const between = await box(indicator(page));
  // a horizontal accent line of 2 to 4 px, inside the gap, across the row
  expect(between.height).toBeGreaterThanOrEqual(2);
  expect(between.height).toBeLessThanOrEqual(4);
  expect(between.y).toBeGreaterThanOrEqual(roomRow.y + roomRow.height);
  expect(between.y + between.height).toBeLessThanOrEqual(fullRow.y);
  expect(between.width).toBeGreaterThan(roomRow.width * 0.9);
  await expect(refusal(page)).toHaveCount(0);
  expect(await box(rows(page).nth(0))).toEqual(roomRow);
  await page.screenshot({ path: `${SHOTS}/indicator-between-rows.png` });

  // over the middle of a chart tabs are refused, and the reason is beside the pointer
  await hover(page, { x: roomRow.x + 150, y: roomRow.y + roomRow.height / 2 });
  await expect(refusal(page)).toHaveText('Tabs go on the dashboard, in a tab or in a column, not in a row.');
  expect(await box(rows(page).nth(0))).toEqual(roomRow);

  // the gap above the first row: the line sits above it, with what the drop does
  await hover(page, { x: roomRow.x + 200, y: roomRow.y - 8 });
  await expect(indicator(page)).toHaveCount(1);
  const top = await box(indicator(page));
  expect(top.y + top.height).toBeLessThanOrEqual(roomRow.y);
  expect(top.y).toBeGreaterThanOrEqual(roomRow.y - 16);
  await expect(page.locator('[data-test="drop-note"]')).toContainText('Top-level tabs');
  expect(await box(rows(page).nth(0))).toEqual(roomRow);
  await page.screenshot({ path: `${SHOTS}/indicator-top-of-grid.png` });
  await page.mouse.up();

  // the tabs come first in the layout, holding the rows
  const order = await page
    .locator('[data-test="dashboard-tabs"], [data-test="dashboard-row"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-test')));
  expect(order).toEqual(['dashboard-tabs', 'dashboard-row', 'dashboard-row']);
  await expect(page.locator('[data-test="dashboard-tabs"] [data-test="dashboard-row"]')).toHaveCount(2);
  await expect(indicator(page)).toHaveCount(0);

  // 2. a chart from the palette into the full row: refused while dragging, with the rule
  await expect(rows(page)).toHaveCount(2);
  const full = await box(rows(page).nth(1));
  const first = await box(rows(page).nth(0));
  await page.getByRole('tab', { name: 'Charts' }).click();
  await page.getByLabel('Filter your charts').fill('World regions in 2005');
  await expect(page.locator('.rama-builder-chart')).toHaveCount(1);
  await pickUp(page, page.locator('.rama-builder-chart').filter({ hasText: 'World regions in 2005' }));
  // the top of the tab's content, under the tab bar: a line above its first row
  await hover(page, { x: first.x + 200, y: first.y - 8 });
  await expect(indicator(page)).toHaveCount(1);
  const tabTop = await box(indicator(page));
  expect(tabTop.y + tabTop.height).toBeLessThanOrEqual(first.y);
  expect(tabTop.y).toBeGreaterThanOrEqual(first.y - 16);
  await expect(refusal(page)).toHaveCount(0);
  // between the tab's rows
  await hover(page, { x: first.x + 200, y: (first.y + first.height + full.y) / 2 });
  const tabBetween = await box(indicator(page));
  expect(tabBetween.y).toBeGreaterThanOrEqual(first.y + first.height);
  expect(tabBetween.y + tabBetween.height).toBeLessThanOrEqual(full.y);
  expect(await box(rows(page).nth(0))).toEqual(first);
  // the row with room takes it: a line beside its last chart, no refusal
  await hover(page, { x: first.x + first.width - 40, y: first.y + first.height / 2 });
  await expect(indicator(page)).toHaveCount(1);
  await expect(indicator(page)).not.toHaveClass(/is-refused/);
  await expect(refusal(page)).toHaveCount(0);
  expect(await box(rows(page).nth(0))).toEqual(first);
  // the full row does not
  await hover(page, { x: full.x + full.width / 4, y: full.y + full.height / 2 });
  const rule = 'This row is full: its widths add up to 12.';
  await expect(refusal(page)).toContainText(rule);
  await expect(indicator(page)).toHaveClass(/is-refused/);
  expect(await box(rows(page).nth(0))).toEqual(first);
  expect(await box(rows(page).nth(1))).toEqual(full);
  await page.screenshot({ path: `${SHOTS}/refused-drop-message.png` });
  await page.mouse.up();

  // dropped anyway: the same reason as a toast, and the row is unchanged
  await expect(toast(page, rule)).toBeVisible();
  await expect(rows(page).nth(1).locator('[data-test="dashboard-chart"]')).toHaveCount(1);
  await expect(page.locator('[data-test="dashboard-chart"]')).toHaveCount(3);
});
