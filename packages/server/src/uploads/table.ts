/**
 * From a file's records (CSV lines, sheet rows) to a table: skip rows, find the header, check that
 * every row fits, read each column's kind from all its values (a first pass over the file, before
 * anything is written), then hand the rows over in batches as stored values (the second pass).
 */
import {
  CellError,
  columnNameError,
  isNullCell,
  kindOfCell,
  previewText,
  storedValue,
  uploadColumnNames,
  widenKind,
  UPLOAD_LIMITS,
  type CellRules,
  type RawCell,
  type StoredValue,
  type UploadColumnKind,
  type UploadFileMetadataItem,
  type UploadOptions,
} from '@rama/shared';
import type { BulkColumn } from '../engines/types.js';
import { UploadFileError } from './errors.js';

export interface RawRecord {
  cells: RawCell[];
  /** where the record ends in the file (1-based line, or sheet row) */
  line: number;
}

/** The records of a file in batches, readable more than once (one pass to scan, one to load). */
export type RecordSource = () => AsyncIterable<RawRecord[]>;

/** What the scan found: the table's columns and which file column (or the row number) feeds each. */
export interface TablePlan {
  columns: BulkColumn[];
  /** per table column: the file column's index, or -1 for the generated row number (`dataframe_index`) */
  sources: number[];
  rows: number;
  /**
   * per table column: no row read held a value in it and no option named its kind, so its kind
   * (text) is the default, not read from values
   */
  valueless: boolean[];
}

type ReadOptions = Pick<UploadOptions, 'skip_rows' | 'header_row' | 'rows_to_read' | 'skip_blank_lines'>;

const isBlank = (cells: RawCell[]): boolean => cells.every((c) => c === null || c === '');

/** A record with more values than the file's columns is refused with its line (extra empty values are dropped). */
function raggedRow(rec: RawRecord, columns: number, where = ''): void {
  if (rec.cells.length > columns && !isBlank(rec.cells.slice(columns)))
    throw new UploadFileError(`Line ${rec.line}${where} has ${rec.cells.length} values, but the file has ${columns} columns.`);
}

/** Where each record goes as the options place them: skipped, the header, a data row, or past the rows to read. */
function placer(opts: ReadOptions): (rec: RawRecord) => 'skip' | 'header' | 'data' | 'stop' {
  let index = 0;
  let data = 0;
  return (rec) => {
    const at = index++;
    if (at < opts.skip_rows) return 'skip';
    const rel = at - opts.skip_rows;
    if (opts.header_row !== null && rel < opts.header_row) return 'skip';
    if (opts.header_row !== null && rel === opts.header_row) return 'header';
    if (opts.skip_blank_lines && isBlank(rec.cells)) return 'skip';
    if (opts.rows_to_read !== null && data >= opts.rows_to_read) return 'stop';
    data++;
    return 'data';
  };
}

/** A single-column file whose header holds another common delimiter was most likely read with the wrong one. */
function wrongDelimiter(header: RawCell[], delimiter: string | null): string | null {
  if (delimiter === null || header.length !== 1 || typeof header[0] !== 'string') return null;
  const text = header[0];
  const found = [',', ';', '\t', '|'].find((d) => d !== delimiter && text.includes(d));
  if (!found) return null;
  const name = (d: string): string => (d === '\t' ? 'a tab' : `"${d}"`);
  return `The file does not seem to be delimited by ${name(delimiter)}: its header reads as one column, and holds ${name(found)}. Choose ${name(found)} as the delimiter.`;
}

function columnCount(count: number): void {
  if (count > UPLOAD_LIMITS.maxColumns)
    throw new UploadFileError(`The file has ${count} columns; at most ${UPLOAD_LIMITS.maxColumns} are accepted.`);
}

function missing(what: string, names: string[], known: string[]): void {
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) throw new UploadFileError(`${what} not found in the file: ${unknown.map((n) => `"${n}"`).join(', ')}.`);
}

/**
 * The first pass: column names and count, each row's width (a row with more values than the
 * header is refused with its line), each column's kind (forced by `column_dates` and
 * `column_data_types`, whose values are checked here too), and the table's columns.
 */
