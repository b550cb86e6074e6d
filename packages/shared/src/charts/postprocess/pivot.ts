/**
 * The `pivot` operation: pandas' pivot_table as the BI server calls it, because a chart's numbers
 * must equal the server's. Rows are grouped by `index` (sorted; rows with a missing index key left
 * out unless drop_missing_columns is false), series by `columns` (a missing value named '<NULL>'),
 * one column per (metric, series) sorted by metric then series; an empty cell is NaN, or
 * metric_fill_value when one is given. With drop_missing_columns (the default) a row or series
 * with no value at all is left out, and so is a metric column that stays empty.
 */
import {
  type CellReader,
  type Frame,
  type FrameColumn,
  PostProcessingError,
  dataColumns,
  readerOf,
  requireColumns,
  resetFirstIndexLevel,
  withKey,
} from './frame.js';
import { type ColumnKey, type Label, labelOf } from './labels.js';
import { gather, numpyAggregator, streamGroups, streamingKind } from './numpy.js';
import { type Options, optBool, optRecord, optString, stringList } from './options.js';
import { compareValues, groupRows, isMissing, rowsByGroup, toNum } from './order.js';
import { addMargins } from './pivotMargins.js';
import type { PivotColumn, PivotMetric, PivotTable } from './pivotTypes.js';
import { type PostProcessingLimits, ensureCells } from './limits.js';

/** The series name the BI server gives a missing `columns` value (its NULL_STRING). */
export const NULL_STRING = '<NULL>';

function columnByLabel(frame: Frame, label: string): FrameColumn {
  const col = dataColumns(frame).find((c) => c.key[0] === label);
  if (!col) throw new PostProcessingError(`Referenced columns not available in DataFrame: ${label}`);
  return col;
}

/**
 * `aggregates` maps a name to {operator, column?, options?}. pandas pivots on the source column, so
 * a metric column is labelled with the column it reads (the client names both the same) and two
 * aggregates of one column leave the later one.
 */
export function pivotMetrics(frame: Frame, aggregates: Record<string, unknown>): PivotMetric[] {
  const byColumn = new Map<string, PivotMetric>();
  for (const [name, raw] of Object.entries(aggregates)) {
    const spec = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const label = typeof spec.column === 'string' ? spec.column : name;
    const column = dataColumns(frame).find((c) => c.key[0] === label);
    if (!column) throw new PostProcessingError(`Column referenced by aggregate is undefined: ${label}`);
    if (spec.operator === undefined || spec.operator === null) throw new PostProcessingError(`Operator undefined for aggregator: ${name}`);
    byColumn.set(label, { label, column, operator: spec.operator, reduce: numpyAggregator(spec.operator, spec.options) });
  }
  return [...byColumn.values()].sort((a, b) => compareValues(a.label, b.label));
}

