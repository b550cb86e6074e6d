import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatasetDetail } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { describeIfService, pgTestUrl, postgresService } from '../test-support/services.js';

const table = `rama_ds_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;

async function pgRun(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgTestUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

await describeIfService(postgresService, 'datasets on a PostgreSQL data source', () => {
  let server: TestServer;
  let admin: Client;
  let databaseId: number;

  beforeAll(async () => {
    await pgRun(
      `CREATE TABLE public.${table} (id int PRIMARY KEY, name text, created_at timestamp, day date, amount numeric(10,2), paid boolean)`,
    );
    await pgRun(`INSERT INTO public.${table} VALUES (1, 'a', now(), current_date, 10.5, true), (2, 'b', now(), current_date, 3, false)`);
    server = await startTestServer({}, { examples: false });
    admin = await server.admin();
    const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: 'pg data', sqlalchemy_uri: pgTestUrl });
    if (db.status !== 201) throw new Error(`adding the database failed: ${JSON.stringify(db.body)}`);
    databaseId = db.body.id;
  });

  afterAll(async () => {
    await server?.close();
    await pgRun(`DROP TABLE IF EXISTS public.${table}`);
  });

  it('a physical dataset takes the table columns with generic types', async () => {
    const r = await admin.post<{ id: number }>('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: table });
    expect(r.status).toBe(201);
    const ds = (await admin.get<{ result: DatasetDetail }>(`/api/v1/dataset/${r.body.id}`)).body.result;
    expect(ds.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['id', 0, false],
      ['name', 1, false],
      ['created_at', 2, true],
      ['day', 2, true],
      ['amount', 0, false],
      ['paid', 3, false],
    ]);
    expect(ds.database.backend).toBe('postgresql');
    expect(ds.select_star).toBe(`SELECT *\nFROM "public"."${table}"\nLIMIT 100`);
    expect(ds.main_dttm_col).toBe('created_at');
    const dup = await admin.post('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: table });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { table_name: [`Dataset public.${table} already exists`] } });
  });

  it('a virtual dataset infers the columns of its query', async () => {
    const sql = `SELECT day, sum(amount) AS total, count(*) AS n, max(name) AS last_name FROM public.${table} GROUP BY day`;
    const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: databaseId,
      schema: 'public',
      table_name: 'daily totals',
      sql,
    });
    expect(r.status).toBe(201);
    const ds = (await admin.get<{ result: DatasetDetail }>(`/api/v1/dataset/${r.body.id}`)).body.result;
    expect(ds.kind).toBe('virtual');
    expect(ds.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['day', 2, true],
      ['total', 0, false],
      ['n', 0, false],
      ['last_name', 1, false],
    ]);
    const open = await server.ctx.connections.get(databaseId);
    expect((await open.pool.execute(ds.select_star)).rows).toHaveLength(1);
  });

  it('a missing table is refused', async () => {
    const r = await admin.post('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: `${table}_missing` });
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toMatch(/could not be found/);
  });
});
