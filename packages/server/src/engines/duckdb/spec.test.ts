import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError, GenericType, type EnginePool } from '../types.js';
import { duckdbSpec } from './spec.js';
import { parseUri } from '../uri.js';

const dir = mkdtempSync(join(tmpdir(), 'rama-duckdb-'));
const file = join(dir, 'test.duckdb');
const suffix = Math.random().toString(36).slice(2, 8);
const T = `rama_t_${suffix}`;

function options(path: string, extra: { readOnly?: boolean; disableExternalAccess?: boolean } = {}) {
  return {
    uri: parseUri(`duckdb:///${path}`),
    readOnly: extra.readOnly ?? false,
    disableExternalAccess: extra.disableExternalAccess ?? false,
    poolSize: 3,
    connectTimeoutMs: 5000,
  };
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

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('duckdb engine (read-write file)', () => {
  let pool: EnginePool;

  beforeAll(async () => {
    pool = await duckdbSpec.connect(options(file));
    await pool.execute(`CREATE TABLE ${T}_parent (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL DEFAULT 'x', code INTEGER UNIQUE)`);
    await pool.execute(
      `CREATE TABLE ${T} (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES ${T}_parent(id), happened_at TIMESTAMP, amount DECIMAL(10,2))`,
    );
    await pool.execute(`COMMENT ON TABLE ${T} IS 'orders'`);
    await pool.execute(`COMMENT ON COLUMN ${T}.happened_at IS 'when it happened'`);
    await pool.execute(`CREATE INDEX ${T}_at ON ${T}(happened_at)`);
    await pool.execute(`CREATE VIEW ${T}_view AS SELECT id FROM ${T}`);
  });

  afterAll(async () => {
    await pool.execute(`DROP VIEW IF EXISTS ${T}_view`);
    await pool.execute(`DROP TABLE IF EXISTS ${T}`);
    await pool.execute(`DROP TABLE IF EXISTS ${T}_parent`);
    await pool.close();
  });

  it('returns typed columns and JSON-safe values', async () => {
    const r = await pool.execute(`SELECT 1::INTEGER AS i, 9007199254740993::BIGINT AS big, 42::BIGINT AS small_big,
      170141183460469231731687303715884105727::HUGEINT AS huge, 1.25::DECIMAL(10,2) AS dec, 12345678901234567890::DECIMAL(38,0) AS decint,
      'nan'::DOUBLE AS nan, DATE '2024-01-02' AS d, TIMESTAMP '2024-01-02 03:04:05.678' AS ts, TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tz,
      TIME '01:02:03' AS t, INTERVAL 3 DAY AS iv, true AS b, 'x'::BLOB AS bl, [1, 2] AS l, {'a': 1} AS s, '{"k": 2}'::JSON AS j,
      NULL::INTEGER AS n, 'hé' AS str`);
    expect(r.rows).toEqual([
      [
        1,
        9007199254740993n,
        42,
        170141183460469231731687303715884105727n,
        1.25,
        12345678901234567890n,
        null,
        '2024-01-02',
        '2024-01-02T03:04:05.678',
        '2024-01-02T03:04:05Z',
        '01:02:03',
        '3 days',
        true,
        '0x78',
        '[1,2]',
        '{"a":1}',
        '{"k": 2}',
        null,
        'hé',
      ],
    ]);
    const byName = Object.fromEntries(r.columns.map((c) => [c.name, c]));
    expect(byName.i).toMatchObject({ type: 'INTEGER', type_generic: GenericType.NUMERIC, is_dttm: false });
    expect(byName.ts).toMatchObject({ type: 'TIMESTAMP', type_generic: GenericType.TEMPORAL, is_dttm: true });
    expect(byName.d).toMatchObject({ type_generic: GenericType.TEMPORAL, is_dttm: true });
    expect(byName.t).toMatchObject({ type_generic: GenericType.TEMPORAL, is_dttm: false });
    expect(byName.b).toMatchObject({ type_generic: GenericType.BOOLEAN });
    expect(byName.j).toMatchObject({ type: 'JSON', type_generic: GenericType.STRING });
    expect(r.rowCount).toBeNull();
  });

  it('reads at most maxRows rows', async () => {
    const r = await pool.execute('SELECT range AS n FROM range(100000)', { maxRows: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.rows[9]).toEqual([9]);
  });

  // @duckdb/node-api ends a streamed result that failed part-way like one that is done: a late error
  // must not come back as a shorter result
  it('reports an error that comes late in a result, streamed or materialized, rather than fewer rows', async () => {
    const late = `SELECT CASE WHEN i = 600000 THEN error('late failure') ELSE i END AS v FROM range(1000000) t(i)`;
    // unbounded with a high cap: streamed, then checked
    const streamed = await rejection(pool.execute(late, { maxRows: 2_000_000 }));
    expect(streamed.message).toMatch(/stopped after \d+ of its 1000000 rows|late failure/);
    const rows: unknown[] = [];
    const conn = await pool.acquire();
    try {
      const sink = { columns: () => undefined, rows: (b: unknown[][]) => void rows.push(...b) };
      const viaStream = await rejection(conn.stream(late, sink, { maxRows: 2_000_000 }));
      expect(viaStream.message).toMatch(/stopped after \d+ of its 1000000 rows|late failure/);
      // bounded by its own LIMIT of at most 200,000 rows: materialized, DuckDB's own message
      const early = `SELECT CASE WHEN i = 150000 THEN error('late failure') ELSE i END AS v FROM range(1000000) t(i)`;
      const bounded = await rejection(conn.stream(`${early} LIMIT 180000`, sink, { maxRows: 180_001 }));
      expect(bounded.message).toContain('late failure');
      // a larger LIMIT bounds no memory (SQL Lab's follows SQL_MAX_ROW): streamed, then checked
      const large = await rejection(conn.stream(`${late} LIMIT 700000`, sink, { maxRows: 700_001 }));
      expect(large.message).toMatch(/stopped after \d+ of its 700000 rows|late failure/);
    } finally {
      conn.release();
    }
    // a stream that stops at its cap is not an error
    expect((await pool.execute(late, { maxRows: 1000 })).rows).toHaveLength(1000);
    expect((await pool.execute('SELECT range AS n FROM range(300000)', { maxRows: 400_000 })).rows).toHaveLength(300_000);
  }, 60_000);

  it('reports changed rows for DML', async () => {
    await pool.execute(`INSERT INTO ${T}_parent VALUES (1, 'a', 10), (2, 'b', 20)`);
    const r = await pool.execute(`UPDATE ${T}_parent SET name = 'c'`);
    expect(r.rowCount).toBe(2);
  });

  it('makes duplicate column names unique', async () => {
    const r = await pool.execute('SELECT 1 AS a, 2 AS a');
    expect(r.columns.map((c) => c.name)).toEqual(['a', 'a__1']);
  });

  it('converts 100,000 rows × 10 columns of every common type (speed is measured in bench/)', async () => {
    const sql = `SELECT range AS a, range * 2 AS b, range::DOUBLE / 3 AS c, 'name ' || range AS d, range % 2 = 0 AS e,
      DATE '2020-01-01' + (range % 1000)::INTEGER AS f, TIMESTAMP '2020-01-01' + INTERVAL (range) SECOND AS g,
      (range % 97)::INTEGER AS h, (range::DECIMAL(18,2)) / 7 AS i, md5(range::VARCHAR) AS j FROM range(100000)`;
    const rows = (await pool.execute(sql, { maxRows: 100_001 })).rows;
    expect(rows).toHaveLength(100_000);
    expect(rows[99_999][0]).toBe(99_999);
    expect(rows[99_999][4]).toBe(false);
    expect(rows[99_999][6]).toBe('2020-01-02T03:46:39');
    expect(rows[99_999][5]).toBe('2022-09-26');
  }, 60_000);

  it('classifies errors', async () => {
    expect((await rejection(pool.execute('SELEC 1'))).errorType).toBe('SYNTAX_ERROR');
    const missing = await rejection(pool.execute('SELECT * FROM no_such_table_here'));
    expect(missing.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(missing.message).toContain('no_such_table_here');
    expect((await rejection(pool.execute(`SELECT nope FROM ${T}`))).errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
  });

  it('cancels a running query inside DuckDB and keeps the pool usable', async () => {
    const conn = await pool.acquire();
    try {
      const t0 = Date.now();
      const running = conn.execute('SELECT count(*) FROM range(100000000) a, range(100000) b');
      setTimeout(() => void conn.cancel(), 300);
      const err = await rejection(running);
      expect(err.errorType).toBe('QUERY_CANCELLED');
      expect(Date.now() - t0).toBeLessThan(5000);
      expect((await conn.execute('SELECT 42 AS x')).rows).toEqual([[42]]);
    } finally {
      conn.release();
    }
    expect((await pool.execute('SELECT 1 AS x')).rows).toEqual([[1]]);
  });

  it('lists catalogs, schemas and tables', async () => {
    expect(await duckdbSpec.getCatalogs(pool)).toEqual(['test']);
    expect(await duckdbSpec.getSchemas(pool, null)).toContain('main');
    const tables = await duckdbSpec.getTables(pool, 'main', null);
    const mine = tables.filter((t) => t.value.startsWith(T));
    expect(mine).toEqual([
      { value: T, type: 'table', extra: null },
      { value: `${T}_parent`, type: 'table', extra: null },
      { value: `${T}_view`, type: 'view', extra: null },
    ]);
  });

  it('describes a table: columns, keys, indexes, comments', async () => {
    const meta = await duckdbSpec.getTableMetadata(pool, T, 'main', null);
    expect(meta.columns.map((c) => [c.name, c.type, c.nullable, c.is_dttm])).toEqual([
      ['id', 'INTEGER', false, false],
      ['parent_id', 'INTEGER', true, false],
      ['happened_at', 'TIMESTAMP', true, true],
      ['amount', 'DECIMAL', true, false],
    ]);
    expect(meta.columns[3].longType).toBe('DECIMAL(10,2)');
    expect(meta.columns[2].comment).toBe('when it happened');
    expect(meta.comment).toBe('orders');
    expect(meta.primaryKey.constrained_columns).toEqual(['id']);
    expect(meta.foreignKeys).toEqual([
      expect.objectContaining({ constrained_columns: ['parent_id'], referred_table: `${T}_parent`, referred_columns: ['id'] }),
    ]);
    expect(meta.indexes).toEqual([expect.objectContaining({ name: `${T}_at`, column_names: ['happened_at'], unique: false })]);
    expect(meta.extra).toHaveProperty('estimated_size');
    const parent = await duckdbSpec.getTableMetadata(pool, `${T}_parent`, null, null);
    expect(parent.columns[1].default).toBe("'x'");
    expect(parent.indexes).toEqual([expect.objectContaining({ column_names: ['code'], unique: true })]);
  });

  it('answers TABLE_DOES_NOT_EXIST_ERROR for an unknown table', async () => {
    const err = await rejection(duckdbSpec.getTableMetadata(pool, 'nope_nope', 'main', null));
    expect(err.errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates cost as plan lines', async () => {
    const conn = await pool.acquire();
    const plan = await duckdbSpec.estimateCost(conn, `SELECT * FROM ${T}`).finally(() => conn.release());
    expect(plan.length).toBeGreaterThan(0);
    expect(plan.some((p) => String(p.Plan).includes('SCAN'))).toBe(true);
  });
});

describe('duckdb engine (writable, no external access): the uploads directory is the one place it reads files', () => {
  it('reads files only in its private loads directory, which goes with the instance', async () => {
    const pool = await duckdbSpec.connect(options(join(dir, 'loads.duckdb'), { disableExternalAccess: true }));
    const conn = (await pool.acquire()) as unknown as { loadsDir: string; release(): void };
    const loads = conn.loadsDir;
    conn.release();
    try {
      expect(loads).toMatch(/rama-duckdb-loads-/);
      expect(statSync(loads).mode & 0o777).toBe(0o700);
      writeFileSync(join(loads, 'in.csv'), 'a\n1\n');
      writeFileSync(join(dir, 'outside.csv'), 'a\n2\n');
      expect((await pool.execute(`SELECT a FROM read_csv('${loads}/in.csv')`)).rows).toEqual([[1]]);
      for (const path of [join(dir, 'outside.csv'), `${loads}/../outside.csv`, '/etc/passwd'])
        expect((await rejection(pool.execute(`SELECT * FROM read_csv('${path}')`))).message).toMatch(/disabled/i);
      await rejection(pool.execute("SET allowed_directories = ['/']"));
      await rejection(pool.execute('SET enable_external_access = true'));
      expect((await rejection(pool.execute(`SELECT * FROM read_csv('${join(dir, 'outside.csv')}')`))).message).toMatch(/disabled/i);
    } finally {
      await pool.close();
    }
    expect(existsSync(loads)).toBe(false);
  });
});

describe('duckdb engine (read-only, no external access)', () => {
  const roFile = join(dir, 'ro.duckdb');
  let pool: EnginePool;

  beforeAll(async () => {
    const rw = await duckdbSpec.connect(options(roFile));
    await rw.execute('CREATE TABLE t AS SELECT 1 AS a');
    await rw.close();
    pool = await duckdbSpec.connect(options(roFile, { readOnly: true, disableExternalAccess: true }));
  });

  afterAll(async () => {
    await pool.close();
  });

  it('reads but refuses writes', async () => {
    expect((await pool.execute('SELECT a FROM t')).rows).toEqual([[1]]);
    const err = await rejection(pool.execute('CREATE TABLE u (a INT)'));
    expect(err.errorType).toBe('READ_ONLY_ERROR');
  });

  it('cannot read files, and SQL cannot turn file access back on', async () => {
    const err = await rejection(pool.execute("SELECT * FROM read_csv('/etc/passwd')"));
    expect(err.message).toMatch(/disabled/i);
    await rejection(pool.execute('SET enable_external_access = true'));
    await rejection(pool.execute("SELECT * FROM read_csv('/etc/passwd')"));
  });

  it('says which file could not be opened', async () => {
    const err = await rejection(duckdbSpec.connect(options(join(dir, 'missing', 'x.duckdb'), { readOnly: true })));
    expect(err.errorType).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });
});
