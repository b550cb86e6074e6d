/**
 * Downloads from Explore (issue 11 part 4): the chart's data as CSV, Excel or JSON through the
 * chart data endpoint (result_type full), and the chart as a PNG image of its drawing area.
 */
import type { ChartDataResultFormat, QueryContext, QueryFormData } from '@rama/shared';
import { getCsrfToken } from '../app/api';
import { fetchFile, saveBlob } from '../components/download';
import { buildQueryContext } from './exploreApi';

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

/** The chart's drawing area as a PNG (html-to-image), on a white background. */
export async function downloadChartImage(element: HTMLElement, sliceName: string): Promise<void> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(element, { backgroundColor: '#ffffff', pixelRatio: 2 });
  if (!blob) throw new Error('The image could not be made');
  saveBlob(blob, exportFileName(sliceName, 'png'));
}
