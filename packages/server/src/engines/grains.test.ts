/**
 * The chart compiler's SQL pieces on the real engines: every time grain lands on the same instant
 * on DuckDB, PostgreSQL, MariaDB and SQLite; time bounds keep the rows on the bound; string
 * literals come back as written.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cell, EnginePool, EngineSpec } from './types.js';
import { TIME_GRAIN_KEYS, type TimeGrainKey } from './dialect.js';
import { duckdbSpec } from './duckdb/spec.js';
import { mysqlSpec } from './mysql/spec.js';
import { postgresSpec } from './postgres/spec.js';
import { sqliteSpec } from './sqlite/spec.js';
import { parseUri } from './uri.js';
import { describeIfService, mysqlService, mysqlTestUrl, pgTestUrl, postgresService } from '../test-support/services.js';

const suffix = Math.random().toString(36).slice(2, 8);
const dir = mkdtempSync(join(tmpdir(), 'rama-grains-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function options(url: string) {
  return { uri: parseUri(url), readOnly: false, disableExternalAccess: true, poolSize: 2, connectTimeoutMs: 5000 };
}

/** The rows, by id: a Thursday afternoon, the last second of a Sunday (and of 2023), a leap day, a Sunday evening. */
const ROWS: Array<[id: number, ts: string, d: string, s: string]> = [
  [1, '2024-03-07 13:47:29', '2024-03-07', '2024-03-07 13:47:29'],
  [2, '2023-12-31 23:59:59', '2023-12-31', '2023-12-31 23:59:59'],
  [3, '2024-02-29 00:00:00', '2024-02-29', '2024-02-29'],
  [4, '2024-03-10 18:30:45', '2024-03-10', '2024-03-10 18:30:45'],
];

/** Each grain's bucket for rows 1–4, worked out by hand. */
const EXPECTED: Record<TimeGrainKey, string[]> = {
  PT1S: ['2024-03-07 13:47:29', '2023-12-31 23:59:59', '2024-02-29 00:00:00', '2024-03-10 18:30:45'],
  PT5S: ['2024-03-07 13:47:25', '2023-12-31 23:59:55', '2024-02-29 00:00:00', '2024-03-10 18:30:45'],
  PT30S: ['2024-03-07 13:47:00', '2023-12-31 23:59:30', '2024-02-29 00:00:00', '2024-03-10 18:30:30'],
  PT1M: ['2024-03-07 13:47:00', '2023-12-31 23:59:00', '2024-02-29 00:00:00', '2024-03-10 18:30:00'],
  PT5M: ['2024-03-07 13:45:00', '2023-12-31 23:55:00', '2024-02-29 00:00:00', '2024-03-10 18:30:00'],
  PT10M: ['2024-03-07 13:40:00', '2023-12-31 23:50:00', '2024-02-29 00:00:00', '2024-03-10 18:30:00'],
  PT15M: ['2024-03-07 13:45:00', '2023-12-31 23:45:00', '2024-02-29 00:00:00', '2024-03-10 18:30:00'],
  PT30M: ['2024-03-07 13:30:00', '2023-12-31 23:30:00', '2024-02-29 00:00:00', '2024-03-10 18:30:00'],
  PT1H: ['2024-03-07 13:00:00', '2023-12-31 23:00:00', '2024-02-29 00:00:00', '2024-03-10 18:00:00'],
  PT6H: ['2024-03-07 12:00:00', '2023-12-31 18:00:00', '2024-02-29 00:00:00', '2024-03-10 18:00:00'],
  P1D: ['2024-03-07 00:00:00', '2023-12-31 00:00:00', '2024-02-29 00:00:00', '2024-03-10 00:00:00'],
  // weeks start on Monday
  P1W: ['2024-03-04 00:00:00', '2023-12-25 00:00:00', '2024-02-26 00:00:00', '2024-03-04 00:00:00'],
  P1M: ['2024-03-01 00:00:00', '2023-12-01 00:00:00', '2024-02-01 00:00:00', '2024-03-01 00:00:00'],
  P3M: ['2024-01-01 00:00:00', '2023-10-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00'],
  P1Y: ['2024-01-01 00:00:00', '2023-01-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00'],
  '1969-12-28T00:00:00Z/P1W': ['2024-03-03 00:00:00', '2023-12-31 00:00:00', '2024-02-25 00:00:00', '2024-03-10 00:00:00'],
  '1969-12-29T00:00:00Z/P1W': ['2024-03-04 00:00:00', '2023-12-25 00:00:00', '2024-02-26 00:00:00', '2024-03-04 00:00:00'],
  // the Saturday ending a Sunday–Saturday week; the Sunday ending a Monday–Sunday week
  'P1W/1970-01-03T00:00:00Z': ['2024-03-09 00:00:00', '2024-01-06 00:00:00', '2024-03-02 00:00:00', '2024-03-16 00:00:00'],
  'P1W/1970-01-04T00:00:00Z': ['2024-03-10 00:00:00', '2023-12-31 00:00:00', '2024-03-03 00:00:00', '2024-03-10 00:00:00'],
};

