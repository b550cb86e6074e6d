/**
 * CREATE TABLE AS / CREATE VIEW AS from SQL Lab: the target schema (the database's forced CTAS
 * schema, else the one asked for, else the editor's) must be one the user may use.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTestUrl } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';

type Reply = {
  data?: Record<string, unknown>[];
  query?: { tempTable: string | null; tempSchema: string | null; ctas: boolean };
  errors?: { message: string; error_type: string }[];
};

const suffix = `${process.pid}_${Date.now() % 100000}`;
const dbName = `ctas_pg_${suffix}`;
const otherSchema = `rama_ctas_other_${suffix}`;
let server: TestServer;
let admin: Client;
let dbId: number;
let carol: TestUser;
let pgc: pg.Client;

beforeAll(async () => {
  pgc = new pg.Client({ connectionString: pgTestUrl });
  await pgc.connect();
  await pgc.query(`CREATE SCHEMA ${otherSchema}`);
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
  const db = await admin.post<{ id: number }>('/api/v1/database/', {
    database_name: dbName,
    sqlalchemy_uri: pgTestUrl,
    expose_in_sqllab: true,
    allow_ctas: true,
    allow_cvas: true,
  });
  expect(db.status, db.text).toBe(201);
  dbId = db.body.id;
  // carol may use the public schema of this database only
  carol = await loginAs(server, 'carol', ['sql_lab'], [['schema_access', `[${dbName}].[public]`]]);
});

afterAll(async () => {
  await pgc.query(`DROP SCHEMA IF EXISTS ${otherSchema} CASCADE`);
  await pgc.query(`DROP VIEW IF EXISTS public.carol_v_${suffix}`);
  await pgc.query(`DROP TABLE IF EXISTS public.carol_t_${suffix}`);
  await pgc.end();
  await server?.close();
});

const ctas = (client: Client, body: Record<string, unknown>) =>
  client.post<Reply>('/api/v1/sqllab/execute/', {
    database_id: dbId,
    schema: 'public',
    sql: 'SELECT 1 AS x UNION ALL SELECT 2',
    select_as_cta: true,
    ctas_method: 'TABLE',
    ...body,
  });

describe('CTAS target schema', () => {
  it('creates the table in a schema the user may use, and says where it went', async () => {
    const r = await ctas(carol.client, { tmp_table_name: `carol_t_${suffix}`, tmp_schema_name: 'public' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.query).toMatchObject({ tempTable: `carol_t_${suffix}`, tempSchema: 'public', ctas: true });
    expect(r.body.data).toHaveLength(2);
    const view = await ctas(carol.client, { tmp_table_name: `carol_v_${suffix}`, ctas_method: 'VIEW' });
    expect(view.status, view.text).toBe(200);
    const kinds = await pgc.query(`SELECT table_name, table_type FROM information_schema.tables WHERE table_name = ANY($1) ORDER BY 1`, [
      [`carol_t_${suffix}`, `carol_v_${suffix}`],
    ]);
    expect(kinds.rows.map((k) => k.table_type)).toEqual(['BASE TABLE', 'VIEW']);
  });

  it('refuses a schema the user may not use with a 400 naming it, and creates nothing', async () => {
    const r = await ctas(carol.client, { tmp_table_name: `carol_x_${suffix}`, tmp_schema_name: otherSchema });
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors?.[0]).toMatchObject({
      error_type: 'INVALID_CTAS_QUERY_ERROR',
      message: `You are not allowed to create a table in schema "${otherSchema}" of this database.`,
    });
    const v = await ctas(carol.client, { tmp_table_name: `carol_x_${suffix}`, tmp_schema_name: otherSchema, ctas_method: 'VIEW' });
    expect(v.status).toBe(400);
    expect(v.body.errors?.[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    expect(v.body.errors?.[0].message).toContain(`create a view in schema "${otherSchema}"`);
    const made = await pgc.query(`SELECT 1 FROM information_schema.tables WHERE table_name = $1`, [`carol_x_${suffix}`]);
    expect(made.rowCount).toBe(0);
  });

  it("the database's forced CTAS schema wins over the one asked for, and is checked too", async () => {
    const set = await admin.put(`/api/v1/database/${dbId}`, { force_ctas_schema: otherSchema });
    expect(set.status, set.text).toBe(200);
    try {
      const refused = await ctas(carol.client, { tmp_table_name: `carol_y_${suffix}`, tmp_schema_name: 'public' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0].message).toContain(`"${otherSchema}"`);
      const r = await ctas(admin, { tmp_table_name: `admin_t_${suffix}`, tmp_schema_name: 'public' });
      expect(r.status, r.text).toBe(200);
      expect(r.body.query?.tempSchema).toBe(otherSchema);
      const n = await pgc.query(`SELECT count(*)::int AS n FROM ${otherSchema}.admin_t_${suffix}`);
      expect(n.rows[0].n).toBe(2);
    } finally {
      await admin.put(`/api/v1/database/${dbId}`, { force_ctas_schema: null });
    }
  });

  it('bounds the table and schema names', async () => {
    const r = await ctas(admin, { tmp_table_name: 'x'.repeat(257) });
    expect(r.status).toBe(400);
  });
});
