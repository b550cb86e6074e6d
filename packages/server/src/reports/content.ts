/**
 * What a report sends (issue 14 part 3): a capture of its dashboard or chart (PNG or PDF), the
 * chart's data as CSV from the chart data engine, or a small table as text. A dashboard capture
 * carries the report's filter values, or a recipient's own, and opens the tab the report chose, or
 * each top-level tab in turn ("all tabs", issue 27). CSV and TEXT name the columns as the chart
 * does (verbose names). XLSX sends a dashboard as one workbook, a sheet per chart (issue 30).
 */
import { PassThrough } from 'node:stream';
import { XLSX_CONTENT_TYPE, activeTabsFor, anchorTabIds, isTabListAnchor, parsePositionJson, type ReportFormat } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { Principal } from '../security/principal.js';
import { savedChartData } from '../charts/chart-data.js';
import { chartLabels } from '../charts/chart-labels.js';
import { recordsToCsv } from '../execution/formats/csv.js';
import { DashboardPermalinkService } from '../dashboards/permalink.js';
import { DashboardService } from '../dashboards/service.js';
import { prepareDashboardWorkbook } from '../dashboards/workbook.js';
import { DEFAULT_CAPTURE_WIDTH, type Screenshotter } from './screenshot.js';
import type { ReportRow } from './present.js';
import { parseStored } from './present.js';
import type { ReportExtra } from '@rama/shared';
import { chartDatasource } from '../metadata/repos/charts.js';

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

  /**
   * The dashboard (with its filter values, through a permalink) opened at `tab` when given: that
   * tab and the tabs on its way are active, the report's other active tabs kept where they do not
   * clash. Without a tab, the report's own anchor and active tabs.
   */
  private async dashboardPath(
    user: Principal,
    report: ReportRow,
    dataMask: DataMask | null,
    standalone: boolean,
    tab: { id: string; path: string[] } | null,
  ): Promise<string> {
    const extra = parseStored<ReportExtra>(report.extra, {}).dashboard ?? {};
    const key = await this.permalinks.create(user, String(report.dashboard_id), {
      urlParams: standalone ? [['standalone', '3']] : [],
      dataMask: dataMask ?? extra.dataMask ?? {},
      activeTabs: tab ? [...tab.path, ...(extra.activeTabs ?? []).filter((id) => !tab.path.includes(id))] : (extra.activeTabs ?? []),
      // a capture opens the tab through its active tabs alone: an anchor would focus (outline) the tab title
      anchor: tab ? (standalone ? null : tab.id) : isTabListAnchor(extra.anchor) ? null : (extra.anchor ?? null),
    });
    return `/rama/dashboard/p/${encodeURIComponent(key)}/`;
  }

  /**
   * The tabs a dashboard report captures, each with the tabs on its way: the one its anchor names,
   * each of a JSON list anchor ("all tabs"), or none (the dashboard as it opens).
   */
  private async capturedTabs(user: Principal, report: ReportRow): Promise<{ id: string; path: string[] }[]> {
    const anchor = parseStored<ReportExtra>(report.extra, {}).dashboard?.anchor;
    const ids = anchorTabIds(anchor);
    if (ids.length === 0) return [];
    const { row } = await this.dashboards.visible(user, report.dashboard_id as number);
    const layout = parsePositionJson(row.position_json);
    return ids.map((id) => ({ id, path: activeTabsFor(layout, id) }));
  }

  async build(user: Principal, report: ReportRow, format: ReportFormat, dataMask: DataMask | null): Promise<ReportContent> {
    const width = report.custom_width ?? DEFAULT_CAPTURE_WIDTH;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
    const base = `${safeName(report.name)}_${stamp}`;
    if (report.dashboard_id !== null) {
      if (format === 'XLSX') return this.workbook(user, report, dataMask);
      if (format !== 'PNG' && format !== 'PDF') throw new Error('A dashboard is sent as PNG, PDF or an Excel workbook.');
      const tabs = await this.capturedTabs(user, report);
      // the link opens the first captured tab (a single one: the report's anchor)
      const link = `${this.ctx.config.publicUrl}${await this.dashboardPath(user, report, dataMask, false, tabs[0] ?? null)}`;
      const paths =
        tabs.length === 0
          ? [await this.dashboardPath(user, report, dataMask, true, null)]
          : await Promise.all(tabs.map((tab) => this.dashboardPath(user, report, dataMask, true, tab)));
      // all tabs: each captured in turn, stacked into one picture (a PDF: each from a new page)
      const data = await this.screenshots.capture(user, { path: paths[0], morePaths: paths.slice(1), kind: 'dashboard', format, width });
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
    const out = await savedChartData(this.ctx, user, chartId, { format: 'json', type: 'full', force: report.force_screenshot === 1 });
    if (out.kind !== 'json') throw new Error('The chart data engine did not answer with JSON.');
    const results = out.payloads.map((p) => JSON.parse(p) as ChartResult);
    const labels = await this.chartLabels(chartId);
    if (format === 'CSV') {
      if (results.length !== 1) {
        // several queries (a mixed chart): the engine's file of them, as the chart's CSV download gives
        const file = await savedChartData(this.ctx, user, chartId, { format: 'csv', type: 'full', force: false });
        if (file.kind !== 'file') throw new Error('The chart data engine did not answer with a file.');
        const zip = file.contentType === 'application/zip';
        const filename = `${base}.${zip ? 'zip' : 'csv'}`;
        return {
          format,
          file: { filename, contentType: zip ? file.contentType : 'text/csv', data: Buffer.from(file.data) },
          table: null,
          url,
        };
      }
      const csv = labelledCsv(results[0], labels);
      return { format, file: { filename: `${base}.csv`, contentType: 'text/csv', data: Buffer.from(csv) }, table: null, url };
    }
    const result = results[0] ?? {};
    const columns = result.colnames ?? [];
    const data = result.data ?? [];
    const limit = this.ctx.config.reports.textRowLimit;
    return {
      format,
      file: null,
      table: {
        columns: columns.map((c) => labels.get(c) ?? c),
        rows: data.slice(0, limit).map((r) => columns.map((c) => r[c])),
        total: data.length,
      },
      url,
    };
  }

  /**
   * The dashboard as one Excel workbook (issue 30 item 2), with the report's filter values (or the
   * recipient's) and the tab the report chose (with "all tabs", the charts of every tab), as its
   * creator sees it.
   */
  private async workbook(user: Principal, report: ReportRow, dataMask: DataMask | null): Promise<ReportContent> {
    const extra = parseStored<ReportExtra>(report.extra, {}).dashboard ?? {};
    const tabs = await this.capturedTabs(user, report);
    const tab = tabs[0] ?? null;
    const viewOf = (t: { path: string[] }) => [...t.path, ...(extra.activeTabs ?? []).filter((id) => !t.path.includes(id))];
    // "all tabs": the charts of each tab in turn, in one workbook
    const prepared = await prepareDashboardWorkbook(this.dashboards, user, report.dashboard_id as number, {
      dataMask: dataMask ?? extra.dataMask ?? {},
      activeTabs: tab ? viewOf(tab) : (extra.activeTabs ?? []),
      tabViews: tabs.length > 1 ? tabs.map(viewOf) : null,
    });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    await prepared.write(out);
    await ended;
    const url = `${this.ctx.config.publicUrl}${await this.dashboardPath(user, report, dataMask, false, tab)}`;
    return {
      format: 'XLSX',
      file: { filename: prepared.fileName, contentType: XLSX_CONTENT_TYPE, data: Buffer.concat(chunks) },
      table: null,
      url,
    };
  }

  /** The names the chart shows for its columns and saved metrics (chart-labels.ts). */
  private async chartLabels(chartId: number): Promise<Map<string, string>> {
    const db = this.ctx.store.db;
    const chart = await chartDatasource(db, chartId);
    return (await chartLabels(db, chart)).labels;
  }
}

interface ChartResult {
  colnames?: string[];
  coltypes?: number[];
  data?: Record<string, unknown>[];
}

/** The result as the chart data engine writes its CSV, the header line in the chart's labels. */
export function labelledCsv(result: ChartResult, labels: ReadonlyMap<string, string>): string {
  const colnames = result.colnames ?? [];
  const csv = recordsToCsv(colnames, result.data ?? [], { coltypes: result.coltypes });
  // the header line alone is what a CSV of no rows is
  const header = recordsToCsv(colnames, []);
  return (
    recordsToCsv(
      colnames.map((c) => labels.get(c) ?? c),
      [],
    ) + csv.slice(header.length)
  );
}

function fileOf(base: string, format: 'PNG' | 'PDF', data: Buffer): ReportContent['file'] {
  return format === 'PNG'
    ? { filename: `${base}.png`, contentType: 'image/png', data }
    : { filename: `${base}.pdf`, contentType: 'application/pdf', data };
}
