/**
 * SQLite bulk loading: multi-row INSERTs of literals written by the engine spec, in one
 * transaction with the table's creation (SQLite's DDL is transactional).
 */
import { formatStoredDate, type StoredValue, type UploadColumnKind } from '@rama/shared';
import type { BulkLoader, BulkLoadRequest, EngineSpec } from '../types.js';
import { qualifiedName, TableExistsError } from '../bulk-load.js';

const SQLITE_TYPES: Record<UploadColumnKind, string> = {
  integer: 'INTEGER',
  float: 'REAL',
  boolean: 'BOOLEAN',
  datetime: 'TIMESTAMP',
  string: 'TEXT',
};

const ROWS_PER_STATEMENT = 500;

function literal(spec: EngineSpec, v: StoredValue): string {
  if (v === null) return 'NULL';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (v instanceof Date) return spec.stringLiteral(formatStoredDate(v));
  return spec.stringLiteral(v);
}

export const sqliteBulkLoader: BulkLoader = {
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    conn.discard();
    const target = qualifiedName(spec, table);
    const cols = table.columns.map((c) => spec.quoteIdentifier(c.name)).join(', ');
    const master = table.schema ? `${spec.quoteIdentifier(table.schema)}.sqlite_master` : 'sqlite_master';
    let rows = 0;
    await conn.execute('BEGIN');
    try {
      const found = await conn.execute(`SELECT 1 FROM ${master} WHERE type = 'table' AND name = ${spec.stringLiteral(table.name)}`);
      const exists = found.rows.length > 0;
      if (exists && req.mode === 'fail') throw new TableExistsError(table.name);
      if (exists && req.mode === 'replace') await conn.execute(`DROP TABLE ${target}`);
      if (!exists || req.mode === 'replace')
        await conn.execute(
          `CREATE TABLE ${target} (${table.columns.map((c) => `${spec.quoteIdentifier(c.name)} ${SQLITE_TYPES[c.kind]}`).join(', ')})`,
        );
      for await (const batch of req.batches) {
        if (signal.aborted) throw signal.reason;
        for (let start = 0; start < batch.length; start += ROWS_PER_STATEMENT) {
          const values = batch
            .slice(start, start + ROWS_PER_STATEMENT)
            .map((row) => `(${row.map((v) => literal(spec, v)).join(', ')})`)
            .join(', ');
          await conn.execute(`INSERT INTO ${target} (${cols}) VALUES ${values}`);
        }
        rows += batch.length;
        req.onProgress?.(rows);
      }
      await conn.execute('COMMIT');
    } catch (e) {
      await conn.execute('ROLLBACK').catch(() => undefined);
      throw e;
    }
    return { rows };
  },
};
