/**
 * PostgreSQL bulk loading: `COPY … FROM STDIN` inside one transaction, the table created (or
 * dropped and created again) in the same transaction, so a failed load leaves nothing. Rows read
 * by Rama go in COPY's text format; a plain CSV file goes to COPY as it is (PostgreSQL parses it),
 * then what PostgreSQL reads differently from Rama is found and refused or put right.
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

/** Thrown where PostgreSQL read a value Rama reads otherwise: the caller loads the file the exact way. */
class ReadDifferently extends Error {
  constructor(what: string) {
    super(`PostgreSQL reads ${what} differently from Rama's exact path.`);
    this.name = 'ReadDifferently';
  }
}

/**
 * After COPY: values PostgreSQL took that Rama would not (NaN and infinities in a float column,
 * `infinity` in a datetime one) refuse the fast load; null spellings other than the empty text in
 * text columns become NULL, as Rama reads them.
 */
async function settle(client: pg.PoolClient, req: CsvFileLoadRequest, tableSql: string): Promise<void> {
  const q = (n: string): string => req.spec.quoteIdentifier(n);
  const tokens = req.file.nullValues.filter((v) => v !== '');
  const tokenList = tokens.map((t) => req.spec.stringLiteral(t)).join(', ');
  const checks: string[] = [];
  const texts: string[] = [];
  // a column the first rows hold no value in takes nulls only: a value would decide its kind
  const valueless = req.table.columns.filter((_, i) => req.file.valueless[i]);
  if (valueless.length)
    checks.push(
      `bool_or(${valueless.map((c) => `(${q(c.name)} IS NOT NULL${tokens.length ? ` AND ${q(c.name)} NOT IN (${tokenList})` : ''})`).join(' OR ')})`,
    );
  for (const c of req.table.columns) {
    if (c.kind === 'float')
      checks.push(`bool_or(${q(c.name)} = 'NaN'::float8 OR ${q(c.name)} IN ('Infinity'::float8, '-Infinity'::float8))`);
    else if (c.kind === 'datetime') checks.push(`bool_or(NOT isfinite(${q(c.name)}))`);
    else if (c.kind === 'string' && tokens.length) {
      checks.push(`bool_or(${q(c.name)} IN (${tokenList}))`);
      texts.push(c.name);
    }
  }
  if (!checks.length) return;
  const res = await client.query({ text: `SELECT ${checks.join(', ')} FROM ${tableSql}`, rowMode: 'array' });
  const found = (res.rows[0] ?? []) as (boolean | null)[];
  const nullsIn: string[] = [];
  let at = 0;
  if (valueless.length && found[at++]) throw new ReadDifferently('a value in a column its first rows hold none in');
  for (const c of req.table.columns) {
    if (c.kind === 'float' || c.kind === 'datetime') {
      if (found[at++]) throw new ReadDifferently(`a value of column "${c.name}"`);
    } else if (c.kind === 'string' && tokens.length) {
      if (found[at++]) nullsIn.push(c.name);
    }
  }
  if (!nullsIn.length) return;
  const sets = nullsIn.map((n) => `${q(n)} = CASE WHEN ${q(n)} IN (${tokenList}) THEN NULL ELSE ${q(n)} END`).join(', ');
  await client.query(`UPDATE ${tableSql} SET ${sets} WHERE ${nullsIn.map((n) => `${q(n)} IN (${tokenList})`).join(' OR ')}`);
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
  // past the first rows, a spelling PostgreSQL takes as a number or a date (`-1`, `0`, `epoch`,
  // given as null values) would be stored as one: the default spellings it refuses or `settle`
  // finds (NaN); any other leaves the file to the exact path
  if (file.nullValues.some((v) => !DEFAULT_NULL_VALUES.includes(v)) && table.columns.some((c) => c.kind !== 'string'))
    throw new ReadDifferently('null spellings of its own');
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
    await settle(client, req, into);
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
