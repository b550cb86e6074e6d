/**
 * The sanitizing stage in a real browser: the HTML a hostile template produces goes through
 * DOMPurify with the chart's settings in Chromium, is put into the page the way the chart puts it,
 * and nothing in it runs or keeps a way to run (Node has no DOM for DOMPurify, hence the browser).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import purifySource from 'dompurify/dist/purify.min.js?raw';
import { PURIFY_CONFIG, renderTemplate } from './render';

const CHROMIUM = '/usr/bin/chromium';

const HOSTILE_TEMPLATE = [
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'">',
  '<a id="js" href="javascript:window.__pwned = \'href\'">link</a>',
  '<a id="js2" href="JaVaScRiPt&colon;window.__pwned=1">link</a>',
  '<svg onload="window.__pwned = \'svg\'"><script>window.__pwned = "svg-script"</script></svg>',
  '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>',
  '<object data="javascript:window.__pwned = 1"></object><embed src="javascript:window.__pwned = 1">',
  '<style>@import url(https://evil.example/x.css); body { display: none }</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<form action="javascript:window.__pwned = 1"><button formaction="javascript:window.__pwned = 1">go</button></form>',
  '<details open ontoggle="window.__pwned = \'toggle\'">x</details>',
  '<div id="kept" class="card" onclick="window.__pwned = \'click\'" onmouseover="window.__pwned = 1">ok <b>bold</b></div>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  // a row value written raw with the triple-stash reaches this stage as HTML too
  '{{#each data}}{{{note}}}{{/each}}',
].join('\n');

let browser: Browser | null = null;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body><div id="chart"></div></body></html>');
  await page.addScriptTag({ content: purifySource });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('handlebars HTML in the browser', () => {
  it('a template that tries to run script leaves nothing executable on the page', async () => {
    const html = renderTemplate(HOSTILE_TEMPLATE, {
      data: [{ note: '<img src=y onerror="window.__pwned = \'row\'"><script>window.__pwned = "row-script"</script>' }],
    });
    const result = await page.evaluate(
      async ({ html, config }) => {
        const purify = (window as unknown as { DOMPurify: { sanitize: (h: string, c: unknown) => string } }).DOMPurify;
        const chart = document.getElementById('chart')!;
        chart.innerHTML = purify.sanitize(html, config);
        // give anything that could fire (image errors, toggles, loads) the time to
        await new Promise((r) => setTimeout(r, 300));
        for (const el of Array.from(chart.querySelectorAll('*'))) (el as HTMLElement).click?.();
        await new Promise((r) => setTimeout(r, 100));
        const all = Array.from(chart.querySelectorAll('*'));
        return {
          pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
          tags: [...new Set(all.map((e) => e.tagName.toLowerCase()))].sort(),
          handlers: all.flatMap((e) =>
            Array.from(e.attributes)
              .filter((a) => a.name.startsWith('on'))
              .map((a) => a.name),
          ),
          scriptUrls: all.flatMap((e) =>
            Array.from(e.attributes)
              .filter((a) => /^\s*(javascript|vbscript|data):/i.test(a.value) && a.name !== 'class')
              .map((a) => `${a.name}=${a.value}`),
          ),
          kept: chart.querySelector('#kept')?.textContent ?? null,
          location: window.location.href,
        };
      },
      { html, config: PURIFY_CONFIG },
    );
    expect(result.pwned).toBeNull();
    expect(result.handlers).toEqual([]);
    expect(result.scriptUrls).toEqual([]);
    for (const tag of ['script', 'iframe', 'object', 'embed', 'style', 'link', 'form', 'button', 'meta', 'svg'])
      expect(result.tags).not.toContain(tag);
    // what is harmless stays: the text, the markup, the links without their script
    expect(result.kept).toBe('ok bold');
    expect(result.tags).toEqual(expect.arrayContaining(['a', 'b', 'div', 'img']));
    expect(result.location).toBe('about:blank');
  }, 60_000);
});
