/**
 * ClickHouse bulk loading: the rows stream into a staging table in one INSERT (TabSeparated, the
 * client's insert stream), which then becomes the table (`RENAME TABLE`, atomic) or is copied into
 * it in one statement. ClickHouse has no transactions, so the staging table is what keeps a failed
 * load from leaving a half-written table: on failure it is dropped and the target is untouched.
 * The loader's statements are its own (never an analyst's SQL), so they run without the read-only
 * setting of the database's other sessions, as uploads do on every engine.
 */
import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import { formatStoredDate, type StoredValue, type UploadColumnKind } from '@rama/shared';
import { driverHandle, qualifiedName, stagingName, TableExistsError } from '../bulk-load.js';
import { EngineError, type BulkLoader, type BulkLoadRequest } from '../types.js';

/** Column types; datetimes keep milliseconds where the server has DateTime64 (20.1 and later), wall time as UTC. */
function columnType(kind: UploadColumnKind, millis: boolean): string {
  const inner =
    kind === 'integer'
      ? 'Int64'
      : kind === 'float'
        ? 'Float64'
        : kind === 'boolean'
          ? 'UInt8'
          : kind === 'datetime'
            ? millis
              ? `DateTime64(3, 'UTC')`
              : `DateTime('UTC')`
            : 'String';
  return `Nullable(${inner})`;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;
const ESCAPED = /[\\\t\n\r\0]/g;

/** One value in ClickHouse's TabSeparated format (`\N` for null). */
function tsvValue(v: StoredValue, millis: boolean): string {
  if (v === null) return '\\N';
  if (typeof v === 'string') return NEEDS_ESCAPE.test(v) ? v.replace(ESCAPED, (c) => ESCAPES[c]) : v;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return millis ? formatStoredDate(v) : formatStoredDate(v).slice(0, 19);
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
  return String(v);
}

const KIND_NAMES: Record<UploadColumnKind, string> = {
  integer: 'whole numbers',
  float: 'numbers',
  boolean: 'true/false values',
  datetime: 'dates',
  string: 'text',
};

/**
 * An append copies the staging table into the table, and ClickHouse converts silently there (text
 * that is not a number becomes NULL in a number column): each file column must have the table
 * column's type, or widen into it (whole numbers into floats).
 */
function appendable(kind: UploadColumnKind, stagingType: string, tableType: string): boolean {
  const bare = (t: string): string => t.replace(/^Nullable\((.*)\)$/, '$1');
  const have = bare(stagingType);
  const want = bare(tableType);
  if (have === want) return true;
  if (kind === 'integer') return /^(Int64|Float64|Float32|Decimal)/.test(want);
  if (kind === 'float') return /^Float64/.test(want);
  if (kind === 'datetime') return /^DateTime/.test(want);
  return false;
}

export const clickhouseBulkLoader: BulkLoader = {
  async load(req: BulkLoadRequest): Promise<{ rows: number }> {
    const { conn, spec, table, signal } = req;
    // the connection's pool (spec.ts) owns the client; only the client is read here
    const client = driverHandle<{ client: ClickHouseClient }>(conn, 'owner').client;
    conn.discard();
    const database = table.schema ?? driverHandle<string>(conn, 'database');
    const settings = { database } as Record<string, string>;
    const run = (query: string) => client.command({ query, clickhouse_settings: settings, abort_signal: signal });
    // ClickHouse 18.16 has no query parameters: values go in as the engine's literals
    const read = async (query: string): Promise<unknown[][]> => {
      const rs = await client.query({
        query,
        format: 'JSONCompact',
        clickhouse_settings: settings,
        abort_signal: signal,
      });
      return ((await rs.json()) as { data: unknown[][] }).data;
    };
    const target = qualifiedName(spec, { schema: database, name: table.name });
    const exists = (
      await read(
        `SELECT count() FROM system.tables WHERE database = ${spec.stringLiteral(database)} AND name = ${spec.stringLiteral(table.name)}`,
      )
    )[0]?.[0];
    const present = Number(exists) > 0;
    if (present && req.mode === 'fail') throw new TableExistsError(table.name);
    const version = String((await read('SELECT version()'))[0]?.[0] ?? '0');
    const millis = Number(version.split('.')[0]) >= 20;
    const staging = qualifiedName(spec, { schema: database, name: stagingName() });
    const cols = table.columns.map((c) => spec.quoteIdentifier(c.name)).join(', ');
    if (present && req.mode === 'append') {
      const have = new Map((await read(`DESCRIBE TABLE ${target}`)).map((r) => [String(r[0]), String(r[1])]));
      for (const c of table.columns) {
        const type = have.get(c.name);
        if (type === undefined) throw new EngineError(`The table has no column "${c.name}".`, 'GENERIC_DB_ENGINE_ERROR');
        if (!appendable(c.kind, columnType(c.kind, millis), type))
          throw new EngineError(
            `Column "${c.name}" is ${type} in the table, but the file holds ${KIND_NAMES[c.kind]} there.`,
            'GENERIC_DB_ENGINE_ERROR',
          );
      }
    }
    await run(
      `CREATE TABLE ${staging} (${table.columns.map((c) => `${spec.quoteIdentifier(c.name)} ${columnType(c.kind, millis)}`).join(', ')}) ENGINE = MergeTree() ORDER BY tuple()`,
    );
    let rows = 0;
    try {
      const lines = async function* (): AsyncGenerator<string> {
        for await (const batch of req.batches) {
          if (signal.aborted) throw signal.reason;
          let text = '';
          for (const row of batch) {
            for (let i = 0; i < row.length; i++) text += (i ? '\t' : '') + tsvValue(row[i], millis);
            text += '\n';
          }
          yield text;
          rows += batch.length;
          req.onProgress?.(rows);
        }
      };
      await client.insert({
        table: staging,
        values: Readable.from(lines(), { objectMode: false }),
        format: 'TabSeparated',
        clickhouse_settings: settings,
        abort_signal: signal,
      });
      if (!present) {
        await run(`RENAME TABLE ${staging} TO ${target}`);
      } else if (req.mode === 'replace') {
        const old = qualifiedName(spec, { schema: database, name: stagingName() });
        await run(`RENAME TABLE ${target} TO ${old}, ${staging} TO ${target}`);
        await run(`DROP TABLE ${old}`);
      } else {
        await run(`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM ${staging}`);
        await run(`DROP TABLE ${staging}`);
      }
    } catch (e) {
      await client.command({ query: `DROP TABLE IF EXISTS ${staging}`, clickhouse_settings: settings }).catch(() => undefined);
      throw e;
    }
    return { rows };
  },
};
