/**
 * PostgreSQL bulk loading: `COPY … FROM STDIN` in text format inside one transaction, the table
 * created (or dropped and created again) in the same transaction, so a failed load leaves nothing.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { formatStoredDate, type StoredValue, type UploadColumnKind } from '@rama/shared';
import { driverHandle, qualifiedName, TableExistsError, type BulkLoader, type BulkLoadRequest } from '../bulk-load-types.js';

const PG_TYPES: Record<UploadColumnKind, string> = {
  integer: 'BIGINT',
  float: 'DOUBLE PRECISION',
  boolean: 'BOOLEAN',
  datetime: 'TIMESTAMP',
  string: 'TEXT',
};

/** characters COPY's text format escapes (NUL is dropped: PostgreSQL text cannot hold it) */
const NEEDS_ESCAPE = /[\\\t\n\r\u0000]/;
const ESCAPED = /[\\\t\n\r\u0000]/g;

/** One value in COPY's text format: backslash escapes, `\N` for null; PostgreSQL text holds no NUL. */
function copyText(v: StoredValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'string') {
    // most values need no escaping: test once, replace only when needed
    if (!NEEDS_ESCAPE.test(v)) return v;
    return v.replace(ESCAPED, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : ''));
  }
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return formatStoredDate(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  return String(v);
}

async function tableExists(client: pg.PoolClient, schema: string | null, name: string): Promise<boolean> {
  const res = await client.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = COALESCE($1, current_schema()) AND table_name = $2`,
    [schema, name],
  );
  return res.rowCount !== null && res.rowCount > 0;
}

export const postgresBulkLoader: BulkLoader = {
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    const client = driverHandle<pg.PoolClient>(conn, 'client');
    conn.discard();
    const target = qualifiedName(spec, table);
    const cols = table.columns.map((c) => spec.quoteIdentifier(c.name)).join(', ');
    let rows = 0;
    await client.query('BEGIN');
    try {
      const exists = await tableExists(client, table.schema, table.name);
      if (exists && req.mode === 'fail') throw new TableExistsError(table.name);
      if (exists && req.mode === 'replace') await client.query(`DROP TABLE ${target}`);
      if (!exists || req.mode === 'replace') {
        await client.query(
          `CREATE TABLE ${target} (${table.columns.map((c) => `${spec.quoteIdentifier(c.name)} ${PG_TYPES[c.kind]}`).join(', ')})`,
        );
      }
      const copy = client.query(copyFrom(`COPY ${target} (${cols}) FROM STDIN`));
      const lines = async function* (): AsyncGenerator<string> {
        for await (const batch of req.batches) {
          if (signal.aborted) throw signal.reason;
          let text = '';
          for (const row of batch) text += row.map(copyText).join('\t') + '\n';
          yield text;
          rows += batch.length;
          req.onProgress?.(rows);
        }
      };
      await pipeline(Readable.from(lines()), copy);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    return { rows };
  },
};
