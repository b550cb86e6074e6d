/**
 * A dashboard as one Excel workbook (issue 30 item 2): GET /api/v1/dashboard/{id_or_slug}/workbook/
 * and the XLSX dashboard report. A first sheet names the dashboard, the time of export, the filters
 * applied and links to each chart's sheet; then one sheet per chart the viewer sees in the tabs
 * that show, in layout order, with the data as the chart shows it.
 *
 * Each chart's query is the one the dashboard page would post (its saved query context, or the one
 * built with the filters and cross-filters that reach it, shared/filters/dataMask.ts), run as the
 * user through the chart data engine: dataset access, RLS, guest rules, the cache and the row
 * limits all apply as they do on the page. Charts run one after the other and each sheet is
 * committed before the next query: the workbook never holds more than one chart's rows.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excelJs } from '../execution/formats/exceljs.js';
import {
  WORKBOOK_MAX_CHARTS,
  WORKBOOK_SUMMARY_SHEET,
  appliedFilters,
  chartExtraFormData,
  chartsHeldByRequiredFilters,
  configuredFilters,
  dashboardPath,
  dashboardTitle,
  defaultMasks,
  layoutChartIds,
  parsePositionJson,
  restoreDataMask,
  sheetLinkFormula,
  workbookCharts,
  workbookFileName,
  workbookSheetNames,
  type ChartConfiguration,
  type ChartFilterTarget,
  type DashboardFilterState,
  type DataMaskState,
  type ExtraFormData,
  type GlobalChartConfiguration,
  type QueryContext,
  type QueryFormData,
} from '@rama/shared';
import type { Principal } from '../security/principal.js';
import { forbidden, HttpError } from '../http/errors.js';
import { parseJsonObject } from '../explore/present.js';
import { dashboardChartQueryContext } from '../charts/chart-data.js';
import { chartLabels } from '../charts/chart-labels.js';
import type { SliceRow } from '../access/charts.js';
import type { DashboardService } from './service.js';
import { datasetColumnNames } from '../metadata/repos/datasources.js';
import {
  isPivotTable,
  pivotRowHeaderCount,
  writeMessageSheet,
  writePivotSheet,
  writeTableSheet,
  type ChartResult,
} from './workbookSheets.js';

export const WORKBOOK_MESSAGES = {
  noDownload: 'You do not have permission to download data.',
  heldByFilter: 'This chart waits for a value of a required filter.',
  failed: 'The chart’s data could not be loaded: %s',
} as const;

export interface WorkbookRequest {
  /** the viewer's filter values and cross-filters (the permalink's `dataMask`); null: the defaults */
  dataMask?: unknown;
  /** the tabs showing; empty: the first tabs */
  activeTabs?: readonly string[] | null;
  /** several views of the tabs, each one's charts in turn (a report sent with "all tabs"); wins over `activeTabs` */
  tabViews?: readonly (readonly string[])[] | null;
}

interface PlannedChart {
  row: SliceRow;
  title: string;
  sheet: string;
  /** what the filters and cross-filters that reach the chart ask of it */
  extraFormData: ExtraFormData;
  held: boolean;
}

