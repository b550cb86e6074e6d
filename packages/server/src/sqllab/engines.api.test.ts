/**
 * SQL Lab on every engine, for real: execute, limit, types, cancel (inside the database), estimate
 * and DML refusal. PostgreSQL and MariaDB come from the machine's services; SQLite from a file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlTestUrl, pgTestUrl } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
const suffix = `${process.pid}_${Date.now() % 100000}`;
const sqliteFile = join(mkdtempSync(join(tmpdir(), 'rama-sqlite-')), 'data.db');

type Reply = {
  status: string;
  data: Record<string, unknown>[];
  columns: { name: string; type: string; type_generic: number; is_dttm: boolean }[];
  query: { id: string; state: string; limitingFactor: string; errorMessage: string | null };
  displayLimitReached: boolean;
  errors?: { message: string; error_type: string }[];
};

interface EngineCase {
  name: string;
  uri: string;
  setup: () => Promise<void>;
  teardown: () => Promise<void>;
  table: string;
  sleep: string;
  /** expected generic types of (id, name, amount, created, flag) */
  types: number[];
}

const pgTable = `rama_sqllab_${suffix}`;
const myTable = `rama_sqllab_${suffix}`;

const cases: EngineCase[] = [
  {
    name: 'PostgreSQL',
    uri: pgTestUrl,
    table: pgTable,
    sleep: 'SELECT pg_sleep(30)',
    types: [0, 1, 0, 2, 3],
    setup: async () => {
      const c = new pg.Client({ connectionString: pgTestUrl });
      await c.connect();
      await c.query(`CREATE TABLE ${pgTable} (id bigint, name text, amount numeric(10,2), created timestamp, flag boolean)`);
      await c.query(
        `INSERT INTO ${pgTable} SELECT g, 'n' || g, g * 1.5, timestamp '2024-01-01' + g * interval '1 day', g % 2 = 0 FROM generate_series(1, 200) g`,
      );
      await c.query(`INSERT INTO ${pgTable} VALUES (9007199254740993, 'big', 0, null, null)`);
      await c.end();
    },
    teardown: async () => {
      const c = new pg.Client({ connectionString: pgTestUrl });
      await c.connect();
      await c.query(`DROP TABLE IF EXISTS ${pgTable}`);
      await c.end();
    },
  },
  {
    name: 'MariaDB',
    uri: mysqlTestUrl,
    table: myTable,
    sleep: 'SELECT SLEEP(30)',
    // MySQL's BOOLEAN is TINYINT(1): the result metadata says TINY, so it is numeric
    types: [0, 1, 0, 2, 0],
    setup: async () => {
      const c = await mysql.createConnection(mysqlTestUrl);
      await c.query(`CREATE TABLE ${myTable} (id bigint, name varchar(50), amount decimal(10,2), created datetime, flag boolean)`);
      const values = Array.from(
        { length: 200 },
        (_, i) => `(${i + 1}, 'n${i + 1}', ${(i + 1) * 1.5}, DATE_ADD('2024-01-01', INTERVAL ${i + 1} DAY), ${(i + 1) % 2 === 0})`,
      );
      await c.query(`INSERT INTO ${myTable} VALUES ${values.join(',')}, (9007199254740993, 'big', 0, NULL, NULL)`);
      await c.end();
    },
    teardown: async () => {
      const c = await mysql.createConnection(mysqlTestUrl);
      await c.query(`DROP TABLE IF EXISTS ${myTable}`);
      await c.end();
    },
  },
  {
    name: 'SQLite',
    uri: `sqlite:///${sqliteFile}`,
    table: 'items',
    sleep: 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r',
    types: [0, 1, 0, 2, 3],
    setup: async () => {
      const db = new Database(sqliteFile);
      db.exec('CREATE TABLE items (id INTEGER, name TEXT, amount REAL, created TIMESTAMP, flag BOOLEAN)');
      const ins = db.prepare('INSERT INTO items VALUES (?, ?, ?, ?, ?)');
      for (let i = 1; i <= 200; i++) ins.run(i, `n${i}`, i * 1.5, `2024-01-${String((i % 28) + 1).padStart(2, '0')} 00:00:00`, i % 2);
      ins.run(9007199254740993n, 'big', 0, null, null);
      db.close();
    },
    teardown: async () => undefined,
  },
];

