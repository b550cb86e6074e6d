/**
 * Parquet files, read by an in-memory DuckDB of their own (not any database of the user's): the
 * file's schema gives each column's kind, and its rows come a chunk at a time.
 */
import { DuckDBInstance, JSDuckDBValueConverter, type DuckDBConnection } from '@duckdb/node-api';
import { UPLOAD_LIMITS, type StoredValue, type UploadColumnKind, type UploadFileMetadataItem } from '@rama/shared';
import { UploadFileError } from './errors.js';

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
    private readonly path: string,
    readonly names: string[],
    readonly kinds: UploadColumnKind[],
  ) {}

  static async open(path: string): Promise<ParquetFile> {
    // its own small in-memory engine: the only file it reads is the upload's temporary copy
    const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '512MB' });
    const conn = await instance.connect();
    try {
      const described = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${literal(path)})`);
      const rows = described.getRowObjectsJS();
      if (rows.length > UPLOAD_LIMITS.maxColumns)
        throw new UploadFileError(`The file has ${rows.length} columns; at most ${UPLOAD_LIMITS.maxColumns} are accepted.`);
      const names = rows.map((r) => String(r.column_name));
      const kinds = rows.map((r) => parquetKind(String(r.column_type)));
      return new ParquetFile(instance, conn, path, names, kinds);
    } catch (e) {
      conn.closeSync();
      instance.closeSync();
      if (e instanceof UploadFileError) throw e;
      throw new UploadFileError('The file cannot be read as a Parquet file.');
    }
  }

  async count(): Promise<number> {
    const r = await this.conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${literal(this.path)})`);
    return Number(r.getRowsJS()[0][0]);
  }

  /** The chosen columns (by index) as stored values, in batches. */
  async *batches(columns: number[], limit: number | null = null): AsyncGenerator<StoredValue[][]> {
    const select = columns.map((i) => `CAST(${ident(this.names[i])} AS ${CAST[this.kinds[i]]})`).join(', ');
    const result = await this.conn.stream(
      `SELECT ${select} FROM read_parquet(${literal(this.path)})${limit !== null ? ` LIMIT ${limit}` : ''}`,
    );
    let batch: StoredValue[][] = [];
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
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
