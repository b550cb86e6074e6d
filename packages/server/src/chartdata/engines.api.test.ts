/**
 * The same query contexts answered identically on DuckDB, PostgreSQL, MariaDB and SQLite copies of
 * one small table — and equal to the numbers computed here from the rows themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlTestUrl, pgTestUrl, serviceAddress, tcpReachable } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

const suffix = `${process.pid}_${Date.now() % 100000}`;
const table = `rama_chart_${suffix}`;
const dir = mkdtempSync(join(tmpdir(), 'rama-chart-engines-'));

interface Row {
  ts: string;
  region: string | null;
  label: string;
  amount: number;
  qty: number;
}

/** 120 rows over 2023–2024: four regions (one of them missing), amounts with cents, small counts. */
const ROWS: Row[] = Array.from({ length: 120 }, (_, i) => {
  const t = Date.UTC(2023, 0, 1, 7) + i * 6.1 * 86_400_000 + (i % 5) * 3_600_000;
  return {
    ts: new Date(t).toISOString().slice(0, 19).replace('T', ' '),
    region: ['East', 'West', 'North', null][i % 4],
    label: ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'][i % 6],
    amount: Math.round(((i * 37) % 1000) + 0.25 * (i % 4)) / 10,
    qty: i % 7,
  };
});

const ENGINES = ['duckdb', 'postgresql', 'mariadb', 'sqlite'] as const;
type Engine = (typeof ENGINES)[number];

let server: TestServer;
let admin: Client;
const datasets = new Map<Engine, number>();
const available = new Set<Engine>(['duckdb', 'sqlite']);

const insertValues = (quoteTs: (s: string) => string) =>
  ROWS.map((r) => `(${quoteTs(r.ts)}, ${r.region === null ? 'NULL' : `'${r.region}'`}, '${r.label}', ${r.amount}, ${r.qty})`).join(',\n');

async function setupEngines(): Promise<Record<Engine, string>> {
  const duckPath = join(dir, 'chart.duckdb');
  const duck = await DuckDBInstance.create(duckPath);
  const dc = await duck.connect();
  await dc.run(`CREATE TABLE ${table} (ts TIMESTAMP, region VARCHAR, label VARCHAR, amount DOUBLE, qty DOUBLE)`);
  await dc.run(`INSERT INTO ${table} VALUES ${insertValues((s) => `TIMESTAMP '${s}'`)}`);
  dc.closeSync();
  duck.closeSync();

  const sqlitePath = join(dir, 'chart.sqlite');
  const lite = new Database(sqlitePath);
  lite.exec(`CREATE TABLE ${table} (ts TEXT, region TEXT, label TEXT, amount REAL, qty REAL)`);
  lite.exec(`INSERT INTO ${table} VALUES ${insertValues((s) => `'${s}'`)}`);
  lite.close();

  const pgAddr = serviceAddress(pgTestUrl, 5432);
  if (await tcpReachable(pgAddr.host, pgAddr.port)) {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`CREATE TABLE ${table} (ts timestamp, region text, label text, amount double precision, qty double precision)`);
    await c.query(`INSERT INTO ${table} VALUES ${insertValues((s) => `'${s}'`)}`);
    await c.end();
    available.add('postgresql');
  }
  const myAddr = serviceAddress(mysqlTestUrl, 3306);
  if (await tcpReachable(myAddr.host, myAddr.port)) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`CREATE TABLE ${table} (ts DATETIME, region VARCHAR(20), label VARCHAR(20), amount DOUBLE, qty DOUBLE)`);
    await c.query(`INSERT INTO ${table} VALUES ${insertValues((s) => `'${s}'`)}`);
    await c.end();
    available.add('mariadb');
  }
  if (process.env.CI && available.size < ENGINES.length) throw new Error('CI must provide PostgreSQL and MariaDB');
  return { duckdb: `duckdb:///${duckPath}`, sqlite: `sqlite:///${sqlitePath}`, postgresql: pgTestUrl, mariadb: mysqlTestUrl };
}