/** `2024-03-07T13:47:29.000Z`, `2024-03-07 13:47:29` → `2024-03-07 13:47:29`. */
function wallClock(cell: Cell): string {
  const text = String(cell)
    .replace('T', ' ')
    .replace(/(\.0+)?Z?$/, '');
  return text.length === 10 ? `${text} 00:00:00` : text;
}

const UTC = (text: string): Date => new Date(`${text.replace(' ', 'T')}Z`);

interface Fixture {
  pool: EnginePool;
  /** the table, qualified and quoted */
  table: string;
  drop(): Promise<void>;
}

function grainSuite(spec: EngineSpec, columnTypes: { ts: string; d: string; s: string }, open: () => Promise<Fixture>): void {
  let fx: Fixture;
  const q = (name: string) => spec.quoteIdentifier(name);
  const ids = async (where: string): Promise<number[]> =>
    (await fx.pool.execute(`SELECT id FROM ${fx.table} WHERE ${where} ORDER BY id`)).rows.map((r) => Number(r[0]));

  beforeAll(async () => {
    fx = await open();
    await fx.pool.execute(`CREATE TABLE ${fx.table} (id INTEGER, ts ${columnTypes.ts}, d ${columnTypes.d}, s ${columnTypes.s})`);
    const values = ROWS.map(([id, ts, d, s]) => `(${id}, ${spec.stringLiteral(ts)}, ${spec.stringLiteral(d)}, ${spec.stringLiteral(s)})`);
    await fx.pool.execute(`INSERT INTO ${fx.table} (id, ts, d, s) VALUES ${values.join(', ')}`);
  });

  afterAll(async () => {
    if (!fx) return;
    await fx.drop();
    await fx.pool.close();
  });

  it.each([...TIME_GRAIN_KEYS])('grain %s lands on the same instant as on every engine', async (grain) => {
    const sql = spec.timeGrainExpression(grain, q('ts'));
    expect(sql).not.toBeNull();
    const r = await fx.pool.execute(`SELECT ${sql} AS g FROM ${fx.table} ORDER BY id`);
    expect(r.rows.map((row) => wallClock(row[0]))).toEqual(EXPECTED[grain]);
    // a timestamp the chart can put on a time axis (SQLite has text only)
    if (spec.engine !== 'sqlite') expect(r.columns[0].is_dttm).toBe(true);
  });

  it('grains work on a DATE column too', async () => {
    const days = ROWS.map((r) => `${r[2]} 00:00:00`);
    for (const grain of ['PT1S', 'PT5M', 'PT6H', 'P1D'] as const) {
      const r = await fx.pool.execute(`SELECT ${spec.timeGrainExpression(grain, q('d'))} FROM ${fx.table} ORDER BY id`);
      expect(r.rows.map((row) => wallClock(row[0]))).toEqual(days);
    }
    for (const grain of ['P1W', 'P1M', 'P1W/1970-01-03T00:00:00Z'] as const) {
      const r = await fx.pool.execute(`SELECT ${spec.timeGrainExpression(grain, q('d'))} FROM ${fx.table} ORDER BY id`);
      expect(r.rows.map((row) => wallClock(row[0]))).toEqual(EXPECTED[grain]);
    }
  });

  it('a time bound keeps the rows exactly on it, for timestamp, date and text columns', async () => {
    const bound = (text: string, column: 'ts' | 'd' | 's') => spec.dttmLiteral(UTC(text), columnTypes[column]);
    expect(await ids(`ts >= ${bound('2024-02-29 00:00:00', 'ts')}`)).toEqual([1, 3, 4]);
    expect(await ids(`ts < ${bound('2024-02-29 00:00:00', 'ts')}`)).toEqual([2]);
    expect(await ids(`ts >= ${bound('2024-03-07 13:47:29', 'ts')}`)).toEqual([1, 4]);
    expect(await ids(`ts >= ${bound('2024-03-07 13:47:29.001', 'ts')}`)).toEqual([4]);
    expect(await ids(`ts < ${bound('2024-03-07 13:47:29.001', 'ts')}`)).toEqual([1, 2, 3]);
    expect(await ids(`d >= ${bound('2024-02-29 00:00:00', 'd')} AND d < ${bound('2024-03-10 00:00:00', 'd')}`)).toEqual([1, 3]);
    expect(await ids(`d >= ${bound('2024-02-29 12:00:00', 'd')}`)).toEqual([1, 4]);
    expect(await ids(`s >= ${bound('2024-02-29 00:00:00', 's')} AND s < ${bound('2024-03-07 13:47:29', 's')}`)).toEqual([3]);
    expect(await ids(`s >= ${bound('2024-03-07 13:47:29', 's')}`)).toEqual([1, 4]);
  });

  it('string literals come back exactly as written, and cannot end early', async () => {
    const values = ["O'Brien", 'back\\slash', "'; DROP TABLE t; --", "\\'; DROP TABLE t; --", 'tab\there', 'é😀', '%_'];
    const r = await fx.pool.execute(`SELECT ${values.map((v, i) => `${spec.stringLiteral(v)} AS v${i}`).join(', ')}`);
    expect(r.rows[0]).toEqual(values);
    const nul = await fx.pool.execute(`SELECT ${spec.stringLiteral('a\0b')} AS v`);
    expect(nul.rows[0]).toEqual(['ab']);
    expect(await ids(`s = ${spec.stringLiteral("2024-02-29' OR '1' = '1")}`)).toEqual([]);
    expect(await ids(`s = ${spec.stringLiteral('2024-02-29')}`)).toEqual([3]);
  });
}

