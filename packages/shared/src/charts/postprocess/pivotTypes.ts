/**
 * The pivot table while the `pivot` operation builds it (pivot.ts) and adds its margins
 * (pivotMargins.ts), before it becomes a frame.
 */
import type { FrameColumn } from './frame.js';
import type { Label } from './labels.js';
import type { Reducer } from './numpy.js';

/** One aggregate: the column it reads, labelled as pandas labels it, and how a group reduces. */
export interface PivotMetric {
  label: string;
  column: FrameColumn;
  operator: unknown;
  reduce: Reducer;
}

/** One output column while the table is built; `series` is -1 for a margin column. */
export interface PivotColumn {
  key: Label[];
  metric: number;
  series: number;
  values: unknown[];
}

/** The pivot table before it becomes a frame: index key values per row, then the columns. */
export interface PivotTable {
  index: unknown[][];
  columns: PivotColumn[];
  rows: number;
}
