/**
 * One execution path for every caller, on the real engines: with a tab's schema set, the query,
 * its CSV export and a dataset saved from it all run in that schema; a read-only PostgreSQL
 * database stays read-only whatever a statement tries.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIfService, mysqlService, mysqlTestUrl, pgTestUrl, postgresService } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { QueryCancelledError } from './executor.js';

const suffix = `${process.pid}_${Date.now() % 100000}`;
const schemaName = `rama_ns_${suffix}`;

let server: TestServer;
let admin: Client;

interface ExecReply {
  data: Record<string, unknown>[];
  query: { id: string; state: string };
  errors?: { message: string; error_type: string }[];
}

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
});

async function addDatabase(name: string, uri: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: `${name} ${suffix}`,
    sqlalchemy_uri: uri,
    expose_in_sqllab: true,
  });
  if (r.status !== 201) throw new Error(`could not add ${name}: ${r.text}`);
  return r.body.id;
}

/** The tab's query, its export and a dataset saved from it, all with the schema chosen in the tab. */
async function checkSchemaEverywhere(databaseId: number, clientId: string): Promise<void> {
  const sql = 'SELECT x FROM t ORDER BY x';
  const run = await admin.post<ExecReply>('/api/v1/sqllab/execute/', {
    database_id: databaseId,
    schema: schemaName,
    sql,
    client_id: clientId,
    queryLimit: 100,
  });
  expect(run.status, run.text).toBe(200);
  expect(run.body.data.map((r) => Number(r.x))).toEqual([1, 2, 3]);

  const csv = await admin.get(`/api/v1/sqllab/export/${clientId}/`);
  expect(csv.status, csv.text).toBe(200);
  expect(csv.text.replace('\ufeff', '').trim().split('\r\n')).toEqual(['x', '1', '2', '3']);

  const ds = await admin.post<{ id: number; result: { columns: { column_name: string }[] } }>('/api/v1/dataset/', {
    database: databaseId,
    schema: schemaName,
    sql,
    table_name: `from_query_${clientId}`,
  });
  expect(ds.status, ds.text).toBe(201);
  const detail = await admin.get<{ result: { columns: { column_name: string }[] } }>(`/api/v1/dataset/${ds.body.id}`);
  expect(detail.body.result.columns.map((c) => c.column_name)).toEqual(['x']);
}

await describeIfService(postgresService, 'one execution path on PostgreSQL', () => {
  let dbId: number;
  beforeAll(async () => {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schemaName}`);
    await c.query(`CREATE TABLE ${schemaName}.t (x int)`);
    await c.query(`INSERT INTO ${schemaName}.t VALUES (1), (2), (3)`);
    await c.end();
    dbId = await addDatabase('pg-ns', pgTestUrl);
  });
  afterAll(async () => {
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await c.end();
  });

  it('runs the query, its CSV export and dataset column discovery in the tab schema', async () => {
    await checkSchemaEverywhere(dbId, `nspg${suffix}`.slice(0, 11));
  });

  it('refuses statements that would undo read-only or write large objects', async () => {
    for (const sql of [
      "SELECT set_config('default_transaction_read_only', 'off', false)",
      'SELECT lo_create(0)',
      'SET default_transaction_read_only = off',
      'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
    ]) {
      const r = await admin.post<ExecReply>('/api/v1/sqllab/execute/', { database_id: dbId, sql });
      expect(r.status, `${sql}: ${r.text}`).toBe(400);
      expect(r.body.errors?.[0].error_type, sql).toBe('DML_NOT_ALLOWED_ERROR');
    }
  });

  it('runs user SQL inside a READ ONLY transaction that is rolled back, so a statement that slips past the checks changes nothing', async () => {
    const before = await largeObjectCount();
    const direct = (sql: string) =>
      server.ctx.execution
        .run({
          databaseId: dbId,
          catalog: null,
          schema: null,
          timeoutMs: 10_000,
          statements: [sql],
          resultIndex: 0,
          maxRows: 10,
          sink: { columns: () => undefined, rows: () => undefined },
        })
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
    const err = await direct("SELECT set_config('transaction_read_only', 'off', false)");
    expect(err?.message).toMatch(/read-write mode must be set before any query/);
    // PostgreSQL 15 lets lo_create run in a read-only transaction; the rollback undoes it
    await direct('SELECT lo_create(0)');
    expect(await largeObjectCount()).toBe(before);
    // and the session default did not change for the next run
    const after = await admin.post<ExecReply>('/api/v1/sqllab/execute/', { database_id: dbId, sql: 'SHOW transaction_read_only' });
    expect(after.body.data[0]).toEqual({ transaction_read_only: 'on' });
  });

  it('cancels a run when its signal aborts (a client that went away)', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = server.ctx.execution.run({
      databaseId: dbId,
      catalog: null,
      schema: null,
      timeoutMs: 60_000,
      signal: controller.signal,
      statements: ['SELECT pg_sleep(30)'],
      resultIndex: 0,
      maxRows: 1,
      sink: { columns: () => undefined, rows: () => undefined },
    });
    setTimeout(() => controller.abort(new QueryCancelledError('client left')), 500);
    await expect(run).rejects.toThrow('client left');
    expect(Date.now() - started).toBeLessThan(5000);
    const c = new pg.Client({ connectionString: pgTestUrl });
    await c.connect();
    const act = await c.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'",
    );
    await c.end();
    expect(act.rows[0].n).toBe(0);
  });
});

async function largeObjectCount(): Promise<number> {
  const c = new pg.Client({ connectionString: pgTestUrl });
  await c.connect();
  const r = await c.query('SELECT count(*)::int AS n FROM pg_largeobject_metadata');
  await c.end();
  return r.rows[0].n as number;
}

await describeIfService(mysqlService, 'one execution path on MariaDB', () => {
  let dbId: number;
  beforeAll(async () => {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`CREATE DATABASE ${schemaName}`);
    await c.query(`CREATE TABLE ${schemaName}.t (x int)`);
    await c.query(`INSERT INTO ${schemaName}.t VALUES (1), (2), (3)`);
    await c.end();
    dbId = await addDatabase('maria-ns', mysqlTestUrl);
  });
  afterAll(async () => {
    const c = await mysql.createConnection(mysqlTestUrl);
    await c.query(`DROP DATABASE IF EXISTS ${schemaName}`);
    await c.end();
  });

  it('runs the query, its CSV export and dataset column discovery in the tab schema', async () => {
    await checkSchemaEverywhere(dbId, `nsmy${suffix}`.slice(0, 11));
  });

  it('refuses SET of any kind where data changes are not allowed', async () => {
    for (const sql of ['SET SESSION TRANSACTION READ WRITE', 'SET @@session.transaction_read_only = 0']) {
      const r = await admin.post<ExecReply>('/api/v1/sqllab/execute/', { database_id: dbId, sql });
      expect(r.status, `${sql}: ${r.text}`).toBe(400);
      expect(r.body.errors?.[0].error_type, sql).toBe('DML_NOT_ALLOWED_ERROR');
    }
  });
});
