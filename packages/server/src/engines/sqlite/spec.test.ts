import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError, GenericType, type EnginePool } from '../types.js';
import { sqliteSpec } from './spec.js';
import { parseUri } from '../uri.js';

const dir = mkdtempSync(join(tmpdir(), 'rama-sqlite-'));
const file = join(dir, 'test.db');
const T = `rama_t_${Math.random().toString(36).slice(2, 8)}`;

function options(path: string, readOnly = false) {
  return { uri: parseUri(`sqlite:///${path}`), readOnly, disableExternalAccess: true, poolSize: 2, connectTimeoutMs: 5000 };
}

async function rejection(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected a rejection');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// SQLite creates the file on first write; the engine itself only opens existing files
writeFileSync(file, '');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sqlite engine', () => {
  let pool: EnginePool;

  beforeAll(async () => {
    pool = await sqliteSpec.connect(options(file));
    await pool.execute(`CREATE TABLE ${T}_parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'x')`);
    await pool.execute(
      `CREATE TABLE ${T} (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES ${T}_parent(id), created DATETIME, amount REAL, flag BOOLEAN)`,
    );
    await pool.execute(`CREATE UNIQUE INDEX ${T}_created ON ${T}(created, amount)`);
    await pool.execute(`CREATE VIEW ${T}_view AS SELECT id FROM ${T}`);
  });

  afterAll(async () => {
    await pool.execute(`DROP VIEW IF EXISTS ${T}_view`);
    await pool.execute(`DROP TABLE IF EXISTS ${T}`);
    await pool.execute(`DROP TABLE IF EXISTS ${T}_parent`);
    await pool.close();
  });

  it('returns values, declared types and changed-row counts', async () => {
    const ins = await pool.execute(`INSERT INTO ${T} VALUES (1, NULL, '2024-01-02 03:04:05', 1.5, 1), (2, NULL, NULL, NULL, 0)`);
    expect(ins.rowCount).toBe(2);
    const r = await pool.execute(`SELECT id, created, amount, flag FROM ${T} ORDER BY id`);
    expect(r.rows).toEqual([
      [1, '2024-01-02 03:04:05', 1.5, 1],
      [2, null, null, 0],
    ]);
    expect(r.columns.map((c) => [c.name, c.type, c.type_generic, c.is_dttm])).toEqual([
      ['id', 'INTEGER', GenericType.NUMERIC, false],
      ['created', 'DATETIME', GenericType.TEMPORAL, true],
      ['amount', 'REAL', GenericType.NUMERIC, false],
      ['flag', 'BOOLEAN', GenericType.BOOLEAN, false],
    ]);
  });

  it('keeps big integers exact and names expression types from their values', async () => {
    const r = await pool.execute("SELECT 9223372036854775807 AS big, 42 AS n, 'a' AS s, x'00ff' AS b, 0.5 AS f");
    expect(r.rows).toEqual([[9223372036854775807n, 42, 'a', '0x00ff', 0.5]]);
    expect(r.columns.map((c) => c.type)).toEqual(['INTEGER', 'INTEGER', 'TEXT', 'TEXT', 'REAL']);
  });

  it('reads at most maxRows rows', async () => {
    const r = await pool.execute('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000) SELECT x FROM c', {
      maxRows: 5,
    });
    expect(r.rows).toEqual([[1], [2], [3], [4], [5]]);
  });

  it('classifies errors', async () => {
    expect((await rejection(pool.execute('SELEC 1'))).errorType).toBe('SYNTAX_ERROR');
    const missing = await rejection(pool.execute('SELECT * FROM no_such_table_here'));
    expect(missing).toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR', message: 'no such table: no_such_table_here' });
    expect((await rejection(pool.execute(`SELECT nope FROM ${T}`))).errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
  });

  it('cancels by stopping the SQLite process, at once, and the next query runs in a fresh one', async () => {
    const conn = await pool.acquire();
    try {
      await conn.execute('SELECT 1');
      const pid = Number(conn.cancelId);
      const t0 = Date.now();
      // an aggregate over 10^9 rows: minutes of work inside SQLite's C code
      const running = conn.execute(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c',
      );
      setTimeout(() => void conn.cancel(), 300);
      const err = await rejection(running);
      expect(err.errorType).toBe('QUERY_CANCELLED');
      expect(Date.now() - t0).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 100));
      expect(alive(pid)).toBe(false);
      expect((await conn.execute('SELECT 7 AS x')).rows).toEqual([[7]]);
      expect(Number(conn.cancelId)).not.toBe(pid);
    } finally {
      conn.release();
    }
    expect((await pool.execute('SELECT 1 AS x')).rows).toEqual([[1]]);
  });

  it('lists catalogs, schemas and tables', async () => {
    expect(await sqliteSpec.getCatalogs(pool)).toEqual(['main']);
    expect(await sqliteSpec.getSchemas(pool, null)).toContain('main');
    const tables = (await sqliteSpec.getTables(pool, 'main', null)).filter((t) => t.value.startsWith(T));
    expect(tables).toEqual([
      { value: T, type: 'table', extra: null },
      { value: `${T}_parent`, type: 'table', extra: null },
      { value: `${T}_view`, type: 'view', extra: null },
    ]);
  });

  it('describes a table: columns, keys, indexes', async () => {
    const meta = await sqliteSpec.getTableMetadata(pool, T, null, null);
    expect(meta.columns.map((c) => [c.name, c.type, c.nullable, c.type_generic, c.is_dttm])).toEqual([
      ['id', 'INTEGER', false, GenericType.NUMERIC, false],
      ['parent_id', 'INTEGER', true, GenericType.NUMERIC, false],
      ['created', 'DATETIME', true, GenericType.TEMPORAL, true],
      ['amount', 'REAL', true, GenericType.NUMERIC, false],
      ['flag', 'BOOLEAN', true, GenericType.BOOLEAN, false],
    ]);
    expect(meta.primaryKey.constrained_columns).toEqual(['id']);
    expect(meta.foreignKeys).toEqual([
      expect.objectContaining({ constrained_columns: ['parent_id'], referred_table: `${T}_parent`, referred_columns: ['id'] }),
    ]);
    expect(meta.indexes).toEqual([{ name: `${T}_created`, column_names: ['created', 'amount'], unique: true, type: null }]);
    const parent = await sqliteSpec.getTableMetadata(pool, `${T}_parent`, 'main', null);
    expect(parent.columns[1]).toMatchObject({ name: 'name', nullable: false, default: "'x'" });
  });

  it('answers TABLE_DOES_NOT_EXIST_ERROR for an unknown table', async () => {
    expect((await rejection(sqliteSpec.getTableMetadata(pool, 'nope_nope', null, null))).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates cost with EXPLAIN QUERY PLAN', async () => {
    const conn = await pool.acquire();
    const plan = await sqliteSpec.estimateCost(conn, `SELECT * FROM ${T} WHERE created = 'x'`).finally(() => conn.release());
    expect(plan.length).toBeGreaterThan(0);
    expect(String(plan[0].detail)).toMatch(/SEARCH|SCAN/);
  });

  it('opens read-only when asked', async () => {
    const ro = await sqliteSpec.connect(options(file, true));
    try {
      expect((await ro.execute(`SELECT count(*) AS n FROM ${T}_parent`)).rows).toEqual([[0]]);
      expect((await rejection(ro.execute(`INSERT INTO ${T}_parent (id) VALUES (9)`))).errorType).toBe('READ_ONLY_ERROR');
    } finally {
      await ro.close();
    }
  });

  it('refuses ATTACH, VACUUM INTO and extension loading when external access is off', async () => {
    for (const sql of [
      `ATTACH DATABASE '${join(dir, 'other.db')}' AS other`,
      `VACUUM INTO '${join(dir, 'copy.db')}'`,
      "SELECT load_extension('x')",
    ]) {
      const err = await rejection(pool.execute(sql));
      expect(err.message).toBe('ATTACH, VACUUM and loading extensions are disabled for this database.');
    }
    expect(existsSync(join(dir, 'copy.db'))).toBe(false);
  });

  it('refuses a file that does not exist', async () => {
    const err = await rejection(sqliteSpec.connect(options(join(dir, 'missing.db'))));
    expect(err.errorType).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });
});
