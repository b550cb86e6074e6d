/**
 * MySQL/MariaDB bulk loading: batched multi-row INSERTs (values escaped by the driver) into a
 * staging table, which then becomes the table (RENAME TABLE, atomic) or is copied into it in one
 * statement. DDL commits on its own in MySQL, so the staging table is what keeps a failed load
 * from leaving a half-written table: on failure it is dropped and the target is untouched.
 */
import type mysql from 'mysql2/promise';
import { formatStoredDate, type StoredValue, type UploadColumnKind } from '@rama/shared';
import type { BulkLoader, BulkLoadRequest } from '../types.js';
import { driverHandle, qualifiedName, stagingName, TableExistsError } from '../bulk-load.js';

const MYSQL_TYPES: Record<UploadColumnKind, string> = {
  integer: 'BIGINT',
  float: 'DOUBLE',
  boolean: 'BOOLEAN',
  datetime: 'DATETIME(3)',
  string: 'LONGTEXT',
};

/** bytes of values per INSERT statement, well under the default max_allowed_packet (16 MB) */
const STATEMENT_BYTES = 4 * 1024 * 1024;

function driverValue(v: StoredValue): string | number | boolean | null {
  if (v instanceof Date) return formatStoredDate(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

async function tableExists(c: mysql.PoolConnection, schema: string | null, name: string): Promise<boolean> {
  const [rows] = await c.query(
    'SELECT 1 AS x FROM information_schema.tables WHERE table_schema = COALESCE(?, DATABASE()) AND table_name = ?',
    [schema, name],
  );
  return Array.isArray(rows) && rows.length > 0;
}

export const mysqlBulkLoader: BulkLoader = {
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    const c = driverHandle<mysql.PoolConnection>(conn, 'conn');
    conn.discard();
    const target = qualifiedName(spec, table);
    const staging = qualifiedName(spec, { schema: table.schema, name: stagingName() });
    const cols = table.columns.map((col) => spec.quoteIdentifier(col.name)).join(', ');
    const exists = await tableExists(c, table.schema, table.name);
    if (exists && req.mode === 'fail') throw new TableExistsError(table.name);
    let rows = 0;
    await c.query(
      `CREATE TABLE ${staging} (${table.columns.map((col) => `${spec.quoteIdentifier(col.name)} ${MYSQL_TYPES[col.kind]}`).join(', ')})`,
    );
    try {
      await c.query('START TRANSACTION');
      const insert = `INSERT INTO ${staging} (${cols}) VALUES ?`;
      for await (const batch of req.batches) {
        if (signal.aborted) throw signal.reason;
        let chunk: (string | number | boolean | null)[][] = [];
        let bytes = 0;
        for (const row of batch) {
          const values = row.map(driverValue);
          for (const v of values) bytes += typeof v === 'string' ? v.length * 2 + 4 : 12;
          chunk.push(values);
          if (bytes >= STATEMENT_BYTES) {
            await c.query(insert, [chunk]);
            chunk = [];
            bytes = 0;
          }
        }
        if (chunk.length) await c.query(insert, [chunk]);
        rows += batch.length;
        req.onProgress?.(rows);
      }
      await c.query('COMMIT');
      if (!exists) {
        await c.query(`RENAME TABLE ${staging} TO ${target}`);
      } else if (req.mode === 'replace') {
        const old = qualifiedName(spec, { schema: table.schema, name: stagingName() });
        await c.query(`RENAME TABLE ${target} TO ${old}, ${staging} TO ${target}`);
        await c.query(`DROP TABLE ${old}`);
      } else {
        await c.query(`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM ${staging}`);
        await c.query(`DROP TABLE ${staging}`);
      }
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      await c.query(`DROP TABLE IF EXISTS ${staging}`).catch(() => undefined);
      throw e;
    }
    return { rows };
  },
};