export interface PreparedWorkbook {
  fileName: string;
  /** Write the workbook to `out` and end it; a query is abandoned when `signal` aborts. */
  write(out: Writable, signal?: AbortSignal): Promise<void>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Everything that decides the workbook, checked before a byte is sent: the dashboard (404 when the
 * user may not see it), the right to download data (403), the charts and the filters.
 */
export async function prepareDashboardWorkbook(
  service: DashboardService,
  user: Principal,
  idOrSlug: number | string,
  req: WorkbookRequest,
): Promise<PreparedWorkbook> {
  const { row: dashboard } = await service.visible(user, idOrSlug);
  if (!user.can('can_csv', 'Rama')) throw forbidden(WORKBOOK_MESSAGES.noDownload);
  const ctx = service.ctx;
  const slices = await service.visibleChartRows(user, dashboard.id);
  const byId = new Map(slices.map((s) => [s.id, s]));
  const layout = parsePositionJson(
    dashboard.position_json,
    slices.map((s) => ({ id: s.id, slice_name: s.slice_name ?? '' })),
  );
  const metadata = parseJsonObject(dashboard.json_metadata) ?? {};
  const filters = configuredFilters(metadata.native_filter_configuration, layout);
  const onLayout = new Set(layoutChartIds(layout));
  const given = isRecord(req.dataMask) ? restoreDataMask(req.dataMask, filters, onLayout) : {};
  const dataMask: DataMaskState = { ...defaultMasks(filters), ...given };

  // the charts' dataset columns: a cross-filter reaches a chart of another dataset on the columns it has
  const datasetIds = [...new Set(slices.map((s) => s.datasource_id))];
  const columns = await datasetColumnNames(ctx.store.db, datasetIds);
  const columnsOf = new Map<number, Set<string>>();
  for (const c of columns) (columnsOf.get(c.table_id) ?? columnsOf.set(c.table_id, new Set()).get(c.table_id)!).add(c.column_name);
  const targets: Record<number, ChartFilterTarget> = {};
  for (const s of slices) targets[s.id] = { chartId: s.id, datasetId: s.datasource_id, columns: columnsOf.get(s.datasource_id) ?? null };
  const state: DashboardFilterState = {
    filters,
    dataMask,
    chartConfiguration: (isRecord(metadata.chart_configuration) ? metadata.chart_configuration : {}) as ChartConfiguration,
    globalChartConfiguration: (isRecord(metadata.global_chart_configuration)
      ? metadata.global_chart_configuration
      : null) as GlobalChartConfiguration | null,
    crossFiltersEnabled: metadata.cross_filters_enabled !== false,
    charts: targets,
  };
  const held = chartsHeldByRequiredFilters(filters, dataMask);

  const views = req.tabViews?.length ? req.tabViews : [req.activeTabs ?? null];
  const seen = new Set<number>();
  const shown = views
    .flatMap((tabs) => workbookCharts(layout, tabs))
    .filter((c) => byId.has(c.chartId) && !seen.has(c.chartId) && seen.add(c.chartId))
    .slice(0, WORKBOOK_MAX_CHARTS);
  const titles = shown.map((c) => c.titleOverride ?? byId.get(c.chartId)?.slice_name ?? c.layoutName ?? `Chart ${c.chartId}`);
  const sheets = workbookSheetNames(titles);
  const titleOf = (id: number) => titles[shown.findIndex((c) => c.chartId === id)] ?? byId.get(id)?.slice_name ?? `Chart ${id}`;
  const planned: PlannedChart[] = shown.map((c, i) => {
    const row = byId.get(c.chartId) as SliceRow;
    const { extraFormData } = chartExtraFormData(state, c.chartId);
    return { row, title: titles[i], sheet: sheets[i], extraFormData, held: held.has(c.chartId) };
  });
  const title = dashboardTitle(dashboard.dashboard_title);
  const filtersApplied = appliedFilters(filters, dataMask, titleOf);

  return {
    fileName: workbookFileName(title),
    async write(out, signal) {
      const excel = await excelJs();
      const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      workbook.creator = 'Rama';
      workbook.created = new Date();
      writeSummary(workbook, {
        title,
        url: `${ctx.config.publicUrl}${dashboardPath(dashboard)}`,
        filtersApplied,
        planned,
      });
      for (const chart of planned) {
        if (signal?.aborted) break;
        let qc: QueryContext | null = null;
        let failure: unknown = null;
        try {
          qc = chart.held ? null : dashboardChartQueryContext(chart.row, dashboard.id, chart.extraFormData);
        } catch (e) {
          failure = e;
        }
        const fd = (qc?.form_data ?? {}) as QueryFormData;
        const pivot = qc !== null && isPivotTable(fd);
        // the header row stays in view, and a pivot table's row headers with it
        const xSplit = pivot ? pivotRowHeaderCount(fd) : 0;
        const sheet = workbook.addWorksheet(chart.sheet, { views: [{ state: 'frozen', ySplit: 1, ...(xSplit > 0 && { xSplit }) }] });
        try {
          if (failure) throw failure;
          if (chart.held || !qc) {
            writeMessageSheet(sheet, WORKBOOK_MESSAGES.heldByFilter);
          } else {
            const reply = await ctx.charts.data(user, { ...qc, result_format: 'json', result_type: 'full' }, { signal });
            const results = reply.kind === 'json' ? reply.payloads.map((p) => JSON.parse(p) as ChartResult) : [];
            const labels = await chartLabels(ctx.store.db, chart.row);
            if (pivot) await writePivotSheet(sheet, fd, results[0] ?? {}, labels);
            else await writeTableSheet(sheet, fd, results, labels);
          }
        } catch (e) {
          if (signal?.aborted) break;
          // one chart that fails (a dropped table, a timeout) leaves the others: its sheet says why
          if (!(e instanceof HttpError)) ctx.log.error({ err: e, chart: chart.row.id }, 'workbook chart failed');
          writeMessageSheet(sheet, WORKBOOK_MESSAGES.failed.replace('%s', errorText(e)));
        }
        sheet.commit();
      }
      await workbook.commit();
    },
  };
}

function errorText(e: unknown): string {
  if (e instanceof HttpError) {
    const body = e.body as { message?: unknown; errors?: { message?: unknown }[] };
    const message = typeof body?.message === 'string' ? body.message : body?.errors?.[0]?.message;
    if (typeof message === 'string') return message;
  }
  // anything else may carry a driver's internals: not for the sheet
  return 'an unexpected error occurred';
}

function writeSummary(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  c: { title: string; url: string; filtersApplied: { name: string; value: string }[]; planned: PlannedChart[] },
): void {
  const sheet = workbook.addWorksheet(WORKBOOK_SUMMARY_SHEET);
  sheet.columns = [{ width: 28 }, { width: 60 }];
  const bold = (values: unknown[]) => {
    const row = sheet.addRow(values);
    row.font = { bold: true };
    row.commit();
  };
  const title = sheet.addRow([c.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow(['Dashboard', { text: c.url, hyperlink: c.url }]).commit();
  const exported = sheet.addRow(['Exported at (UTC)', new Date()]);
  exported.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
  exported.getCell(2).alignment = { horizontal: 'left' };
  exported.commit();
  sheet.addRow([]).commit();
  bold(['Filters']);
  if (c.filtersApplied.length === 0) sheet.addRow(['No filters applied']).commit();
  for (const f of c.filtersApplied) sheet.addRow([f.name, f.value]).commit();
  sheet.addRow([]).commit();
  bold(['Charts', 'Sheet']);
  for (const p of c.planned) {
    const row = sheet.addRow([p.title, { formula: sheetLinkFormula(p.sheet), result: p.sheet }]);
    row.getCell(2).font = { color: { argb: 'FF0563C1' }, underline: true };
    row.commit();
  }
  sheet.commit();
}