beforeAll(async () => {
  const uris = await setupEngines();
  server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true' }, { examples: false });
  admin = await server.admin();
  for (const engine of available) {
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: `${engine} ${suffix}`,
      sqlalchemy_uri: uris[engine],
    });
    expect(db.status, db.text).toBe(201);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', { database: db.body.id, table_name: table });
    expect(ds.status, ds.text).toBe(201);
    datasets.set(engine, ds.body.id);
    // SQLite keeps timestamps as text: the dataset says the column is temporal
    await server.ctx.store.db
      .updateTable('table_columns')
      .set({ is_dttm: 1, type_generic: 2 })
      .where('table_id', '=', ds.body.id)
      .where('column_name', '=', 'ts')
      .execute();
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  if (available.has('postgresql')) {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`DROP TABLE IF EXISTS ${table}`);
    await c.end();
  }
  if (available.has('mariadb')) {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`DROP TABLE IF EXISTS ${table}`);
    await c.end();
  }
});

const axis = (grain: string) => ({ columnType: 'BASE_AXIS', sqlExpression: 'ts', label: 'ts', expressionType: 'SQL', timeGrain: grain });
const simple = (aggregate: string, column: string) => ({
  expressionType: 'SIMPLE',
  aggregate,
  column: { column_name: column },
  label: `${aggregate}(${column})`,
});

/** Numbers rounded (engines sum floats in their own order), rows sorted where order is not the point. */
function canonical(data: Record<string, unknown>[], sort: boolean): string {
  const rows = data.map((r) =>
    JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]))),
  );
  return JSON.stringify(sort ? rows.sort() : rows);
}

async function answer(engine: Engine, query: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const r = await admin.post<{ result: { data: Record<string, unknown>[] }[] }>('/api/v1/chart/data', {
    datasource: { id: datasets.get(engine), type: 'table' },
    queries: [{ row_limit: 10000, ...query }],
    result_type: 'full',
    result_format: 'json',
    force: true,
  });
  expect(r.status, `${engine}: ${r.text}`).toBe(200);
  return r.body.result[0].data;
}

/** Every available engine gives the DuckDB answer; returns it. */
async function sameEverywhere(query: Record<string, unknown>, opts: { sort?: boolean } = {}): Promise<Record<string, unknown>[]> {
  const reference = await answer('duckdb', query);
  for (const engine of available) {
    if (engine === 'duckdb') continue;
    expect(canonical(await answer(engine, query), opts.sort ?? false), engine).toBe(canonical(reference, opts.sort ?? false));
  }
  return reference;
}

