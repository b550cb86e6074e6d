/**
 * The pivot's marginal distributions (pandas' margins): after each metric's series a column
 * (metric, 'All') aggregating each row over every series, and a last row 'All' aggregating each
 * series over every row, with the grand total where they meet. Margins read only the rows where
 * no key or metric value is missing, as pandas does.
 */
import { type Frame, type FrameColumn, PostProcessingError, readerOf } from './frame.js';
import type { Label } from './labels.js';
import { gather } from './numpy.js';
import { isMissing, rowsByGroup, toNum } from './order.js';
import type { PivotColumn, PivotMetric, PivotTable } from './pivotTypes.js';

export interface MarginInput {
  frame: Frame;
  metrics: PivotMetric[];
  indexCols: FrameColumn[];
  seriesCols: FrameColumn[];
  rowIds: Int32Array;
  seriesIds: Int32Array | null;
  keepRows: number[];
  /** groups numbered by the pivot (rows and series), kept or not */
  rowCount: number;
  seriesCount: number;
  name: string;
  fillValue: unknown;
  dropMissing: boolean;
  columnFill: unknown;
  marginColumns: boolean;
}

/** Each group's aggregate of one metric over the rows kept, NaN for a group without rows. */
function reduceBy(m: PivotMetric, ids: Int32Array, count: number): Float64Array {
  const { order, start } = rowsByGroup(ids, count);
  const buf = gather(readerOf(m.column), order, toNum);
  const out = new Float64Array(count).fill(NaN);
  for (let g = 0; g < count; g++) if (start[g + 1] > start[g]) out[g] = m.reduce(buf, start[g], start[g + 1]);
  return out;
}

const cell = (v: number, fill: unknown): unknown => (Number.isFinite(v) ? v : v === v ? null : fill);

export function addMargins(table: PivotTable, input: MarginInput): void {
  const { frame, metrics, indexCols, seriesCols, name } = input;
  for (const level of table.index)
    if (level.some((v) => v === name)) throw new PostProcessingError(`Conflicting name "${name}" in margins`);
  for (const col of table.columns)
    if (col.key.slice(1).includes(name)) throw new PostProcessingError(`Conflicting name "${name}" in margins`);

  // Rows with a missing key or value do not count towards margins (pandas: data[data.notna().all(axis=1)]).
  const n = frame.length;
  const counted = new Uint8Array(n).fill(1);
  if (input.dropMissing) {
    const seriesFilled = input.columnFill !== null && input.columnFill !== undefined;
    const keys = [...indexCols, ...(seriesFilled ? [] : seriesCols), ...metrics.map((m) => m.column)].map(readerOf);
    for (let r = 0; r < n; r++) {
      let ok = true;
      for (const read of keys) if (isMissing(read(r))) ok = false;
      counted[r] = ok ? 1 : 0;
    }
  }
  const restrict = (ids: Int32Array | null): Int32Array => {
    const out = new Int32Array(n);
    for (let r = 0; r < n; r++) out[r] = counted[r] && (ids === null || ids[r] >= 0) ? (ids === null ? 0 : ids[r]) : -1;
    return out;
  };
  const rowIds = restrict(input.rowIds);
  const allIds = restrict(null);
  const grand = metrics.map((m) => reduceBy(m, allIds, 1)[0]);

  const seriesLevels = seriesCols.length;
  const padding: Label[] = seriesLevels > 1 ? new Array<Label>(seriesLevels - 1).fill('') : [];
  if (input.marginColumns && seriesLevels > 0) {
    const out: PivotColumn[] = [];
    metrics.forEach((m, mi) => {
      for (const col of table.columns) if (col.metric === mi) out.push(col);
      const byRow = reduceBy(m, rowIds, input.rowCount);
      out.push({ key: [m.label, name, ...padding], metric: mi, series: -1, values: input.keepRows.map((g) => cell(byRow[g], null)) });
    });
    table.columns = out;
  }

  // The margin row: each series over all rows, the grand total under each margin column.
  const seriesIds = input.seriesIds ? restrict(input.seriesIds) : null;
  const bySeries = seriesIds ? metrics.map((m) => reduceBy(m, seriesIds, input.seriesCount)) : [];
  for (const col of table.columns) {
    let v: unknown;
    if (col.series === -1 || seriesLevels === 0) v = cell(grand[col.metric], null);
    else v = cell(bySeries[col.metric][col.series], input.fillValue);
    col.values = [...col.values, v];
  }
  table.index = table.index.map((level, k) => [...level, k === 0 ? name : '']);
  table.rows += 1;
}
