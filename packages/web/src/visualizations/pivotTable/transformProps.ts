/**
 * Query rows → a drawn pivot table (pure): the pivot, the axes with subtotals and totals, the merged
 * header cells and every cell's text and conditional background, so the component only lays out.
 * Following the BI server: `rowTotals` is each row's total (a column on the right), `colTotals`
 * each column's total (a row at the bottom); `rowSubTotals` adds subtotal rows, `colSubTotals`
 * subtotal columns.
 */
import { sharedText, t } from '../../i18n';
import {
  GenericDataType,
  NULL_VALUE_TEXT,
  NUMBER_FORMAT,
  TIME_FORMAT,
  getNumberFormatter,
  getTimeFormatter,
  metricValueFormatter,
  PIVOT_AGGREGATE_FUNCTIONS as AGGREGATE_FUNCTIONS,
  DEFAULT_PIVOT_AGGREGATE_FUNCTION as DEFAULT_AGGREGATE_FUNCTION,
  PIVOT_METRIC_KEY as METRIC_KEY,
  axisEntries,
  buildPivot,
  headerLevels,
  headersByEntry,
  pivotDimensions,
  type AxisEntry,
  type EntryKind,
  type HeaderCell,
  type Pivot,
  type PivotAggregateFunction as AggregateFunction,
} from '@rama/shared';
import type { ChartPropsInput } from '../types';
import { dimensionColumn, type DimensionValue } from '../crossFilter';
import { backgroundOf, getColorFormatters, type ColorFormatter } from '../table/conditionalFormatting';
import { asList, bool, columnLabel, metricLabel, str, verboseName } from '../table/labels';

/** Fractions read as percentages whatever the value format. */
export const FRACTION_FORMAT = '.1%';

export interface PivotHeader {
  text: string;
  kind: EntryKind;
  /** the level it starts at (outermost 0) */
  level: number;
  span: number;
  depthSpan: number;
  /** the first column (column headers) or body row (row headers) it covers */
  start: number;
  /**
   * A value header of a dataset column: its value and the outer values it sits under (outermost
   * first), the filters of a right click; `crossFilter` those a click filters on (a time bucketed
   * by the grain cannot be matched as a value). Absent on totals, metric names and adhoc columns.
   */
  filters?: DimensionValue[];
  crossFilter?: DimensionValue[];
}

export interface PivotCellView {
  text: string;
  /** the number shown, for sorting rows by a column (absent on empty and text cells) */
  value?: number;
  background?: string;
}

export interface PivotTableChartProps {
  /** names of the row dimensions (the corner's last header row) */
  rowDimLabels: string[];
  /** names of the column dimensions (one per column header row) */
  colDimLabels: string[];
  /** per column level: its header cells, left to right */
  colHeaders: PivotHeader[][];
  /** per body row: the row header cells that start on it, outer first */
  rowHeaders: PivotHeader[][];
  rowKinds: EntryKind[];
  colKinds: EntryKind[];
  /** body rows × columns */
  cells: PivotCellView[][];
  /** 'Total (Sum)': heads the one value column when there are no column dimensions */
  totalLabel: string;
  /** records in the result (nothing to pivot when 0) */
  recordCount: number;
}

export function totalLabel(aggregateFunction: string): string {
  return t('visualizations:pivot.totalOf', { aggregate: sharedText('controls', aggregateFunction) });
}