describe('the same query context on DuckDB, PostgreSQL, MariaDB and SQLite', () => {
  it('aggregates by a dimension (SUM, AVG, MIN, MAX, COUNT, COUNT_DISTINCT, saved count)', async () => {
    const data = await sameEverywhere({
      columns: ['region'],
      metrics: [
        'count',
        simple('SUM', 'amount'),
        simple('AVG', 'amount'),
        simple('MIN', 'qty'),
        simple('MAX', 'qty'),
        simple('COUNT_DISTINCT', 'label'),
      ],
      filters: [{ col: 'region', op: 'IN', val: ['East', 'West', 'North'] }],
      orderby: [['region', true]],
    });
    const east = ROWS.filter((r) => r.region === 'East');
    expect(data.map((d) => d.region)).toEqual(['East', 'North', 'West']);
    expect(data[0].count).toBe(east.length);
    expect(data[0]['SUM(amount)']).toBeCloseTo(
      east.reduce((s, r) => s + r.amount, 0),
      6,
    );
    expect(data[0]['AVG(amount)']).toBeCloseTo(east.reduce((s, r) => s + r.amount, 0) / east.length, 6);
    expect(data[0]['COUNT_DISTINCT(label)']).toBe(new Set(east.map((r) => r.label)).size);
  });

  it('buckets time by every grain the same way', async () => {
    for (const grain of ['PT1H', 'P1D', 'P1W', 'P1M', 'P3M', 'P1Y', '1969-12-28T00:00:00Z/P1W', 'P1W/1970-01-03T00:00:00Z']) {
      const data = await sameEverywhere({ columns: [axis(grain)], metrics: ['count'], orderby: [['ts', true]] });
      expect(
        data.reduce((s, d) => s + Number(d.count), 0),
        grain,
      ).toBe(ROWS.length);
      if (grain === 'P1Y')
        expect(data.map((d) => d.ts)).toEqual([Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)].slice(0, data.length));
      if (grain === 'P1M') expect(data[0].ts).toBe(Date.UTC(2023, 0, 1));
    }
  });

  it('filters with every operator, custom WHERE and HAVING', async () => {
    const data = await sameEverywhere(
      {
        columns: ['label'],
        metrics: [simple('SUM', 'amount'), 'count'],
        filters: [
          { col: 'amount', op: '>=', val: 10 },
          { col: 'amount', op: '<', val: '80' },
          { col: 'region', op: '!=', val: 'East' },
          { col: 'region', op: 'IS NOT NULL' },
          { col: 'label', op: 'ILIKE', val: '%A%' },
          { col: 'label', op: 'NOT LIKE', val: 'Zulu%' },
          { col: 'qty', op: 'NOT IN', val: [1, 2] },
          { col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-03-01 : 2024-06-01' },
        ],
        extras: { where: 'qty > 0', having: 'SUM(amount) > 5' },
      },
      { sort: true },
    );
    const expected = new Map<string, { sum: number; n: number }>();
    for (const r of ROWS) {
      const t = Date.parse(`${r.ts.replace(' ', 'T')}Z`);
      if (!(r.amount >= 10 && r.amount < 80 && r.region !== null && r.region !== 'East' && /a/i.test(r.label))) continue;
      if ([1, 2].includes(r.qty) || r.qty <= 0 || t < Date.UTC(2023, 2, 1) || t >= Date.UTC(2024, 5, 1)) continue;
      const e = expected.get(r.label) ?? { sum: 0, n: 0 };
      expected.set(r.label, { sum: e.sum + r.amount, n: e.n + 1 });
    }
    const want = [...expected].filter(([, v]) => v.sum > 5);
    expect(data).toHaveLength(want.length);
    for (const [label, v] of want) {
      const got = data.find((d) => d.label === label);
      expect(got?.count, label).toBe(v.n);
      expect(Number(got?.['SUM(amount)'])).toBeCloseTo(v.sum, 6);
    }
  });

  it('pivots a time series and limits it to the top series', async () => {
    const data = await sameEverywhere({
      columns: [axis('P3M'), 'region'],
      metrics: [simple('SUM', 'amount')],
      filters: [
        { col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2024-01-01' },
        { col: 'region', op: 'IS NOT NULL' },
      ],
      series_columns: ['region'],
      series_limit: 2,
      series_limit_metric: simple('SUM', 'amount'),
      orderby: [[simple('SUM', 'amount'), false]],
      post_processing: [
        { operation: 'pivot', options: { index: ['ts'], columns: ['region'], aggregates: { 'SUM(amount)': { operator: 'mean' } } } },
        { operation: 'rename', options: { columns: { 'SUM(amount)': null }, level: 0, inplace: true } },
        { operation: 'flatten' },
      ],
    });
    expect(data).toHaveLength(4);
    expect(Object.keys(data[0])).toHaveLength(3);
  });

  it('keeps a series whose value is NULL under the series limit', async () => {
    const data = await sameEverywhere(
      { columns: ['region'], metrics: ['count'], series_columns: ['region'], series_limit: 4 },
      { sort: true },
    );
    expect(data.map((d) => d.region).sort()).toEqual(['East', 'North', 'West', null].sort());
  });

  it('pages with row_limit and row_offset', async () => {
    const page = await sameEverywhere({
      columns: ['label', 'qty'],
      metrics: ['count'],
      orderby: [
        ['label', true],
        ['qty', true],
      ],
      row_limit: 5,
      row_offset: 5,
    });
    expect(page).toHaveLength(5);
  });
});
