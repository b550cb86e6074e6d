/**
 * Uploading a file into a database: who may, into which schema, reading the file (CSV, Excel,
 * Parquet) in two passes — a scan that finds every problem before anything is written, then the
 * load through the engine's bulk loader — and the dataset on the new table. A large plain CSV file
 * goes to the engine's own CSV reader first (`fast-csv.ts`), and the exact way only when the
 * engine reads it otherwise.
 */
import {
  cellRules,
  parseUploadOptions,
  schemaAllowsFileUpload,
  schemasAllowedForFileUpload,
  uploadFileNameError,
  UPLOAD_LIMITS,
  type StoredValue,
  type UploadFileMetadata,
  type UploadOptions,
  type UploadResult,
  type UploadType,
} from '@rama/shared';
import type { AppContext } from '../context.js';
import type { DatabaseTable, Row } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import { canAccessDatabase } from '../access/databases.js';
import { mayUseSchema } from '../access/datasets.js';
import { DatasetService } from '../datasets/service.js';
import { refreshDataset } from '../datasets/refresh.js';
import { databaseById } from '../metadata/repos/databases.js';
import { datasetIdInSchema } from '../metadata/repos/datasets.js';
import { engineSpecForUri } from '../engines/registry.js';
import { parseUri } from '../engines/uri.js';
import { EngineError, type UploadSource } from '../engines/types.js';
import { TableExistsError } from '../engines/bulk-load.js';
import { QueryCancelledError, QueryTimeoutError } from '../execution/executor.js';
import { HttpError, forbidden, invalidFields, notFound } from '../http/errors.js';
import { csvRecords } from './csv.js';
import { csvFile, plainCsvOptions, sampleCsv } from './fast-csv.js';
import { excelRecords, sheetHeads } from './excel.js';
import { ParquetFile } from './columnar.js';
import { UploadFileError } from './errors.js';
import { planColumns, previewTable, scanTable, tableBatches, type RawRecord, type TablePlan } from './table.js';

type DatabaseRow = Row<DatabaseTable>;

/** The peer's words when a database or schema does not take uploads. */
export const SCHEMA_NOT_ALLOWED = 'Database schema is not allowed for csv uploads.';
export const UPLOADS_AT_ONCE_PER_USER = 2;

/** The uploaded file, perhaps still arriving (`ArrivingFile`): the exact path waits for all of it. */
export interface UploadFile extends UploadSource {
  name: string;
}

/** 422 with a message, as the peer answers a failed upload. */
const failed = (message: string): HttpError => new HttpError(422, { message });

/** A database error's message, first line only and bounded (no stacks, no driver internals). */
function loadFailure(e: unknown): HttpError {
  const raw = e instanceof Error ? e.message : String(e);
  const first = raw.split('\n')[0].slice(0, 500);
  return failed(`The file could not be loaded into the database: ${first}`);
}

export class UploadService {
  private readonly datasets: DatasetService;
  private readonly running = new Map<number, number>();

  constructor(private readonly ctx: AppContext) {
    this.datasets = new DatasetService(ctx);
  }

  /**
   * The database a user may upload into: a missing one and one the user may not see are the same
   * 404; one that does not take uploads (or whose engine has no bulk loader) is 403.
   */
  async targetDatabase(user: Principal, id: number): Promise<DatabaseRow> {
    const row = await databaseById(this.ctx.store.db, id);
    if (!row || !canAccessDatabase(user, row)) throw notFound();
    if (!row.allow_file_upload) throw forbidden(SCHEMA_NOT_ALLOWED);
    let loads: boolean;
    try {
      loads = Boolean(engineSpecForUri(parseUri(row.sqlalchemy_uri)).bulkLoader);
    } catch {
      throw forbidden(SCHEMA_NOT_ALLOWED);
    }
    if (!loads) throw forbidden(SCHEMA_NOT_ALLOWED);
    return row;
  }

