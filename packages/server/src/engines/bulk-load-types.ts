/**
 * The bulk loader contract: how an uploaded file's rows get into a table, through each engine's
 * fastest path (DuckDB's appender, PostgreSQL's COPY, MySQL's batched inserts). A load is all or
 * nothing: a failure leaves the database as it was (no new table, the replaced table intact, no
 * appended rows).
 */
import type { AlreadyExists, StoredValue, UploadColumnKind } from '@rama/shared';
import type { EngineConnection, EngineSpec } from './types.js';

export interface BulkColumn {
  /** the column's name as the table gets it (checked by the caller: no control characters, bounded) */
  name: string;
  kind: UploadColumnKind;
}

export interface BulkTable {
  /** null: the connection's current schema */
  schema: string | null;
  name: string;
  columns: BulkColumn[];
}

export interface BulkLoadRequest {
  /** a borrowed connection, already in the target namespace; the loader may change its session */
  conn: EngineConnection;
  spec: EngineSpec;
  table: BulkTable;
  mode: AlreadyExists;
  /** rows in the columns' order, each value already of its column's kind */
  batches: AsyncIterable<StoredValue[][]>;
  signal: AbortSignal;
  /** called after each batch is written, with the rows written so far */
  onProgress?: (rows: number) => void;
}

/** The table exists and `already_exists` is `fail`. */
export class TableExistsError extends Error {
  constructor(readonly table: string) {
    super(`Table "${table}" already exists.`);
    this.name = 'TableExistsError';
  }
}

export interface BulkLoader {
  /** Create (or replace, or append to) the table and write every batch, all or nothing. */
  load(req: BulkLoadRequest): Promise<{ rows: number }>;
  /**
   * Load a plain CSV file through the engine's own reader (no parsing in JavaScript), all or
   * nothing; throws when the engine would read the file differently from the exact path.
   */
  loadCsvFile?(req: CsvFileLoadRequest): Promise<{ rows: number }>;
}

/** The driver object an engine connection wraps, read by property name (each engine keeps its own). */
export function driverHandle<T>(conn: EngineConnection, property: string): T {
  const handle = (conn as unknown as Record<string, unknown>)[property];
  if (!handle) throw new Error(`This connection has no ${property} for bulk loading.`);
  return handle as T;
}

/** `schema.table` (or `table`) quoted by the engine. */
export function qualifiedName(spec: EngineSpec, table: Pick<BulkTable, 'schema' | 'name'>): string {
  return table.schema ? `${spec.quoteIdentifier(table.schema)}.${spec.quoteIdentifier(table.name)}` : spec.quoteIdentifier(table.name);
}

/** A fresh staging table's name: loads go there first where DDL is not transactional. */
export function stagingName(): string {
  return `rama_upload_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A plain CSV file the engine may read itself (its own bulk path, no parsing in JavaScript): the
 * options are the simple ones (one-character delimiter, `"` quotes, an optional header on the
 * first line, no rows skipped or columns dropped) and the columns' kinds were read from the file's
 * first rows. The engine must refuse (throw) anything it would read differently from the exact
 * path — a value that does not fit its column's kind as Rama reads it, a ragged row, a null
 * spelling it cannot tell — so the caller can roll back and load the file the exact way.
 */
export interface CsvFileLoadRequest extends Omit<BulkLoadRequest, 'batches' | 'onProgress'> {
  file: {
    path: string;
    delimiter: string;
    /** the first line names the columns (skipped) */
    header: boolean;
    /** the texts read as null (always holds the empty text) */
    nullValues: readonly string[];
    /** `DD/MM/YYYY` rather than `MM/DD/YYYY` */
    dayFirst: boolean;
    /** the first rows hold a null spelling other than the empty text in a column that is not text */
    typedNullSpellings: boolean;
  };
}
