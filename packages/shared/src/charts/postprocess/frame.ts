/**
 * The columnar frame the chart post-processing operations work on (charts-dashboards-reports.md
 * "Chart data"): one array per column, so an operation touches whole columns instead of building
 * an object per cell. It models the pandas DataFrame the BI server post-processes: a row index
 * (after a pivot, the x-axis values) and column keys with one label per level. Operations never
 * change a frame they are given; they return a new one that may share columns with it.
 */
import { type ColumnKey, type Label, flatColumnName } from './labels.js';

export interface FrameColumn {
  readonly key: ColumnKey;
  /** one value per row; temporal values are epoch milliseconds, missing values are null */
  readonly values: readonly unknown[];
  /** the values are times (epoch ms): resample needs this of the index, pivot names series after it */
  readonly temporal: boolean;
}

export interface Frame {
  /** the index columns first (each keyed by its one name), then the data columns (keys of `levelNames.length` labels) */
  readonly columns: readonly FrameColumn[];
  /** how many leading columns form the row index; 0 is a plain row number */
  readonly index: number;
  /** names of the data columns' key levels: [null] for a flat frame, [null, 'origin'] after a pivot on origin */
  readonly levelNames: readonly Label[];
  /** rows, kept apart from the columns so that a frame without columns still has a length */
  readonly length: number;
}

/** A post-processing rule that cannot run; the message names the operation, option or column at fault. */
export class PostProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostProcessingError';
  }
}

export interface FrameFromRowsOptions {
  /** names of the columns holding times (the chart data reply's `coltypes` TEMPORAL) */
  temporalColumns?: Iterable<string>;
}

/** Reads the cell of row r; see readerOf. */
export type CellReader = (r: number) => unknown;

type Rows = readonly (readonly unknown[])[];

/** Columns of a frame made from rows, still read from those rows (no copy made yet). */
const rowSources = new WeakMap<FrameColumn, { rows: Rows; at: number }>();

function readCell(rows: Rows, at: number, r: number, temporal: boolean): unknown {
  const v = rows[r][at];
  if (v === undefined) return null;
  // A driver may hand back Date objects; the frame keeps times as epoch milliseconds.
  return temporal && v instanceof Date ? v.getTime() : v;
}

/**
 * A column that reads its cells from the result rows until someone asks for `values`: a pivot
 * reads every row once anyway, and copying 100,000 rows into columns first would cost as much
 * as the pivot itself.
 */
function rowColumn(key: ColumnKey, rows: Rows, at: number, temporal: boolean): FrameColumn {
  let copy: unknown[] | null = null;
  const col: FrameColumn = {
    key,
    temporal,
    get values(): readonly unknown[] {
      if (copy === null) {
        copy = new Array<unknown>(rows.length);
        for (let r = 0; r < rows.length; r++) copy[r] = readCell(rows, at, r, temporal);
      }
      return copy;
    },
  };
  rowSources.set(col, { rows, at });
  return col;
}

/** A reader of a column's cells that does not copy a column still backed by result rows. */
export function readerOf(col: FrameColumn): CellReader {
  const source = rowSources.get(col);
  if (source) {
    const { rows, at } = source;
    const temporal = col.temporal;
    return (r) => readCell(rows, at, r, temporal);
  }
  const values = col.values;
  return (r) => values[r];
}

/** The column under another key, its values untouched (and still uncopied when backed by rows). */
export function withKey(col: FrameColumn, key: ColumnKey): FrameColumn {
  const source = rowSources.get(col);
  if (source) return rowColumn(key, source.rows, source.at, col.temporal);
  return { key, values: col.values, temporal: col.temporal };
}

/** The column with new values. */
export function withValues(col: FrameColumn, values: readonly unknown[], temporal = col.temporal): FrameColumn {
  return { key: col.key, values, temporal };
}

/**
 * A flat frame from a result set's column names and rows (one array per row). The frame reads
 * the rows as they are until a column is copied out, so the rows must not change while it is in use.
 */
export function frameFromRows(
  columnNames: readonly string[],
  rows: readonly (readonly unknown[])[],
  options: FrameFromRowsOptions = {},
): Frame {
  const temporal = new Set(options.temporalColumns ?? []);
  const columns = columnNames.map((name, c) => rowColumn([name], rows, c, temporal.has(name)));
  return { columns, index: 0, levelNames: [null], length: rows.length };
}

/** The flattened column names, index columns first (the chart data reply's `colnames`). */
export function frameColumnNames(frame: Frame): string[] {
  return frame.columns.map((col, i) => (i < frame.index ? indexName(col) : flatColumnName(col.key)));
}

