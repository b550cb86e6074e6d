/**
 * The fast path for a plain CSV file: when the options ask for nothing the engine's own CSV reader
 * cannot do as Rama does, the columns and kinds are read from the file's first rows and the engine
 * reads the whole file itself (DuckDB `read_csv`, PostgreSQL `COPY … FORMAT csv`). The engine
 * refuses whatever it would read otherwise than Rama's exact path, and the caller then loads the
 * file the exact way: the fast path changes the time an upload takes, never what it stores.
 */
import { isNullCell, type CellRules, type UploadOptions } from '@rama/shared';
import type { CsvFileLoadRequest, UploadSource } from '../engines/types.js';
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
 * message is the exact path's).
 */
export async function sampleCsv(source: UploadSource, opts: UploadOptions, rules: CellRules): Promise<CsvSample> {
  const records: RawRecord[] = [];
  let whole = true;
  for await (const batch of csvRecords(() => source.stream(), {
    delimiter: opts.delimiter,
    skipBlankLines: true,
    skipInitialSpace: false,
  })()) {
    records.push(...batch);
    if (records.length > SAMPLE_RECORDS) {
      whole = false;
      records.length = SAMPLE_RECORDS;
      break;
    }
  }
  const plan = await scanTable(
    async function* () {
      yield records;
    },
    opts,
    rules,
    opts.delimiter,
  );
  const first = opts.header_row === null ? 0 : 1;
  let typedNullSpellings = false;
  for (let r = first; r < records.length && !typedNullSpellings; r++) {
    const cells = records[r].cells;
    for (let i = 0; i < plan.columns.length; i++) {
      const raw = cells[i];
      if (plan.columns[i].kind !== 'string' && raw !== undefined && raw !== '' && isNullCell(raw, rules)) {
        typedNullSpellings = true;
        break;
      }
    }
  }
  return { plan, whole, typedNullSpellings };
}

/** The engine's part of the request: where the file is and how to read it. */
export function csvFile(source: UploadSource, opts: UploadOptions, rules: CellRules, sample: CsvSample): CsvFileLoadRequest['file'] {
  return {
    typedNullSpellings: sample.typedNullSpellings,
    source,
    delimiter: opts.delimiter,
    header: opts.header_row === 0,
    nullValues: [...rules.nullValues],
    dayFirst: rules.dayFirst,
  };
}
