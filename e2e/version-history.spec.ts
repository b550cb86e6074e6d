import { expect, test } from '@playwright/test';
import { apiFor, shot, unique } from './support';

// Version history (issue 30 item 1): a dashboard saved twice (its title, then its layout) keeps
// three versions; the History panel in the dashboard menu lists them with what changed, compares
// two side by side, and restores the first with a confirmation, as a new version.

type Detail = { result: { id: number; dashboard_title: string; position_json: string } };

function layout(rows: number[][]): string {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: rows.map((_, i) => `ROW-${i}`), parents: ['ROOT_ID'] },
  };
  rows.forEach((charts, i) => {
    position[`ROW-${i}`] = {
      type: 'ROW',
      id: `ROW-${i}`,
      children: charts.map((c) => `CHART-${c}`),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    for (const c of charts)
      position[`CHART-${c}`] = {
        type: 'CHART',
        id: `CHART-${c}`,
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`],
        meta: { chartId: c, width: 4, height: 40 },
      };
  });
  return JSON.stringify(position);
}

test('a dashboard edited twice is restored to its first version from the History panel', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard/list/');
  const api = await apiFor(page);
  const flights = (await api.get<{ result: { id: number; slice_name: string }[] }>('/api/v1/dashboard/flights/charts')).result.slice(0, 3);
  expect(flights).toHaveLength(3);
  const [a, b, c] = flights.map((f) => f.id);
  const first = unique('History');
  const created = await api.post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: first, position_json: layout([[a, b], [c]]) });
  const id = created.id;
  // two saves: the title, then the layout (the first row's charts swapped)
  expect((await api.send('PUT', `/api/v1/dashboard/${id}`, { dashboard_title: `${first} (renamed)` })).status).toBe(200);
  expect((await api.send('PUT', `/api/v1/dashboard/${id}`, { position_json: layout([[b, a], [c]]) })).status).toBe(200);

  await page.goto(`/rama/dashboard/${id}/`);
  await expect(page.getByRole('heading', { name: `${first} (renamed)` })).toBeVisible();
  await page.locator('[data-test="dashboard-menu"]').click();
  await page.getByRole('menuitem', { name: 'Version history', exact: true }).click();
  const panel = page.locator('.ant-drawer').filter({ hasText: 'History' });
  await expect(panel.locator('[data-test="version-summary"]')).toHaveText(['layout: moved 2 charts', 'title changed', 'created']);
  await expect(panel.getByRole('cell', { name: 'admin Admin' }).first()).toBeVisible();
  await shot(page, 'version-history-panel');

  // compare the first version with the last: the title and the two charts moved
  await panel.locator('tr[data-row-key="1"]').getByRole('checkbox').check();
  await panel.locator('tr[data-row-key="3"]').getByRole('checkbox').check();
  await panel.locator('[data-test="version-compare-button"]').click();
  const compare = page.getByRole('dialog', { name: 'Compare version 1 with version 3' });
  // the charts moved, by the names they have on the dashboard
  await expect(compare.locator('[data-test="version-layout-moves"]')).toContainText(
    `Moved: ${flights[0].slice_name}, ${flights[1].slice_name}`,
  );
  await expect(compare.getByRole('row', { name: /^Title / })).toContainText(`${first} (renamed)`);
  await shot(page, 'version-history-compare');
  await compare.getByRole('button', { name: 'Close' }).click();

  // restore the first version: a confirmation, then the page shows it
  await panel.locator('[data-test="restore-version-1"]').click();
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('saved as a new version (4)');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('heading', { name: first, exact: true })).toBeVisible();
  const detail = await api.get<Detail>(`/api/v1/dashboard/${id}`);
  expect(detail.result.dashboard_title).toBe(first);
  expect(JSON.parse(detail.result.position_json)['ROW-0'].children).toEqual([`CHART-${a}`, `CHART-${b}`]);

  // the restore is itself a version, so it can be undone
  await page.locator('[data-test="dashboard-menu"]').click();
  await page.getByRole('menuitem', { name: 'Version history', exact: true }).click();
  await expect(panel.locator('[data-test="version-summary"]').first()).toHaveText('restored version 1');
});
