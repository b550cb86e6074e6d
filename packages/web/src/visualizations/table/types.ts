/** The table chart's props: what transformProps prepares once per result so drawing stays cheap. */
import type { ColorFormatter } from './conditionalFormatting';

export type HorizontalAlign = 'left' | 'center' | 'right';
export type ColumnKind = 'numeric' | 'string' | 'temporal' | 'boolean';

/** Per-column settings of the `column_config` control (the BI server's keys). */
export interface ColumnConfig {
  d3NumberFormat?: string;
  /** the format of values between -1 and 1 */
  d3SmallNumberFormat?: string;
  d3TimeFormat?: string;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  showCellBars?: boolean;
  columnWidth?: number;
  horizontalAlign?: HorizontalAlign;
  customColumnName?: string;
  /** the column's currency (`{symbol: 'USD', symbolPosition: 'prefix'}`), over the chart's and the metric's */
  currencyFormat?: unknown;
}

/** The span a column's cell bars are scaled to, and how they are drawn. */
export interface CellBarSpec {
  /** [min, max] of the column, or [0, max |value|] when aligned */
  range: [number, number];
  alignPositiveNegative: boolean;
  colorPositiveNegative: boolean;
}

export interface TableColumn {
  /** the key of the value in a data row */
  key: string;
  /** the header's text */
  label: string;
  kind: ColumnKind;
  isMetric: boolean;
  isPercentMetric: boolean;
  align: HorizontalAlign;
  /** px, from column_config; otherwise the component sizes the column */
  width: number | null;
  /** the text of a non-null value */
  format: (value: unknown) => string;
  bar: CellBarSpec | null;
  /** conditional formatting rules on this column, in order (the last match wins) */
  colorFormatters: ColorFormatter[];
  /**
   * A dimension (not a metric) of the dataset: the column its values filter on when drilling, and
   * whether a click on a cell cross-filters (not a time bucketed by the grain: its values are not
   * the rows' values). Absent or null for metrics and adhoc columns.
   */
  dimension?: { col: string; crossFilter: boolean } | null;
}

export interface TableChartProps {
  columns: TableColumn[];
  /** the result's rows, as they came (never copied for a large result) */
  data: Record<string, unknown>[];
  /** the totals row (show_totals), or null */
  totals: Record<string, unknown> | null;
  /** client page size; 0 shows every row */
  pageLength: number;
  includeSearch: boolean;
  allowRearrangeColumns: boolean;
  serverPagination: boolean;
  serverPageLength: number;
  /** every row the query matches: the row-count query's answer under server pagination, else the rows received */
  rowCount: number;
}
