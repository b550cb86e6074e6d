/**
 * One chart's sheet of a dashboard workbook (issue 30 item 2): the chart data engine's result as
 * the chart shows it — a table of its columns, or a pivot table pivoted as drawn (row headers,
 * column headers flattened into one header row, subtotals and totals) — with a bold frozen header
 * row, widths fitted to the content (bounded) and the chart's number and date formats as Excel's.
 * Rows are committed as they are written: the streaming writer keeps none of them.
 */
import type ExcelJS from 'exceljs';
import {
  DEFAULT_PIVOT_AGGREGATE_FUNCTION,
  EXCEL_MAX_ROWS,
  GenericDataType,
  PIVOT_AGGREGATE_FUNCTIONS,
  PIVOT_METRIC_KEY,
  TIME_FORMAT,
  axisEntries,
  buildPivot,
  excelDateFormat,
  excelNumberFormat,
  getTimeFormatter,
  columnLabelOf,
  metricLabelOf,
  parseCurrency,
  pivotDimensions,
  type AxisEntry,
  type Currency,
  type PivotAggregateFunction,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@rama/shared';
import { DATETIME_FORMAT, xlsxCell, type XlsxValue } from '../execution/formats/xlsx.js';
import type { ChartLabels } from '../charts/chart-labels.js';

export interface ChartResult {
  colnames?: string[];
  coltypes?: number[];
  data?: Record<string, unknown>[];
}

export type Sheet = ExcelJS.Worksheet;

const WIDTH_SAMPLE_ROWS = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const YIELD_EVERY_ROWS = 250;
/** The header row, then at most this many rows of data. */
const MAX_DATA_ROWS = EXCEL_MAX_ROWS - 1;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const list = (v: unknown): unknown[] =>
  (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null && x !== '' && (typeof x === 'string' || typeof x === 'object'));
const metricName = (m: unknown): string => metricLabelOf(m as QueryMetric);
const columnName = (c: unknown): string => columnLabelOf(c as QueryColumn);

/** The chart's number format: the control its viz type has (they differ by type). */
function chartNumberFormat(fd: QueryFormData): string | null {
  return str(fd.number_format) ?? str(fd.y_axis_format) ?? str(fd.valueFormat) ?? str(fd.x_axis_format);
}

/** The chart's time format, the same way. */
function chartTimeFormat(fd: QueryFormData): string | null {
  return str(fd.table_timestamp_format) ?? str(fd.date_format) ?? str(fd.x_axis_time_format) ?? str(fd.time_format);
}

/** Per-column settings of a table chart (`column_config`). */
function columnConfig(fd: QueryFormData, column: string): { d3NumberFormat?: string; d3TimeFormat?: string; currencyFormat?: unknown } {
  const config = fd.column_config;
  if (!config || typeof config !== 'object') return {};
  const entry = (config as Record<string, unknown>)[column];
  return entry && typeof entry === 'object' ? (entry as Record<string, string>) : {};
}

const metricLabels = (fd: QueryFormData): Set<string> => new Set([...list(fd.metrics), ...list(fd.metric)].map(metricName));
/** A table's percent metrics are `%<label>` columns, shown as percentages ('.3%', the table's own default). */
const percentColumns = (fd: QueryFormData): Set<string> => new Set(list(fd.percent_metrics).map((m) => `%${metricName(m)}`));
const PERCENT_METRIC_FORMAT = '.3%';

/** The Excel format of a number under a metric: the column's own, the saved metric's, the chart's; the chart's currency, else the metric's. */
function metricNumberFormat(fd: QueryFormData, labels: ChartLabels, metric: string | null): string | null {
  const cfg = metric ? columnConfig(fd, metric) : {};
  const currency: Currency | null =
    parseCurrency(cfg.currencyFormat) ??
    parseCurrency(fd.currency_format) ??
    (metric ? (labels.metricCurrencies.get(metric) ?? null) : null);
  const d3 = str(cfg.d3NumberFormat) ?? (metric ? labels.metricFormats.get(metric) : undefined) ?? chartNumberFormat(fd);
  return excelNumberFormat(d3, currency);
}

const widthOf = (v: XlsxValue, numFmt: string | undefined): number =>
  v === null
    ? 0
    : v instanceof Date
      ? (numFmt ?? DATETIME_FORMAT).replace(/"/g, '').length
      : typeof v === 'number'
        ? String(v).length + 3
        : String(v).length;

const fitted = (widest: number) => Math.min(Math.max(widest + 2, MIN_WIDTH), MAX_WIDTH);

async function pause(r: number): Promise<void> {
  // a large sheet takes a while to write: let the server answer other requests meanwhile
  if (r % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

function writeHeader(sheet: Sheet, names: readonly string[]): void {
  const header = sheet.addRow([...names]);
  header.font = { bold: true };
  header.commit();
}

/** A chart's result as a table: one column per result column, named as the chart names them. Returns the rows written. */
export async function writeTableSheet(
  sheet: Sheet,
  fd: QueryFormData,
  results: readonly ChartResult[],
  labels: ChartLabels,
): Promise<number> {
  // a chart of several queries (mixed time series): the first query's columns; the others follow below
  const result = results[0] ?? {};
  const colnames = result.colnames ?? [];
  const coltypes = result.coltypes ?? [];
  const rows = result.data ?? [];
  const metrics = metricLabels(fd);
  const percents = percentColumns(fd);
  const timeFormat = excelDateFormat(chartTimeFormat(fd));
  const formats = colnames.map((name, c): string | undefined => {
    if (coltypes[c] === GenericDataType.TEMPORAL)
      return excelDateFormat(str(columnConfig(fd, name).d3TimeFormat)) ?? timeFormat ?? DATETIME_FORMAT;
    if (coltypes[c] !== GenericDataType.NUMERIC) return undefined;
    if (percents.has(name)) return excelNumberFormat(str(columnConfig(fd, name).d3NumberFormat) ?? PERCENT_METRIC_FORMAT) ?? undefined;
    if (metrics.has(name)) return metricNumberFormat(fd, labels, name) ?? undefined;
    return excelNumberFormat(str(columnConfig(fd, name).d3NumberFormat)) ?? undefined;
  });
  const header = colnames.map((c) => labels.labels.get(c) ?? c);
  const count = Math.min(rows.length, MAX_DATA_ROWS);
  const toValues = (row: Record<string, unknown>) => colnames.map((name, c) => xlsxCell(coltypes[c], row[name]));
  const sample = rows.slice(0, Math.min(count, WIDTH_SAMPLE_ROWS)).map(toValues);
  sheet.columns = colnames.map((_, c) => ({
    width: fitted(Math.max(header[c].length, ...sample.map((r) => widthOf(r[c], formats[c])))),
    ...(formats[c] && { style: { numFmt: formats[c] } }),
  }));
  writeHeader(sheet, header);
  for (let r = 0; r < count; r++) {
    sheet.addRow(r < sample.length ? sample[r] : toValues(rows[r])).commit();
    await pause(r);
  }
  let written = count;
  for (const more of results.slice(1)) {
    const names = more.colnames ?? [];
    const types = more.coltypes ?? [];
    const data = more.data ?? [];
    if (written + 2 + data.length > MAX_DATA_ROWS) break;
    sheet.addRow([]).commit();
    const h = sheet.addRow(names.map((c) => labels.labels.get(c) ?? c));
    h.font = { bold: true };
    h.commit();
    for (let r = 0; r < data.length; r++) {
      sheet.addRow(names.map((name, c) => xlsxCell(types[c], data[r][name]))).commit();
      await pause(r);
    }
    written += 2 + data.length;
  }
  return written;
}

export const isPivotTable = (fd: QueryFormData): boolean => fd.viz_type === 'pivot_table_v2';

const bool = (v: unknown): boolean => v === true || v === 'true';

function pivotAxes(fd: QueryFormData): { rows: string[]; cols: string[] } {
  return pivotDimensions({
    groupbyRows: list(fd.groupbyRows).map(columnName),
    groupbyColumns: list(fd.groupbyColumns).map(columnName),
    metricsLayout: fd.metricsLayout,
    transposePivot: bool(fd.transposePivot),
    combineMetric: bool(fd.combineMetric),
  });
}

/** The columns a pivot table's sheet gives its row headers (at least one: the total's label). */
export const pivotRowHeaderCount = (fd: QueryFormData): number => Math.max(pivotAxes(fd).rows.length, 1);

/**
 * A pivot table as the chart draws it: the row dimensions as the first columns (a subtotal row
 * says "Subtotal", the total row "Total (<aggregate>)"), then a column per column entry, its header
 * the entry's values joined by " / ". The row-header columns stay in view with the header row.
 */
export async function writePivotSheet(sheet: Sheet, fd: QueryFormData, result: ChartResult, labels: ChartLabels): Promise<number> {
  const records = result.data ?? [];
  const metrics = list(fd.metrics).map(metricName);
  const aggregate: PivotAggregateFunction = PIVOT_AGGREGATE_FUNCTIONS.includes(fd.aggregateFunction as PivotAggregateFunction)
    ? (fd.aggregateFunction as PivotAggregateFunction)
    : DEFAULT_PIVOT_AGGREGATE_FUNCTION;
  const { rows, cols } = pivotAxes(fd);
  const pivot = buildPivot(records, { rows, cols, metrics, aggregateFunction: aggregate, rowOrder: fd.rowOrder, colOrder: fd.colOrder });
  const rowEntries = axisEntries(pivot.rowKeys, rows.length, bool(fd.rowSubTotals), bool(fd.colTotals), fd.rowSubtotalPosition === true);
  const colEntries = axisEntries(pivot.colKeys, cols.length, bool(fd.colSubTotals), bool(fd.rowTotals), fd.colSubtotalPosition === true);
  const totalText = `Total (${aggregate})`;
  const temporal = new Set((result.colnames ?? []).filter((_, i) => result.coltypes?.[i] === GenericDataType.TEMPORAL));
  const dimLabel = (d: string) => (d === PIVOT_METRIC_KEY ? 'Metric' : (labels.labels.get(d) ?? d));
  const partValue = (dim: string, part: string): XlsxValue => {
    if (dim === PIVOT_METRIC_KEY) return labels.labels.get(part) ?? part;
    const v = pivot.raw(dim, part);
    return xlsxCell(temporal.has(dim) ? GenericDataType.TEMPORAL : GenericDataType.STRING, v);
  };
  // a column header is text: a date in it reads as the chart writes it (its date format)
  const dateText = getTimeFormatter(str(fd.date_format) ?? TIME_FORMAT.SMART_DATE);
  const entryText = (dims: string[], e: AxisEntry): string => {
    if (e.kind === 'total') return totalText;
    const parts = e.key.map((p, i) => {
      const v = partValue(dims[i], p);
      return v instanceof Date ? dateText(v.getTime()) : String(v ?? '');
    });
    return e.kind === 'subtotal' ? [...parts, 'Subtotal'].join(' / ') : parts.join(' / ');
  };
  const rowMetricAt = rows.indexOf(PIVOT_METRIC_KEY);
  const colMetricAt = cols.indexOf(PIVOT_METRIC_KEY);
  const metricOf = (r: AxisEntry, c: AxisEntry): string | null => {
    if (rowMetricAt >= 0 && r.key.length > rowMetricAt) return r.key[rowMetricAt];
    if (colMetricAt >= 0 && c.key.length > colMetricAt) return c.key[colMetricAt];
    return metrics.length === 1 ? metrics[0] : null;
  };
  const formatCache = new Map<string, string | null>();
  const formatFor = (metric: string | null): string | null => {
    if (pivot.isFraction) return '0.0%';
    const key = metric ?? '';
    if (!formatCache.has(key)) formatCache.set(key, metricNumberFormat({ ...fd, number_format: fd.valueFormat }, labels, metric));
    return formatCache.get(key) ?? null;
  };

  const rowHeaderCount = Math.max(rows.length, 1);
  const header = [
    ...(rows.length ? rows.map(dimLabel) : ['']),
    ...colEntries.map((e) => (cols.length === 0 ? totalText : entryText(cols, e))),
  ];
  const count = Math.min(rowEntries.length, MAX_DATA_ROWS);
  const rowHeaders = (e: AxisEntry): XlsxValue[] => {
    if (rows.length === 0) return [totalText];
    if (e.kind === 'total') return [totalText, ...Array<XlsxValue>(rows.length - 1).fill(null)];
    const out: XlsxValue[] = e.key.map((p, i) => partValue(rows[i], p));
    if (e.kind === 'subtotal') out.push('Subtotal');
    while (out.length < rows.length) out.push(null);
    return out;
  };
  const widths = header.map((h) => h.length);
  for (let r = 0; r < Math.min(count, WIDTH_SAMPLE_ROWS); r++) {
    rowHeaders(rowEntries[r]).forEach((v, i) => (widths[i] = Math.max(widths[i], widthOf(v, undefined))));
    colEntries.forEach((c, j) => {
      const v = pivot.value(rowEntries[r].key, c.key);
      widths[rowHeaderCount + j] = Math.max(widths[rowHeaderCount + j], v === null ? 0 : String(v).length + 3);
    });
  }
  sheet.columns = widths.map((w) => ({ width: fitted(w) }));
  writeHeader(sheet, header);
  for (let r = 0; r < count; r++) {
    const e = rowEntries[r];
    const row = sheet.addRow([...rowHeaders(e), ...colEntries.map((c) => pivot.value(e.key, c.key))]);
    if (e.kind !== 'leaf') row.font = { bold: true };
    colEntries.forEach((c, j) => {
      const fmt = formatFor(metricOf(e, c));
      if (fmt) row.getCell(rowHeaderCount + j + 1).numFmt = fmt;
    });
    row.commit();
    await pause(r);
  }
  return count;
}

/** A sheet that holds a message instead of data (the chart failed, or waits for a required filter). */
export function writeMessageSheet(sheet: Sheet, message: string): void {
  sheet.columns = [{ width: fitted(Math.min(message.length, MAX_WIDTH)) }];
  writeHeader(sheet, [message]);
}