export function pivot(frame: Frame, options: Options, limits: PostProcessingLimits = {}): Frame {
  const index = stringList(options, 'index');
  const columns = stringList(options, 'columns');
  if (index.length === 0) throw new PostProcessingError('Pivot operation requires at least one index');
  const aggregates = optRecord(options, 'aggregates');
  if (!aggregates || Object.keys(aggregates).length === 0)
    throw new PostProcessingError('Pivot operation must include at least one aggregate');
  requireColumns(frame, [...index, ...columns]);
  const metrics = pivotMetrics(frame, aggregates);
  const fillValue = options.metric_fill_value ?? null;
  // The BI server fills missing series values only with a truthy column_fill_value.
  const rawFill = 'column_fill_value' in options ? options.column_fill_value : NULL_STRING;
  const columnFill = rawFill ? rawFill : null;
  const dropMissing = optBool(options, 'drop_missing_columns', true);

  const n = frame.length;
  const indexCols = index.map((label) => columnByLabel(frame, label));
  const seriesCols = columns.map((label) => columnByLabel(frame, label));
  const seriesGroups = groupRows(seriesCols.map(readerOf), n, { dropMissing, missingAs: columnFill });
  const nSeries = columns.length === 0 ? 1 : seriesGroups.count;
  // The table is dense: every (row, series) cell of every metric is built before empty ones are
  // dropped, so its size is refused from the distinct keys alone (margins add a row and a column per metric).
  const margins = optBool(options, 'marginal_distributions', false);
  const ensureTable = (rows: number): void =>
    ensureCells('pivot', rows + (margins ? 1 : 0), index.length + metrics.length * (nSeries + (margins ? 1 : 0)), limits, frame);
  const rowGroups = groupRows(indexCols.map(readerOf), n, {
    dropMissing,
    cartesian: !dropMissing && index.length > 1,
    checkCount: ensureTable,
  });
  const nRows = rowGroups.count;
  ensureTable(nRows);
  const nCells = nRows * nSeries;

  const cellIds = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    const g = rowGroups.ids[r];
    const s = columns.length === 0 ? 0 : seriesGroups.ids[r];
    cellIds[r] = g < 0 || s < 0 ? -1 : g * nSeries + s;
  }
  const rowsPerCell = new Int32Array(nCells);
  for (let r = 0; r < n; r++) if (cellIds[r] >= 0) rowsPerCell[cellIds[r]]++;

  // One value per (cell, metric); NaN marks a cell without rows or without a value.
  let grouped: { order: Int32Array; start: Int32Array } | null = null;
  const results = metrics.map((m) => {
    const kind = streamingKind(m.operator);
    if (kind) return streamGroups(readerOf(m.column), cellIds, rowsPerCell, kind, toNum);
    grouped ??= rowsByGroup(cellIds, nCells);
    const { order, start } = grouped;
    const buf = gather(readerOf(m.column), order, toNum);
    const out = new Float64Array(nCells).fill(NaN);
    for (let c = 0; c < nCells; c++) if (start[c + 1] > start[c]) out[c] = m.reduce(buf, start[c], start[c + 1]);
    return out;
  });

  let keepRows: number[];
  let keepSeries: number[];
  if (dropMissing) {
    // pandas drops the (row, series) groups where every metric is NaN before it spreads them out.
    const rowHas = new Uint8Array(nRows);
    const seriesHas = new Uint8Array(nSeries);
    for (const res of results) {
      for (let c = 0; c < nCells; c++) {
        if (res[c] === res[c]) {
          rowHas[Math.floor(c / nSeries)] = 1;
          seriesHas[c % nSeries] = 1;
        }
      }
    }
    keepRows = indicesOf(rowHas);
    keepSeries = indicesOf(seriesHas);
  } else {
    keepRows = Array.from({ length: nRows }, (_, i) => i);
    keepSeries = Array.from({ length: nSeries }, (_, i) => i);
  }

  const asFloat = seriesCols.map((col) => !col.temporal && holdsFloats(readerOf(col), n));
  const seriesLabels = keepSeries.map((s) => seriesCols.map((col, k) => labelOf(seriesGroups.keys[k][s], col.temporal, asFloat[k])));
  const table: PivotTable = {
    index: rowGroups.keys.map((level) => keepRows.map((g) => level[g])),
    columns: [],
    rows: keepRows.length,
  };
  metrics.forEach((m, mi) => {
    const res = results[mi];
    keepSeries.forEach((s, si) => {
      const values = new Array<unknown>(keepRows.length);
      for (let i = 0; i < keepRows.length; i++) {
        const v = res[keepRows[i] * nSeries + s];
        values[i] = Number.isFinite(v) ? v : v === v ? null : fillValue;
      }
      table.columns.push({ key: [m.label, ...seriesLabels[si]], metric: mi, series: s, values });
    });
  });

  if (margins) {
    addMargins(table, {
      frame,
      metrics,
      indexCols,
      seriesCols,
      rowIds: rowGroups.ids,
      seriesIds: columns.length === 0 ? null : seriesGroups.ids,
      keepRows,
      rowCount: nRows,
      seriesCount: nSeries,
      name: optString(options, 'marginal_distribution_name') ?? 'All',
      fillValue,
      dropMissing,
      columnFill,
      // The BI server keeps only the series it saw when drop_missing_columns is off, which drops margin columns too.
      marginColumns: dropMissing || columns.length === 0,
    });
  }
  if (dropMissing) table.columns = table.columns.filter((c) => c.values.some((v) => v !== null));
  const combined = optBool(options, 'combine_value_with_metric', false) && columns.length > 0;
  if (combined) combineValueWithMetric(table, metrics.length);

  return toFrame(table, indexCols, [null, ...columns], combined, options, Object.keys(aggregates).length);
}

