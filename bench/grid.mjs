// Result grid benchmark in Chromium: 100,000 rows x 10 columns from SQL Lab into the grid.
// Reports the time from the execute response arriving to the first rows painted, and the long
// tasks (> 50 ms) while scrolling the grid top to bottom (goal: 0).
import { chromium } from '@playwright/test';
import { startServer } from './lib.mjs';

const SQL = `SELECT date, delay, distance, origin, destination, delay * 2 AS delay2, distance / 2.0 AS half_distance, origin || '-' || destination AS route, CAST(hour(date) AS INTEGER) AS hour, CAST(date AS DATE) AS day FROM flights LIMIT 100000`;

export async function benchGrid() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/login/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('bench-admin-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/welcome/);
    await page.goto(`${server.url}/sqllab/`);
    const editor = page.locator('.rama-sqllab-editor .cm-content');
    await editor.waitFor();
    await page.getByRole('button', { name: /^Row limit/ }).click();
    await page.getByRole('menuitem', { name: '100,000' }).click();
    await editor.locator('.cm-line').first().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(SQL);
    await page.keyboard.press('Escape');
    // long tasks from here on are recorded in the page
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: false });
    });
    const response = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    const res = await response;
    await res.finished();
    // when the body has arrived, watch (inside the page) for the first grid rows to be painted
    const firstRowsMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const arrived = performance.now();
          const check = () => {
            const rows = document.querySelectorAll('.rama-grid-canvas [role="row"]');
            if (rows.length > 5) requestAnimationFrame(() => resolve(performance.now() - arrived));
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    await page.getByTestId('row-count').waitFor({ timeout: 60_000 });
    const rowCount = await page.getByTestId('row-count').textContent();

    // scroll top to bottom with the wheel, as a person would, in steps
    const grid = page.locator('.rama-grid-scroll');
    const box = await grid.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await page.evaluate(() => performance.now());
    const total = await grid.evaluate((el) => el.scrollHeight);
    const steps = 300;
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, Math.ceil(total / steps));
      await page.waitForTimeout(16);
    }
    const atBottom = await grid.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 5);
    const longTasks = await page.evaluate((t) => window.__longTasks.filter((x) => x.start >= t), before);
    return [
      {
        case: 'Result grid in Chromium, 100k rows x 10 cols',
        first_rows_ms: firstRowsMs,
        rows_label: rowCount?.trim(),
        scroll_long_tasks: longTasks.length,
        longest_task_ms: longTasks.reduce((m, x) => Math.max(m, x.duration), 0),
        reached_bottom: atBottom,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
