/**
 * ClickHouse as Rama's fifth engine, against a real server (18.16 here; the engine sends only what
 * current servers take too): connection and browsing, SQL Lab (limit, exact 64-bit integers, stop
 * inside the server, read-only sessions, namespaces) and chart data giving DuckDB's numbers for the
 * same rows. Skips with a message only when no ClickHouse answers (`RAMA_TEST_CLICKHOUSE_URL`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, ClickHouseLogLevel } from '@clickhouse/client';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIfService, type ServiceSpec } from '../../test-support/services.js';
import { EngineError } from '../types.js';
import { parseUri } from '../uri.js';
import { clickhouseSpec } from './spec.js';
import { startTestServer, type Client, type TestServer } from '../../test-support/server.js';
import { upload } from '../../test-support/uploads.js';

const chUrl = process.env.RAMA_TEST_CLICKHOUSE_URL ?? 'clickhousedb://default@127.0.0.1:8123/default';
const clickhouseService: ServiceSpec = {
  name: 'ClickHouse',
  url: chUrl.replace(/^[^:]+:/, 'http:'),
  defaultPort: 8123,
  envVar: 'RAMA_TEST_CLICKHOUSE_URL',
};

const suffix = `${process.pid}_${Date.now() % 100000}`;
const chDb = `rama_ch_${suffix}`;
const otherDb = `rama_ch_other_${suffix}`;
const dir = mkdtempSync(join(tmpdir(), 'rama-clickhouse-'));
const uriFor = (db: string): string => chUrl.replace(/\/[^/?]*(\?|$)/, `/${db}$1`);

/** The same few thousand flights in ClickHouse and DuckDB: dates over 2023–2024, six origins. */
interface Flight {
  ts: string;
  origin: string;
  destination: string;
  delay: number;
  distance: number;
}
const ORIGINS = ['SEA', 'LAX', 'JFK', 'ORD', 'ATL', 'DEN'];
const FLIGHTS: Flight[] = Array.from({ length: 3000 }, (_, i) => {
  const t = Date.UTC(2023, 0, 1) + ((i * 7919) % (730 * 24)) * 3_600_000 + (i % 60) * 60_000;
  return {
    ts: new Date(t).toISOString().slice(0, 19).replace('T', ' '),
    origin: ORIGINS[(i * 7) % 6],
    destination: ORIGINS[(i * 5 + 1) % 6],
    delay: ((i * 37) % 200) - 40 + (i % 4) * 0.25,
    distance: 100 + ((i * 53) % 2500),
  };
});
const flightValues = (ts: (s: string) => string): string =>
  FLIGHTS.map((f) => `(${ts(f.ts)}, '${f.origin}', '${f.destination}', ${f.delay}, ${f.distance})`).join(',\n');

let server: TestServer;
let admin: Client;
const ids: { ch: number; chDml: number; chUpload: number; duck: number; chDataset: number; duckDataset: number } = {
  ch: 0,
  chUpload: 0,
  chDml: 0,
  duck: 0,
  chDataset: 0,
  duckDataset: 0,
};

type SqlLabReply = {
  status: string;
  data: Record<string, unknown>[];
  columns: { name: string; type: string; type_generic: number; is_dttm: boolean }[];
  query: { id: string; state: string; limitingFactor: string; errorMessage: string | null };
  displayLimitReached: boolean;
  errors?: { message: string; error_type: string }[];
};

