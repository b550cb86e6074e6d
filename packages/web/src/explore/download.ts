/**
 * Downloads from Explore (issue 11 part 4): the chart's data as CSV, Excel or JSON through the
 * chart data endpoint (result_type full), and the chart as a PNG image of its drawing area.
 */
import type { ChartDataResultFormat, QueryContext, QueryFormData } from '@rama/shared';
import { getCsrfToken } from '../core/api';
import { fetchFile, saveBlob } from '../components/download';
import { buildQueryContext } from './exploreApi';
import { t } from '../i18n';

export type DataExportFormat = ChartDataResultFormat | 'json';

const EXTENSIONS: Record<DataExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json' };

/** A file name from the chart name: letters, digits, dashes and underscores, and a timestamp. */
export function exportFileName(sliceName: string, ext: string, now = new Date()): string {
  const base =
    sliceName
      .trim()
      .replace(/[^\w-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'chart';
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `${base}_${stamp}.${ext}`;
}

/** POST /api/v1/chart/data with result_format csv / xlsx / json and result_type full; saves the file. */
export async function exportChartData(formData: QueryFormData, format: DataExportFormat, sliceName: string): Promise<void> {
  await exportQueryContextData({ ...buildQueryContext(formData), form_data: formData }, format, sliceName);
}

/** The same for a ready query context (a dashboard chart's saved one): its data as a file of the format. */
export async function exportQueryContextData(queryContext: QueryContext, format: DataExportFormat, sliceName: string): Promise<void> {
  const body: QueryContext = { ...queryContext, result_format: format, result_type: 'full' };
  const token = await getCsrfToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers['X-CSRFToken'] = token;
  const res = await fetchFile('/api/v1/chart/data', { method: 'POST', headers, body: JSON.stringify(body) });
  const blob = await res.blob();
  saveBlob(format === 'json' ? new Blob([blob], { type: 'application/json' }) : blob, exportFileName(sliceName, EXTENSIONS[format]));
}

/**
 * What sits on a chart but is not part of it, and is left out of its image: a dashboard chart's
 * tools (filter indicators, the ⋮ menu, the description toggle), drag handles, and anything marked
 * `data-capture-exclude`.
 */
export const CAPTURE_EXCLUDE_SELECTOR = [
  '.rama-dash-chart-tools',
  '.rama-drag-handle',
  '.ant-dropdown-trigger',
  '[data-capture-exclude]',
].join(', ');

/** A chart card's own title: when the captured element shows one, no title is added above it. */
export const CAPTURE_TITLE_SELECTOR = '.rama-dash-chart-title';

/** html-to-image's `filter`: false leaves the node (and what is inside it) out of the image. */
export function keepInCapture(node: unknown): boolean {
  const el = node as { nodeType?: number; matches?: (selector: string) => boolean };
  if (el.nodeType !== 1 || typeof el.matches !== 'function') return true;
  return !el.matches(CAPTURE_EXCLUDE_SELECTOR);
}

/** The title cut to fit `maxWidth` (as `measure` says), ending with "…" when it was cut. */
export function fitTitle(title: string, maxWidth: number, measure: (text: string) => number): string {
  const text = title.trim();
  if (measure(text) <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  // the longest prefix that fits with its ellipsis
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** The title band above an image of a chart that has no title of its own, in CSS pixels. */
export const TITLE_BAND = { height: 44, paddingX: 16, font: '600 16px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' };

const PIXEL_RATIO = 2;
const BACKGROUND = '#ffffff';

/** The chart's image with a title band above it. */
function withTitle(chart: HTMLCanvasElement, title: string): HTMLCanvasElement {
  const band = TITLE_BAND.height * PIXEL_RATIO;
  const out = document.createElement('canvas');
  out.width = chart.width;
  out.height = chart.height + band;
  const ctx = out.getContext('2d');
  if (!ctx) return chart;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(PIXEL_RATIO, PIXEL_RATIO);
  ctx.font = TITLE_BAND.font;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.88)';
  ctx.textBaseline = 'middle';
  const maxWidth = chart.width / PIXEL_RATIO - 2 * TITLE_BAND.paddingX;
  ctx.fillText(
    fitTitle(title, maxWidth, (t) => ctx.measureText(t).width),
    TITLE_BAND.paddingX,
    TITLE_BAND.height / 2,
  );
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(chart, 0, band);
  return out;
}

/**
 * The chart as a PNG, on a white background: only the chart, never the controls on it
 * (CAPTURE_EXCLUDE_SELECTOR), with the chart's name as its title when the element shows none.
 */
export async function downloadChartImage(element: HTMLElement, sliceName: string): Promise<void> {
  const { toCanvas } = await import('html-to-image');
  const chart = await toCanvas(element, { backgroundColor: BACKGROUND, pixelRatio: PIXEL_RATIO, filter: keepInCapture });
  const title = sliceName.trim();
  const canvas = title && !element.querySelector(CAPTURE_TITLE_SELECTOR) ? withTitle(chart, title) : chart;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error(t('explore:message.imageFailed'));
  saveBlob(blob, exportFileName(sliceName, 'png'));
}
