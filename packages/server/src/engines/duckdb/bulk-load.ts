/**
 * DuckDB bulk loading through the appender, inside one transaction with the table's creation (or
 * replacement): DuckDB's DDL is transactional, so a failed load leaves nothing behind. An append
 * goes through a temporary table first, as the appender writes whole rows in the table's own
 * column order.
 */
import { DuckDBTimestampValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import type { StoredValue, UploadColumnKind } from '@rama/shared';
import { driverHandle, qualifiedName, stagingName, TableExistsError, type BulkLoader, type BulkLoadRequest } from '../bulk-load-types.js';

const DUCKDB_TYPES: Record<UploadColumnKind, string> = {
  integer: 'BIGINT',
  float: 'DOUBLE',
  boolean: 'BOOLEAN',
  datetime: 'TIMESTAMP',
  string: 'VARCHAR',
};

type Append = (a: DuckDBAppender, v: Exclude<StoredValue, null>) => void;

const APPEND: Record<UploadColumnKind, Append> = {
  integer: (a, v) => a.appendBigInt(typeof v === 'bigint' ? v : BigInt(v as number)),
  float: (a, v) => a.appendDouble(Number(v)),
  boolean: (a, v) => a.appendBoolean(Boolean(v)),
  datetime: (a, v) => a.appendTimestamp(new DuckDBTimestampValue(BigInt((v as Date).getTime()) * 1000n)),
  string: (a, v) => a.appendVarchar(String(v)),
};

async function tableExists(c: DuckDBConnection, schema: string | null, name: string): Promise<boolean> {
  const reader = await c.runAndReadAll(
    'SELECT 1 FROM information_schema.tables WHERE table_catalog = current_database() AND table_schema = COALESCE($1, current_schema()) AND table_name = $2',
    [schema, name],
  );
  return reader.currentRowCount > 0;
}

export const duckdbBulkLoader: BulkLoader = {
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    const c = driverHandle<DuckDBConnection>(conn, 'connection');
    conn.discard();
    const target = qualifiedName(spec, table);
    const columnsSql = table.columns.map((col) => `${spec.quoteIdentifier(col.name)} ${DUCKDB_TYPES[col.kind]}`).join(', ');
    const appenders = table.columns.map((col) => APPEND[col.kind]);
    let rows = 0;
    await c.run('BEGIN TRANSACTION');
    try {
      const exists = await tableExists(c, table.schema, table.name);
      if (exists && req.mode === 'fail') throw new TableExistsError(table.name);
      const append = exists && req.mode === 'append';
      const staging = stagingName();
      if (append) {
        await c.run(`CREATE TEMPORARY TABLE ${spec.quoteIdentifier(staging)} (${columnsSql})`);
      } else {
        if (exists) await c.run(`DROP TABLE ${target}`);
        await c.run(`CREATE TABLE ${target} (${columnsSql})`);
      }
      const schema = append ? 'main' : (table.schema ?? (await c.runAndReadAll('SELECT current_schema()')).getRows()[0][0]);
      const appender = await c.createAppender(append ? staging : table.name, String(schema), append ? 'temp' : null);
      try {
        for await (const batch of req.batches) {
          if (signal.aborted) throw signal.reason;
          for (const row of batch) {
            for (let i = 0; i < row.length; i++) {
              const v = row[i];
              if (v === null) appender.appendNull();
              else appenders[i](appender, v);
            }
            appender.endRow();
          }
          rows += batch.length;
          req.onProgress?.(rows);
        }
        appender.flushSync();
      } finally {
        try {
          appender.closeSync();
        } catch {
          // the error that stopped the load is the one to report
        }
      }
      if (append) {
        const cols = table.columns.map((col) => spec.quoteIdentifier(col.name)).join(', ');
        await c.run(`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM temp.main.${spec.quoteIdentifier(staging)}`);
        await c.run(`DROP TABLE temp.main.${spec.quoteIdentifier(staging)}`);
      }
      await c.run('COMMIT');
    } catch (e) {
      await c.run('ROLLBACK').catch(() => undefined);
      throw e;
    }
    return { rows };
  },
};
