/**
 * "Download as PDF" of a dashboard (issue 27 item 5), as the peer does it: the dashboard's grid
 * (its whole height, every chart drawn) as an image on A4 landscape pages with a 10 mm margin,
 * scaled to the page width and cut across as many pages as it needs.
 */
import { keepInCapture } from '../explore/download';
import { saveBlob } from '../components/download';

/** A4 landscape in millimetres, and the margin around the image. */
export const PDF_PAGE = { width: 297, height: 210, margin: 10 } as const;

/**
 * The peer's file name: the title in kebab case and the ISO timestamp with its colons replaced,
 * e.g. "world-bank-s-data-2026-11-28T19_30_00.000Z.pdf".
 */
export function pdfFileName(title: string, now: Date = new Date()): string {
  const stem =
    title
      .trim()
      .replace(/([a-z\d])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z\d]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'dashboard';
  return `${stem}-${now.toISOString().replace(/[: ]/g, '_')}.pdf`;
}

/** One page's strip of the image: its top and height in image pixels. */
export interface PageSlice {
  top: number;
  height: number;
}

/**
 * How an image `width`×`height` pixels, scaled to the page's printable width, is cut into pages:
 * each strip is as tall as a page's printable height (the last one shorter).
 */
export function pageSlices(width: number, height: number, page: { width: number; height: number; margin: number } = PDF_PAGE): PageSlice[] {
  if (width <= 0 || height <= 0) return [];
  const pxPerMm = width / (page.width - 2 * page.margin);
  const pageHeightPx = Math.max(1, Math.floor((page.height - 2 * page.margin) * pxPerMm));
  const slices: PageSlice[] = [];
  for (let top = 0; top < height; top += pageHeightPx) slices.push({ top, height: Math.min(pageHeightPx, height - top) });
  return slices;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `settled` holds twice in a row (or `timeoutMs` passes). */
async function waitUntil(settled: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  let streak = 0;
  while (Date.now() < end && streak < 2) {
    await sleep(150);
    streak = settled() ? streak + 1 : 0;
  }
}

/**
 * Scrolls the window through the element, a screen at a time, so every chart in it is asked for
 * and drawn (charts load near the viewport only), then scrolls back where the user was.
 */
export async function drawWholeElement(element: HTMLElement, chartsSettled: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = window.scrollY;
  const top = element.getBoundingClientRect().top + start;
  const bottom = top + element.scrollHeight;
  const step = Math.max(200, window.innerHeight - 100);
  for (let y = Math.max(0, top - 100); ; y += step) {
    window.scrollTo(0, y);
    await waitUntil(chartsSettled, timeoutMs);
    if (y + window.innerHeight >= bottom || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight) break;
  }
  window.scrollTo(0, start);
  await sleep(50);
}

const PIXEL_RATIO = 2;
const BACKGROUND = '#ffffff';

/** The element as a multi-page A4 landscape PDF, saved under the peer's file name. */
export async function downloadElementAsPdf(element: HTMLElement, title: string, chartsSettled: () => boolean): Promise<string> {
  await drawWholeElement(element, chartsSettled);
  const [{ toCanvas }, { jsPDF }] = await Promise.all([import('html-to-image'), import('jspdf')]);
  const canvas = await toCanvas(element, {
    backgroundColor: BACKGROUND,
    pixelRatio: PIXEL_RATIO,
    filter: keepInCapture,
    height: element.scrollHeight,
    width: element.scrollWidth,
  });
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  const printableWidth = PDF_PAGE.width - 2 * PDF_PAGE.margin;
  const mmPerPx = printableWidth / canvas.width;
  const slices = pageSlices(canvas.width, canvas.height);
  slices.forEach((slice, index) => {
    const strip = document.createElement('canvas');
    strip.width = canvas.width;
    strip.height = slice.height;
    const ctx = strip.getContext('2d');
    if (!ctx) throw new Error('The PDF could not be made');
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, strip.width, strip.height);
    ctx.drawImage(canvas, 0, slice.top, canvas.width, slice.height, 0, 0, canvas.width, slice.height);
    if (index > 0) pdf.addPage();
    pdf.addImage(strip, 'JPEG', PDF_PAGE.margin, PDF_PAGE.margin, printableWidth, slice.height * mmPerPx, undefined, 'FAST');
  });
  const fileName = pdfFileName(title);
  saveBlob(pdf.output('blob'), fileName);
  return fileName;
}
