/**
 * What a report sends (issue 14 part 3): a capture of its dashboard or chart (PNG or PDF), the
 * chart's data as CSV from the chart data engine, or a small table as text. A dashboard capture
 * carries the report's filter values, or a recipient's own.
 */
import type { ReportFormat } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { savedChartData } from '../charts/chart-data.js';
import { DashboardPermalinkService } from '../dashboards/permalink.js';
import { DashboardService } from '../dashboards/service.js';
import { DEFAULT_CAPTURE_WIDTH, type Screenshotter } from './screenshot.js';
import type { ReportRow } from './present.js';
import { parseStored } from './present.js';
import type { ReportExtra } from '@rama/shared';

export interface ReportTable {
  columns: string[];
  rows: unknown[][];
  /** rows the chart returned in all (the table may show fewer) */
  total: number;
}

export interface ReportContent {
  format: ReportFormat;
  /** the file sent (PNG, PDF, CSV); null for TEXT */
  file: { filename: string; contentType: string; data: Buffer } | null;
  /** TEXT: the table the message shows */
  table: ReportTable | null;
  /** where the recipient opens the dashboard or chart in Rama */
  url: string;
}

export type DataMask = Record<string, unknown>;

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'report';

export class ReportContentBuilder {
  private readonly dashboards: DashboardService;
  private readonly permalinks: DashboardPermalinkService;
  constructor(
    private readonly ctx: AppContext,
    private readonly screenshots: Screenshotter,
  ) {
    this.dashboards = new DashboardService(ctx);
    this.permalinks = new DashboardPermalinkService(this.dashboards);
  }

  /** The link in a message: the dashboard (with its filter values, through a permalink) or the chart in Explore. */
  private async dashboardPath(user: Principal, report: ReportRow, dataMask: DataMask | null, standalone: boolean): Promise<string> {
    const extra = parseStored<ReportExtra>(report.extra, {}).dashboard ?? {};
    const key = await this.permalinks.create(user, String(report.dashboard_id), {
      urlParams: standalone ? [['standalone', '3']] : [],
      dataMask: dataMask ?? extra.dataMask ?? {},
      activeTabs: extra.activeTabs ?? [],
      anchor: extra.anchor ?? null,
    });
    return `/rama/dashboard/p/${encodeURIComponent(key)}/`;
  }

  async build(user: Principal, report: ReportRow, format: ReportFormat, dataMask: DataMask | null): Promise<ReportContent> {
    const width = report.custom_width ?? DEFAULT_CAPTURE_WIDTH;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
    const base = `${safeName(report.name)}_${stamp}`;
    if (report.dashboard_id !== null) {
      const link = `${this.ctx.config.publicUrl}${await this.dashboardPath(user, report, dataMask, false)}`;
      if (format !== 'PNG' && format !== 'PDF') throw new Error('A dashboard is sent as PNG or PDF.');
      const data = await this.screenshots.capture(user, {
        path: await this.dashboardPath(user, report, dataMask, true),
        kind: 'dashboard',
        format,
        width,
      });
      return { format, file: fileOf(base, format, data), table: null, url: link };
    }
    const chartId = report.chart_id as number;
    const url = `${this.ctx.config.publicUrl}/explore/?slice_id=${chartId}`;
    if (format === 'PNG' || format === 'PDF') {
      const data = await this.screenshots.capture(user, {
        path: `/explore/?slice_id=${chartId}&standalone=true`,
        kind: 'chart',
        format,
        width,
      });
      return { format, file: fileOf(base, format, data), table: null, url };
    }
    if (format === 'CSV') {
      const out = await savedChartData(this.ctx, user, chartId, { format: 'csv', type: 'full', force: report.force_screenshot === 1 });
      if (out.kind !== 'file') throw new Error('The chart data engine did not answer with a file.');
      return { format, file: { filename: `${base}.csv`, contentType: 'text/csv', data: Buffer.from(out.data) }, table: null, url };
    }
    const out = await savedChartData(this.ctx, user, chartId, { format: 'json', type: 'full', force: report.force_screenshot === 1 });
    if (out.kind !== 'json') throw new Error('The chart data engine did not answer with JSON.');
    const result = (JSON.parse(out.body) as { result: { colnames?: string[]; data?: Record<string, unknown>[] }[] }).result[0] ?? {};
    const columns = result.colnames ?? [];
    const data = result.data ?? [];
    const limit = this.ctx.config.reports.textRowLimit;
    return {
      format,
      file: null,
      table: { columns, rows: data.slice(0, limit).map((r) => columns.map((c) => r[c])), total: data.length },
      url,
    };
  }
}

function fileOf(base: string, format: 'PNG' | 'PDF', data: Buffer): ReportContent['file'] {
  return format === 'PNG'
    ? { filename: `${base}.png`, contentType: 'image/png', data }
    : { filename: `${base}.pdf`, contentType: 'application/pdf', data };
}