  /** One user runs at most a couple of uploads at once (each holds a temporary file and a connection). */
  begin(user: Principal): () => void {
    const n = this.running.get(user.id) ?? 0;
    if (n >= UPLOADS_AT_ONCE_PER_USER) throw new HttpError(429, { message: 'Too many uploads at once; wait for one to finish.' });
    this.running.set(user.id, n + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.running.get(user.id) ?? 1) - 1;
      if (left > 0) this.running.set(user.id, left);
      else this.running.delete(user.id);
    };
  }

  checkedOptions(type: UploadType, fields: Record<string, string>): UploadOptions {
    const parsed = parseUploadOptions(type, fields);
    if (parsed.errors) throw invalidFields(parsed.errors);
    return parsed.options;
  }

  async upload(
    user: Principal,
    db: DatabaseRow,
    type: UploadType,
    file: UploadFile,
    opts: UploadOptions,
    signal: AbortSignal,
  ): Promise<UploadResult['result']> {
    const nameError = uploadFileNameError(type, file.name);
    if (nameError) throw invalidFields({ file: [nameError] });
    const schemasAllowed = schemasAllowedForFileUpload(db.extra);
    if (!schemaAllowsFileUpload({ allow_file_upload: Boolean(db.allow_file_upload), schemasAllowed }, opts.schema))
      throw forbidden(SCHEMA_NOT_ALLOWED);
    if (!mayUseSchema(user, db, opts.schema)) throw forbidden(SCHEMA_NOT_ALLOWED);

    const rules = cellRules(opts);
    const loader = engineSpecForUri(parseUri(db.sqlalchemy_uri)).bulkLoader ?? null;
    if (!loader) throw forbidden(SCHEMA_NOT_ALLOWED);
    const ns = { databaseId: db.id, catalog: null, schema: opts.schema, timeoutMs: this.ctx.config.sqllabAsyncTimeLimit * 1000, signal };

    let rows: number | null = null;
    if (type === 'csv' && loader.loadCsvFile && plainCsvOptions(opts, rules)) {
      const sample = await readOrFail(() => sampleCsv(file, opts, rules));
      // a file that fits in the sample gains nothing from the engine's reader
      if (!sample.whole && sample.plan.columns.length > 1) {
        const loadCsvFile = loader.loadCsvFile.bind(loader);
        try {
          rows = await this.loading(opts, () =>
            this.ctx.execution.withConnection(ns, (conn, open, sig) =>
              loadCsvFile({
                conn,
                spec: open.spec,
                table: { schema: opts.schema, name: opts.table_name, columns: sample.plan.columns },
                mode: opts.already_exists,
                file: csvFile(file, opts, rules, sample),
                signal: sig,
              }).then((r) => r.rows),
            ),
          );
          this.ctx.log.info({ path: 'engine', rows }, "upload: loaded by the engine's CSV reader");
        } catch (e) {
          if (!(e instanceof ReadOtherwise) || signal.aborted) throw e;
          // the engine reads this file otherwise than Rama: load it the exact way
          this.ctx.log.info(
            { path: 'exact', reason: e.cause instanceof Error ? e.cause.message.split('\n')[0] : String(e.cause) },
            'upload: the engine reads the file otherwise; loading it the exact way',
          );
        }
      }
    }

    if (rows === null) {
      // the exact path reads the whole file, twice
      await file.whole();
      let plan: TablePlan;
      let batches: AsyncIterable<StoredValue[][]>;
      let parquet: ParquetFile | null = null;
      await readOrFail(async () => {
        try {
          if (type === 'csv') {
            const source = csvRecords(file.path, {
              delimiter: opts.delimiter,
              skipBlankLines: opts.skip_blank_lines,
              skipInitialSpace: opts.skip_initial_space,
            });
            plan = await scanTable(source, opts, rules, opts.delimiter);
            batches = tableBatches(source, opts, rules, plan);
          } else if (type === 'excel') {
            const source = excelRecords(file.path, opts.sheet_name);
            plan = await scanTable(source, { ...opts, skip_blank_lines: true }, rules, null);
            batches = tableBatches(source, { ...opts, skip_blank_lines: true }, rules, plan);
          } else {
            parquet = await ParquetFile.openUpload(file, this.ctx.config.uploadMaxBytes);
            plan = planColumns(parquet.names, parquet.kinds, opts, await parquet.count());
            batches = withRowNumbers(parquet, plan);
          }
        } catch (e) {
          (parquet as ParquetFile | null)?.close();
          throw e;
        }
      });
      try {
        rows = await this.loading(
          opts,
          () =>
            this.ctx.execution.withConnection(ns, (conn, open, sig) =>
              loader
                .load({
                  conn,
                  spec: open.spec,
                  table: { schema: opts.schema, name: opts.table_name, columns: plan.columns },
                  mode: opts.already_exists,
                  batches,
                  signal: sig,
                })
                .then((r) => r.rows),
            ),
          true,
        );
      } finally {
        (parquet as ParquetFile | null)?.close();
      }
    }

    const datasetId = await this.dataset(user, db, opts);
    return { table_name: opts.table_name, schema: opts.schema, rows, dataset_id: datasetId };
  }

  /**
   * Run a load and turn its failure into the peer's answers. A failure of the engine's own reader
   * (`exact` false) other than an existing table, a cancel or a time limit is a `ReadOtherwise`:
   * the caller loads the file the exact way, whose messages name lines and columns.
   */
  private async loading(opts: UploadOptions, run: () => Promise<number>, exact = false): Promise<number> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof TableExistsError)
        throw failed(
          `Table "${opts.table_name}" already exists. Choose "replace" or "append" for "if the table already exists", or give another table name.`,
        );
      if (e instanceof HttpError || e instanceof QueryCancelledError || e instanceof QueryTimeoutError) throw e;
      if (!exact) throw new ReadOtherwise(e);
      if (e instanceof UploadFileError) throw failed(e.message);
      if (e instanceof EngineError) throw failed(`The file could not be loaded into the database: ${e.message}`);
      this.ctx.log.warn({ err: e }, 'upload: load failed');
      throw loadFailure(e);
    }
  }

  /** The dataset on the loaded table: the one there is (its columns re-read after a replace), or a new one. */
  private async dataset(user: Principal, db: DatabaseRow, opts: UploadOptions): Promise<number> {
    const existing = await datasetIdInSchema(this.ctx.store.db, db.id, opts.schema, opts.table_name);
    const id = await this.datasets.getOrCreate(user, { database_id: db.id, schema: opts.schema, table_name: opts.table_name });
    if (existing !== undefined && opts.already_exists === 'replace') {
      // the table's columns may have changed; only its owners may re-read them
      await refreshDataset(this.ctx, this.datasets, user, id).catch(() => undefined);
    }
    return id;
  }

  /** `upload_metadata`: the columns (and for a workbook, the sheets) of a file, with its first rows. */
  async metadata(type: UploadType, file: UploadFile, fields: Record<string, string>): Promise<UploadFileMetadata> {
    const errors: Record<string, string[]> = {};
    const known = new Set(['type', 'delimiter', 'header_row']);
    for (const k of Object.keys(fields)) if (!known.has(k)) errors[k] = ['Unknown field.'];
    const nameError = uploadFileNameError(type, file.name);
    if (nameError) errors.file = [nameError];
    const opts = parseUploadOptions(type === 'columnar' ? 'csv' : type, {
      table_name: 'preview',
      ...(fields.delimiter !== undefined && type === 'csv' && { delimiter: fields.delimiter }),
      ...(fields.header_row !== undefined && type !== 'columnar' && { header_row: fields.header_row }),
    });
    if (opts.errors) Object.assign(errors, opts.errors);
    if (Object.keys(errors).length || !opts.options) throw invalidFields(errors);
    const options = opts.options;
    const rules = cellRules(options);
    try {
      if (type === 'csv') {
        const source = csvRecords(file.path, { delimiter: options.delimiter, skipBlankLines: true, skipInitialSpace: false });
        return { items: [await previewTable(source, options, rules, null, 'refuse')] };
      }
      if (type === 'excel') {
        const keep = (options.header_row ?? 0) + UPLOAD_LIMITS.previewRows + 1;
        const sheets = await sheetHeads(file.path, keep);
        const items = [];
        for (const sheet of sheets) {
          const records: RawRecord[] = sheet.records;
          items.push(await previewTable(() => arrayRecords(records), options, rules, sheet.name));
        }
        return { items };
      }
      const parquet = await ParquetFile.openUpload(file, this.ctx.config.uploadMaxBytes);
      try {
        return { items: [await parquet.preview()] };
      } finally {
        parquet.close();
      }
    } catch (e) {
      if (e instanceof UploadFileError) throw failed(e.message);
      throw e;
    }
  }
}

/** The engine's reader failed where Rama's exact path may not: load the file that way. */
class ReadOtherwise extends Error {
  constructor(cause: unknown) {
    super('The engine reads this file otherwise than Rama.', { cause });
    this.name = 'ReadOtherwise';
  }
}

/** Reading the file: its problems answer 422 with their message. */
async function readOrFail<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof UploadFileError) throw failed(e.message);
    throw e;
  }
}

async function* arrayRecords(records: RawRecord[]): AsyncGenerator<RawRecord[]> {
  yield records;
}

/** Parquet rows for the plan's columns, with the generated row number where `dataframe_index` asks for one. */
async function* withRowNumbers(parquet: ParquetFile, plan: TablePlan): AsyncGenerator<StoredValue[][]> {
  const fileColumns = plan.sources.filter((s) => s !== -1);
  const at = plan.sources.indexOf(-1);
  let n = 0;
  for await (const batch of parquet.batches(fileColumns)) {
    if (at === -1) yield batch;
    else yield batch.map((row) => [n++, ...row]);
  }
}
