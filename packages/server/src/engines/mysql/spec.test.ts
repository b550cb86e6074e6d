import { it, expect, beforeAll, afterAll } from 'vitest';
import { EngineError, GenericType, type ConnectOptions, type EnginePool } from '../types.js';
import { mariadbSpec, mysqlSpec } from './spec.js';
import { parseUri } from '../uri.js';
import { describeIfService, mysqlService, mysqlTestUrl } from '../../test-support/services.js';

const S = `rama_s_${Math.random().toString(36).slice(2, 8)}`;

function options(url: string, extra: Partial<ConnectOptions> = {}): ConnectOptions {
  return { uri: parseUri(url), readOnly: false, disableExternalAccess: true, poolSize: 3, connectTimeoutMs: 3000, ...extra };
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

function variant(change: (u: URL) => void): string {
  const u = new URL(mysqlTestUrl);
  change(u);
  return u.toString();
}

await describeIfService(mysqlService, 'mysql / mariadb engine', () => {
  let pool: EnginePool;

  beforeAll(async () => {
    pool = await mysqlSpec.connect(options(mysqlTestUrl));
    await pool.execute(`CREATE DATABASE ${S}`);
    await pool.execute(`CREATE TABLE ${S}.parent (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL DEFAULT 'x') ENGINE=InnoDB`);
    await pool.execute(`CREATE TABLE ${S}.orders (
      id INT PRIMARY KEY, parent_id INT, created DATETIME(3), amount DECIMAL(10,2) COMMENT 'money',
      UNIQUE KEY orders_created (created, amount),
      CONSTRAINT orders_parent FOREIGN KEY (parent_id) REFERENCES ${S}.parent(id)
    ) ENGINE=InnoDB COMMENT='orders'`);
    await pool.execute(`CREATE VIEW ${S}.orders_view AS SELECT id FROM ${S}.orders`);
    await pool.execute(`CREATE TABLE ${S}.bits (b BIT(3))`);
    await pool.execute(`INSERT INTO ${S}.bits VALUES (b'101')`);
  });

  afterAll(async () => {
    if (!pool) return;
    await pool.execute(`DROP DATABASE IF EXISTS ${S}`);
    await pool.close();
  });

  it('returns typed columns and JSON-safe values', async () => {
    const r = await pool.execute(`SELECT 1 AS i, CAST(9007199254740993 AS SIGNED) AS big, CAST(42 AS SIGNED) AS small_big,
      CAST(12345678901234567890 AS DECIMAL(38,0)) AS decint, CAST(1.25 AS DECIMAL(10,2)) AS dece, CAST(0.5 AS DOUBLE) AS dbl,
      DATE '2024-01-02' AS d, TIMESTAMP '2024-01-02 03:04:05.678' AS ts, CAST('2024-01-02 03:04:05' AS DATETIME) AS dt,
      TIME '01:02:03' AS t, TRUE AS b, X'00FF' AS bl, b'101' AS bits, JSON_OBJECT('k', 1) AS j, NULL AS n, 'hé' AS s`);
    expect(r.rows).toEqual([
      [
        1,
        9007199254740993n,
        42,
        12345678901234567890n,
        1.25,
        0.5,
        '2024-01-02',
        '2024-01-02T03:04:05.678',
        '2024-01-02T03:04:05',
        '01:02:03',
        1,
        '0x00ff',
        '0x05',
        '{"k": 1}',
        null,
        'hé',
      ],
    ]);
    // a BIT column (not a b'' literal, which is a binary string) reads as a number
    expect((await pool.execute(`SELECT b FROM ${S}.bits`)).rows).toEqual([[5]]);
    const byName = Object.fromEntries(r.columns.map((c) => [c.name, c]));
    expect(byName.i).toMatchObject({ type_generic: GenericType.NUMERIC });
    expect(byName.big).toMatchObject({ type: 'BIGINT', type_generic: GenericType.NUMERIC });
    expect(byName.dece).toMatchObject({ type: 'DECIMAL', type_generic: GenericType.NUMERIC });
    expect(byName.ts).toMatchObject({ type_generic: GenericType.TEMPORAL, is_dttm: true });
    expect(byName.dt).toMatchObject({ type: 'DATETIME', type_generic: GenericType.TEMPORAL, is_dttm: true });
    expect(byName.d).toMatchObject({ type: 'DATE', is_dttm: true });
    expect(byName.t).toMatchObject({ type: 'TIME', type_generic: GenericType.TEMPORAL, is_dttm: false });
    expect(byName.s).toMatchObject({ type: 'VARCHAR', type_generic: GenericType.STRING });
  });

  it('reads at most maxRows rows and leaves the pool healthy', async () => {
    const r = await pool.execute('SELECT seq FROM seq_1_to_100000', { maxRows: 3 }).catch(async () =>
      // MySQL has no sequence engine: a recursive CTE does the same
      pool.execute('WITH RECURSIVE c(seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM c WHERE seq < 100000) SELECT seq FROM c', {
        maxRows: 3,
      }),
    );
    expect(r.rows).toEqual([[1], [2], [3]]);
    for (let i = 0; i < 5; i++) expect((await pool.execute(`SELECT ${i} AS x`, { maxRows: 10 })).rows).toEqual([[i]]);
  });

  it('reports changed rows for DML, streamed or not', async () => {
    const a = await pool.execute(`INSERT INTO ${S}.parent VALUES (1, 'a'), (2, 'b')`);
    expect(a).toEqual({ columns: [], rows: [], rowCount: 2 });
    const b = await pool.execute(`UPDATE ${S}.parent SET name = 'c'`, { maxRows: 10 });
    expect(b.rowCount).toBe(2);
  });

  it('runs one statement per call', async () => {
    expect((await rejection(pool.execute('SELECT 1; SELECT 2'))).errorType).toBe('SYNTAX_ERROR');
  });

  it('classifies errors with the database’s own message', async () => {
    expect((await rejection(pool.execute('SELEC 1'))).errorType).toBe('SYNTAX_ERROR');
    const missing = await rejection(pool.execute(`SELECT * FROM ${S}.no_such_table_here`));
    expect(missing).toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR', message: `Table '${S}.no_such_table_here' doesn't exist` });
    expect((await rejection(pool.execute(`SELECT nope FROM ${S}.orders`))).errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
  });

  for (const streamed of [false, true]) {
    it(`cancels SLEEP() with KILL QUERY${streamed ? ' (streamed)' : ''} and keeps the pool usable`, async () => {
      const conn = await pool.acquire();
      try {
        expect(conn.cancelId).toMatch(/^\d+$/);
        const t0 = Date.now();
        const running = conn.execute('SELECT SLEEP(30)', streamed ? { maxRows: 5 } : {});
        setTimeout(() => void conn.cancel(), 300);
        const err = await rejection(running);
        expect(err.errorType).toBe('QUERY_CANCELLED');
        expect(Date.now() - t0).toBeLessThan(5000);
      } finally {
        conn.release();
      }
      expect((await pool.execute('SELECT 1 AS x')).rows).toEqual([[1]]);
    });
  }

  it('opens a read-only session when asked', async () => {
    const ro = await mysqlSpec.connect(options(mysqlTestUrl, { readOnly: true }));
    try {
      expect((await ro.execute(`SELECT COUNT(*) AS n FROM ${S}.parent`)).rows).toEqual([[2]]);
      const err = await rejection(ro.execute(`INSERT INTO ${S}.parent VALUES (9, 'z')`));
      expect(err.errorType).toBe('READ_ONLY_ERROR');
    } finally {
      await ro.close();
    }
  });

  it('lists schemas and tables; MySQL has no catalogs', async () => {
    expect(await mysqlSpec.getCatalogs(pool)).toEqual([]);
    expect(await mysqlSpec.getSchemas(pool, null)).toEqual(expect.arrayContaining(['information_schema', S]));
    expect(await mysqlSpec.getTables(pool, S, null)).toEqual([
      { value: 'bits', type: 'table', extra: null },
      { value: 'orders', type: 'table', extra: null },
      { value: 'orders_view', type: 'view', extra: null },
      { value: 'parent', type: 'table', extra: null },
    ]);
  });

  it('describes a table: columns, keys, indexes, comment, engine', async () => {
    const meta = await mysqlSpec.getTableMetadata(pool, 'orders', S, null);
    expect(meta.columns.map((c) => [c.name, c.type, c.nullable, c.is_dttm])).toEqual([
      ['id', 'INT', false, false],
      ['parent_id', 'INT', true, false],
      ['created', 'DATETIME', true, true],
      ['amount', 'DECIMAL', true, false],
    ]);
    // MySQL 8 dropped the display width (`INT`), MariaDB keeps it (`INT(11)`)
    expect(meta.columns.map((c) => c.longType)).toEqual([
      expect.stringMatching(/^INT(\(11\))?$/),
      expect.stringMatching(/^INT/),
      'DATETIME(3)',
      'DECIMAL(10,2)',
    ]);
    expect(meta.columns[3].comment).toBe('money');
    expect(meta.comment).toBe('orders');
    expect(meta.primaryKey).toEqual({ constrained_columns: ['id'], name: 'PRIMARY' });
    expect(meta.foreignKeys).toEqual([
      { name: 'orders_parent', constrained_columns: ['parent_id'], referred_schema: S, referred_table: 'parent', referred_columns: ['id'] },
    ]);
    expect(meta.indexes).toEqual(
      expect.arrayContaining([{ name: 'orders_created', column_names: ['created', 'amount'], unique: true, type: 'BTREE' }]),
    );
    expect(meta.extra).toMatchObject({ engine: 'InnoDB' });
    const parent = await mysqlSpec.getTableMetadata(pool, 'parent', S, null);
    expect(parent.columns[1]).toMatchObject({ name: 'name', nullable: false });
    expect(parent.columns[1].default).toMatch(/^'?x'?$/);
  });

  it('answers TABLE_DOES_NOT_EXIST_ERROR for an unknown table', async () => {
    expect((await rejection(mysqlSpec.getTableMetadata(pool, 'nope_nope', S, null))).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates cost with EXPLAIN rows', async () => {
    const conn = await pool.acquire();
    const plan = await mysqlSpec.estimateCost(conn, `SELECT * FROM ${S}.orders`).finally(() => conn.release());
    expect(plan[0]).toHaveProperty('select_type', 'SIMPLE');
  });

  it('explains connection failures with typed, client-safe errors', async () => {
    const refused = await rejection(mysqlSpec.connect(options(variant((u) => (u.port = '1')))));
    expect(refused.errorType).toBe('CONNECTION_PORT_CLOSED_ERROR');
    const host = await rejection(mysqlSpec.connect(options(variant((u) => (u.hostname = 'no-such-host.invalid')))));
    expect(host).toMatchObject({
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: 'The hostname "no-such-host.invalid" cannot be resolved.',
    });
    const db = await rejection(mysqlSpec.connect(options(variant((u) => (u.pathname = `/no_such_db_${S}`)))));
    expect(db).toMatchObject({
      errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: `Unable to connect to database "no_such_db_${S}".`,
    });
    const user = await rejection(
      mysqlSpec.connect(
        options(
          variant((u) => {
            u.username = `${S}_nobody`;
            u.password = 'wrong';
          }),
        ),
      ),
    );
    expect(user).toMatchObject({
      errorType: 'CONNECTION_ACCESS_DENIED_ERROR',
      message: `Either the username "${S}_nobody" or the password is incorrect.`,
    });
  });

  it('MariaDB flavour: same engine, its own dialects', async () => {
    expect([mariadbSpec.engineName, mariadbSpec.syntax.parser, mariadbSpec.formatterDialect]).toEqual(['MariaDB', 'MariaDB', 'mariadb']);
    const maria = await mariadbSpec.connect(options(mysqlTestUrl.replace(/^mysql/, 'mariadb')));
    try {
      expect((await maria.execute('SELECT 3 AS x')).rows).toEqual([[3]]);
    } finally {
      await maria.close();
    }
  });
});
