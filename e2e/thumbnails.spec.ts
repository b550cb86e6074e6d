import { expect, test, type Locator } from '@playwright/test';
import { ADMIN, SIGNED_OUT, apiFor, signIn, unique } from './support';

// Thumbnails: the chart list's card view shows a new chart's captured thumbnail (asked for while it
// is captured, then shown), and the home page's dashboard list shows a dashboard's. The API rules
// (202/200/302/404, per-user digests) are covered by thumbnails.api.test.ts.

const SHOTS = 'test-results/thumbnails';

// the second server of playwright.config.ts: the main one runs with thumbnails off, so the other
// specs' pages start no captures behind them
const THUMBNAILS_URL = `http://127.0.0.1:${Number(process.env.RAMA_E2E_PORT ?? 18089) + 1}`;

test.use({ baseURL: THUMBNAILS_URL, storageState: SIGNED_OUT });

/** The card's picture, once the capture is done and the image has loaded. */
async function expectPicture(card: Locator): Promise<void> {
  const img = card.locator('img[data-test="thumbnail-img"]');
  // the first capture starts the reports' browser; the card polls at 2, 4, 8 … s
  await expect(img).toBeVisible({ timeout: 90_000 });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

test('the chart card view and the home page show captured thumbnails', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/welcome\/$/);
  const api = await apiFor(page);
  const flights = (await api.get<{ result: { id: number }[] }>('/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))'))
    .result[0].id;
  const chartName = unique('Thumbnail pie');
  await api.post('/api/v1/chart/', {
    slice_name: chartName,
    viz_type: 'pie',
    datasource_id: flights,
    datasource_type: 'table',
    params: JSON.stringify({ datasource: `${flights}__table`, viz_type: 'pie', metric: 'count', groupby: ['origin'], row_limit: 10 }),
  });
  const dashboardTitle = unique('Thumbnail dashboard');
  await api.post('/api/v1/dashboard/', { dashboard_title: dashboardTitle, published: true });

  // the chart list, newest change first, in card view
  await page.goto('/chart/list/');
  await page.getByTitle('Card view').click();
  const card = page.locator('.rama-chart-card').filter({ hasText: chartName });
  await expect(card).toBeVisible();
  await expectPicture(card);
  await page.screenshot({ path: `${SHOTS}/chart-cards.png` });

  // home: the recent dashboards list shows the new dashboard's picture
  await page.goto('/rama/welcome/');
  const item = page.getByRole('list', { name: 'Recent dashboards' }).getByRole('listitem').filter({ hasText: dashboardTitle });
  await expect(item).toBeVisible();
  await expectPicture(item);
  await page.screenshot({ path: `${SHOTS}/home.png` });
});
