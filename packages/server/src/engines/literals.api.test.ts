/**
 * Issue 24, item 6: filter values cannot leave their string literal, whatever the database's
 * settings. On a PostgreSQL database whose default is `standard_conforming_strings = off` (where a
 * backslash escapes a quote in a plain literal) and on MariaDB, a Gamma user's ==, IN and LIKE
 * filters with `\' UNION SELECT 1 --` and `\\' OR 1=1 --` match only rows holding that very text.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetPermView } from '../access/datasets.js';
import { mysqlTestUrl, pgTestUrl, serviceAddress, tcpReachable } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { customRole, loggedInUser } from '../test-support/users.js';

const suffix = `${process.pid}_${Date.now() % 100000}`;
const table = `rama_literals_${suffix}`;
/** a database of its own, so that changing its default touches no one else's sessions */
const pgDatabase = `rama_scs_off_${suffix}`;

const BREAKOUT = "\\' UNION SELECT 1 --";
const OR_TRUE = "\\\\' OR 1=1 --";
const BACKSLASH = 'a\\b';
/** rows: two ordinary names, one holding the breakout text itself, one with a backslash */
const NAMES = ['alpha', 'beta', BREAKOUT, BACKSLASH];

const ENGINES = ['postgresql', 'mariadb'] as const;
type Engine = (typeof ENGINES)[number];

let server: TestServer;
let admin: Client;
let analyst: Client;
const datasets = new Map<Engine, number>();
const databases = new Map<Engine, number>();
const available = new Set<Engine>();

function pgUrl(database: string): string {
  const u = new URL(pgTestUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withPg<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

async function setupEngines(): Promise<Record<Engine, string>> {
  const pgAddr = serviceAddress(pgTestUrl, 5432);
  if (await tcpReachable(pgAddr.host, pgAddr.port)) {
    await withPg(pgTestUrl, async (c) => {
      await c.query(`CREATE DATABASE ${pgDatabase}`);
      await c.query(`ALTER DATABASE ${pgDatabase} SET standard_conforming_strings = off`);
    });
    // parameters, not literals: this setup must not depend on the setting under test
    await withPg(pgUrl(pgDatabase), async (c) => {
      await c.query(`CREATE TABLE ${table} (id int, name text)`);
      for (const [i, name] of NAMES.entries()) await c.query(`INSERT INTO ${table} VALUES ($1, $2)`, [i + 1, name]);
    });
    available.add('postgresql');
  }
  const myAddr = serviceAddress(mysqlTestUrl, 3306);
  if (await tcpReachable(myAddr.host, myAddr.port)) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`CREATE TABLE ${table} (id INT, name VARCHAR(40))`);
    for (const [i, name] of NAMES.entries()) await c.execute(`INSERT INTO ${table} VALUES (?, ?)`, [i + 1, name]);
    await c.end();
    available.add('mariadb');
  }
  if (process.env.CI && available.size < ENGINES.length) throw new Error('CI must provide PostgreSQL and MariaDB');
  return { postgresql: pgUrl(pgDatabase), mariadb: mysqlTestUrl };
}

beforeAll(async () => {
  const uris = await setupEngines();
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
  const grants: [string, string][] = [];
  for (const engine of available) {
    const name = `literals ${engine} ${suffix}`;
    const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: name, sqlalchemy_uri: uris[engine] });
    expect(db.status, db.text).toBe(201);
    databases.set(engine, db.body.id);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', { database: db.body.id, table_name: table });
    expect(ds.status, ds.text).toBe(201);
    datasets.set(engine, ds.body.id);
    grants.push(['datasource_access', datasetPermView(name, table, ds.body.id)]);
  }
  await customRole(server, 'literal_readers', grants);
  analyst = (await loggedInUser(server, admin, 'literal_analyst', ['Gamma', 'literal_readers'])).client;
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (available.has('postgresql')) await withPg(pgTestUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`));
  if (available.has('mariadb')) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`DROP TABLE IF EXISTS ${table}`);
    await c.end();
  }
});

/** The names a filter selects, through chart data as the Gamma user; fails the test on any non-200. */
async function namesWhere(engine: Engine, filter: Record<string, unknown>): Promise<string[]> {
  const r = await analyst.post<{ result: { data: { name: string }[] }[] }>('/api/v1/chart/data', {
    datasource: { id: datasets.get(engine), type: 'table' },
    queries: [{ columns: ['name'], metrics: [], filters: [filter], row_limit: 100 }],
    result_type: 'full',
    result_format: 'json',
    force: true,
  });
  expect(r.status, `${engine} ${JSON.stringify(filter)}: ${r.text}`).toBe(200);
  return r.body.result[0].data.map((d) => d.name).sort();
}

describe('PostgreSQL sessions', () => {
  it('the PostgreSQL database really defaults to standard_conforming_strings = off; Rama sessions turn it on', async (ctx) => {
    if (!available.has('postgresql')) ctx.skip();
    const raw = await withPg(pgUrl(pgDatabase), (c) =>
      c.query<{ v: string }>("SELECT current_setting('standard_conforming_strings') AS v"),
    );
    expect(raw.rows[0].v).toBe('off');
    // SQL Lab runs on the same pool setup as chart data
    const r = await admin.post<{ data: { v: string }[] }>('/api/v1/sqllab/execute/', {
      database_id: databases.get('postgresql'),
      sql: "SELECT current_setting('standard_conforming_strings') AS v",
      runAsync: false,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ v: 'on' }]);
  });
});

describe.each(ENGINES)('%s: filter values stay inside their literal', (engine) => {
  it('==, IN, NOT IN and LIKE with a breakout value match only rows holding that text', async (ctx) => {
    if (!available.has(engine)) ctx.skip();
    expect(await namesWhere(engine, { col: 'name', op: '==', val: BREAKOUT })).toEqual([BREAKOUT]);
    expect(await namesWhere(engine, { col: 'name', op: 'IN', val: [BREAKOUT, 'nobody'] })).toEqual([BREAKOUT]);
    expect(await namesWhere(engine, { col: 'name', op: 'NOT IN', val: [BREAKOUT] })).toEqual(['a\\b', 'alpha', 'beta']);
    expect(await namesWhere(engine, { col: 'name', op: '==', val: OR_TRUE })).toEqual([]);
    expect(await namesWhere(engine, { col: 'name', op: 'IN', val: [OR_TRUE] })).toEqual([]);
    // LIKE reads a backslash as its escape character on both engines: never more than the one row
    for (const val of [BREAKOUT, OR_TRUE, "\\' OR name LIKE '%"]) {
      const names = await namesWhere(engine, { col: 'name', op: 'LIKE', val });
      expect(
        names.every((n) => n === BREAKOUT),
        `${val}: ${names.join(', ')}`,
      ).toBe(true);
    }
  });

  it('a value with a backslash matches itself exactly', async (ctx) => {
    if (!available.has(engine)) ctx.skip();
    expect(await namesWhere(engine, { col: 'name', op: '==', val: BACKSLASH })).toEqual([BACKSLASH]);
    expect(await namesWhere(engine, { col: 'name', op: '!=', val: BACKSLASH })).toEqual([BREAKOUT, 'alpha', 'beta'].sort());
  });
});