/** Numbers with a missing value among them: pandas holds such a column as floats. */
function holdsFloats(read: CellReader, n: number): boolean {
  let missing = false;
  for (let r = 0; r < n; r++) {
    const v = read(r);
    if (isMissing(v)) missing = true;
    else if (typeof v !== 'number') return false;
  }
  return missing;
}

function indicesOf(flags: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i]) out.push(i);
  return out;
}

/** pandas' stack(0).unstack(): the metric becomes the last level, series first; rows left empty go. */
function combineValueWithMetric(table: PivotTable, metricCount: number): void {
  const bySeries = new Map<string, { rest: Label[]; cells: (PivotColumn | undefined)[] }>();
  for (const col of table.columns) {
    const rest = col.key.slice(1);
    const id = JSON.stringify(rest);
    let entry = bySeries.get(id);
    if (!entry) {
      entry = { rest, cells: new Array<PivotColumn | undefined>(metricCount) };
      bySeries.set(id, entry);
    }
    entry.cells[col.metric] = col;
  }
  const metricLabels = new Array<Label>(metricCount);
  for (const col of table.columns) metricLabels[col.metric] = col.key[0];
  const series = [...bySeries.values()].sort((a, b) => compareKeys(a.rest, b.rest));
  const out: PivotColumn[] = [];
  for (const s of series) {
    for (let m = 0; m < metricCount; m++) {
      if (metricLabels[m] === undefined) continue;
      const cell = s.cells[m];
      out.push({
        key: [...s.rest, metricLabels[m]],
        metric: m,
        series: cell?.series ?? -1,
        values: cell?.values ?? new Array<unknown>(table.rows).fill(null),
      });
    }
  }
  const keep: number[] = [];
  for (let r = 0; r < table.rows; r++) if (out.some((c) => c.values[r] !== null)) keep.push(r);
  if (keep.length < table.rows) {
    for (const c of out) c.values = keep.map((r) => c.values[r]);
    table.index = table.index.map((level) => keep.map((r) => level[r]));
    table.rows = keep.length;
  }
  table.columns = out;
}

function compareKeys(a: readonly Label[], b: readonly Label[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function toFrame(
  table: PivotTable,
  indexCols: FrameColumn[],
  levelNames: Label[],
  combined: boolean,
  options: Options,
  aggregateCount: number,
): Frame {
  const index: FrameColumn[] = indexCols.map((col, k) => ({ key: [col.key[0]], values: table.index[k], temporal: col.temporal }));
  let levels = combined ? [...levelNames.slice(1), null] : levelNames;
  let data: FrameColumn[] = table.columns.map((c) => ({ key: c.key, values: c.values, temporal: false }));
  // Older clients asked the pivot itself to flatten names and move the index back into the columns.
  if (options.flatten_columns === true) {
    data = data.map((c) => withKey(c, [legacyFlatName(c.key, aggregateCount)]));
    levels = [null];
  }
  const result: Frame = { columns: [...index, ...data], index: index.length, levelNames: levels, length: table.rows };
  return options.reset_index === true ? resetFirstIndexLevel(result) : result;
}

/** The older pivot's own flattening: a single aggregate's name is left out of multi-level names. */
function legacyFlatName(key: ColumnKey, aggregateCount: number): string {
  const parts = aggregateCount === 1 && key.length > 1 ? key.slice(1) : key;
  return parts.map((p) => p ?? 'nan').join(', ');
}
