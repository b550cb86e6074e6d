import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN, SIGNED_OUT, apiFor, downloadFromMenuEntry, signIn, unique, type ApiClient } from './support';

// Issue 27: the "Create a new chart" page, long chart names in the chart list, the welcome page's
// frame at once. Screenshots go to test-results/authoring/ to be looked at.
const SHOTS = 'test-results/authoring';
mkdirSync(SHOTS, { recursive: true });

async function flightsDatasetId(api: ApiClient): Promise<number> {
  const reply = await api.get<{ result: { id: number; table_name: string }[] }>(
    '/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:flights)))',
  );
  const flights = reply.result.find((d) => d.table_name === 'flights');
  if (!flights) throw new Error('the flights example dataset is missing');
  return flights.id;
}

async function createChart(api: ApiClient, name: string, datasetId: number): Promise<number> {
  const params = { viz_type: 'echarts_timeseries_bar', datasource: `${datasetId}__table`, metrics: ['count'] };
  const reply = await api.post<{ id: number }>('/api/v1/chart/', {
    slice_name: name,
    viz_type: 'echarts_timeseries_bar',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify(params),
  });
  return reply.id;
}

async function box(page: Page, selector: ReturnType<Page['locator']>) {
  const b = await selector.boundingBox();
  if (!b) throw new Error('not on the page');
  return b;
}

