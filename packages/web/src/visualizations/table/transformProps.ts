/**
 * Query result → table props (pure). Column labels come from the dataset's verbose names, metric
 * formats from its saved metrics' d3 formats unless `column_config` sets one; cell-bar extents and
 * conditional-formatting ranges are taken here once, so drawing a visible row costs only its text.
 */
import { t } from '../../i18n';
import {
  GenericDataType,
  NUMBER_FORMAT,
  TIME_FORMAT,
  getNumberFormatter,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  getCurrencyFormatter,
  parseCurrency,
  type ChartDataQueryResult,
} from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { getColorFormatters } from './conditionalFormatting';
import { asList, bool, columnLabel, int, metricLabel, str, verboseName } from './labels';
import { valueRange } from './tableModel';
import { comparedColumns, tableTimeShifts, type ComparisonPart } from './timeComparison';
import type { ColumnConfig, ColumnKind, HorizontalAlign, TableChartProps, TableColumn } from './types';

/** Percent metrics read as a share with 3 decimals unless their column sets a format (the BI server's default). */
export const PERCENT_METRIC_FORMAT = '.3%';
/** A time comparison's ratio (main ÷ shifted) reads with 3 decimals unless its column sets a format. */
export const RATIO_FORMAT = ',.3f';
export const DEFAULT_SERVER_PAGE_LENGTH = 10;

const ALIGNS: readonly HorizontalAlign[] = ['left', 'center', 'right'];

export type QueryMode = 'aggregate' | 'raw';

/** `query_mode`, or — for a chart saved before the control existed — raw when it has raw columns (as buildQuery decides). */
export function queryModeOf(fd: Record<string, unknown>): QueryMode {
  if (fd.query_mode === 'raw' || fd.query_mode === 'aggregate') return fd.query_mode;
  return asList(fd.all_columns).length > 0 ? 'raw' : 'aggregate';
}

/**
 * The queries buildQuery sends: the main one, then the row count when paginating on the server,
 * then the totals when showing totals. The row count is the `rowcount` of the count query's one
 * row (a server that ignored `is_rowcount` answers with the rows themselves: their number).
 */
export function splitQueries(
  queriesData: ChartDataQueryResult[],
  serverPagination: boolean,
): { main: ChartDataQueryResult | undefined; rowCount: number | null; totals: ChartDataQueryResult | undefined } {
  const [main, ...extra] = queriesData;
  const count = serverPagination ? extra.shift() : undefined;
  const totals = extra[0];
  if (!count) return { main, rowCount: null, totals };
  const first = count.data?.[0];
  const n = first && 'rowcount' in first ? Number(first.rowcount) : (count.sql_rowcount ?? count.rowcount ?? count.data?.length);
  return { main, rowCount: Number.isFinite(n) ? Number(n) : null, totals };
}

function kindOf(type: number | undefined, sample: unknown): ColumnKind {
  if (type === GenericDataType.NUMERIC) return 'numeric';
  if (type === GenericDataType.TEMPORAL) return 'temporal';
  if (type === GenericDataType.BOOLEAN) return 'boolean';
  if (type === GenericDataType.STRING) return 'string';
  return typeof sample === 'number' ? 'numeric' : typeof sample === 'boolean' ? 'boolean' : 'string';
}

/** Numbers (or numeric text, as big integers may arrive) through the format; values under 1 through the small-number one when set. */
function numberCellFormat(f: (n: number) => string, smallFormat: string | undefined): (v: unknown) => string {
  const small = smallFormat ? getNumberFormatter(smallFormat) : null;
  return (v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (Number.isNaN(n)) return plainText(v);
    return small && Math.abs(n) < 1 ? small(n) : f(n);
  };
}

const plainText = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A comparison column's part as its header shows it: 'Main' and 'Ratio' in words, the signs as they are. */
const comparisonPartLabel = (part: ComparisonPart): string =>
  part === 'Main' ? t('visualizations:table.comparisonMain') : part === 'Ratio' ? t('visualizations:table.comparisonRatio') : part;

function columnConfigOf(fd: Record<string, unknown>, key: string): ColumnConfig {
  const all = fd.column_config;
  const c = all && typeof all === 'object' ? (all as Record<string, unknown>)[key] : undefined;
  return c && typeof c === 'object' ? (c as ColumnConfig) : {};
}

