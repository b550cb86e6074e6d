/**
 * Captures of dashboards and charts for reports (issue 14 part 3): playwright-core drives the
 * system Chromium on the page in report mode, logged in as the report's owner through a
 * short-lived bearer token (sent only to Rama's own origin), and waits until every chart on the
 * page says it is drawn — never a fixed sleep. PNG is the full page; PDF prints it with one page
 * per screen height. Several pages (a dashboard report of all its tabs) are captured in turn and
 * stacked into one PNG, or printed each from a new PDF page. A capture has one deadline for all of it (RAMA_REPORTS_CAPTURE_TIMEOUT): when
 * it passes, the page's browser context is closed — which also ends a script call stuck in a hung
 * page — so the run fails and its slot is free again (issue 24 item 8). A thumbnail (thumbnails/)
 * takes only the first screen, drawn at a smaller scale (`viewport`).
 */
import type { Browser, Page } from 'playwright-core';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';

export const DEFAULT_CAPTURE_WIDTH = 1600;
/** the screen height a PDF page holds */
export const CAPTURE_SCREEN_HEIGHT = 900;
/** the most Chromium may take to start */
const LAUNCH_TIMEOUT_MS = 60_000;
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
  /**
   * further pages captured after it (a dashboard's other tabs): the captures are stacked into one
   * PNG, or printed each from a new page of the PDF
   */
  morePaths?: string[];
  /** the element that holds what is captured (its charts are awaited) */
  kind: 'dashboard' | 'chart';
  format: CaptureFormat;
  width: number;
  /**
   * a thumbnail: only the first `height` logical pixels in view (not the full page), drawn at
   * `scale` device pixels per logical pixel (0.5: an 800×600 view becomes a 400×300 PNG); PNG only
   */
  viewport?: { height: number; scale: number };
}

/** Why a capture failed, in words for the execution log. */
export class CaptureError extends Error {}

async function settle(page: Page, kind: CaptureRequest['kind'], deadline: number): Promise<void> {
  const selector = kind === 'dashboard' ? '[data-test="dashboard-chart"]' : '[data-test="report-chart"]';
  // the page answers with its layout first; a dashboard without charts is captured as it is
  // a second past the deadline: the capture's own timer ends it first, with its message
  await page.waitForSelector(kind === 'dashboard' ? '.rama-dashboard' : selector, { timeout: Math.max(1, deadline - Date.now()) + 1000 });
  // every chart in view must be drawn (or have failed, which the capture then shows). The check runs
  // in the page as an expression polled from here: the page's CSP forbids the eval that
  // waitForFunction's string predicates need, and the server has no DOM types for a function.
  const drawn = `[...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter((el) => el.getClientRects().length > 0)
    .every((el) => el.dataset.status === 'rendered' || el.dataset.status === 'failed')`;
  while (!(await page.evaluate(drawn))) {
    if (Date.now() > deadline) throw new CaptureError('the charts were not drawn in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  // fonts and the last animation frame
  await page.evaluate(`document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`);
}

/** the tallest page a capture takes in */
const MAX_CAPTURE_HEIGHT = 20_000;

/** The page as a PDF, one page per screen height. */
async function printPdf(page: Page, width: number): Promise<Buffer> {
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width, height: CAPTURE_SCREEN_HEIGHT });
  return page.pdf({
    width: `${width}px`,
    height: `${CAPTURE_SCREEN_HEIGHT}px`,
    printBackground: true,
    margin: { top: '0', bottom: '0', left: '0', right: '0' },
  });
}

/**
 * Several captures as one file: a blank page (no request leaves the browser) shows them one under
 * the other, a thin rule between them, and is captured whole; a PDF starts each on a new page.
 */
async function stacked(page: Page, shots: Buffer[], req: CaptureRequest): Promise<Buffer> {
  await page.goto('about:blank');
  await page.setViewportSize({ width: req.width, height: CAPTURE_SCREEN_HEIGHT });
  const images = shots
    .map((b) => `<div class="shot"><img src="data:image/png;base64,${b.toString('base64')}" width="${req.width}"></div>`)
    .join('');
  await page.setContent(
    `<!doctype html><html><head><style>
      html, body { margin: 0; padding: 0; background: #fff; }
      img { display: block; }
      .shot + .shot { border-top: 4px solid #d9d9d9; }
      @media print { .shot { break-after: page; } .shot + .shot { border-top: 0; } }
    </style></head><body>${images}</body></html>`,
    { waitUntil: 'load' },
  );
  if (req.format === 'PDF') return printPdf(page, req.width);
  return page.screenshot({ fullPage: true, type: 'png' });
}

export class Screenshotter {
  private browser: Promise<Browser> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private active = 0;
  private contexts = 0;

