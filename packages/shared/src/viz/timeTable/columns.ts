/**
 * A time table column (an entry of `column_collection`), as the BI server's time-series column
 * editor saves it: a sparkline, a time comparison with a lag, the contribution to the total of the
 * latest period, or an average over the latest periods. Numbers typed in the editor arrive as text.
 */
export type TimeTableColumnType = 'spark' | 'time' | 'contrib' | 'avg';
export type TimeTableComparison = 'value' | 'diff' | 'perc' | 'perc_change';

export interface TimeTableColumn {
  key: string;
  label?: string;
  tooltip?: string;
  colType?: TimeTableColumnType | '';
  width?: string | number;
  height?: string | number;
  timeLag?: string | number;
  timeRatio?: string | number;
  comparisonType?: TimeTableComparison | '';
  showYAxis?: boolean;
  yAxisBounds?: [number | null, number | null];
  bounds?: [number | null, number | null];
  d3format?: string;
  dateFormat?: string;
  sparkType?: 'line' | 'bar' | 'area';
}

export const TIME_TABLE_COLUMN_TYPES: [TimeTableColumnType, string][] = [
  ['time', 'Time comparison'],
  ['contrib', 'Contribution'],
  ['spark', 'Sparkline'],
  ['avg', 'Period average'],
];

export const TIME_TABLE_COMPARISONS: [TimeTableComparison, string][] = [
  ['value', 'Actual value'],
  ['diff', 'Difference'],
  ['perc', 'Percentage'],
  ['perc_change', 'Percentage change'],
];

/** A new column as the editor starts it. */
export function newTimeTableColumn(key: string): TimeTableColumn {
  return {
    key,
    label: '',
    tooltip: '',
    colType: '',
    width: '',
    height: '',
    timeLag: '',
    timeRatio: '',
    comparisonType: '',
    showYAxis: false,
    yAxisBounds: [null, null],
    bounds: [null, null],
    d3format: '',
    dateFormat: '',
    sparkType: 'line',
  };
}