describe('DuckDB: grains, bounds and literals', () => {
  grainSuite(duckdbSpec, { ts: 'TIMESTAMP', d: 'DATE', s: 'VARCHAR' }, async () => {
    const pool = await duckdbSpec.connect(options(`duckdb:///${join(dir, 'grains.duckdb')}`));
    return { pool, table: `"grains_${suffix}"`, drop: async () => void (await pool.execute(`DROP TABLE IF EXISTS "grains_${suffix}"`)) };
  });
});

describe('SQLite: grains, bounds and literals', () => {
  grainSuite(sqliteSpec, { ts: 'DATETIME', d: 'DATE', s: 'TEXT' }, async () => {
    const file = join(dir, 'grains.db');
    writeFileSync(file, '');
    const pool = await sqliteSpec.connect(options(`sqlite:///${file}`));
    return { pool, table: `"grains_${suffix}"`, drop: async () => void (await pool.execute(`DROP TABLE IF EXISTS "grains_${suffix}"`)) };
  });
});

await describeIfService(postgresService, 'PostgreSQL: grains, bounds and literals', () => {
  grainSuite(postgresSpec, { ts: 'timestamp', d: 'date', s: 'varchar(32)' }, async () => {
    const pool = await postgresSpec.connect(options(pgTestUrl));
    const schema = `rama_grains_${suffix}`;
    await pool.execute(`CREATE SCHEMA ${schema}`);
    return { pool, table: `${schema}.grains`, drop: async () => void (await pool.execute(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)) };
  });
});

await describeIfService(mysqlService, 'MariaDB/MySQL: grains, bounds and literals', () => {
  grainSuite(mysqlSpec, { ts: 'DATETIME', d: 'DATE', s: 'VARCHAR(32)' }, async () => {
    const pool = await mysqlSpec.connect(options(mysqlTestUrl));
    const table = `rama_grains_${suffix}`;
    return { pool, table, drop: async () => void (await pool.execute(`DROP TABLE IF EXISTS ${table}`)) };
  });
});