export async function scanTable(
  source: RecordSource,
  opts: UploadOptions,
  rules: CellRules,
  delimiter: string | null,
  where = '',
): Promise<TablePlan> {
  let names: string[] | null = null;
  let kinds: (UploadColumnKind | null)[] = [];
  let forced: (UploadColumnKind | null)[] = [];
  let rows = 0;
  const start = (header: RawCell[] | null, width: number): void => {
    columnCount(width);
    names = uploadColumnNames(header ? header.map((c) => (c === null ? null : String(c))) : null, width);
    missing('Columns to read', opts.columns_read ?? [], names);
    missing('Date columns', opts.column_dates, names);
    missing('Columns with a data type', Object.keys(opts.column_data_types), names);
    if (opts.index_column !== null) missing('The index column', [opts.index_column], names);
    kinds = names.map(() => null);
    forced = names.map((n) => (opts.column_dates.includes(n) ? 'datetime' : (opts.column_data_types[n] ?? null)));
  };
  const place = placer(opts);
  let stopped = false;
  for await (const batch of source()) {
    for (const rec of batch) {
      const kind = place(rec);
      if (kind === 'skip') continue;
      if (kind === 'stop') {
        stopped = true;
        break;
      }
      if (kind === 'header') {
        const problem = wrongDelimiter(rec.cells, delimiter);
        if (problem) throw new UploadFileError(problem);
        start(rec.cells, rec.cells.length);
        continue;
      }
      if (names === null) start(null, rec.cells.length);
      const cols = names as unknown as string[];
      raggedRow(rec, cols.length, where);
      rows++;
      for (let i = 0; i < cols.length; i++) {
        const raw = rec.cells[i] ?? null;
        if (isNullCell(raw, rules)) continue;
        const f = forced[i];
        if (f !== null) {
          try {
            storedValue(raw, f, rules);
          } catch (e) {
            if (e instanceof CellError) throw new UploadFileError(`Line ${rec.line}${where}, column "${cols[i]}": ${e.message}.`);
            throw e;
          }
          continue;
        }
        if (kinds[i] !== 'string') kinds[i] = widenKind(kinds[i], kindOfCell(raw as Exclude<RawCell, null>, rules));
      }
    }
    if (stopped) break;
  }
  if (names === null) throw new UploadFileError(`The file${where} has no rows to read.`);
  const fileNames: string[] = names;
  const kindOf = (i: number): UploadColumnKind => forced[i] ?? kinds[i] ?? 'string';
  const plan = planColumns(
    fileNames,
    fileNames.map((_, i) => kindOf(i)),
    opts,
    rows,
  );
  return { ...plan, valueless: plan.sources.map((s) => s !== -1 && forced[s] === null && kinds[s] === null) };
}

/** Which columns the table gets, in order, from the file's columns and the index options. */
export function planColumns(
  names: string[],
  kinds: UploadColumnKind[],
  opts: Pick<UploadOptions, 'columns_read' | 'index_column' | 'dataframe_index' | 'index_label'>,
  rows: number,
): TablePlan {
  missing('Columns to read', opts.columns_read ?? [], names);
  let sources = names.map((_, i) => i).filter((i) => opts.columns_read === null || opts.columns_read.includes(names[i]));
  const columns = (): BulkColumn[] =>
    sources.map((s) => (s === -1 ? { name: opts.index_label ?? 'index', kind: 'integer' } : { name: names[s], kind: kinds[s] }));
  let out: BulkColumn[];
  if (opts.index_column !== null) {
    const at = names.indexOf(opts.index_column);
    if (at === -1) throw new UploadFileError(`The index column "${opts.index_column}" is not in the file.`);
    sources = sources.filter((s) => s !== at);
    if (opts.dataframe_index) sources = [at, ...sources];
    out = columns();
    if (opts.dataframe_index && opts.index_label) out[0] = { ...out[0], name: opts.index_label };
  } else {
    if (opts.dataframe_index) sources = [-1, ...sources];
    out = columns();
  }
  if (!out.length) throw new UploadFileError('No columns are left to load.');
  const seen = new Set<string>();
  for (const c of out) {
    const problem = columnNameError(c.name);
    if (problem) throw new UploadFileError(problem);
    if (seen.has(c.name.toLowerCase())) throw new UploadFileError(`Column "${c.name}" appears twice.`);
    seen.add(c.name.toLowerCase());
  }
  return { columns: out, sources, rows, valueless: out.map(() => false) };
}

