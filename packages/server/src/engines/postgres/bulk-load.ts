/**
 * PostgreSQL bulk loading: `COPY … FROM STDIN` inside one transaction, the table created (or
 * dropped and created again) in the same transaction, so a failed load leaves nothing. Rows read
 * by Rama go in COPY's text format; a plain CSV file goes to COPY as it is (PostgreSQL parses it)
 * while a worker checks Rama's reading of it byte by byte: the load is kept only where the two agree.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { DEFAULT_NULL_VALUES, formatStoredDate, type StoredValue, type UploadColumnKind } from '@rama/shared';
import type { BulkLoader, BulkLoadRequest, CsvFileLoadRequest, UploadSource } from '../types.js';
import { driverHandle, qualifiedName, stagingName, TableExistsError } from '../bulk-load.js';
import { pgDriver } from './driver.js';

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

/** The file starts with a UTF-8 byte order mark (COPY would keep it in the first value). */
async function bomBytes(source: UploadSource): Promise<number> {
  const stream = source.stream(0);
  try {
    let head = Buffer.alloc(0);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      head = Buffer.concat([head, chunk]);
      if (head.length >= 3) break;
    }
    return head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  } finally {
    stream.destroy();
  }
}

/** Thrown where PostgreSQL would read the file otherwise than Rama: the caller loads it the exact way. */
class ReadDifferently extends Error {
  constructor(what: string) {
    super(`PostgreSQL reads ${what} differently from Rama's exact path.`);
    this.name = 'ReadDifferently';
  }
}

/**
 * After COPY: the null spellings other than the empty text become NULL in the text columns the
 * byte check found them in (PostgreSQL stored them as text; Rama reads them as null).
 */
async function spelledNulls(client: pg.PoolClient, req: CsvFileLoadRequest, tableSql: string, spelled: readonly boolean[]): Promise<void> {
  const q = (n: string): string => req.spec.quoteIdentifier(n);
  const tokens = req.file.nullValues.filter((v) => v !== '');
  const names = req.table.columns.filter((c, i) => spelled[i] && c.kind === 'string').map((c) => q(c.name));
  if (!names.length || !tokens.length) return;
  const list = tokens.map((t) => req.spec.stringLiteral(t)).join(', ');
  const sets = names.map((n) => `${n} = CASE WHEN ${n} IN (${list}) THEN NULL ELSE ${n} END`).join(', ');
  await client.query(`UPDATE ${tableSql} SET ${sets} WHERE ${names.map((n) => `${n} IN (${list})`).join(' OR ')}`);
}

/**
 * A plain CSV file straight into COPY (FORMAT csv): datetime columns load as `timestamptz` in a UTC
 * session (so an offset is honoured, as Rama reads it) and become `timestamp` after, which
 * PostgreSQL does without rewriting the table when the session is on UTC. Booleans are left to the
 * exact path: PostgreSQL reads `yes`, `on`, `1` and `t` as true, Rama only `true`.
 */
async function loadCsvFile(req: CsvFileLoadRequest): Promise<{ rows: number }> {
  const { conn, spec, table, signal, file } = req;
  const client = driverHandle<pg.PoolClient>(conn, 'client');
  conn.discard();
  if (table.columns.some((c) => c.kind === 'boolean')) throw new ReadDifferently('true and false');
  // COPY has one null spelling besides the empty text: `NA` in a number column would fail it
  if (file.typedNullSpellings) throw new ReadDifferently('null spellings in columns that are not text');
  // past the first rows, a spelling given as a null value that is a plain number or date (`-1`, `0`)
  // would pass the byte check and be stored as one: no default spelling is; any other spelling
  // leaves the file to the exact path
  if (file.nullValues.some((v) => !DEFAULT_NULL_VALUES.includes(v)) && table.columns.some((c) => c.kind !== 'string'))
    throw new ReadDifferently('null spellings of its own');
  // PostgreSQL reads much that Rama reads otherwise (`epoch` as a date, `0x10` as a number, a quote
  // inside a value as the start of a quoted part): Rama's reading of the whole file is checked
  // byte by byte in a worker while COPY runs, and the load is kept only if the check passes
  const checked = file.check();
  const encoding = await client.query<{ e: string }>(`SELECT current_setting('server_encoding') AS e`);
  // another encoding would store bytes that are not UTF-8 as they come, where Rama reads them as U+FFFD
  if (encoding.rows[0]?.e !== 'UTF8') throw new ReadDifferently('text in another encoding than UTF-8');
  const q = (n: string): string => spec.quoteIdentifier(n);
  const target = qualifiedName(spec, table);
  const cols = table.columns.map((c) => q(c.name)).join(', ');
  const skip = await bomBytes(file.source);
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    await client.query(`SET LOCAL DateStyle = 'ISO, ${file.dayFirst ? 'DMY' : 'MDY'}'`);
    const exists = await tableExists(client, table.schema, table.name);
    if (exists && req.mode === 'fail') throw new TableExistsError(table.name);
    const append = exists && req.mode === 'append';
    if (exists && req.mode === 'replace') await client.query(`DROP TABLE ${target}`);
    const into = append ? q(stagingName()) : target;
    const typed = table.columns.map((c) => `${q(c.name)} ${c.kind === 'datetime' ? 'TIMESTAMPTZ' : PG_TYPES[c.kind]}`).join(', ');
    await client.query(append ? `CREATE TEMPORARY TABLE ${into} (${typed}) ON COMMIT DROP` : `CREATE TABLE ${into} (${typed})`);
    const { copyFrom } = pgDriver.get();
    const copy = client.query(
      copyFrom(
        `COPY ${into} (${cols}) FROM STDIN (FORMAT csv, DELIMITER ${spec.stringLiteral(file.delimiter)}, HEADER ${file.header ? 'true' : 'false'}, NULL '', FORCE_NULL (${cols}))`,
      ),
    );
    // the file as it arrives: COPY reads while the upload is still coming in
    await pipeline(file.source.stream(skip), copy, { signal });
    const rows = copy.rowCount;
    const check = await checked;
    if (!check.ok) throw new ReadDifferently(`this file (${check.reason})`);
    if (check.records !== rows) throw new ReadDifferently(`the file's rows (${rows} rows, Rama ${check.records})`);
    await spelledNulls(client, req, into, check.spelled);
    const dates = table.columns.filter((c) => c.kind === 'datetime');
    if (append) {
      await client.query(`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM ${into}`);
    } else if (dates.length) {
      // timestamptz → timestamp on a UTC session: no table rewrite (PostgreSQL 12 and later)
      await client.query(`ALTER TABLE ${target} ${dates.map((c) => `ALTER COLUMN ${q(c.name)} TYPE TIMESTAMP`).join(', ')}`);
    }
    await client.query('COMMIT');
    return { rows };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

export const postgresBulkLoader: BulkLoader = {
  loadCsvFile,
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
      const copy = client.query(pgDriver.get().copyFrom(`COPY ${target} (${cols}) FROM STDIN`));
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