  constructor(private readonly ctx: AppContext) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded on the first capture: a process that never takes one never pays for it
      this.browser = import('playwright-core')
        .then(({ chromium }) =>
          chromium.launch({ executablePath: this.ctx.config.reports.chromiumPath, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS }),
        )
        .catch((e: unknown) => {
          this.browser = null;
          throw new CaptureError(
            `Chromium could not start (${this.ctx.config.reports.chromiumPath}): ${e instanceof Error ? e.message : String(e)}`,
          );
        });
    }
    return this.browser;
  }

  /** Browser contexts (pages being captured) open now: none once every capture has ended or timed out. */
  get openContexts(): number {
    return this.contexts;
  }

  /** The PNG or PDF bytes of the page as `user` sees it. */
  async capture(user: Principal, req: CaptureRequest): Promise<Buffer> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.active++;
    try {
      return await this.captureIn(await this.launch(), user, req);
    } finally {
      this.active--;
      // the browser stays up between runs of a busy minute, and goes when idle
      if (this.active === 0) {
        this.idleTimer = setTimeout(() => void this.close(), 60_000);
        this.idleTimer.unref();
      }
    }
  }

  private async captureIn(browser: Browser, user: Principal, req: CaptureRequest): Promise<Buffer> {
    const timeoutMs = this.ctx.config.reports.captureTimeoutSeconds * 1000;
    const deadline = Date.now() + timeoutMs;
    const origin = new URL(this.ctx.config.publicUrl).origin;
    const token = this.ctx.tokens.sign(user.id, 'access', user.tokenVersion);
    const context = await browser.newContext({
      viewport: { width: req.width, height: req.viewport?.height ?? CAPTURE_SCREEN_HEIGHT },
      deviceScaleFactor: req.viewport?.scale ?? 1,
      locale: 'en-US',
      // charts draw at once, without animations a capture could catch mid-way
      reducedMotion: 'reduce',
      // reports, thumbnails and PDFs are drawn in the light look whatever the report's owner chose in
      // the web app (there is no dark report option): the system's look is light, and the web app
      // reads the capture's look before the user's choice (web core/themeMode.ts CAPTURE_THEME_KEY)
      colorScheme: 'light',
    });
    this.contexts++;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void context.close().catch(() => undefined);
    }, timeoutMs);
    try {
      await context.addInitScript({ content: "try { localStorage.setItem('rama.theme.capture', 'light'); } catch (e) {}" });
      // the token goes to Rama's own origin only, never to a third party the page might reach
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        if (url.startsWith(`${origin}/`))
          return route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } });
        return route.abort();
      });
      const page = await context.newPage();
      const paths = [req.path, ...(req.morePaths ?? [])];
      if (paths.length === 1) {
        await this.open(page, paths[0], req, deadline, timeoutMs);
        if (req.viewport) return await page.screenshot({ fullPage: false, type: 'png' });
        return req.format === 'PDF' ? await printPdf(page, req.width) : await page.screenshot({ fullPage: true, type: 'png' });
      }
      const shots: Buffer[] = [];
      for (const path of paths) {
        await this.open(page, path, req, deadline, timeoutMs);
        shots.push(await page.screenshot({ fullPage: true, type: 'png' }));
      }
      return await stacked(page, shots, req);
    } catch (e) {
      if (timedOut) throw new CaptureError(`the page was not ready within ${timeoutMs / 1000} s (RAMA_REPORTS_CAPTURE_TIMEOUT)`);
      if (e instanceof CaptureError) throw e;
      throw new CaptureError(e instanceof Error ? e.message.split('\n')[0] : String(e));
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
      this.contexts--;
    }
  }

  /** Open a page and wait until it is drawn, its full height in view (charts below the first screen draw too). */
  private async open(page: Page, path: string, req: CaptureRequest, deadline: number, timeoutMs: number): Promise<void> {
    await page.setViewportSize({ width: req.width, height: req.viewport?.height ?? CAPTURE_SCREEN_HEIGHT });
    const response = await page.goto(`${this.ctx.config.publicUrl}${path}`, { waitUntil: 'domcontentloaded', timeout: timeoutMs + 1000 });
    if (!response || !response.ok()) throw new CaptureError(`the page answered ${response?.status() ?? 'nothing'}`);
    await settle(page, req.kind, deadline);
    // a thumbnail shows the first screen only
    if (req.viewport) return;
    const height = Number(await page.evaluate('Math.ceil(document.documentElement.scrollHeight)'));
    if (height > CAPTURE_SCREEN_HEIGHT) {
      await page.setViewportSize({ width: req.width, height: Math.min(height, MAX_CAPTURE_HEIGHT) });
      await settle(page, req.kind, deadline);
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
