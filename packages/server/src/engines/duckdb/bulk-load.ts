/**
 * DuckDB bulk loading through the appender into a staging table inside one transaction (memory
 * stays bounded: full row groups go to the file as they fill), which becomes the table (or is
 * copied into it) before the commit: a failed load leaves nothing behind. Rows come either from
 * Rama's reader through the appender or, for a plain CSV file, from the database's own `read_csv`
 * of the upload in its private loads directory.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, link, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBTimestampValue, type DuckDBAppender, type DuckDBConnection } from '@duckdb/node-api';
import type { AlreadyExists, StoredValue, UploadColumnKind } from '@rama/shared';
import type { BulkLoader, BulkLoadRequest, BulkTable, CsvFileLoadRequest, EngineSpec } from '../types.js';
import { driverHandle, qualifiedName, stagingName, TableExistsError } from '../bulk-load.js';

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

/** Rows the appender holds before it hands them to the transaction (which writes full row groups out as it goes). */
export const FLUSH_ROWS = 100_000;

/**
 * Load into a staging table next to the target inside one transaction: the appender flushes every
 * FLUSH_ROWS rows into the transaction, which writes full row groups straight to the database file
 * (no write-ahead log of every row, and memory stays bounded whatever the file's size); then the
 * staging table becomes the table (replacing it) or is copied into it, and the transaction commits.
 * A failed load rolls back and leaves the target as it was, with no staging table behind.
 */
