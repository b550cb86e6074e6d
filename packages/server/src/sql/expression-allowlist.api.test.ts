/**
 * Issue 24, item 1: a Gamma user who may read one dataset per engine posts chart data whose adhoc
 * column, metric or WHERE calls a function that runs SQL given as text, reads server files, sleeps
 * or shows settings and other sessions. Each answers 400 naming the function, on real PostgreSQL,
 * MariaDB and DuckDB, before anything runs; what analysts write every day still answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetPermView } from '../access/datasets.js';
import { mysqlTestUrl, pgTestUrl, serviceAddress, tcpReachable } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

const suffix = `${process.pid}_${Date.now() % 100000}`;
const table = `rama_guard_${suffix}`;
const secrets = `rama_guard_secret_${suffix}`;
const SECRET = 'the-secret-row';
const dir = mkdtempSync(join(tmpdir(), 'rama-guard-'));

const ENGINES = ['duckdb', 'postgresql', 'mariadb'] as const;
type Engine = (typeof ENGINES)[number];

let server: TestServer;
let analyst: Client;
const datasets = new Map<Engine, number>();
const available = new Set<Engine>(['duckdb']);

const ROWS =
  "(1, 'alpha', 'x', TIMESTAMP '2024-01-05 10:00:00', 2.5), (2, 'beta', NULL, TIMESTAMP '2024-01-20 11:00:00', -1), (3, NULL, 'z', TIMESTAMP '2024-02-03 12:00:00', 4)";
const ROWS_TEXT_TS = ROWS.replaceAll('TIMESTAMP ', '');

async function setupEngines(): Promise<Record<Engine, string>> {
  const duckPath = join(dir, 'guard.duckdb');
  const duck = await DuckDBInstance.create(duckPath);
  const dc = await duck.connect();
  await dc.run(`CREATE TABLE ${table} (id INTEGER, name VARCHAR, alias VARCHAR, ds TIMESTAMP, x DOUBLE)`);
  await dc.run(`INSERT INTO ${table} VALUES ${ROWS}`);
  await dc.run(`CREATE TABLE ${secrets} (v VARCHAR)`);
  await dc.run(`INSERT INTO ${secrets} VALUES ('${SECRET}')`);
  dc.closeSync();
  duck.closeSync();

  const pgAddr = serviceAddress(pgTestUrl, 5432);
  if (await tcpReachable(pgAddr.host, pgAddr.port)) {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`CREATE TABLE ${table} (id int, name text, alias text, ds timestamp, x double precision)`);
    await c.query(`INSERT INTO ${table} VALUES ${ROWS}`);
    await c.query(`CREATE TABLE ${secrets} (v text)`);
    await c.query(`INSERT INTO ${secrets} VALUES ('${SECRET}')`);
    await c.end();
    available.add('postgresql');
  }
  const myAddr = serviceAddress(mysqlTestUrl, 3306);
  if (await tcpReachable(myAddr.host, myAddr.port)) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`CREATE TABLE ${table} (id INT, name VARCHAR(20), alias VARCHAR(20), ds DATETIME, x DOUBLE)`);
    await c.query(`INSERT INTO ${table} VALUES ${ROWS_TEXT_TS}`);
    await c.query(`CREATE TABLE ${secrets} (v VARCHAR(40))`);
    await c.query(`INSERT INTO ${secrets} VALUES ('${SECRET}')`);
    await c.end();
    available.add('mariadb');
  }
  if (process.env.CI && available.size < ENGINES.length) throw new Error('CI must provide PostgreSQL and MariaDB');
  return { duckdb: `duckdb:///${duckPath}`, postgresql: pgTestUrl, mariadb: mysqlTestUrl };
}

beforeAll(async () => {
  const uris = await setupEngines();
  server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true' }, { examples: false });
  const admin = await server.admin();
  const grants: [string, string][] = [];
  for (const engine of available) {
    const name = `guard ${engine} ${suffix}`;
    const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: name, sqlalchemy_uri: uris[engine] });
    expect(db.status, db.text).toBe(201);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', { database: db.body.id, table_name: table });
    expect(ds.status, ds.text).toBe(201);
    datasets.set(engine, ds.body.id);
    grants.push(['datasource_access', datasetPermView(name, table, ds.body.id)]);
  }
  await customRole(server, 'guard_readers', grants);
  analyst = (await loggedInUser(server, admin, 'guard_analyst', ['Gamma', 'guard_readers'])).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  if (available.has('postgresql')) {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`DROP TABLE IF EXISTS ${table}, ${secrets}`);
    await c.end();
  }
  if (available.has('mariadb')) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`DROP TABLE IF EXISTS ${table}, ${secrets}`);
    await c.end();
  }
});

type Reply = { message?: unknown; result?: { data: Record<string, unknown>[] }[] };

function chartData(engine: Engine, query: Record<string, unknown>) {
  return analyst.post<Reply>('/api/v1/chart/data', {
    datasource: { id: datasets.get(engine), type: 'table' },
    queries: [{ row_limit: 100, ...query }],
    result_type: 'full',
    result_format: 'json',
    force: true,
  });
}

const sqlColumn = (sqlExpression: string) => ({ expressionType: 'SQL', sqlExpression, label: 'c' });
const sqlMetric = (sqlExpression: string) => ({ expressionType: 'SQL', sqlExpression, label: 'm' });

/** The expression as an adhoc column, a metric and a custom WHERE: three requests. */
const placements = (expression: string): Record<string, unknown>[] => [
  { columns: [sqlColumn(expression)], metrics: [] },
  { columns: [], metrics: [sqlMetric(`MAX(${expression})`)] },
  { columns: [], metrics: [sqlMetric('COUNT(*)')], extras: { where: `(${expression}) IS NOT NULL` } },
];