/** One object per row keyed by the flattened column names (the chart data reply's `data`). */
export function frameToRecords(frame: Frame): Record<string, unknown>[] {
  const names = frameColumnNames(frame);
  const width = names.length;
  // Copying a template gives every record its keys (and one shape) at once; fromEntries defines
  // a column named __proto__ as a plain key instead of calling the prototype setter.
  const template = Object.fromEntries(names.map((name) => [name, null])) as Record<string, unknown>;
  const out = new Array<Record<string, unknown>>(frame.length);
  if (frame.columns.some((c) => rowSources.has(c))) {
    const readers = frame.columns.map(readerOf);
    for (let r = 0; r < frame.length; r++) {
      const rec = { ...template };
      for (let c = 0; c < width; c++) rec[names[c]] = readers[c](r);
      out[r] = rec;
    }
    return out;
  }
  const cols = frame.columns.map((c) => c.values);
  for (let r = 0; r < frame.length; r++) {
    const rec = { ...template };
    for (let c = 0; c < width; c++) rec[names[c]] = cols[c][r];
    out[r] = rec;
  }
  return out;
}

/** An unnamed index becomes the column pandas' reset_index names `index`. */
export function indexName(col: FrameColumn): string {
  return col.key[0] ?? 'index';
}

export function indexColumns(frame: Frame): readonly FrameColumn[] {
  return frame.columns.slice(0, frame.index);
}

export function dataColumns(frame: Frame): readonly FrameColumn[] {
  return frame.columns.slice(frame.index);
}

/** The same index, new data columns (all of the frame's length). */
export function withDataColumns(frame: Frame, data: readonly FrameColumn[], levelNames: readonly Label[] = frame.levelNames): Frame {
  return { columns: [...indexColumns(frame), ...data], index: frame.index, levelNames, length: frame.length };
}

/** Positions (among the data columns) of the columns whose first level is `label`, as pandas selects `df[label]`. */
export function positionsOf(data: readonly FrameColumn[], label: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i++) if (data[i].key[0] === label) out.push(i);
  return out;
}

/**
 * The BI server checks every column an option names against the first level of the data columns
 * before it runs the operation; the index (say, the x-axis after a pivot) is not a column. A frame
 * without rows passes: a pivot of no rows has no series columns to name, and the BI server does not
 * post-process an empty result at all, so a chart whose filters match nothing answers no rows.
 */
export function requireColumns(frame: Frame, labels: Iterable<string>): void {
  if (frame.length === 0) return;
  const present = new Set<Label>();
  for (let i = frame.index; i < frame.columns.length; i++) present.add(frame.columns[i].key[0]);
  const missing: string[] = [];
  for (const label of labels) if (!present.has(label) && !missing.includes(label)) missing.push(label);
  if (missing.length > 0) throw new PostProcessingError(`Referenced columns not available in DataFrame: ${missing.join(', ')}`);
}

/** The rows at `order` (a permutation or a subset), every column including the index. */
export function takeRows(frame: Frame, order: ArrayLike<number>): Frame {
  const n = order.length;
  const columns = frame.columns.map((col): FrameColumn => {
    const read = readerOf(col);
    const values = new Array<unknown>(n);
    for (let i = 0; i < n; i++) values[i] = read(order[i]);
    return withValues(col, values);
  });
  return { ...frame, columns, length: n };
}

/** Rows from `start` on. */
export function dropLeadingRows(frame: Frame, start: number): Frame {
  if (start <= 0) return frame;
  const columns = frame.columns.map((col) => withValues(col, col.values.slice(start)));
  return { ...frame, columns, length: Math.max(0, frame.length - start) };
}

/**
 * pandas' reset_index(level=0): the first index level becomes the first data column (named
 * `index` when it has no name, padded with '' on a multi-level frame); other levels stay index.
 */
export function resetFirstIndexLevel(frame: Frame): Frame {
  if (frame.index === 0) return frame;
  const [first, ...restIndex] = indexColumns(frame);
  const moved = withKey(first, padKey(indexName(first), frame.levelNames.length));
  return { ...frame, columns: [...restIndex, moved, ...dataColumns(frame)], index: frame.index - 1 };
}

/** A data column key padded to the frame's levels, as pandas names a flat label assigned into a multi-level frame. */
export function padKey(label: Label, levels: number, rest: ColumnKey = []): ColumnKey {
  const key: Label[] = [label, ...rest.slice(0, levels - 1)];
  while (key.length < levels) key.push('');
  return key;
}
