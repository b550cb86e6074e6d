import { expect, test, type Page } from '@playwright/test';
import { apiFor, chooseNavEntry, type ApiClient } from './support';

// The event log from dashboards and the admin "Action log" page (issue 27 item 5): opening an
// example dashboard records mount_dashboard and each chart's load and render times (sent as
// beacons); an admin finds them on Settings → Action log, filters them and reads one entry's JSON.

type LogList = {
  count: number;
  result: { action: string; dashboard_id: number | null; slice_id: number | null; duration_ms: number | null }[];
};

const shotOf = (page: Page, name: string) => page.screenshot({ path: `test-results/action-log/${name}.png`, fullPage: true });

async function logsSince(api: ApiClient, dashboardId: number, action: string, since: string): Promise<LogList> {
  const q = `(filters:!((col:dashboard_id,opr:eq,value:${dashboardId}),(col:action,opr:eq,value:${action}),(col:dttm,opr:gt,value:'${since}')),page_size:100)`;
  return api.get<LogList>(`/api/v1/log/?q=${encodeURIComponent(q)}`);
}

test('a dashboard visit logs its mount and chart render times, and the Action log page shows and filters them', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiFor(page);
  const since = new Date(Date.now() - 1000).toISOString();

  await page.goto('/rama/dashboard/flights/');
  await expect(page.getByRole('heading', { name: 'Flights overview' })).toBeVisible();
  const holders = page.locator('[data-test="dashboard-chart"]:visible');
  await expect(holders).toHaveCount(6, { timeout: 30_000 });
  for (const holder of await holders.all()) await expect(holder).toHaveAttribute('data-status', 'rendered', { timeout: 30_000 });
  const dashboardId = Number(await page.locator('[data-test="dashboard"]').getAttribute('data-dashboard-id'));
  expect(dashboardId).toBeGreaterThan(0);

  // the beacons arrive about a second after the last event: one mount, a load and a render per
  // chart, each with a duration. Events a second apart leave in separate beacons, which the server
  // may take in either order: wait for all three kinds, not for the renders alone
  const none: LogList = { count: 0, result: [] };
  let seen = { mounts: none, loads: none, renders: none };
  await expect
    .poll(
      async () => {
        const [mounts, loads, renders] = await Promise.all(
          ['mount_dashboard', 'load_chart', 'render_chart'].map((action) => logsSince(api, dashboardId, action, since)),
        );
        seen = { mounts, loads, renders };
        return { mounts: mounts.count, loads: Math.min(loads.count, 6), renders: Math.min(renders.count, 6) };
      },
      { timeout: 30_000 },
    )
    .toEqual({ mounts: 1, loads: 6, renders: 6 });
  const { mounts, renders } = seen;
  expect(renders.result.every((l) => l.slice_id !== null && l.duration_ms !== null && l.duration_ms >= 0)).toBe(true);
  expect(mounts.count).toBe(1);
  expect(mounts.result[0]?.duration_ms).toBeGreaterThan(0);

  // the admin page, from the Settings menu
  await chooseNavEntry(page, 'Settings', 'Action log', /\/logmodelview\/list\//);
  await expect(page.getByRole('heading', { name: 'Action log' })).toBeVisible();
  // no Settings submenu left open over the rows' JSON buttons (chooseNavEntry closes it)
  await expect(page.getByRole('menuitem', { name: 'Alerts & reports', exact: true })).toBeHidden();
  await page.mouse.move(0, 300);
  await page.getByLabel('Filter by dashboard id').fill(String(dashboardId));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // newest first: the visit's events lead the list
  await expect(rows.filter({ hasText: 'render_chart' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'mount_dashboard' }).first()).toBeVisible();
  await shotOf(page, 'action-log-dashboard');

  // filter by event name: only render_chart rows, each with its chart and a duration
  await page.getByLabel('Filter by action').fill('render_chart');
  await expect(rows.filter({ hasText: 'mount_dashboard' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'render_chart' })).not.toHaveCount(0);
  const first = rows.first();
  await expect(first).toContainText('render_chart');
  await expect(first).toContainText(/\d+(\.\d+)? (ms|s)/);
  await expect(first.getByRole('link', { name: String(dashboardId), exact: true })).toBeVisible();
  await shotOf(page, 'action-log-render-chart');

  // one entry's JSON: the event as the page posted it
  await first.getByRole('button', { name: /Details of log entry/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('"event_name": "render_chart"');
  await expect(dialog).toContainText('"event_type": "timing"');
  await expect(dialog).toContainText(`"dashboard_id": ${dashboardId}`);
  await expect(dialog).toContainText('"viz_type"');
  await shotOf(page, 'action-log-json');
});

test('opening a chart in Explore logs mount_explorer and the chart load and render times for that chart', async ({ page }) => {
  test.setTimeout(60_000);
  const api = await apiFor(page);
  const since = new Date(Date.now() - 1000).toISOString();
  const charts = await api.get<{ result: { id: number }[] }>('/api/v1/dashboard/flights/charts');
  const sliceId = charts.result[0]?.id ?? 0;
  expect(sliceId).toBeGreaterThan(0);

  await page.goto(`/explore/?slice_id=${sliceId}`);
  // the chart's query reports its row count above the chart once it is back (any viz type: SVG, canvas or HTML)
  await expect(page.getByText(/^\d[\d,]* rows?$/).first()).toBeVisible({ timeout: 30_000 });
  const actionsFor = async () => {
    const q = `(filters:!((col:slice_id,opr:eq,value:${sliceId}),(col:dttm,opr:gt,value:'${since}')),page_size:100)`;
    const list = await api.get<LogList>(`/api/v1/log/?q=${encodeURIComponent(q)}`);
    return [...new Set(list.result.filter((l) => l.dashboard_id === null).map((l) => l.action))].sort();
  };
  await expect.poll(actionsFor, { timeout: 30_000 }).toEqual(['load_chart', 'mount_explorer', 'render_chart']);
});