/** [expression, the function the refusal names] */
const BYPASSES: Record<Engine, [string, string][]> = {
  postgresql: [
    [`ts_stat('SELECT to_tsvector(''simple'', pg_read_file(''/etc/hostname''))')`, 'ts_stat'],
    [`ts_stat('SELECT to_tsvector(''simple'', v) FROM ${secrets}')`, 'ts_stat'],
    [`ts_rewrite(to_tsquery('a'), 'SELECT to_tsquery(v), to_tsquery(v) FROM ${secrets}')`, 'ts_rewrite'],
    ['pg_show_all_settings()', 'pg_show_all_settings'],
    ['pg_stat_get_activity(NULL)', 'pg_stat_get_activity'],
    ["current_setting('data_directory')", 'current_setting'],
    [`query_to_xml('SELECT * FROM ${secrets}', true, true, '')`, 'query_to_xml'],
    ['pg_catalog.pg_sleep(2)', 'pg_sleep'],
    ['(x).pg_sleep', 'pg_sleep'],
    ['"pg_read_file"(\'/etc/hostname\')', 'pg_read_file'],
    ['public.lower(name)', 'public.lower'],
  ],
  mariadb: [
    ["load_file('/etc/hostname')", 'load_file'],
    ['sleep(2)', 'sleep'],
    ["benchmark(100000000, md5('a'))", 'benchmark'],
    ["`get_lock`('a', 10)", 'get_lock'],
    ['version()', 'version'],
    ['test.lower(name)', 'test.lower'],
  ],
  duckdb: [
    [`query('SELECT v FROM ${secrets}')`, 'query'],
    [`query_table('${secrets}')`, 'query_table'],
    ["read_csv('/etc/passwd')", 'read_csv'],
    ["read_text('/etc/hostname')", 'read_text'],
    ["getenv('HOME')", 'getenv'],
    ["glob('/etc/*')", 'glob'],
    ['name.read_text()', 'read_text'],
  ],
};

describe.each(ENGINES)('%s: expressions may call only allowed functions', (engine) => {
  it('refuses each bypass as a column, a metric and a WHERE, with 400 naming the function', async (ctx) => {
    if (!available.has(engine)) ctx.skip();
    for (const [expression, name] of BYPASSES[engine]) {
      for (const query of placements(expression)) {
        const started = Date.now();
        const r = await chartData(engine, query);
        expect(r.status, `${expression}: ${r.text}`).toBe(400);
        expect(String(r.body.message)).toContain(`The function ${name} is not allowed in a SQL expression.`);
        // refused before running: no sleep, no file, no secret, no stack
        expect(Date.now() - started).toBeLessThan(1500);
        expect(r.text).not.toContain(SECRET);
        expect(r.text).not.toMatch(/\n\s+at /);
      }
    }
  });

  it('still answers what analysts write', async (ctx) => {
    if (!available.has(engine)) ctx.skip();
    const month = engine === 'mariadb' ? "DATE_FORMAT(ds, '%Y-%m-01')" : "DATE_TRUNC('month', ds)";
    const text = engine === 'mariadb' ? 'CHAR' : 'TEXT';
    const r = await chartData(engine, {
      columns: [sqlColumn(month)],
      metrics: [
        sqlMetric('SUM(CASE WHEN x > 0 THEN 1 ELSE 0 END)'),
        { ...sqlMetric(`MAX(UPPER(COALESCE(name, alias)))`), label: 'top' },
        { ...sqlMetric(`MIN(CAST(id AS ${text}))`), label: 'first' },
      ],
      extras: { where: "LOWER(COALESCE(name, 'none')) <> 'gamma'" },
    });
    expect(r.status, r.text).toBe(200);
    const data = [...(r.body.result?.[0].data ?? [])].sort((a, b) => String(a.first).localeCompare(String(b.first)));
    expect(data.map((d) => Number(d.m))).toEqual([1, 1]);
    expect(data.map((d) => d.top)).toEqual(['BETA', 'Z']);
    expect(data.map((d) => String(d.first))).toEqual(['1', '3']);
  });
});
