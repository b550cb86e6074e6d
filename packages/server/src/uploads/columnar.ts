/**
 * Parquet files, read by an in-memory DuckDB of their own (not any database of the user's): the
 * file's schema gives each column's kind, and its rows come a chunk at a time. A zip of Parquet
 * files with the same columns is unpacked next to the upload (within the upload's size bound) and
 * read as one table, in the zip's order.
 */
import { dirname, join } from 'node:path';
import { DuckDBInstance, JSDuckDBValueConverter, type DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_LIMITS, type StoredValue, type UploadColumnKind, type UploadFileMetadataItem } from '@rama/shared';
import { UploadFileError } from './errors.js';
import { unpackEntry, zipEntries } from './zip-directory.js';

const BATCH_ROWS = 2048;

/** The stored kind of a DuckDB type name (as DESCRIBE writes it). */
export function parquetKind(type: string): UploadColumnKind {
  const t = type.toUpperCase();
  if (/^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/.test(t)) return 'integer';
  if (/^(FLOAT|DOUBLE|REAL|DECIMAL|NUMERIC)/.test(t) || t === 'UBIGINT' || t === 'HUGEINT' || t === 'UHUGEINT') return 'float';
  if (t === 'BOOLEAN') return 'boolean';
  if (/^(DATE|TIMESTAMP)/.test(t)) return 'datetime';
  return 'string';
}

const CAST: Record<UploadColumnKind, string> = {
  integer: 'BIGINT',
  float: 'DOUBLE',
  boolean: 'BOOLEAN',
  datetime: 'TIMESTAMP',
  string: 'VARCHAR',
};