async function intoTable(
  c: DuckDBConnection,
  spec: EngineSpec,
  table: BulkTable,
  mode: AlreadyExists,
  fill: (staging: { sql: string; name: string; schema: string }) => Promise<number>,
): Promise<number> {
  const target = qualifiedName(spec, table);
  const columnsSql = table.columns.map((col) => `${spec.quoteIdentifier(col.name)} ${DUCKDB_TYPES[col.kind]}`).join(', ');
  const exists = await tableExists(c, table.schema, table.name);
  if (exists && mode === 'fail') throw new TableExistsError(table.name);
  const stagingTable = stagingName();
  const staging = qualifiedName(spec, { schema: table.schema, name: stagingTable });
  const schema = table.schema ?? String((await c.runAndReadAll('SELECT current_schema()')).getRows()[0][0]);
  await c.run('BEGIN TRANSACTION');
  try {
    await c.run(`CREATE TABLE ${staging} (${columnsSql})`);
    const rows = await fill({ sql: staging, name: stagingTable, schema });
    if (exists && mode === 'append') {
      const cols = table.columns.map((col) => spec.quoteIdentifier(col.name)).join(', ');
      await c.run(`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM ${staging}`);
      await c.run(`DROP TABLE ${staging}`);
    } else {
      if (exists) await c.run(`DROP TABLE ${target}`);
      await c.run(`ALTER TABLE ${staging} RENAME TO ${spec.quoteIdentifier(table.name)}`);
    }
    await c.run('COMMIT');
    return rows;
  } catch (e) {
    await c.run('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** Rows written through an appender on the staging table, flushed and closed after. */
async function appending(
  c: DuckDBConnection,
  staging: { name: string; schema: string },
  write: (a: DuckDBAppender) => Promise<number>,
): Promise<number> {
  const appender = await c.createAppender(staging.name, staging.schema, null);
  try {
    const rows = await write(appender);
    appender.flushSync();
    return rows;
  } finally {
    try {
      appender.closeSync();
    } catch {
      // the error that stopped the load is the one to report
    }
  }
}

const sqlText = (v: string): string => `'${v.replace(/'/g, "''")}'`;

/** The text Rama's exact path reads as each kind (RE2 and JavaScript read them alike). */
const PATTERNS = {
  integer: '[ \t]*[+-]?[0-9]+[ \t]*',
  float: '[ \t]*[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?[ \t]*',
  // the ISO shapes without an offset, to the millisecond (Rama keeps milliseconds), from year 1 and
  // to hour 23 (DuckDB reads year 0 as 1 BC and 24:00 as the next day, where Rama refuses both;
  // a month, day, minute or second out of range DuckDB refuses itself)
  datetime:
    '([0-9]{3}[1-9]|[0-9]{2}[1-9][0-9]|[0-9][1-9][0-9]{2}|[1-9][0-9]{3})-[0-9]{2}-[0-9]{2}([ T]([01][0-9]|2[0-3]):[0-9]{2}(:[0-9]{2}([.][0-9]{1,3})?)?)?',
} as const;

type PatternKind = keyof typeof PATTERNS;

/** The null spellings a kind's pattern takes as a value (`-1` given as a null value). */
function valueLikeNulls(kind: PatternKind, texts: readonly string[]): string[] {
  const rule = new RegExp(`^(?:${PATTERNS[kind]})$`);
  return texts.filter((t) => rule.test(t));
}

/** A list of texts in SQL. */
export const sqlList = (texts: readonly string[]): string => `[${texts.map(sqlText).join(', ')}]`;

/**
 * The null spellings of a load other than the empty text, and the SQL naming them as lists. The
 * load's query writes each list once, as a column its expressions name: the form bounds the
 * spellings and the file the columns, but not their product.
 */
export interface NullSpellings {
  texts: readonly string[];
  /** all of `texts` */
  list: string;
  /** per kind, those of `texts` its pattern takes (`valueLikeNulls`), where there are any */
  valueLike: Partial<Record<PatternKind, string>>;
}

/** The spellings written out in place (for a single expression). */
export function literalNulls(texts: readonly string[]): NullSpellings {
  return { texts, list: sqlList(texts), valueLike: valueLikeLists(texts, sqlList) };
}

/** Per kind, the SQL `name` gives the spellings its pattern takes, for the kinds with any (each kind's filter run once). */
function valueLikeLists(
  texts: readonly string[],
  name: (like: string[], kind: PatternKind) => string,
): Partial<Record<PatternKind, string>> {
  const lists: Partial<Record<PatternKind, string>> = {};
  for (const kind of Object.keys(PATTERNS) as PatternKind[]) {
    const like = valueLikeNulls(kind, texts);
    if (like.length) lists[kind] = name(like, kind);
  }
  return lists;
}

/**
 * Each CSV column (read as text, the empty text already null) converted as Rama's exact path reads
 * its kind, and refused (an `error()`) where Rama would read the value otherwise: DuckDB's own
 * casts round `1.5` into a BIGINT, take `1_000` and `nan`, and drop a time zone offset. The
 * spellings in `nulls` (`NA`, `null`, …) read as null.
 *
 * `col` is the text and `cast` its `TRY_CAST` to the kind, computed once. A whole number or a
 * datetime written exactly as DuckDB writes the cast's result (`12`, `2024-01-05 10:00:00`), or a
 * finite float of digits, points and minus signs only (`-3.5`), is taken without a pattern match:
 * such text matches the kind's pattern below and casts to that same value (for timestamps the
 * shape is bounded, so `infinity`, a five-digit year or a fourth decimal go the pattern's way; for
 * floats a unit test tries every text of up to eight such characters). Anything else is checked
 * against the kind's pattern, which is the rule. A null spelling is looked for only where the
 * shortcut fails, unless it matches the kind's pattern (`-1` given as a null value): only such
 * text can pass the shortcut.
 */
export function converted(kind: UploadColumnKind, col: string, cast: string, nulls: NullSpellings = literalNulls([])): string {
  const refuse = `error('not read as Rama reads a ${kind}')`;
  // list_contains, not IN: DuckDB makes a list of six or more into a join computed for every row
  const isNull = `${col} IS NULL${nulls.texts.length ? ` OR list_contains(${nulls.list}, ${col})` : ''}`;
  const checked = (pattern: string, value: string): string =>
    `CASE WHEN ${isNull} THEN NULL WHEN regexp_full_match(${col}, '${pattern}') THEN ${value} ELSE ${refuse} END`;
  const shortcut = (k: PatternKind, test: string, value: string): string => {
    const like = nulls.valueLike[k];
    const first = like ? `WHEN list_contains(${like}, ${col}) THEN NULL ` : '';
    return `CASE ${first}WHEN ${test} THEN ${cast} ELSE ${checked(PATTERNS[k], value)} END`;
  };
  const written = `CAST(${cast} AS VARCHAR) = ${col}`;
  switch (kind) {
    case 'string':
      return nulls.texts.length ? `CASE WHEN ${isNull} THEN NULL ELSE ${col} END` : col;
    case 'integer':
      return shortcut('integer', written, `CAST(trim(${col}) AS BIGINT)`);
    case 'float':
      // a text of digits, points and minus signs only (the class's `-.` is the range of those two:
      // DuckDB's GLOB misreads a `-` at a class's end): cheaper than writing the double back
      return shortcut('float', `isfinite(${cast}) AND NOT (${col} GLOB '*[!-.0-9]*')`, `CAST(trim(${col}) AS DOUBLE)`);
    case 'boolean':
      return `CASE WHEN ${isNull} THEN NULL WHEN trim(${col}) IN ('True', 'TRUE', 'true') THEN true WHEN trim(${col}) IN ('False', 'FALSE', 'false') THEN false ELSE ${refuse} END`;
    case 'datetime':
      return shortcut(
        'datetime',
        `length(${col}) BETWEEN 19 AND 23 AND substr(${col}, 5, 1) = '-' AND ${written}`,
        `CAST(${col} AS TIMESTAMP)`,
      );
  }
}

/** Bytes of the file each of DuckDB's reading threads holds at once. */
const READ_BUFFER_BYTES = 8 * 1024 * 1024;

/** The load's query: the file's columns as text, each cast once, converted to the table's kinds. */
export function readCsvSql(req: CsvFileLoadRequest, path: string): string {
  const { file, table } = req;
  const columns = table.columns.map((_, i) => `${sqlText(`c${i}`)}: 'VARCHAR'`).join(', ');
  // the reader takes only the empty text as null: each spelling it is given costs a comparison of
  // every value (the 18 default ones about a tenth of the load); the others are read in SQL, from
  // lists written once as columns (`n`, `n_integer`, …: no name of a file column, `c0`, `x0`, …)
  const texts = file.nullValues.filter((v) => v !== '');
  const lists = texts.length ? [`${sqlList(texts)} AS n`] : [];
  const valueLike = valueLikeLists(texts, (like, kind) => {
    lists.push(`${sqlList(like)} AS n_${kind}`);
    return `n_${kind}`;
  });
  const nulls: NullSpellings = { texts, list: 'n', valueLike };
  const inner = [
    ...lists,
    ...table.columns.map((c, i) =>
      c.kind === 'string' || c.kind === 'boolean' ? `c${i}` : `c${i}, TRY_CAST(c${i} AS ${DUCKDB_TYPES[c.kind]}) AS x${i}`,
    ),
  ].join(', ');
  // a column the first rows hold no value in takes nulls only: a value would decide its kind
  const select = table.columns
    .map((c, i) =>
      file.valueless[i]
        ? `CASE WHEN (${converted('string', `c${i}`, `x${i}`, nulls)}) IS NULL THEN NULL ELSE error('a value where the first rows held none') END AS c${i}`
        : `${converted(c.kind, `c${i}`, `x${i}`, nulls)} AS c${i}`,
    )
    .join(', ');
  const options = [
    `delim = ${sqlText(file.delimiter)}`,
    `quote = '"'`,
    `escape = '"'`,
    `header = ${file.header}`,
    'auto_detect = false',
    `columns = {${columns}}`,
    // each reading thread holds one buffer: DuckDB's default (16 × the 2 MB longest line) held
    // about 60 MB of a load's memory; 8 MB buffers take about 16 MB and read as fast (a longer
    // line than DuckDB reads fails the read, and the exact path loads the file)
    `buffer_size = ${READ_BUFFER_BYTES}`,
    "nullstr = ['']",
    'allow_quoted_nulls = true',
    'strict_mode = true',
    // a short or long row is refused (Rama reads a short one with nulls: the exact path does);
    // null padding would stop DuckDB reading quoted line breaks in parallel
    'null_padding = false',
  ];
  return `SELECT ${select} FROM (SELECT ${inner} FROM read_csv(${sqlText(path)}, ${options.join(', ')}))`;
}

/**
 * A plain CSV file read by the database itself: the upload is linked into the instance's private
 * loads directory (the one place it may read files) and `read_csv` inserts it, converted, into the
 * staging table; the link goes after. A value Rama reads otherwise stops the insert (`error()`), and
 * the caller loads the file the exact way.
 */
async function loadCsvFile(req: CsvFileLoadRequest): Promise<{ rows: number }> {
  const { conn, spec, table, signal } = req;
  const loadsDir = (conn as unknown as { loadsDir?: string | null }).loadsDir;
  if (!loadsDir) throw new Error('This DuckDB database reads no files (read-only or in memory).');
  const c = driverHandle<DuckDBConnection>(conn, 'connection');
  conn.discard();
  await req.file.source.whole();
  const path = join(loadsDir, `${randomUUID()}.csv`);
  try {
    await link(req.file.source.path, path);
  } catch {
    await copyFile(req.file.source.path, path);
  }
  const stop = (): void => c.interrupt();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const rows = await intoTable(c, spec, table, req.mode, async (staging) => {
      const result = await c.run(`INSERT INTO ${staging.sql} ${readCsvSql(req, path)}`);
      if (signal.aborted) throw signal.reason;
      return Number(result.rowsChanged);
    });
    return { rows };
  } finally {
    signal.removeEventListener('abort', stop);
    await rm(path, { force: true });
  }
}

export const duckdbBulkLoader: BulkLoader = {
  loadCsvFile,
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    const c = driverHandle<DuckDBConnection>(conn, 'connection');
    conn.discard();
    const appenders = table.columns.map((col) => APPEND[col.kind]);
    const rows = await intoTable(c, spec, table, req.mode, (staging) =>
      appending(c, staging, async (appender) => {
        let n = 0;
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
          const before = n;
          n += batch.length;
          if (Math.floor(n / FLUSH_ROWS) > Math.floor(before / FLUSH_ROWS)) appender.flushSync();
          req.onProgress?.(n);
        }
        return n;
      }),
    );
    return { rows };
  },
};
