import pg from 'pg';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'yaml';
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
    await pgRun(`DROP TABLE IF EXISTS public.${table}_r`);
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

  it('refresh follows the table: new, dropped and retyped columns; user edits and calculated columns stay', async () => {
    const t = `${table}_r`;
    await pgRun(`CREATE TABLE public.${t} (id int, label text, amount numeric, paid boolean, day_text text)`);
    const id = (await admin.post<{ id: number }>('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: t })).body.id;
    const ds = (await admin.get<{ result: DatasetDetail }>(`/api/v1/dataset/${id}`)).body.result;
    const edit = await admin.put(`/api/v1/dataset/${id}`, {
      columns: [
        ...ds.columns.map((c) => ({
          id: c.id,
          column_name: c.column_name,
          verbose_name: c.column_name === 'label' ? 'Label' : null,
          // a date kept as text, marked temporal by the user
          is_dttm: c.column_name === 'day_text' ? true : undefined,
          python_date_format: c.column_name === 'day_text' ? '%Y-%m-%d' : undefined,
        })),
        { column_name: 'amount_x2', expression: 'amount * 2' },
      ],
    });
    expect(edit.status).toBe(200);
    await pgRun(`ALTER TABLE public.${t} DROP COLUMN paid, ADD COLUMN created_at timestamp, ALTER COLUMN amount TYPE text`);
    const r = await admin.put(`/api/v1/dataset/${id}/refresh`);
    expect(r.status).toBe(200);
    const after = (await admin.get<{ result: DatasetDetail }>(`/api/v1/dataset/${id}`)).body.result;
    const byName = Object.fromEntries(after.columns.map((c) => [c.column_name, c]));
    expect(Object.keys(byName).sort()).toEqual(['amount', 'amount_x2', 'created_at', 'day_text', 'id', 'label']);
    expect(byName.amount).toMatchObject({ type_generic: 1, id: ds.columns.find((c) => c.column_name === 'amount')?.id });
    expect(byName.label.verbose_name).toBe('Label');
    expect(byName.day_text).toMatchObject({ is_dttm: true, python_date_format: '%Y-%m-%d' });
    expect(byName.created_at).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(byName.amount_x2.expression).toBe('amount * 2');
    expect(after.main_dttm_col).toBe('day_text');
  });

  it('export masks a stored password; import needs it again and the imported database connects', async () => {
    const withPassword = pgTestUrl.replace('postgres@', 'postgres:hunter2@');
    const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: 'pg with password', sqlalchemy_uri: withPassword });
    expect(db.status).toBe(201);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: db.body.id,
      schema: 'public',
      table_name: 'pg_answer',
      sql: 'SELECT 42 AS answer',
    });
    expect(ds.status).toBe(201);
    const cookie = (admin as unknown as { cookieHeader(): string }).cookieHeader();
    const res = await fetch(`${server.url}/api/v1/dataset/export/?q=!(${ds.body.id})`, { headers: { cookie } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(bytes);
    const text = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(text).not.toContain('hunter2');
    const dbFile = Object.keys(files).find((n) => n.includes('/databases/'));
    expect(parse(strFromU8(files[dbFile ?? ''])).sqlalchemy_uri).toContain(':XXXXXXXXXX@');

    // a fresh installation: the database is created from the bundle with the password given
    const other = await startTestServer({}, { examples: false });
    try {
      const otherAdmin = await other.admin();
      const form = () => {
        const f = new FormData();
        f.append('formData', new Blob([bytes]), 'bundle.zip');
        return f;
      };
      const missing = await otherAdmin.postForm('/api/v1/dataset/import/', form(), { csrf: true });
      expect(missing.status).toBe(422);
      const f = form();
      f.append('passwords', JSON.stringify({ [`databases/${dbFile?.split('/databases/')[1]}`]: 'hunter2' }));
      const ok = await otherAdmin.postForm('/api/v1/dataset/import/', f, { csrf: true });
      expect(ok.status).toBe(200);
      const list = await otherAdmin.get<{ ids: number[] }>('/api/v1/dataset/');
      expect(list.body.ids).toHaveLength(1);
      const imported = (await otherAdmin.get<{ result: DatasetDetail }>(`/api/v1/dataset/${list.body.ids[0]}`)).body.result;
      expect(imported.columns.map((c) => c.column_name)).toEqual(['answer']);
      // the connection works: a refresh runs the SQL on the imported database
      expect((await otherAdmin.put(`/api/v1/dataset/${imported.id}/refresh`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