export function transformPivotTableProps({ formData: fd, queriesData, datasource }: ChartPropsInput): PivotTableChartProps {
  const result = queriesData[0];
  const records = result?.data ?? [];
  const metrics = asList(fd.metrics).map(metricLabel);
  const aggName: AggregateFunction = AGGREGATE_FUNCTIONS.includes(fd.aggregateFunction as AggregateFunction)
    ? (fd.aggregateFunction as AggregateFunction)
    : DEFAULT_AGGREGATE_FUNCTION;
  const { rows, cols } = pivotDimensions({
    groupbyRows: asList(fd.groupbyRows).map(columnLabel),
    groupbyColumns: asList(fd.groupbyColumns).map(columnLabel),
    metricsLayout: fd.metricsLayout,
    transposePivot: bool(fd.transposePivot, false),
    combineMetric: bool(fd.combineMetric, false),
  });
  const pivot = buildPivot(records, { rows, cols, metrics, aggregateFunction: aggName, rowOrder: fd.rowOrder, colOrder: fd.colOrder });

  // header text: metric names and dimension values (temporal ones through the date format)
  const temporal = new Set((result?.colnames ?? []).filter((_, i) => result?.coltypes?.[i] === GenericDataType.TEMPORAL));
  const dateFormatter = getTimeFormatter(str(fd.date_format) ?? TIME_FORMAT.SMART_DATE);
  const dimLabel = (d: string) => (d === METRIC_KEY ? t('visualizations:pivot.metric') : verboseName(datasource, d));
  const partText = (dim: string, part: string): string => {
    if (dim === METRIC_KEY) return verboseName(datasource, part);
    const v = pivot.raw(dim, part);
    if (v === null || v === undefined) return NULL_VALUE_TEXT;
    if (temporal.has(dim)) return dateFormatter(v as number);
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const total = totalLabel(aggName);
  const headerText = (dims: string[]) => (c: HeaderCell) =>
    c.kind === 'total' ? total : c.kind === 'subtotal' ? t('visualizations:pivot.subtotal') : partText(dims[c.level], c.part ?? '');
  // a header's value and the values it sits under, for the dimensions that are dataset columns
  const physical = new Set(
    [...asList(fd.groupbyRows), ...asList(fd.groupbyColumns)].map(dimensionColumn).filter((c): c is string => c !== null),
  );
  const grained = (dim: string) => temporal.has(dim) && Boolean(str(fd.time_grain_sqla));
  const headerFilters = (dims: string[], entries: AxisEntry[], c: HeaderCell): Pick<PivotHeader, 'filters' | 'crossFilter'> => {
    if (c.kind !== 'leaf' || c.part === null || !physical.has(dims[c.level])) return {};
    const path = entries[c.start]?.key.slice(0, c.level + 1) ?? [];
    const filters = path.flatMap((part, k): DimensionValue[] =>
      physical.has(dims[k]) ? [{ col: dims[k], val: pivot.raw(dims[k], part), formattedVal: partText(dims[k], part) }] : [],
    );
    return { filters, crossFilter: grained(dims[c.level]) ? [] : filters.filter((f) => !grained(f.col)) };
  };

  const rowEntries = axisEntries(
    pivot.rowKeys,
    rows.length,
    bool(fd.rowSubTotals, false),
    bool(fd.colTotals, false),
    fd.rowSubtotalPosition === true,
  );
  const colEntries = axisEntries(
    pivot.colKeys,
    cols.length,
    bool(fd.colSubTotals, false),
    bool(fd.rowTotals, false),
    fd.colSubtotalPosition === true,
  );
  const toHeader =
    (dims: string[], entries: AxisEntry[]) =>
    (c: HeaderCell): PivotHeader => ({
      text: headerText(dims)(c),
      kind: c.kind,
      level: c.level,
      span: c.span,
      depthSpan: c.depthSpan,
      start: c.start,
      ...headerFilters(dims, entries, c),
    });
  const colHeaders = headerLevels(colEntries, cols.length).map((level) => level.map(toHeader(cols, colEntries)));
  const rowHeaders = headersByEntry(headerLevels(rowEntries, rows.length), rowEntries.length).map((cells) =>
    cells.map(toHeader(rows, rowEntries)),
  );

  const cells = cellViews(pivot, rowEntries, colEntries, metrics, {
    valueFormat: str(fd.valueFormat) ?? NUMBER_FORMAT.SMART_NUMBER,
    columnFormats: datasource?.column_formats ?? {},
    currencyFormats: datasource?.currency_formats ?? {},
    currency: fd.currency_format,
    colorFormatters: getColorFormatters(fd.conditional_formatting, (col) => records.map((r) => r[col])),
  });

  return {
    rowDimLabels: rows.map(dimLabel),
    colDimLabels: cols.map(dimLabel),
    colHeaders,
    rowHeaders,
    rowKinds: rowEntries.map((e) => e.kind),
    colKinds: colEntries.map((e) => e.kind),
    cells,
    totalLabel: total,
    recordCount: records.length,
  };
}

interface CellOptions {
  valueFormat: string;
  columnFormats: Record<string, string>;
  /** the metrics' saved currencies, and the chart's `currency_format` (it wins) */
  currencyFormats: Record<string, unknown>;
  currency: unknown;
  colorFormatters: { column: string; getColor: ColorFormatter }[];
}

/**
 * Every cell's text (the metric's saved format, else the value format, with the chart's or the
 * metric's currency; fractions as %) and its conditional colour.
 */
function cellViews(pivot: Pivot, rowEntries: AxisEntry[], colEntries: AxisEntry[], metrics: string[], o: CellOptions): PivotCellView[][] {
  const rowMetricAt = pivot.rows.indexOf(METRIC_KEY);
  const colMetricAt = pivot.cols.indexOf(METRIC_KEY);
  const metricOf = (r: AxisEntry, c: AxisEntry): string | null => {
    if (rowMetricAt >= 0 && r.key.length > rowMetricAt) return r.key[rowMetricAt];
    if (colMetricAt >= 0 && c.key.length > colMetricAt) return c.key[colMetricAt];
    return metrics.length === 1 ? metrics[0] : null;
  };
  const formatFor = (metric: string | null) =>
    pivot.isFraction
      ? getNumberFormatter(FRACTION_FORMAT)
      : metricValueFormatter(metric, (metric && str(o.columnFormats[metric])) || o.valueFormat, o.currencyFormats, o.currency);
  const rulesFor = new Map<string, ColorFormatter[]>();
  for (const f of o.colorFormatters) rulesFor.set(f.column, [...(rulesFor.get(f.column) ?? []), f.getColor]);

  return rowEntries.map((r) =>
    colEntries.map((c) => {
      const v = pivot.value(r.key, c.key);
      if (v === null) return { text: '' };
      if (typeof v === 'string') return { text: v };
      const metric = metricOf(r, c);
      const text = formatFor(metric)(v);
      // colour rules read the metric's own values: leaf cells only, where the value is one metric's
      const rules = r.kind === 'leaf' && c.kind === 'leaf' && metric ? rulesFor.get(metric) : undefined;
      return rules ? { text, value: v, background: backgroundOf(rules, v) } : { text, value: v };
    }),
  );
}