const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** A reader over one Parquet file; close it when done. */
export class ParquetFile {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
    /** `read_parquet`'s argument: one path or a list of them, as SQL */
    private readonly source: string,
    readonly names: string[],
    readonly kinds: UploadColumnKind[],
  ) {}

  /**
   * The upload's file: a Parquet file, or (named `.zip`) a zip of them, unpacked next to it within
   * `maxBytes` unpacked in all.
   */
  static async openUpload(file: { path: string; name: string }, maxBytes: number): Promise<ParquetFile> {
    if (!file.name.toLowerCase().endsWith('.zip')) return ParquetFile.open([file.path]);
    return ParquetFile.open(await unpackParquetZip(file.path, maxBytes));
  }

  static async open(paths: string[]): Promise<ParquetFile> {
    // its own small in-memory engine: the only files it reads are the upload's temporary copies
    const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '512MB' });
    const conn = await instance.connect();
    const source = paths.length === 1 ? literal(paths[0]) : `[${paths.map(literal).join(', ')}]`;
    try {
      const described = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${source})`);
      const rows = described.getRowObjectsJS();
      if (rows.length > UPLOAD_LIMITS.maxColumns)
        throw new UploadFileError(`The file has ${rows.length} columns; at most ${UPLOAD_LIMITS.maxColumns} are accepted.`);
      const names = rows.map((r) => String(r.column_name));
      const kinds = rows.map((r) => parquetKind(String(r.column_type)));
      // every file of a zip must have the first one's columns, names and types in order
      const shape = (r: Record<string, unknown>[]): string => JSON.stringify(r.map((c) => [c.column_name, c.column_type]));
      const first = shape(rows);
      for (const p of paths.slice(1)) {
        const other = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${literal(p)})`)).getRowObjectsJS();
        if (shape(other) !== first) throw new Error('columns differ');
      }
      return new ParquetFile(instance, conn, source, names, kinds);
    } catch (e) {
      conn.closeSync();
      instance.closeSync();
      if (e instanceof UploadFileError) throw e;
      throw new UploadFileError(
        paths.length === 1
          ? 'The file cannot be read as a Parquet file.'
          : 'The Parquet files in the zip cannot be read as one table: each must be a Parquet file with the same columns.',
      );
    }
  }

  async count(): Promise<number> {
    const r = await this.conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${this.source})`);
    return Number(r.getRowsJS()[0][0]);
  }

  /** The chosen columns (by index) as stored values, in batches; a file that breaks off is an UploadFileError (no paths, no internals). */
  async *batches(columns: number[], limit: number | null = null): AsyncGenerator<StoredValue[][]> {
    try {
      yield* this.readBatches(columns, limit);
    } catch (e) {
      if (e instanceof UploadFileError) throw e;
      throw new UploadFileError('The file cannot be read as a Parquet file: it breaks off or is damaged.');
    }
  }

  private async *readBatches(columns: number[], limit: number | null): AsyncGenerator<StoredValue[][]> {
    const select = columns.map((i) => `CAST(${ident(this.names[i])} AS ${CAST[this.kinds[i]]})`).join(', ');
    const result = await this.conn.stream(`SELECT ${select} FROM read_parquet(${this.source})${limit !== null ? ` LIMIT ${limit}` : ''}`);
    let batch: StoredValue[][] = [];
    let read = 0;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      read += chunk.rowCount;
      for (const row of chunk.convertRows(JSDuckDBValueConverter)) {
        batch.push(
          row.map((v) => {
            if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
            if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
            return JSON.stringify(v);
          }),
        );
      }
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    // a streamed result that failed part-way ends like one that is done: the last batch waits
    // until every row is known to be read, so a short read is refused before the load commits
    if (limit === null && read !== (await this.count()))
      throw new UploadFileError('The file cannot be read as a Parquet file: it breaks off or is damaged.');
    if (batch.length) yield batch;
  }

  async preview(): Promise<UploadFileMetadataItem> {
    const sample: (string | null)[][] = [];
    for await (const batch of this.batches(
      this.names.map((_, i) => i),
      UPLOAD_LIMITS.previewRows,
    )) {
      for (const row of batch)
        sample.push(
          row.map((v) =>
            v === null
              ? null
              : v instanceof Date
                ? v
                    .toISOString()
                    .replace('T', ' ')
                    .replace(/\.000Z$|Z$/, '')
                : String(v),
          ),
        );
    }
    return { sheet_name: null, column_names: this.names, column_types: this.kinds, sample_rows: sample };
  }

  close(): void {
    this.conn.closeSync();
    this.instance.closeSync();
  }
}

const NOT_A_PARQUET_ZIP = 'The file cannot be read as a zip of Parquet files.';
/** Parquet files one zip may hold */
export const MAX_ZIPPED_PARQUET_FILES = 1000;

/**
 * Unpack a zip's Parquet files next to it (folders, `__MACOSX/` and hidden files are passed over);
 * any other file is refused by name, and the whole must unpack within `maxBytes`.
 */
async function unpackParquetZip(path: string, maxBytes: number): Promise<string[]> {
  const entries = (await zipEntries(path, NOT_A_PARQUET_ZIP)).filter((e) => {
    const base = e.name.split('/').pop() ?? '';
    return !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !base.startsWith('.');
  });
  const other = entries.find((e) => !e.name.toLowerCase().endsWith('.parquet'));
  if (other) throw new UploadFileError(`The zip holds "${other.name.slice(0, 200)}", which is not a Parquet file (.parquet).`);
  if (!entries.length) throw new UploadFileError('The zip holds no Parquet file.');
  if (entries.length > MAX_ZIPPED_PARQUET_FILES) throw new UploadFileError(`The zip holds more than ${MAX_ZIPPED_PARQUET_FILES} files.`);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > maxBytes) throw new UploadFileError(`The zip unpacks to more than the upload limit (${Math.round(maxBytes / 2 ** 20)} MB).`);
  const paths: string[] = [];
  for (const [i, e] of entries.entries()) {
    const dest = join(dirname(path), `part-${i}.parquet`);
    await unpackEntry(path, e, dest, NOT_A_PARQUET_ZIP);
    paths.push(dest);
  }
  return paths;
}
