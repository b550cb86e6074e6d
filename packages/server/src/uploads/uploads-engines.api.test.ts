/**
 * Uploads into PostgreSQL (COPY in one transaction) and MariaDB (batched inserts into a staging
 * table): the table, replace and append, and a failed load that leaves nothing half-written.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIfService, mysqlService, mysqlTestUrl, pgTestUrl, postgresService } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { parquetOf, rowsOf, upload, workbook } from '../test-support/uploads.js';

const suffix = `${process.pid}_${Date.now() % 100000}`;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
});

afterAll(async () => {
  await server?.close();
});

async function addDatabase(name: string, uri: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: name,
    sqlalchemy_uri: uri,
    expose_in_sqllab: true,
    allow_file_upload: true,
    extra: JSON.stringify(extra),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.id;
}

const CSV = 'id,name,score,seen\n1,ann,1.5,2024-03-01 12:00:00\n2,"bo, jr",,2024-03-02\n3,"line\nbreak",3,\n';

await describeIfService(postgresService, 'uploads into PostgreSQL', () => {
  const schema = `rama_up_${suffix}`;
  let pgc: pg.Client;
  let id: number;

  beforeAll(async () => {
    pgc = new pg.Client({ connectionString: pgTestUrl });
    await pgc.connect();
    await pgc.query(`CREATE SCHEMA ${schema}`);
    id = await addDatabase(`pg_up_${suffix}`, pgTestUrl, { schemas_allowed_for_file_upload: [schema] });
  });

  afterAll(async () => {
    await pgc.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pgc.end();
  });

  it('loads a CSV file with COPY: types, quoted values, nulls and dates', async () => {
    const r = await upload(admin, id, 'csv', 'people.csv', CSV, { table_name: 'people', schema, column_dates: 'seen' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.result).toMatchObject({ rows: 3, schema });
    const cols = await pgc.query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'people' ORDER BY ordinal_position`,
      [schema],
    );
    expect(cols.rows.map((c: { data_type: string }) => c.data_type)).toEqual([
      'bigint',
      'text',
      'double precision',
      'timestamp without time zone',
    ]);
    const rows = await pgc.query(
      `SELECT id::int AS id, name, score, to_char(seen, 'YYYY-MM-DD HH24:MI') AS seen FROM ${schema}.people ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { id: 1, name: 'ann', score: 1.5, seen: '2024-03-01 12:00' },
      { id: 2, name: 'bo, jr', score: null, seen: '2024-03-02 00:00' },
      { id: 3, name: 'line\nbreak', score: 3, seen: null },
    ]);
    expect(await rowsOf(admin, id, `SELECT count(*) AS n FROM ${schema}.people`)).toEqual([{ n: 3 }]);
  });

  it('refuses a schema that is not listed for uploads', async () => {
    const r = await upload(admin, id, 'csv', 'p.csv', 'a\n1\n', { table_name: 'p', schema: 'public' });
    expect(r.status).toBe(403);
  });

  it('replaces and appends, and a failed append leaves the table as it was', async () => {
    expect((await upload(admin, id, 'csv', 't.csv', 'n\n1\n', { table_name: 't', schema })).status).toBe(201);
    expect((await upload(admin, id, 'csv', 't.csv', 'n\n2\n', { table_name: 't', schema })).status).toBe(422);
    expect((await upload(admin, id, 'csv', 't.csv', 'n\n2\n', { table_name: 't', schema, already_exists: 'append' })).status).toBe(201);
    const bad = await upload(admin, id, 'csv', 't.csv', 'n\n3\nthree\n', { table_name: 't', schema, already_exists: 'append' });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toMatch(/could not be loaded/);
    expect((await pgc.query(`SELECT n::int AS n FROM ${schema}.t ORDER BY n`)).rows).toEqual([{ n: 1 }, { n: 2 }]);
    const replaced = await upload(admin, id, 'csv', 't.csv', 'm\nx\n', { table_name: 't', schema, already_exists: 'replace' });
    expect(replaced.status, replaced.text).toBe(201);
    expect((await pgc.query(`SELECT * FROM ${schema}.t`)).rows).toEqual([{ m: 'x' }]);
  });

  it('loads Excel and Parquet files', async () => {
    const xlsx = await workbook({
      Data: [
        ['k', 'v'],
        ['a', 1],
        ['b', 2],
      ],
    });
    expect((await upload(admin, id, 'excel', 'd.xlsx', xlsx, { table_name: 'xl', schema })).status).toBe(201);
    expect((await pgc.query(`SELECT k, v::int AS v FROM ${schema}.xl ORDER BY k`)).rows).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
    ]);
    const pq = await parquetOf('SELECT range AS r, range % 2 = 0 AS even FROM range(1000)');
    const r = await upload(admin, id, 'columnar', 'r.parquet', pq, { table_name: 'pq', schema });
    expect(r.status, r.text).toBe(201);
    expect(
      (await pgc.query(`SELECT count(*)::int AS n, sum(r)::int AS s, count(*) FILTER (WHERE even)::int AS e FROM ${schema}.pq`)).rows,
    ).toEqual([{ n: 1000, s: 499500, e: 500 }]);
  });
});

await describeIfService(mysqlService, 'uploads into MariaDB', () => {
  const database = `rama_up_${suffix}`;
  let my: mysql.Connection;
  let id: number;

  beforeAll(async () => {
    my = await mysql.createConnection(mysqlTestUrl);
    await my.query(`CREATE DATABASE ${database}`);
    const uri = new URL(mysqlTestUrl);
    uri.pathname = `/${database}`;
    id = await addDatabase(`my_up_${suffix}`, uri.toString());
  });

  afterAll(async () => {
    await my.query(`DROP DATABASE IF EXISTS ${database}`);
    await my.end();
  });

  const tables = async (): Promise<string[]> => {
    const [rows] = await my.query('SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? ORDER BY 1', [database]);
    return (rows as { t: string }[]).map((r) => r.t);
  };

  it('loads a CSV file with batched inserts: types, quoted values, nulls and dates', async () => {
    const r = await upload(admin, id, 'csv', 'people.csv', CSV, { table_name: 'people', column_dates: 'seen' });
    expect(r.status, r.text).toBe(201);
    const [rows] = await my.query(
      `SELECT id, name, score, DATE_FORMAT(seen, '%Y-%m-%d %H:%i') AS seen FROM ${database}.people ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, name: 'ann', score: 1.5, seen: '2024-03-01 12:00' },
      { id: 2, name: 'bo, jr', score: null, seen: '2024-03-02 00:00' },
      { id: 3, name: 'line\nbreak', score: 3, seen: null },
    ]);
    expect(await tables()).toEqual(['people']);
  });

  it('replaces and appends; a failed append leaves the table as it was and no staging table behind', async () => {
    expect((await upload(admin, id, 'csv', 't.csv', 'n\n1\n', { table_name: 't' })).status).toBe(201);
    const exists = await upload(admin, id, 'csv', 't.csv', 'n\n2\n', { table_name: 't' });
    expect(exists.status).toBe(422);
    expect(String(exists.body.message)).toMatch(/already exists/);
    expect((await upload(admin, id, 'csv', 't.csv', 'n\n2\n', { table_name: 't', already_exists: 'append' })).status).toBe(201);
    const bad = await upload(admin, id, 'csv', 't.csv', 'n\n3\nthree\n', { table_name: 't', already_exists: 'append' });
    expect(bad.status).toBe(422);
    const [kept] = await my.query(`SELECT n FROM ${database}.t ORDER BY n`);
    expect(kept).toEqual([{ n: 1 }, { n: 2 }]);
    const replaced = await upload(admin, id, 'csv', 't.csv', 'm\nx\n', { table_name: 't', already_exists: 'replace' });
    expect(replaced.status, replaced.text).toBe(201);
    const [now] = await my.query(`SELECT * FROM ${database}.t`);
    expect(now).toEqual([{ m: 'x' }]);
    expect(await tables()).toEqual(['people', 't']);
  });

  it('loads an Excel sheet and a Parquet file', async () => {
    const xlsx = await workbook({
      Data: [
        ['k', 'v'],
        ['a', 1.25],
      ],
    });
    expect((await upload(admin, id, 'excel', 'd.xlsx', xlsx, { table_name: 'xl' })).status).toBe(201);
    const [xl] = await my.query(`SELECT k, v FROM ${database}.xl`);
    expect(xl).toEqual([{ k: 'a', v: 1.25 }]);
    const pq = await parquetOf('SELECT range AS r FROM range(5000)');
    expect((await upload(admin, id, 'columnar', 'r.parquet', pq, { table_name: 'pq' })).status).toBe(201);
    const [n] = await my.query(`SELECT count(*) AS n, sum(r) AS s FROM ${database}.pq`);
    expect(n).toEqual([{ n: 5000, s: '12497500' }]);
  });
});