const BATCH_ROWS = 2000;

/** The second pass: the rows as the table stores them, in batches. */
export async function* tableBatches(
  source: RecordSource,
  opts: UploadOptions,
  rules: CellRules,
  plan: TablePlan,
  where = '',
): AsyncGenerator<StoredValue[][]> {
  let batch: StoredValue[][] = [];
  let rowNumber = 0;
  const place = placer(opts);
  let stopped = false;
  for await (const records of source()) {
    for (const rec of records) {
      const kind = place(rec);
      if (kind === 'stop') {
        stopped = true;
        break;
      }
      if (kind !== 'data') continue;
      const row: StoredValue[] = new Array<StoredValue>(plan.columns.length);
      for (let c = 0; c < plan.columns.length; c++) {
        const s = plan.sources[c];
        if (s === -1) {
          row[c] = rowNumber;
          continue;
        }
        try {
          row[c] = storedValue(rec.cells[s] ?? null, plan.columns[c].kind, rules);
        } catch (e) {
          if (e instanceof CellError)
            throw new UploadFileError(`Line ${rec.line}${where}, column "${plan.columns[c].name}": ${e.message}.`);
          throw e;
        }
      }
      rowNumber++;
      batch.push(row);
    }
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
    if (stopped) break;
  }
  if (batch.length) yield batch;
}

/**
 * `upload_metadata`: the column names, kinds read from the first rows, and those rows as text.
 * `ragged`: a row longer than the header (or the first row) is refused as the load refuses it
 * (CSV); else the preview widens to the longest row (a sheet's stray cells).
 */
export async function previewTable(
  source: RecordSource,
  opts: Pick<UploadOptions, 'header_row' | 'skip_rows'>,
  rules: CellRules,
  sheetName: string | null,
  ragged: 'refuse' | 'widen' = 'widen',
): Promise<UploadFileMetadataItem> {
  const records: RawRecord[] = [];
  let header: RawCell[] | null = null;
  const place = placer({ ...opts, rows_to_read: UPLOAD_LIMITS.previewRows, skip_blank_lines: true });
  let stopped = false;
  for await (const batch of source()) {
    for (const rec of batch) {
      const kind = place(rec);
      if (kind === 'header') header = rec.cells;
      else if (kind === 'data') records.push(rec);
      else if (kind === 'stop') stopped = true;
      if (stopped || records.length >= UPLOAD_LIMITS.previewRows) break;
    }
    if (stopped || records.length >= UPLOAD_LIMITS.previewRows) break;
  }
  const sample = records.map((r) => r.cells);
  const widest =
    ragged === 'refuse' ? (header?.length ?? sample[0]?.length ?? 0) : Math.max(header?.length ?? 0, ...sample.map((r) => r.length), 0);
  if (ragged === 'refuse') for (const rec of records) raggedRow(rec, widest);
  const width = Math.min(UPLOAD_LIMITS.maxColumns, widest);
  const names = uploadColumnNames(header ? header.map((c) => (c === null ? null : String(c))) : null, width);
  const kinds = names.map((_, i) => {
    let k: UploadColumnKind | null = null;
    for (const r of sample) {
      const raw = r[i] ?? null;
      if (!isNullCell(raw, rules) && k !== 'string') k = widenKind(k, kindOfCell(raw as Exclude<RawCell, null>, rules));
    }
    return k ?? 'string';
  });
  return {
    sheet_name: sheetName,
    column_names: names,
    column_types: kinds,
    sample_rows: sample.map((r) => names.map((_, i) => previewText(r[i] ?? null, rules))),
  };
}