const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true', SQLLAB_TIMEOUT: '20' }, { examples: false });
  admin = await server.admin();
  for (const c of cases) {
    await c.setup();
    const r = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: `${c.name} ${suffix}`,
      sqlalchemy_uri: c.uri,
      allow_run_async: true,
      extra: JSON.stringify({ cost_estimate_enabled: true }),
    });
    if (r.status !== 201) throw new Error(`could not add ${c.name}: ${r.text}`);
    ids[c.name] = r.body.id;
  }
}, 60_000);

afterAll(async () => {
  for (const c of cases) await c.teardown().catch(() => undefined);
  await server?.close();
});

for (const c of cases) {
  describe(`SQL Lab on ${c.name}`, () => {
    const run = (sql: string, extra: Record<string, unknown> = {}) =>
      admin.post<Reply>('/api/v1/sqllab/execute/', { database_id: ids[c.name], sql, queryLimit: 100, ...extra });

    it('executes with the row limit and maps types', async () => {
      const r = await run(`SELECT id, name, amount, created, flag FROM ${c.table} ORDER BY id`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toHaveLength(100);
      expect(r.body.displayLimitReached).toBe(true);
      expect(r.body.query.limitingFactor).toBe('DROPDOWN');
      expect(r.body.columns.map((x) => x.type_generic)).toEqual(c.types);
      expect(r.body.data[0]).toMatchObject({ id: 1, name: 'n1' });
      expect(Number(r.body.data[0].amount)).toBe(1.5);
    });

    it('keeps a big integer exact', async () => {
      const r = await run(`SELECT id FROM ${c.table} WHERE name = 'big'`);
      expect(r.text).toContain('"id":9007199254740993');
    });

    it('refuses DML without allow_dml', async () => {
      const r = await run(`DELETE FROM ${c.table}`);
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
      const count = await run(`SELECT count(*) AS n FROM ${c.table}`);
      expect(Number(count.body.data[0].n)).toBe(201);
    });

    it('estimates the cost', async () => {
      const r = await admin.post<{ result: unknown[] }>('/api/v1/sqllab/estimate/', {
        database_id: ids[c.name],
        sql: `SELECT * FROM ${c.table} WHERE id > 5`,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.result.length).toBeGreaterThan(0);
    });

    it('stops a running query inside the database', async () => {
      const clientId = `stop${c.name.slice(0, 3)}${suffix}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 11);
      const started = Date.now();
      const pending = run(c.sleep, { client_id: clientId });
      await new Promise((r) => setTimeout(r, 700));
      const stop = await admin.post('/api/v1/query/stop', { client_id: clientId });
      expect(stop.body).toEqual({ result: 'OK' });
      const r = await pending;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(r.body.query.state).toBe('stopped');
      if (c.name === 'PostgreSQL') {
        const pgc = new pg.Client({ connectionString: pgTestUrl });
        await pgc.connect();
        const act = await pgc.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)\nLIMIT 101' AND state = 'active'",
        );
        await pgc.end();
        expect(act.rows[0].n).toBe(0);
      }
      if (c.name === 'MariaDB') {
        const my = await mysql.createConnection(mysqlTestUrl);
        const [rows] = await my.query("SELECT count(*) AS n FROM information_schema.processlist WHERE info LIKE 'SELECT SLEEP(30)%'");
        await my.end();
        expect(Number((rows as { n: number }[])[0].n)).toBe(0);
      }
      // the pool still works afterwards
      const after = await run('SELECT 1 AS one');
      expect(after.body.data).toEqual([{ one: 1 }]);
    }, 20_000);
  });
}

describe('DML where it is allowed', () => {
  it('runs a data-changing script on PostgreSQL with allow_dml and reports row counts', async () => {
    await admin.put(`/api/v1/database/${ids.PostgreSQL}`, { allow_dml: true });
    const r = await admin.post<Reply & { statements: { rowcount: number | null }[] }>('/api/v1/sqllab/execute/', {
      database_id: ids.PostgreSQL,
      sql: `UPDATE ${pgTable} SET flag = true WHERE id <= 10; SELECT count(*) AS n FROM ${pgTable} WHERE flag`,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.statements[0].rowcount).toBe(10);
    expect(Number(r.body.data[0].n)).toBe(105);
    await admin.put(`/api/v1/database/${ids.PostgreSQL}`, { allow_dml: false });
  });
});

describe('catalogs', () => {
  const catalog = 'rama_test_catalog_probe';

  it('runs a PostgreSQL query in the chosen catalog (another database on the same server)', async () => {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [catalog])).rowCount === 0) {
      await c.query(`CREATE DATABASE ${catalog}`).catch(() => undefined); // a parallel run may have made it
    }
    await c.end();
    const inCatalog = new pg.Client({ connectionString: pgTestUrl.replace(/\/[^/]+$/, `/${catalog}`) });
    await inCatalog.connect();
    await inCatalog.query(`CREATE TABLE IF NOT EXISTS only_here_${suffix} (note text)`);
    await inCatalog.query(`INSERT INTO only_here_${suffix} VALUES ('from the catalog')`);
    try {
      const sql = `SELECT note FROM only_here_${suffix}`;
      const there = await admin.post<Reply>('/api/v1/sqllab/execute/', { database_id: ids.PostgreSQL, catalog, schema: 'public', sql });
      expect(there.status, there.text).toBe(200);
      expect(there.body.data).toEqual([{ note: 'from the catalog' }]);
      // without the catalog the query runs in the database of the URI, where the table is not
      const home = await admin.post<Reply>('/api/v1/sqllab/execute/', { database_id: ids.PostgreSQL, sql });
      expect(home.body.errors?.[0].message).toMatch(/does not exist/);
      const estimate = await admin.post<{ result: unknown[] }>('/api/v1/sqllab/estimate/', { database_id: ids.PostgreSQL, catalog, sql });
      expect(estimate.status, estimate.text).toBe(200);
    } finally {
      await inCatalog.query(`DROP TABLE IF EXISTS only_here_${suffix}`);
      await inCatalog.end();
    }
  });

  it('refuses a catalog the database does not list', async () => {
    const r = await admin.post<Reply>('/api/v1/sqllab/execute/', {
      database_id: ids.PostgreSQL,
      catalog: 'no_such_catalog',
      sql: 'SELECT 1',
    });
    expect(r.body.query?.state ?? r.body.status).toBe('failed');
    expect(r.body.errors?.[0].message ?? r.body.query.errorMessage).toBe('The catalog "no_such_catalog" does not exist in this database.');
  });
});

describe('CTAS and CVAS', () => {
  it('creates a table or a view from the last SELECT where the database allows it, and shows its rows', async () => {
    const table = `rama_ctas_${suffix}`;
    const refused = await admin.post<Reply>('/api/v1/sqllab/execute/', {
      database_id: ids.PostgreSQL,
      sql: `SELECT 1 AS x`,
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: table,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    await admin.put(`/api/v1/database/${ids.PostgreSQL}`, { allow_ctas: true, allow_cvas: true });
    try {
      const r = await admin.post<Reply & { query: { tempTable: string | null; tempSchema: string | null } }>('/api/v1/sqllab/execute/', {
        database_id: ids.PostgreSQL,
        schema: 'public',
        sql: `SELECT id, name FROM ${pgTable} WHERE id <= 3`,
        select_as_cta: true,
        ctas_method: 'TABLE',
        tmp_table_name: table,
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.query.tempTable).toBe(table);
      expect(r.body.data).toHaveLength(3);
      const c = new pg.Client({ connectionString: pgTestUrl });
      await c.connect();
      expect((await c.query(`SELECT count(*)::int AS n FROM public.${table}`)).rows[0].n).toBe(3);
      const view = await admin.post<Reply>('/api/v1/sqllab/execute/', {
        database_id: ids.PostgreSQL,
        schema: 'public',
        sql: `SELECT id FROM ${pgTable} WHERE id = 1`,
        select_as_cta: true,
        ctas_method: 'VIEW',
        tmp_table_name: `${table}_v`,
      });
      expect(view.status, view.text).toBe(200);
      expect(
        (await c.query(`SELECT table_type FROM information_schema.tables WHERE table_name = $1`, [`${table}_v`])).rows[0].table_type,
      ).toBe('VIEW');
      const twoStatements = await admin.post<Reply>('/api/v1/sqllab/execute/', {
        database_id: ids.PostgreSQL,
        sql: 'SELECT 1; SELECT 2',
        select_as_cta: true,
        ctas_method: 'VIEW',
        tmp_table_name: `${table}_w`,
      });
      expect(twoStatements.body.errors?.[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
      await c.query(`DROP VIEW IF EXISTS public.${table}_v`);
      await c.query(`DROP TABLE IF EXISTS public.${table}`);
      await c.end();
    } finally {
      await admin.put(`/api/v1/database/${ids.PostgreSQL}`, { allow_ctas: false, allow_cvas: false });
    }
  });
});

describe('a server restart mid-query', () => {
  it('leaves no query running: an expired lease becomes failed with a message', async () => {
    const restarted = await startTestServer({ RAMA_QUERY_LEASE_SECONDS: '1' }, { examples: false });
    try {
      const a = await restarted.admin();
      const db = await a.post<{ id: number }>('/api/v1/database/', { database_name: 'pg', sqlalchemy_uri: pgTestUrl });
      // the record a process leaves behind when it dies mid-query
      const orphan = await restarted.ctx.store.db
        .insertInto('query')
        .values({
          client_id: 'orphan00001',
          database_id: db.body.id,
          user_id: 1,
          status: 'running',
          sql: 'SELECT pg_sleep(100)',
          limiting_factor: 'UNKNOWN',
          select_as_cta: 0,
          ctas_method: 'TABLE',
          run_async: 1,
          progress: 0,
          extra_json: '{}',
          worker_id: 'dead-host:1:abc',
          lease_until: Date.now() - 1,
          changed_on: new Date().toISOString(),
          start_time: Date.now() - 5000,
          tab_name: null,
          sql_editor_id: null,
          catalog: null,
          schema: null,
          executed_sql: null,
          prepared: null,
          template_params: null,
          limit: null,
          tmp_table_name: null,
          tmp_schema_name: null,
          rows: null,
          error_message: null,
          error_type: null,
          results_key: null,
          start_running_time: null,
          end_time: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let state = 'running';
      let message: string | null = null;
      for (let i = 0; i < 40 && state === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const row = await restarted.ctx.store.db
          .selectFrom('query')
          .select(['status', 'error_message'])
          .where('id', '=', orphan.id)
          .executeTakeFirstOrThrow();
        state = row.status;
        message = row.error_message;
      }
      expect(state).toBe('failed');
      expect(message).toMatch(/interrupted/);
    } finally {
      await restarted.close();
    }
  });
});

describe('sync timeout', () => {
  it('times out after SQLLAB_TIMEOUT and cancels in the database', async () => {
    const short = await startTestServer({ SQLLAB_TIMEOUT: '1' }, { examples: false });
    try {
      const a = await short.admin();
      const db = await a.post<{ id: number }>('/api/v1/database/', { database_name: 'pg', sqlalchemy_uri: pgTestUrl });
      const r = await a.post<Reply>('/api/v1/sqllab/execute/', { database_id: db.body.id, sql: 'SELECT pg_sleep(10)' });
      expect(r.status).toBe(408);
      expect(r.body.query.state).toBe('timed_out');
      expect(r.body.errors?.[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    } finally {
      await short.close();
    }
  }, 20_000);
});

describe('concurrency', () => {
  it('health and lists stay fast while 20 queries sleep on PostgreSQL', async () => {
    // 5 s sleeps: a blocked server would answer only after them, a healthy one at once
    const sleeps = Array.from({ length: 20 }, () =>
      admin.post('/api/v1/sqllab/execute/', { database_id: ids.PostgreSQL, sql: 'SELECT pg_sleep(5)', runAsync: false }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    const health = await server.client().get('/health');
    const list = await admin.get('/api/v1/database/');
    const elapsed = Date.now() - t0;
    expect(health.text).toBe('OK');
    expect(list.status).toBe(200);
    expect(elapsed).toBeLessThan(1500);
    const done = await Promise.all(sleeps);
    expect(done.every((d) => d.status === 200)).toBe(true);
  }, 30_000);
});