test.describe('authoring', () => {
  test('"+ Chart" opens the Create a new chart page; dataset, search "bar", a type, Create → Explore on them', async ({ page }) => {
    await page.goto('/chart/list/');
    const api = await apiFor(page);
    const flightsId = await flightsDatasetId(api);
    await page.getByRole('button', { name: 'Chart', exact: true }).click();
    await expect(page).toHaveURL(/\/chart\/add$/);
    await expect(page.getByRole('heading', { name: 'Create a new chart' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create new chart' });
    await expect(create).toBeDisabled();
    await expect(page.getByText('Please select both a Dataset and a Chart type to proceed')).toBeVisible();

    // step 1: the dataset, found by typing; its options show the table name with the schema after it
    await page.getByLabel('Dataset').click();
    await page.keyboard.type('flights');
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^flights/ })
      .first();
    await expect(option).toContainText('main');
    await option.click();
    // the chosen value shows the name only
    await expect(page.locator('.rama-dataset-picker')).toContainText('flights');
    await expect(page.locator('.rama-dataset-picker')).not.toContainText('main');

    // step 2: the gallery: every type in "All charts", each card with a picture and a description
    const cards = page.getByRole('listbox', { name: 'Chart types' }).getByRole('option');
    expect(await cards.count()).toBeGreaterThan(30);
    await expect(cards.first().locator('img')).toBeVisible();
    await page.getByLabel('Search all charts').fill('bar');
    const bar = page.getByRole('option', { name: /^Bar Chart/ });
    await expect(bar).toBeVisible();
    expect(await cards.count()).toBeLessThan(10);
    await expect(bar).toContainText('Compares metrics');
    await bar.click();
    await expect(bar).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Selected chart type' })).toContainText('Bar Chart');
    await expect(create).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/create-chart.png`, fullPage: true });

    await create.click();
    await expect(page).toHaveURL(new RegExp(`/explore/\\?.*datasource_id=${flightsId}.*viz_type=echarts_timeseries_bar`));
    await expect(page.locator('.rama-explore-viztype-name')).toHaveText('Bar Chart');
    await expect(page.locator('[data-test="datasource-name"]').locator('.rama-dataset-name-main')).toHaveText('flights');
    await expect(page.locator('[data-test="datasource-name"]').locator('.rama-dataset-name-schema')).toHaveText('main');
    await page.screenshot({ path: `${SHOTS}/create-chart-explore.png` });
  });

  test('a very long chart name is cut with an ellipsis and never overlaps the Type column, in the table and the cards', async ({
    page,
  }) => {
    await page.goto('/chart/list/');
    const api = await apiFor(page);
    const marker = unique('longname');
    const name = `${marker} ${'average departure delay by origin airport and month of the year '.repeat(3).trim()}`;
    const id = await createChart(api, name, await flightsDatasetId(api));
    try {
      await page.reload();
      await page.getByLabel('Search charts by name').fill(marker);
      const row = page.getByRole('row').filter({ has: page.locator(`a[href="/explore/?slice_id=${id}"]`) });
      await expect(row).toHaveCount(1);
      const nameLink = row.locator('[data-test="chart-name"]');
      const typeCell = row.getByRole('cell', { name: 'Bar Chart', exact: true });
      const nameBox = await box(page, nameLink);
      const typeBox = await box(page, typeCell);
      // the name ends before the Type column starts
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(typeBox.x + 1);
      // and is cut: its text is wider than what is shown
      const cut = await nameLink.locator('.ant-typography').evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut).toBe(true);
      // the dataset column follows the naming rule: the table, its schema after it
      await expect(row.locator('.rama-dataset-name-main')).toHaveText('flights');
      await expect(row.locator('.rama-dataset-name-schema')).toHaveText('main');
      await nameLink.hover();
      await expect(page.getByRole('tooltip').filter({ hasText: name })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/chart-list-long-name.png` });

      // card view: the card stays in its column; the name is cut inside it
      await page.getByTitle('Card view').click();
      const card = page.locator('.rama-list-card').filter({ has: page.locator(`a[href="/explore/?slice_id=${id}"]`) });
      await expect(card).toBeVisible();
      const cardBox = await box(page, card);
      const titleBox = await box(page, card.locator('.rama-list-card-title'));
      expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(cardBox.width).toBeLessThan(600);
      await page.screenshot({ path: `${SHOTS}/chart-cards-long-name.png` });
    } finally {
      await api.send('DELETE', `/api/v1/chart/${id}`);
    }
  });

  test('the welcome page shows its frame and skeleton shortlists at once, then fills them', async ({ page }) => {
    await page.addInitScript(watchWelcomeHeader);
    // the second visit is measured, as a user has the app's code cached by the time they land here
    await page.goto('/rama/welcome/');
    await expect(page.locator('[data-test="welcome-header"]')).toBeVisible();
    await page.goto('/rama/welcome/');
    await expect(page.locator('[data-test="welcome-header"]')).toBeVisible();
    const timing = await page.evaluate(() => {
      const w = window as unknown as { __welcome: WelcomeSeen; __pageSpinner?: boolean };
      return { seen: w.__welcome, pageSpinner: w.__pageSpinner ?? false };
    });
    // the page comes with the shell in one drawing: no spinner waits for a page chunk in between,
    // and the shortlists are there at once (skeletons until their data arrives)
    expect(timing.pageSpinner).toBe(false);
    expect(timing.seen.shell).toBe(true);
    expect(timing.seen.shortlists).toBe(4);
    // the page is in the first bundle: no chunk of its own to wait for (speed itself is not timed
    // here: a loaded machine would make a bound flaky)
    expect(await welcomeChunks(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/welcome-first.png` });
    // then they fill: the examples' dashboards are listed
    await expect(page.getByRole('list', { name: 'Recent dashboards' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chart', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/welcome.png`, fullPage: true });
  });

  test('"Download as image" in Explore saves only the chart, with the chart name as its title above it', async ({ page }) => {
    await page.goto('/chart/list/');
    const api = await apiFor(page);
    const charts = await api.get<{ result: { id: number; slice_name: string }[] }>(
      "/api/v1/chart/?q=(filters:!((col:slice_name,opr:eq,value:'Average delay at the ten busiest airports')))",
    );
    const chart = charts.result[0];
    await page.goto(`/explore/?slice_id=${chart.id}`);
    const area = page.locator('.rama-explore .rama-chart-area');
    await expect(area.locator('canvas, svg').first()).toBeVisible({ timeout: 30_000 });
    const areaBox = await box(page, area);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Download' }).hover();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download as image' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync((await file.path())!);
    copyFileSync((await file.path())!, `${SHOTS}/explore-download.png`);
    // the PNG header: width and height at bytes 16 and 20 (drawn at twice the pixel ratio)
    const width = png.readUInt32BE(16) / 2;
    const height = png.readUInt32BE(20) / 2;
    expect(Math.abs(width - areaBox.width)).toBeLessThanOrEqual(1);
    // the chart's area and the title band above it (44 px), nothing else
    expect(Math.abs(height - (areaBox.height + 44))).toBeLessThanOrEqual(1);
  });

  test("a dashboard chart's image keeps its title and leaves out the filter indicator and ⋮ menu", async ({ page }) => {
    await page.goto('/rama/dashboard/flights/');
    const card = page.locator('[data-test="dashboard-chart"]').first();
    await expect(card.locator('canvas, svg').first()).toBeVisible({ timeout: 30_000 });
    const cardBox = await box(page, card);
    const toolsBox = await box(page, card.locator('.rama-dash-chart-tools'));
    // where the tools are drawn, relative to the card, in CSS pixels
    const region = { x: toolsBox.x - cardBox.x, y: toolsBox.y - cardBox.y, width: toolsBox.width, height: toolsBox.height };
    const darkIn = (png: PNG, scale: number) => {
      let dark = 0;
      for (let y = Math.floor(region.y * scale); y < Math.floor((region.y + region.height) * scale); y++) {
        for (let x = Math.floor(region.x * scale); x < Math.floor((region.x + region.width) * scale); x++) {
          const i = (png.width * y + x) * 4;
          if (png.data[i] < 160 && png.data[i + 1] < 160 && png.data[i + 2] < 160) dark++;
        }
      }
      return dark;
    };
    // on the page, the icons are there
    expect(darkIn(PNG.sync.read(await card.screenshot()), 1)).toBeGreaterThan(0);

    const download = await downloadFromMenuEntry(page, card.locator('[data-test="chart-menu"]'), /^Download/, 'Download as image');
    const path = (await download.path())!;
    copyFileSync(path, `${SHOTS}/dashboard-chart-download.png`);
    const image = PNG.sync.read(readFileSync(path));
    // the card as it is (no title band added: it shows its own title), at twice the pixel ratio
    expect(Math.abs(image.height / 2 - cardBox.height)).toBeLessThanOrEqual(1);
    // in its image, where the icons were is blank
    expect(darkIn(image, 2)).toBe(0);
  });

  test.describe('after login', () => {
    test.use({ storageState: SIGNED_OUT });
    test('after login the welcome page is drawn with its shell and shortlists, with no page chunk or spinner to wait for', async ({
      page,
    }) => {
      await page.addInitScript(watchWelcomeHeader);
      await page.goto('/login/');
      await signIn(page, ADMIN.username, ADMIN.password);
      await expect(page.locator('[data-test="welcome-header"]')).toBeVisible();
      const timing = await page.evaluate(() => {
        const login = performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname === '/login/')
          .at(-1) as PerformanceResourceTiming | undefined;
        const w = window as unknown as { __welcome: WelcomeSeen; __pageSpinner?: boolean };
        return { loginAnswered: login?.responseEnd ?? null, seen: w.__welcome, pageSpinner: w.__pageSpinner ?? false };
      });
      expect(timing.loginAnswered).not.toBeNull();
      expect(timing.pageSpinner).toBe(false);
      expect(timing.seen.shortlists).toBe(4);
      expect(timing.seen.shell).toBe(true);
      expect(await welcomeChunks(page)).toEqual([]);
    });
  });
});

/** Scripts loaded for the welcome page alone (a lazy chunk would make the page wait after login). */
async function welcomeChunks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /\/assets\/(WelcomePage|welcome)[^/]*\.js$/i.test(p)),
  );
}

/**
 * Records when the welcome header first appears, how many shortlist cards and whether the shell's
 * navigation were drawn with it, and whether the page area ever showed a loading spinner instead.
 */
function watchWelcomeHeader() {
  const w = window as unknown as { __welcome?: WelcomeSeen; __pageSpinner?: boolean };
  const observer = new MutationObserver(() => {
    if (document.querySelector('.rama-page-loading')) w.__pageSpinner = true;
    if (w.__welcome) return;
    if (document.querySelector('[data-test="welcome-header"]')) {
      w.__welcome = {
        at: performance.now(),
        shortlists: document.querySelectorAll('.rama-shortlist-card').length,
        shell: document.querySelector('.rama-header') !== null,
      };
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface WelcomeSeen {
  at: number;
  shortlists: number;
  shell: boolean;
}
