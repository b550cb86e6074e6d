/**
 * Captures of dashboards and charts for reports (issue 14 part 3): playwright-core drives the
 * system Chromium on the page in report mode, logged in as the report's owner through a
 * short-lived bearer token (sent only to Rama's own origin), and waits until every chart on the
 * page says it is drawn — never a fixed sleep. PNG is the full page; PDF prints it with one page
 * per screen height.
 */
import type { Browser, Page } from 'playwright-core';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';

export const DEFAULT_CAPTURE_WIDTH = 1600;
/** the screen height a PDF page holds */
export const CAPTURE_SCREEN_HEIGHT = 900;
/** the most a capture may wait for its charts */
const CAPTURE_TIMEOUT_MS = 120_000;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type CaptureFormat = 'PNG' | 'PDF';

export interface CaptureRequest {
  /** a path under the public URL, e.g. `/rama/dashboard/p/<key>/` */
  path: string;
  /** the element that holds what is captured (its charts are awaited) */
  kind: 'dashboard' | 'chart';
  format: CaptureFormat;
  width: number;
}

/** Why a capture failed, in words for the execution log. */
export class CaptureError extends Error {}

async function settle(page: Page, kind: CaptureRequest['kind']): Promise<void> {
  const selector = kind === 'dashboard' ? '[data-test="dashboard-chart"]' : '[data-test="report-chart"]';
  // the page answers with its layout first; a dashboard without charts is captured as it is
  await page.waitForSelector(kind === 'dashboard' ? '.rama-dashboard' : selector, { timeout: CAPTURE_TIMEOUT_MS });
  // every chart in view must be drawn (or have failed, which the capture then shows). The check runs
  // in the page as an expression polled from here: the page's CSP forbids the eval that
  // waitForFunction's string predicates need, and the server has no DOM types for a function.
  const drawn = `[...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter((el) => el.getClientRects().length > 0)
    .every((el) => el.dataset.status === 'rendered' || el.dataset.status === 'failed')`;
  const deadline = Date.now() + CAPTURE_TIMEOUT_MS;
  while (!(await page.evaluate(drawn))) {
    if (Date.now() > deadline) throw new CaptureError('the charts were not drawn in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  // fonts and the last animation frame
  await page.evaluate(`document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`);
}

export class Screenshotter {
  private browser: Promise<Browser> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private active = 0;

  constructor(private readonly ctx: AppContext) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded on the first capture: a process that never takes one never pays for it
      this.browser = import('playwright-core')
        .then(({ chromium }) => chromium.launch({ executablePath: this.ctx.config.reports.chromiumPath, args: CHROMIUM_ARGS }))
        .catch((e: unknown) => {
          this.browser = null;
          throw new CaptureError(
            `Chromium could not start (${this.ctx.config.reports.chromiumPath}): ${e instanceof Error ? e.message : String(e)}`,
          );
        });
    }
    return this.browser;
  }

  /** The PNG or PDF bytes of the page as `user` sees it. */
  async capture(user: Principal, req: CaptureRequest): Promise<Buffer> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.active++;
    const browser = await this.launch();
    const origin = new URL(this.ctx.config.publicUrl).origin;
    const token = this.ctx.tokens.sign(user.id, 'access', user.tokenVersion);
    const context = await browser.newContext({
      viewport: { width: req.width, height: CAPTURE_SCREEN_HEIGHT },
      deviceScaleFactor: 1,
      locale: 'en-US',
      // charts draw at once, without animations a capture could catch mid-way
      reducedMotion: 'reduce',
    });
    try {
      // the token goes to Rama's own origin only, never to a third party the page might reach
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`))
          return route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } });
        return route.abort();
      });
      const page = await context.newPage();
      const response = await page.goto(`${this.ctx.config.publicUrl}${req.path}`, {
        waitUntil: 'domcontentloaded',
        timeout: CAPTURE_TIMEOUT_MS,
      });
      if (!response || !response.ok()) throw new CaptureError(`the page answered ${response?.status() ?? 'nothing'}`);
      await settle(page, req.kind);
      // the whole page in view: charts below the first screen load and draw too
      const height = Number(await page.evaluate('Math.ceil(document.documentElement.scrollHeight)'));
      if (height > CAPTURE_SCREEN_HEIGHT) {
        await page.setViewportSize({ width: req.width, height: Math.min(height, 20_000) });
        await settle(page, req.kind);
      }
      if (req.format === 'PDF') {
        await page.emulateMedia({ media: 'screen' });
        await page.setViewportSize({ width: req.width, height: CAPTURE_SCREEN_HEIGHT });
        return await page.pdf({
          width: `${req.width}px`,
          height: `${CAPTURE_SCREEN_HEIGHT}px`,
          printBackground: true,
          margin: { top: '0', bottom: '0', left: '0', right: '0' },
        });
      }
      return await page.screenshot({ fullPage: true, type: 'png' });
    } catch (e) {
      if (e instanceof CaptureError) throw e;
      throw new CaptureError(e instanceof Error ? e.message.split('\n')[0] : String(e));
    } finally {
      await context.close().catch(() => undefined);
      this.active--;
      // the browser stays up between runs of a busy minute, and goes when idle
      if (this.active === 0) {
        this.idleTimer = setTimeout(() => void this.close(), 60_000);
        this.idleTimer.unref();
      }
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
  }
}