await describeIfService(clickhouseService, 'ClickHouse engine', () => {
  const ch = createClient({ url: clickhouseService.url.replace(/\/[^/]*$/, ''), log: { level: ClickHouseLogLevel.OFF } });

  beforeAll(async () => {
    for (const db of [chDb, otherDb]) await ch.command({ query: `CREATE DATABASE ${db}` });
    await ch.command({
      query: `CREATE TABLE ${chDb}.items (id UInt64, name String, amount Decimal(10, 2), created DateTime, day Date, flag UInt8, note Nullable(String))
              ENGINE = MergeTree ORDER BY id`,
    });
    await ch.command({
      query: `INSERT INTO ${chDb}.items SELECT number + 1, concat('n', toString(number + 1)), (number + 1) * 1.5,
              toDateTime('2024-01-01 00:00:00') + (number + 1) * 86400, toDate('2024-01-01') + number + 1, number % 2, NULL FROM system.numbers LIMIT 200`,
    });
    await ch.command({
      query: `INSERT INTO ${chDb}.items VALUES (18446744073709551615, 'big', 0, '2024-01-01 00:00:00', '2024-01-01', 0, 'it''s \\\\ here')`,
    });
    await ch.command({ query: `CREATE TABLE ${otherDb}.elsewhere (x UInt8) ENGINE = Memory` });
    await ch.command({ query: `INSERT INTO ${otherDb}.elsewhere VALUES (7)` });
    await ch.command({
      query: `CREATE TABLE ${chDb}.flights (ts DateTime, origin String, destination String, delay Float64, distance Int64) ENGINE = MergeTree ORDER BY ts`,
    });
    await ch.command({ query: `INSERT INTO ${chDb}.flights VALUES ${flightValues((s) => `'${s}'`)}` });

    const duckPath = join(dir, 'flights.duckdb');
    const duck = await DuckDBInstance.create(duckPath);
    const dc = await duck.connect();
    await dc.run('CREATE TABLE flights (ts TIMESTAMP, origin VARCHAR, destination VARCHAR, delay DOUBLE, distance BIGINT)');
    await dc.run(`INSERT INTO flights VALUES ${flightValues((s) => `TIMESTAMP '${s}'`)}`);
    dc.closeSync();
    duck.closeSync();

    server = await startTestServer({ RAMA_ALLOW_FILE_URIS: 'true', SQLLAB_TIMEOUT: '30' }, { examples: false });
    admin = await server.admin();
    const add = async (name: string, uri: string, extra: Record<string, unknown> = {}): Promise<number> => {
      const r = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: `${name} ${suffix}`,
        sqlalchemy_uri: uri,
        ...extra,
      });
      if (r.status !== 201) throw new Error(`could not add ${name}: ${r.text}`);
      return r.body.id;
    };
    ids.ch = await add('ClickHouse', uriFor(chDb), {
      allow_run_async: true,
      expose_in_sqllab: true,
      extra: JSON.stringify({ cost_estimate_enabled: true }),
    });
    ids.chDml = await add('ClickHouse DML', uriFor(chDb), { allow_dml: true, allow_ctas: true, allow_cvas: true });
    ids.chUpload = await add('ClickHouse uploads', uriFor(chDb), {
      allow_file_upload: true,
      extra: JSON.stringify({ schemas_allowed_for_file_upload: [chDb] }),
    });
    ids.duck = await add('DuckDB flights', `duckdb:///${duckPath}`);
    const dataset = async (database: number): Promise<number> => {
      const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database,
        table_name: 'flights',
        schema: database === ids.ch ? chDb : 'main',
      });
      if (r.status !== 201) throw new Error(`could not add the flights dataset: ${r.text}`);
      return r.body.id;
    };
    ids.chDataset = await dataset(ids.ch);
    ids.duckDataset = await dataset(ids.duck);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    for (const db of [chDb, otherDb]) await ch.command({ query: `DROP DATABASE IF EXISTS ${db}` }).catch(() => undefined);
    await ch.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (sql: string, extra: Record<string, unknown> = {}) =>
    admin.post<SqlLabReply>('/api/v1/sqllab/execute/', { database_id: ids.ch, sql, queryLimit: 100, ...extra });

  // --- connection and browsing ---

  it('tests a connection: OK for the server, a clear error for a wrong database or port', async () => {
    expect((await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: uriFor(chDb) })).body).toEqual({ message: 'OK' });
    for (const scheme of ['clickhouse', 'clickhouse+http']) {
      const r = await admin.post('/api/v1/database/test_connection/', { sqlalchemy_uri: uriFor(chDb).replace(/^clickhousedb/, scheme) });
      expect(r.body, scheme).toEqual({ message: 'OK' });
    }
    const noDb = await admin.post<{ errors: { error_type: string }[] }>('/api/v1/database/test_connection/', {
      sqlalchemy_uri: uriFor(`no_such_db_${suffix}`),
    });
    expect(noDb.status).toBe(422);
    expect(noDb.body.errors[0].error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });

  it('lists schemas (ClickHouse databases), tables and columns with their types', async () => {
    const schemas = await admin.get<{ result: string[] }>(`/api/v1/database/${ids.ch}/schemas/?q=(force:!t)`);
    expect(schemas.status, schemas.text).toBe(200);
    expect(schemas.body.result).toEqual(expect.arrayContaining([chDb, otherDb, 'system']));
    const tables = await admin.get<{ result: { value: string; type: string }[] }>(
      `/api/v1/database/${ids.ch}/tables/?q=(force:!t,schema_name:${chDb})`,
    );
    expect(tables.body.result.map((t) => t.value)).toEqual(['flights', 'items']);
    const meta = await admin.get<{ columns: { name: string; type: string }[] }>(
      `/api/v1/database/${ids.ch}/table_metadata/?name=items&schema=${chDb}`,
    );
    expect(meta.status, meta.text).toBe(200);
    expect(meta.body.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'UInt64'],
      ['name', 'String'],
      ['amount', 'Decimal(10, 2)'],
      ['created', 'DateTime'],
      ['day', 'Date'],
      ['flag', 'UInt8'],
      ['note', 'Nullable(String)'],
    ]);
    const missing = await admin.get(`/api/v1/database/${ids.ch}/table_metadata/?name=no_such_table&schema=${chDb}`);
    expect(missing.status).toBe(404);
  });

  it('previews a table with a backtick-quoted SELECT', async () => {
    const star = await admin.get<{ result: string }>(`/api/v1/database/${ids.ch}/select_star/items/${chDb}/`);
    expect(star.status, star.text).toBe(200);
    expect(star.body.result).toContain(`FROM \`${chDb}\`.\`items\``);
    const r = await run(star.body.result);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
  });

  // --- SQL Lab ---

  it('runs a query with the row limit and maps ClickHouse types to generic ones', async () => {
    const r = await run(`SELECT id, name, amount, created, day, flag, note FROM ${chDb}.items ORDER BY id`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toHaveLength(100);
    expect(r.body.displayLimitReached).toBe(true);
    expect(r.body.columns.map((c) => c.type_generic)).toEqual([0, 1, 0, 2, 2, 0, 1]);
    expect(r.body.data[0]).toMatchObject({ id: 1, name: 'n1', flag: 0, note: null });
    expect(Number(r.body.data[0].amount)).toBe(1.5);
  });

  it('keeps UInt64 18446744073709551615 exact, and text with quotes and backslashes intact', async () => {
    const r = await run(`SELECT id, note FROM ${chDb}.items WHERE name = 'big'`);
    expect(r.status, r.text).toBe(200);
    expect(r.text).toContain('"id":18446744073709551615');
    expect(r.body.data[0].note).toBe("it's \\ here");
    const minus = await run('SELECT toInt64(-9223372036854775808) AS lo, toUInt64(9007199254740993) AS odd');
    expect(minus.text).toContain('"lo":-9223372036854775808');
    expect(minus.text).toContain('"odd":9007199254740993');
  });

  it('runs ClickHouse syntax node-sql-parser cannot read (count(), numbers()) as a read-only query', async () => {
    const r = await run('SELECT count() AS n FROM numbers(1000)');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ n: 1000 }]);
  });

  it('refuses DML without allow_dml, and the read-only session refuses it too', async () => {
    const r = await run(`INSERT INTO ${chDb}.items (id, name) VALUES (999, 'x')`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const count = await run(`SELECT count(*) AS n FROM ${chDb}.items`);
    expect(count.body.data[0].n).toBe(201);
  });

  it('refuses table functions that reach outside ClickHouse on a read-only database (readonly=2 would run them)', async () => {
    // url() pointed back at this ClickHouse server: it answers 42 wherever it is allowed to run
    const sql = "SELECT x FROM url('http://127.0.0.1:8123/?query=SELECT+42', TSV, 'x String')";
    const refused = await run(sql);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).not.toMatch(/42/);
    // below SQL Lab's checks, the read-only session refuses it itself, naming the function
    const pool = await clickhouseSpec.connect({
      uri: parseUri(uriFor(chDb)),
      readOnly: true,
      disableExternalAccess: true,
      poolSize: 1,
      connectTimeoutMs: 5000,
    });
    try {
      for (const [statement, name] of [
        [sql, 'url'],
        [`SELECT count() FROM (SELECT * FROM ${chDb}.items, file('x.csv', CSV, 'a String'))`, 'file'],
      ]) {
        const e = await pool.execute(statement).catch((err: unknown) => err);
        expect(e).toBeInstanceOf(EngineError);
        expect((e as EngineError).message).toBe(
          `The table function ${name}() is not allowed on a read-only database: it reaches outside ClickHouse.`,
        );
      }
      expect((await pool.execute('SELECT count() AS n FROM numbers(5)')).rows).toEqual([[5]]);
    } finally {
      await pool.close();
    }
  });

  it('runs DML where allow_dml is on', async () => {
    const r = await admin.post<SqlLabReply>('/api/v1/sqllab/execute/', {
      database_id: ids.chDml,
      sql: `CREATE TABLE ${chDb}.scratch (x UInt8) ENGINE = Memory;\nINSERT INTO ${chDb}.scratch VALUES (1), (2);\nSELECT sum(x) AS s FROM ${chDb}.scratch`,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ s: 3 }]);
    await ch.command({ query: `DROP TABLE ${chDb}.scratch` });
  });

  it('keeps a read-only session read-only inside the server (readonly=2 on each statement)', async () => {
    const pool = await clickhouseSpec.connect({
      uri: parseUri(uriFor(chDb)),
      readOnly: true,
      disableExternalAccess: true,
      poolSize: 2,
      connectTimeoutMs: 5000,
    });
    try {
      const write = await pool.execute(`INSERT INTO ${chDb}.items (id, name) VALUES (998, 'x')`).catch((e: unknown) => e);
      expect(write).toBeInstanceOf(EngineError);
      expect((write as EngineError).errorType).toBe('READ_ONLY_ERROR');
      const lift = await pool.execute('SELECT 1 SETTINGS readonly = 0').catch((e: unknown) => e);
      expect(lift).toBeInstanceOf(EngineError);
      expect((await pool.execute(`SELECT count() FROM ${chDb}.items`)).rows).toEqual([[201]]);
    } finally {
      await pool.close();
    }
  });

  it('creates a view from a SELECT (CVAS) where the database allows it', async () => {
    const view = `rama_cvas_${suffix}`;
    const r = await admin.post<SqlLabReply>('/api/v1/sqllab/execute/', {
      database_id: ids.chDml,
      schema: chDb,
      sql: `SELECT id FROM ${chDb}.items WHERE id <= 3`,
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: view,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toHaveLength(3);
    const rs = await ch.query({
      query: `SELECT engine FROM system.tables WHERE database = '${chDb}' AND name = '${view}'`,
      format: 'JSONEachRow',
    });
    expect(await rs.json()).toEqual([{ engine: 'View' }]);
  });

  // ClickHouse needs an ENGINE in CREATE TABLE … AS SELECT: the spec's createAs writes MergeTree
  it('creates a table from a SELECT (CTAS) where the database allows it', async () => {
    const r = await admin.post<SqlLabReply>('/api/v1/sqllab/execute/', {
      database_id: ids.chDml,
      schema: chDb,
      sql: `SELECT id FROM ${chDb}.items WHERE id <= 3`,
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: `rama_ctas_${suffix}`,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toHaveLength(3);
  });

  it('runs in the chosen schema (the ClickHouse database of each statement)', async () => {
    const r = await run('SELECT x, currentDatabase() AS db FROM elsewhere', { schema: otherDb });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ x: 7, db: otherDb }]);
    const home = await run('SELECT currentDatabase() AS db');
    expect(home.body.data).toEqual([{ db: chDb }]);
  });

  it('renders templates into ClickHouse SQL', async () => {
    const r = await run(`SELECT count() AS n FROM ${chDb}.items WHERE name = '{{ who }}'`, {
      templateParams: JSON.stringify({ who: 'n5' }),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([{ n: 1 }]);
  });

  it('answers a cost estimate with no plan lines (ClickHouse 18.16 has no EXPLAIN)', async () => {
    const r = await admin.post<{ result: unknown[] }>('/api/v1/sqllab/estimate/', {
      database_id: ids.ch,
      sql: `SELECT * FROM ${chDb}.items`,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual([]);
  });

  it('exports a result as CSV, big integers exact', async () => {
    const r = await run(`SELECT id, name FROM ${chDb}.items WHERE id IN (1, 18446744073709551615) ORDER BY id`);
    expect(r.status, r.text).toBe(200);
    const csv = await admin.get(`/api/v1/sqllab/export/${r.body.query.id}/`);
    expect(csv.status).toBe(200);
    expect(csv.text.replace('\ufeff', '')).toBe('id,name\r\n1,n1\r\n18446744073709551615,big\r\n');
  });

  it('runs a query asynchronously: 202 pending, then the results by key', async () => {
    const r = await run(`SELECT count() AS n, max(id) AS top FROM ${chDb}.items`, { runAsync: true });
    expect(r.status, r.text).toBe(202);
    let key: string | null = null;
    for (let i = 0; i < 100 && !key; i++) {
      const u = await admin.get<{ result: { id: string; state: string; resultsKey: string | null }[] }>(
        '/api/v1/query/updated_since?q=(last_updated_ms:0)',
      );
      const q = u.body.result.find((x) => x.id === r.body.query.id);
      if (q?.state === 'success') key = q.resultsKey;
      else await new Promise((res) => setTimeout(res, 100));
    }
    expect(key).toBeTruthy();
    const res = await admin.get(`/api/v1/sqllab/results/?q=(key:'${key}',rows:10)`);
    expect(res.text).toContain('"n":201');
    expect(res.text).toContain('"top":18446744073709551615');
  });

  it('stops a running query inside the server (KILL QUERY by its query id)', async () => {
    const sql = 'SELECT sum(number) AS s FROM numbers(100000000000)';
    const clientId = `chstop${suffix}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 11);
    const pending = run(sql, { client_id: clientId });
    // wait until the server runs it, then stop it
    for (let i = 0; i < 100; i++) {
      const rs = await ch.query({
        query:
          "SELECT count() AS n FROM system.processes WHERE query LIKE '%numbers(100000000000)%' AND query NOT LIKE '%system.processes%'",
        format: 'JSONEachRow',
      });
      const [row] = await rs.json<{ n: string }>();
      if (Number(row.n) > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const stop = await admin.post('/api/v1/query/stop', { client_id: clientId });
    expect(stop.body).toEqual({ result: 'OK' });
    const r = await pending;
    expect(r.body.query.state).toBe('stopped');
    let left = -1;
    for (let i = 0; i < 100 && left !== 0; i++) {
      const rs = await ch.query({
        query:
          "SELECT count() AS n FROM system.processes WHERE query LIKE '%numbers(100000000000)%' AND query NOT LIKE '%system.processes%'",
        format: 'JSONEachRow',
      });
      left = Number((await rs.json<{ n: string }>())[0].n);
      if (left) await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toBe(0);
    const after = await run('SELECT 1 AS one');
    expect(after.body.data).toEqual([{ one: 1 }]);
  }, 30_000);

  // --- charts ---

  /**
   * The time axis. Labelled `bucket`, not `ts`: ClickHouse reads an alias anywhere in the query, so
   * `toStartOfMonth(ts) AS ts` turns the `ts` of GROUP BY and WHERE into the bucket itself (see the
   * `it.fails` below, and the notes: the chart compiler has to qualify column names for ClickHouse).
   */
  const axis = (grain: string, label = 'bucket') => ({
    columnType: 'BASE_AXIS',
    sqlExpression: 'ts',
    label,
    expressionType: 'SQL',
    timeGrain: grain,
  });
  const simple = (aggregate: string, column: string) => ({
    expressionType: 'SIMPLE',
    aggregate,
    column: { column_name: column },
    label: `${aggregate}(${column})`,
  });

  async function chartData(
    dataset: number,
    query: Record<string, unknown>,
  ): Promise<{ data: Record<string, unknown>[]; colnames: string[] }> {
    const r = await admin.post<{ result: { data: Record<string, unknown>[]; colnames: string[] }[] }>('/api/v1/chart/data', {
      datasource: { id: dataset, type: 'table' },
      queries: [{ row_limit: 10000, ...query }],
      result_type: 'full',
      result_format: 'json',
      force: true,
    });
    expect(r.status, r.text).toBe(200);
    return r.body.result[0];
  }

  function canonical(data: Record<string, unknown>[]): string {
    const rows = data.map((r) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]))),
    );
    return JSON.stringify(rows.sort());
  }

  /** The ClickHouse dataset answers as the DuckDB one does; returns the answer. */
  async function sameAsDuckDb(query: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const duck = await chartData(ids.duckDataset, query);
    const house = await chartData(ids.chDataset, query);
    expect(house.colnames).toEqual(duck.colnames);
    expect(canonical(house.data)).toBe(canonical(duck.data));
    return house.data;
  }

  it('answers chart data on a virtual dataset (SQL) over ClickHouse', async () => {
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: ids.ch,
      schema: chDb,
      table_name: `virtual_${suffix}`,
      sql: 'SELECT origin, count() AS n, sum(distance) AS total FROM flights GROUP BY origin',
    });
    expect(ds.status, ds.text).toBe(201);
    const data = (await chartData(ds.body.id, { columns: ['origin'], metrics: [simple('SUM', 'n')], orderby: [['origin', true]] })).data;
    expect(data.map((d) => d.origin)).toEqual([...ORIGINS].sort());
    expect(data.reduce((s, d) => s + Number(d['SUM(n)']), 0)).toBe(FLIGHTS.length);
  });

  it('counts flights by origin as DuckDB does', async () => {
    const data = await sameAsDuckDb({
      columns: ['origin'],
      metrics: ['count', simple('SUM', 'distance'), simple('AVG', 'delay')],
      orderby: [['origin', true]],
    });
    expect(data).toHaveLength(6);
    expect(data.reduce((s, d) => s + Number(d.count), 0)).toBe(FLIGHTS.length);
    const sea = FLIGHTS.filter((f) => f.origin === 'SEA');
    expect(data.find((d) => d.origin === 'SEA')?.['SUM(distance)']).toBe(sea.reduce((s, f) => s + f.distance, 0));
  });

  it('sums by month (time grain P1M) and buckets every grain as DuckDB does', async () => {
    const months = await sameAsDuckDb({ columns: [axis('P1M')], metrics: [simple('SUM', 'distance')], orderby: [['bucket', true]] });
    expect(months).toHaveLength(24);
    expect(months[0].bucket).toBe(Date.UTC(2023, 0, 1));
    const grains = ['PT1M', 'PT5M', 'PT10M', 'PT15M', 'PT30M', 'PT1H', 'PT6H', 'P1D', 'P1W', 'P3M', 'P1Y'];
    grains.push('1969-12-28T00:00:00Z/P1W', '1969-12-29T00:00:00Z/P1W', 'P1W/1970-01-03T00:00:00Z', 'P1W/1970-01-04T00:00:00Z');
    for (const grain of grains) {
      const data = await sameAsDuckDb({
        columns: [axis(grain)],
        metrics: ['count'],
        orderby: [['bucket', true]],
        filters: [{ col: 'origin', op: '==', val: 'SEA' }],
      });
      expect(
        data.reduce((s, d) => s + Number(d.count), 0),
        grain,
      ).toBe(FLIGHTS.filter((f) => f.origin === 'SEA').length);
    }
  });

  it('filters with every operator (ILIKE as lower() LIKE lower()), a time range and custom WHERE/HAVING as DuckDB does', async () => {
    const data = await sameAsDuckDb({
      columns: ['destination'],
      metrics: ['count', simple('MAX', 'delay')],
      filters: [
        { col: 'origin', op: 'IN', val: ['SEA', 'LAX', 'JFK'] },
        { col: 'destination', op: 'NOT IN', val: ['ATL'] },
        { col: 'delay', op: '>=', val: 0 },
        { col: 'delay', op: '<', val: '120' },
        { col: 'distance', op: '!=', val: 100 },
        { col: 'destination', op: 'ILIKE', val: '%e%' },
        { col: 'destination', op: 'NOT LIKE', val: 'Z%' },
        { col: 'origin', op: 'IS NOT NULL' },
        { col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-03-01 : 2024-06-01' },
      ],
      extras: { where: "lower(origin) != 'xyz'", having: 'count(*) > 1' },
    });
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((d) => /e/i.test(String(d.destination)) && d.destination !== 'ATL')).toBe(true);
  });

  it('filters with the remaining operators (LIKE, NOT ILIKE, ==, >, <=, IS NULL) as DuckDB does', async () => {
    const data = await sameAsDuckDb({
      columns: ['origin', 'destination'],
      metrics: ['count'],
      filters: [
        { col: 'origin', op: 'LIKE', val: '%A%' },
        { col: 'destination', op: 'NOT ILIKE', val: 'sea' },
        { col: 'delay', op: '>', val: -10 },
        { col: 'distance', op: '<=', val: 2000 },
      ],
    });
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((d) => String(d.origin).includes('A') && d.destination !== 'SEA')).toBe(true);
    const one = await sameAsDuckDb({ columns: ['origin'], metrics: ['count'], filters: [{ col: 'origin', op: '==', val: 'DEN' }] });
    expect(one).toEqual([{ origin: 'DEN', count: FLIGHTS.filter((f) => f.origin === 'DEN').length }]);
    expect(await sameAsDuckDb({ columns: ['origin'], metrics: ['count'], filters: [{ col: 'origin', op: 'IS NULL' }] })).toEqual([]);
  });

  // ClickHouse 18.16 joins only on equalities: the spec's nullSafeEquals compares isNull and assumeNotNull
  it('limits a time series to its top series as DuckDB does', async () => {
    const data = await sameAsDuckDb({
      columns: [axis('P3M'), 'origin'],
      metrics: [simple('SUM', 'distance')],
      series_columns: ['origin'],
      series_limit: 2,
      series_limit_metric: simple('SUM', 'distance'),
      orderby: [[simple('SUM', 'distance'), false]],
    });
    expect(new Set(data.map((d) => d.origin)).size).toBe(2);
  });

  // a time axis labelled as its own column, the charts' default: the compiler names its columns
  // internally on ClickHouse (selectAliasesShadowColumns) and labels them in an outer SELECT
  it('groups a time axis labelled as the column it buckets (ts AS ts), filtering on the column itself', async () => {
    const data = await sameAsDuckDb({
      columns: [axis('P1M', 'ts')],
      metrics: ['count'],
      filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-15 : 2024-03-01' }],
      orderby: [['ts', true]],
    });
    expect(data.length).toBeGreaterThan(0);
    expect(Object.keys(data[0]).sort()).toEqual(['count', 'ts']);
  });

  it('compares with a shifted time range (time_offsets) as DuckDB does', async () => {
    const data = await sameAsDuckDb({
      columns: [axis('P1M')],
      metrics: ['count'],
      filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-07-01' }],
      time_offsets: ['1 year ago'],
      orderby: [],
    });
    expect(data).toHaveLength(6);
    expect(Object.keys(data[0])).toContain('count__1 year ago');
    // a year earlier is 2023, where the flights are as many
    expect(data.every((d) => Number(d['count__1 year ago']) > 0)).toBe(true);
  });
  // --- file upload (insert stream into a staging table, then RENAME) ---

  const chRows = async (sql: string): Promise<unknown[][]> => {
    const rs = await ch.query({ query: sql, format: 'JSONCompact' });
    return ((await rs.json()) as { data: unknown[][] }).data;
  };

  it('uploads a CSV file: types, quoted values, nulls, dates, and a dataset on the new table', async () => {
    const csv = 'id,name,score,seen,ok\n1,ann,1.5,2024-03-01 12:00:00,true\n2,"bo, ""jr""",,2024-03-02,False\n3,"line\nbreak\ttab",3,,\n';
    const r = await upload(admin, ids.chUpload, 'csv', 'people.csv', csv, { table_name: 'people', schema: chDb, column_dates: 'seen' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result).toMatchObject({ rows: 3, schema: chDb, table_name: 'people' });
    const types = await chRows(`DESCRIBE TABLE ${chDb}.people`);
    expect(types.map((t) => t[1])).toEqual([
      'Nullable(Int64)',
      'Nullable(String)',
      'Nullable(Float64)',
      expect.stringMatching(/^Nullable\(DateTime(64\(3, )?\('UTC'\)\)?/),
      'Nullable(UInt8)',
    ]);
    expect(await chRows(`SELECT id, name, score, toString(seen), ok FROM ${chDb}.people ORDER BY id`)).toEqual([
      ['1', 'ann', 1.5, '2024-03-01 12:00:00', 1],
      ['2', 'bo, "jr"', null, '2024-03-02 00:00:00', 0],
      ['3', 'line\nbreak\ttab', 3, null, null],
    ]);
    const dataset = await admin.get<{ result: { table_name: string; schema: string } }>(`/api/v1/dataset/${r.body.result?.dataset_id}`);
    expect(dataset.body.result).toMatchObject({ table_name: 'people', schema: chDb });
    // no staging table is left behind
    expect(await chRows(`SELECT count() FROM system.tables WHERE database = '${chDb}' AND name LIKE 'rama_upload_%'`)).toEqual([['0']]);
  });

  it('refuses an existing table with "fail", replaces and appends; a failed append leaves the table as it was', async () => {
    const put = (csv: string, fields: Record<string, string> = {}) =>
      upload(admin, ids.chUpload, 'csv', 't.csv', csv, { table_name: 'up_t', schema: chDb, ...fields });
    expect((await put('n\n1\n')).status).toBe(201);
    const exists = await put('n\n2\n');
    expect(exists.status).toBe(422);
    expect(String(exists.body.message)).toMatch(/already exists/);
    expect((await put('n\n2\n', { already_exists: 'append' })).status).toBe(201);
    // a text value where the table holds numbers: ClickHouse refuses the copy; the staging table goes
    const bad = await put('n\nthree\n', { already_exists: 'append' });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toMatch(/Column "n" is Nullable\(Int64\) in the table, but the file holds text there/);
    expect(await chRows(`SELECT n FROM ${chDb}.up_t ORDER BY n`)).toEqual([['1'], ['2']]);
    const replaced = await put('m\nx\n', { already_exists: 'replace' });
    expect(replaced.status, replaced.text).toBe(201);
    expect(await chRows(`SELECT * FROM ${chDb}.up_t`)).toEqual([['x']]);
    expect(await chRows(`SELECT count() FROM system.tables WHERE database = '${chDb}' AND name LIKE 'rama_upload_%'`)).toEqual([['0']]);
  });

  it('refuses an upload into a database that does not take files (403)', async () => {
    const r = await upload(admin, ids.ch, 'csv', 't.csv', 'n\n1\n', { table_name: 'nope', schema: chDb });
    expect(r.status).toBe(403);
  });
});