/** Adds `%metric` columns (each value's share of its column's sum) when the server did not send them. */
function withPercentColumns(data: Record<string, unknown>[], missing: [source: string, target: string][]): Record<string, unknown>[] {
  if (!missing.length) return data;
  const sums = missing.map(([src]) => data.reduce((s, r) => s + (typeof r[src] === 'number' ? (r[src] as number) : 0), 0));
  return data.map((row) => {
    const out = { ...row };
    missing.forEach(([src, dst], i) => {
      const v = row[src];
      out[dst] = typeof v === 'number' && sums[i] !== 0 ? v / sums[i] : null;
    });
    return out;
  });
}

export function transformTableProps({ formData: fd, queriesData, datasource }: ChartPropsInput): TableChartProps {
  const mode = queryModeOf(fd);
  const aggregate = mode === 'aggregate';
  const serverPagination = bool(fd.server_pagination, false);
  const { main, rowCount, totals } = splitQueries(queriesData, serverPagination);
  const colnames = main?.colnames ?? [];
  const coltypes = main?.coltypes ?? [];
  let data = main?.data ?? [];

  const metrics = aggregate ? asList(fd.metrics).map(metricLabel) : [];
  const rawPercent = aggregate ? asList(fd.percent_metrics).map(metricLabel) : [];
  const metricSet = new Set(metrics);
  const percentSet = new Set(rawPercent.map((m) => `%${m}`));

  // percent metrics are `%<label>` columns; compute any the server left out from the metric itself
  const missing = rawPercent.filter((m) => !colnames.includes(`%${m}`) && colnames.includes(m)).map((m): [string, string] => [m, `%${m}`]);
  data = withPercentColumns(data, missing);
  let names: string[] = [...colnames, ...missing.map(([, dst]) => dst)];
  let types: (number | undefined)[] = [...coltypes, ...missing.map(() => GenericDataType.NUMERIC)];
  // time comparison: each metric as its main value and, per shifted period, its value, the difference and the change
  const shifts = aggregate ? tableTimeShifts(fd) : [];
  const comparison = shifts.length ? comparedColumns(names, types, metrics, shifts, fd.comparison_type) : null;
  let totalsRow = totals?.data?.[0] ?? null;
  if (comparison && comparison.parts.size > 0) {
    names = comparison.names;
    types = comparison.types;
    data = data.map(comparison.row);
    totalsRow = totalsRow ? comparison.row(totalsRow) : null;
  }
  const comparisonParts = comparison?.parts ?? new Map<string, never>();

  // a metric asked for only as a percentage shows only as one
  const shown = names
    .map((key, i) => ({ key, type: types[i] as number | undefined }))
    .filter(({ key }) => !(rawPercent.includes(key) && !metricSet.has(key)));
  // raw mode keeps the order of `all_columns` (the server answers in it too)
  if (!aggregate) {
    const order = asList(fd.all_columns).map(columnLabel);
    shown.sort((a, b) => (order.indexOf(a.key) + 1 || Infinity) - (order.indexOf(b.key) + 1 || Infinity));
  }

  const timestampFormat = str(fd.table_timestamp_format) ?? TIME_FORMAT.SMART_DATE;
  const grain = str(fd.time_grain_sqla);
  const showCellBars = bool(fd.show_cell_bars, true);
  const alignPn = bool(fd.align_pn, false);
  const colorPn = bool(fd.color_pn, true);
  const colorFormatters = getColorFormatters(fd.conditional_formatting, (col) => data.map((r) => r[col]));
  const sample = data[0] ?? {};
  // dimensions of the dataset a cell can filter on: physical columns (an adhoc column has no name to filter by)
  const physical = new Set(asList(aggregate ? fd.groupby : fd.all_columns).filter((c): c is string => typeof c === 'string' && c !== ''));

  const columns: TableColumn[] = shown.map(({ key, type }) => {
    const config = columnConfigOf(fd, key);
    const compared = comparisonParts.get(key);
    // a comparison column formats as its metric; its change reads as a percentage, its ratio as a plain number
    const metricKey = compared?.metric ?? key;
    const isRatio = compared?.part === 'Ratio';
    const isPercentMetric = percentSet.has(key) || compared?.part === '%';
    const isMetric = metricSet.has(key) || (compared !== undefined && compared.part !== '%' && !isRatio);
    const kind = isMetric || isPercentMetric || isRatio ? 'numeric' : kindOf(type, sample[key]);
    let format: (v: unknown) => string = plainText;
    if (kind === 'temporal') {
      const timeFormat = str(config.d3TimeFormat) ?? timestampFormat;
      const f =
        timeFormat === TIME_FORMAT.SMART_DATE && grain && aggregate ? getTimeFormatterForGranularity(grain) : getTimeFormatter(timeFormat);
      format = (v) => f(v as number | string);
    } else if (kind === 'numeric') {
      const numberFormat =
        str(config.d3NumberFormat) ??
        (isPercentMetric
          ? PERCENT_METRIC_FORMAT
          : isRatio
            ? RATIO_FORMAT
            : isMetric
              ? (str(datasource?.column_formats?.[metricKey]) ?? NUMBER_FORMAT.SMART_NUMBER)
              : undefined);
      // a currency: the column's own (any numeric column), else for a metric the chart's, else the one it is saved with
      const currency =
        isPercentMetric || isRatio
          ? null
          : (parseCurrency(config.currencyFormat) ??
            (isMetric ? (parseCurrency(fd.currency_format) ?? parseCurrency(datasource?.currency_formats?.[metricKey])) : null));
      const formatter = currency ? getCurrencyFormatter(currency, numberFormat) : getNumberFormatter(numberFormat);
      // a numeric dimension (a year, an id) reads as it is unless its column sets a format or a currency
      if (numberFormat || currency) format = numberCellFormat(formatter, str(config.d3SmallNumberFormat));
    }
    const barsOn = config.showCellBars ?? showCellBars;
    const columnAlignPn = config.alignPositiveNegative ?? alignPn;
    const range =
      barsOn && kind === 'numeric' && (isMetric || isPercentMetric || !aggregate) ? valueRange(column(data, key), columnAlignPn) : null;
    const label =
      str(config.customColumnName) ??
      (compared
        ? `${comparisonPartLabel(compared.part)} ${verboseName(datasource, compared.metric)}${compared.shiftLabel ? ` (${compared.shiftLabel})` : ''}`
        : isPercentMetric
          ? `%${verboseName(datasource, key.slice(1))}`
          : verboseName(datasource, key));
    const width = typeof config.columnWidth === 'number' && config.columnWidth > 0 ? config.columnWidth : null;
    // a time grouped by the grain shows bucket starts: drilling widens it to the bucket, a cross-filter could not
    const dimension =
      !isMetric && !isPercentMetric && physical.has(key) ? { col: key, crossFilter: !(kind === 'temporal' && aggregate && grain) } : null;
    return {
      key,
      label,
      kind,
      isMetric,
      isPercentMetric,
      align:
        config.horizontalAlign && ALIGNS.includes(config.horizontalAlign) ? config.horizontalAlign : kind === 'numeric' ? 'right' : 'left',
      width,
      format,
      bar: range ? { range, alignPositiveNegative: columnAlignPn, colorPositiveNegative: config.colorPositiveNegative ?? colorPn } : null,
      colorFormatters: colorFormatters.filter((c) => c.column === key).map((c) => c.getColor),
      dimension,
    };
  });

  return {
    columns,
    data,
    totals: aggregate && bool(fd.show_totals, false) ? totalsRow : null,
    pageLength: serverPagination ? 0 : Math.max(0, int(fd.page_length, 0)),
    includeSearch: bool(fd.include_search, false),
    allowRearrangeColumns: bool(fd.allow_rearrange_columns, false),
    serverPagination,
    serverPageLength: Math.max(1, int(fd.server_page_length, DEFAULT_SERVER_PAGE_LENGTH)),
    rowCount: serverPagination && rowCount !== null ? rowCount : data.length,
  };
}

function* column(data: readonly Record<string, unknown>[], key: string): Generator<unknown> {
  for (const row of data) yield row[key];
}
