/**
 * The fast path for a plain CSV file: when the options ask for nothing the engine's own CSV reader
 * cannot do as Rama does, the columns and kinds are read from the file's first rows and the engine
 * reads the whole file itself (DuckDB `read_csv`, PostgreSQL `COPY … FORMAT csv`). The engine
 * refuses whatever it would read otherwise than Rama's exact path, and the caller then loads the
 * file the exact way: the fast path changes the time an upload takes, never what it stores.
 */
import { isNullCell, UPLOAD_LIMITS, type CellRules, type UploadOptions } from '@rama/shared';
import type { CsvCheck, CsvFileLoadRequest, UploadSource } from '../engines/types.js';
import { checkCsvFile } from './csv-check-run.js';
import { csvRecords } from './csv.js';
import { scanTable, type RawRecord, type TablePlan } from './table.js';

/** Rows read by Rama to find the columns and their kinds before the engine reads the file. */
export const SAMPLE_RECORDS = 20_000;

/** The options leave the file as an engine's CSV reader reads it: nothing to skip, drop, index or rewrite. */
export function plainCsvOptions(opts: UploadOptions, rules: CellRules): boolean {
  const d = opts.delimiter;
  return (
    d.length === 1 &&
    d !== '"' &&
    d !== '\n' &&
    d !== '\r' &&
    opts.skip_rows === 0 &&
    (opts.header_row === 0 || opts.header_row === null) &&
    opts.rows_to_read === null &&
    opts.columns_read === null &&
    opts.index_column === null &&
    !opts.dataframe_index &&
    !opts.skip_initial_space &&
    opts.skip_blank_lines &&
    rules.decimal === '.' &&
    rules.nullValues.has('')
  );
}

export interface CsvSample {
  plan: TablePlan;
  /** the sample holds the whole file */
  whole: boolean;
  /** a column that is not text holds a null spelling other than the empty text in the sample */
  typedNullSpellings: boolean;
}

/**
 * The file's first rows read as the exact path reads them: the columns, their kinds, and every
 * problem those rows have (the first problem of a file is always in its first rows, so the
 * message is the exact path's). The rows go through the scan batch by batch as they are read (none
 * is kept: the sample leaves no trace in the server's memory once it is scanned).
 */
export async function sampleCsv(source: UploadSource, opts: UploadOptions, rules: CellRules): Promise<CsvSample> {
  let whole = true;
  let first = opts.header_row === null ? 0 : 1;
  /** per file column: a cell other than the empty text reads as null */
  const spelled: boolean[] = [];
  const read = csvRecords(() => source.stream(), { delimiter: opts.delimiter, skipBlankLines: true, skipInitialSpace: false });
  const note = (batch: RawRecord[]): void => {
    for (const rec of batch) {
      if (first > 0) {
        first--;
        continue;
      }
      const cells = rec.cells;
      for (let i = 0; i < cells.length; i++) {
        const raw = cells[i];
        if (!spelled[i] && raw !== '' && isNullCell(raw, rules)) spelled[i] = true;
      }
    }
  };
  async function* sample(): AsyncGenerator<RawRecord[]> {
    let left = SAMPLE_RECORDS;
    const records = read()[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await records.next();
        if (next.done) return;
        const all = next.value;
        if (left === 0) {
          // the sample is full: the file is whole only if nothing follows
          if (all.length) {
            whole = false;
            return;
          }
          continue;
        }
        const batch = all.length > left ? all.slice(0, left) : all;
        left -= batch.length;
        note(batch);
        yield batch;
        if (batch.length < all.length) {
          whole = false;
          return;
        }
      }
    } finally {
      await records.return?.();
    }
  }
  const plan = await scanTable(sample, opts, rules, opts.delimiter);
  const typedNullSpellings = plan.columns.some((c, i) => c.kind !== 'string' && spelled[plan.sources[i]] === true);
  return { plan, whole, typedNullSpellings };
}

/** The engine's part of the request: where the file is and how to read it. */
export function csvFile(source: UploadSource, opts: UploadOptions, rules: CellRules, sample: CsvSample): CsvFileLoadRequest['file'] {
  const nullValues = [...rules.nullValues];
  const check = async (): Promise<CsvCheck> => {
    try {
      await source.whole();
    } catch (e) {
      return { ok: false, reason: e instanceof Error ? e.message : String(e) };
    }
    return checkCsvFile(source.path, {
      delimiter: opts.delimiter,
      header: opts.header_row === 0,
      kinds: sample.plan.columns.map((c) => c.kind),
      valueless: sample.plan.valueless,
      nullSpellings: nullValues.filter((v) => v !== ''),
      maxRecordBytes: UPLOAD_LIMITS.maxRecordChars,
    });
  };
  return {
    check,
    typedNullSpellings: sample.typedNullSpellings,
    valueless: sample.plan.valueless,
    source,
    delimiter: opts.delimiter,
    header: opts.header_row === 0,
    nullValues,
    dayFirst: rules.dayFirst,
  };
}
