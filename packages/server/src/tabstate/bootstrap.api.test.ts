import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryRecord, SqlLabDatabase, TabStateRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { databaseGrant, insertDatabase, insertQuery, loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';

type Bootstrap = {
  result: {
    active_tab: TabStateRecord | null;
    databases: Record<string, Record<string, unknown>>;
    queries: Record<string, QueryRecord>;
    tab_state_ids: { id: number; label: string }[];
  };
};

let server: TestServer;
let admin: Client;
let alice: TestUser;
let bob: TestUser;
let examples: number;
let finance: number;
let hiddenFromSqlLab: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  examples = server.examplesId!;
  finance = await insertDatabase(server, 'finance');
  hiddenFromSqlLab = await insertDatabase(server, 'warehouse', { exposeInSqlLab: false });
  alice = await loginAs(server, 'alice', ['sql_lab'], [databaseGrant('examples', examples), databaseGrant('warehouse', hiddenFromSqlLab)]);
  bob = await loginAs(server, 'bob', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

const newTab = async (c: Client, name: string) =>
  (await c.post<{ id: number }>('/tabstateview/', { queryEditor: { name, dbId: examples, schema: 'main', sql: `-- ${name}` } })).body.id;

describe('GET /api/v1/sqllab/', () => {
  it('a user without tabs gets the databases they may use in SQL Lab and nothing else', async () => {
    const r = await bob.client.get<Bootstrap>('/api/v1/sqllab/');
    expect(r.status).toBe(200);
    expect(r.body.result.active_tab).toBeNull();
    expect(r.body.result.queries).toEqual({});
    expect(r.body.result.tab_state_ids).toEqual([]);
    expect(Object.keys(r.body.result.databases)).toEqual([String(examples)]);
    expect(r.body.result.databases[examples]).toEqual({
      id: examples,
      database_name: 'examples',
      backend: 'duckdb',
      expose_in_sqllab: true,
      allow_run_async: true,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      allows_subquery: true,
      disable_data_preview: false,
      force_ctas_schema: null,
      allows_cost_estimate: true,
      engine_information: {
        supports_catalog: true,
        disable_ssh_tunneling: true,
        supports_file_upload: expect.any(Boolean),
        // the SQL editor's dialect comes from the engine's spec: DuckDB is highlighted as PostgreSQL
        editor_dialect: expect.objectContaining({ highlight: 'PostgreSQL', backslash_escapes: false, hash_comments: false }),
      },
    });
    const { editor_dialect } = (r.body.result.databases[examples] as SqlLabDatabase).engine_information;
    expect(editor_dialect.keywords).toContain('QUALIFY');
    expect(editor_dialect.functions).toContain('read_parquet');
  });

  it('lists only accessible databases exposed in SQL Lab', async () => {
    const mine = await alice.client.get<Bootstrap>('/api/v1/sqllab/');
    // warehouse is granted but not exposed in SQL Lab; finance is not granted
    expect(Object.keys(mine.body.result.databases)).toEqual([String(examples)]);
    await server.ctx.store.db.updateTable('dbs').set({ extra: '{"disable_data_preview": true}' }).where('id', '=', finance).execute();
    const all = await admin.get<Bootstrap>('/api/v1/sqllab/');
    expect(Object.keys(all.body.result.databases).sort()).toEqual([String(examples), String(finance)].sort());
    expect(all.body.result.databases[finance]).toMatchObject({
      database_name: 'finance',
      backend: 'postgresql',
      disable_data_preview: true,
    });
  });

  it('returns the active tab, the user’s tabs and the queries of those tabs', async () => {
    const first = await newTab(alice.client, 'First');
    const second = await newTab(alice.client, 'Second');
    await alice.client.post(`/tabstateview/${first}/activate`);
    const inFirst = await insertQuery(server, { database_id: examples, user_id: alice.id, sql_editor_id: String(first) });
    const inSecond = await insertQuery(server, { database_id: examples, user_id: alice.id, sql_editor_id: String(second) });
    const noTab = await insertQuery(server, { database_id: examples, user_id: alice.id, sql_editor_id: null });
    const bobs = await insertQuery(server, { database_id: examples, user_id: bob.id, sql_editor_id: String(first) });
    await alice.client.put(`/tabstateview/${first}`, { latest_query_id: inFirst.client_id });
    await newTab(bob.client, 'Bob’s');

    const r = await alice.client.get<Bootstrap>('/api/v1/sqllab/');
    expect(r.status).toBe(200);
    const { active_tab, queries, tab_state_ids } = r.body.result;
    expect(tab_state_ids).toEqual([
      { id: first, label: 'First' },
      { id: second, label: 'Second' },
    ]);
    expect(active_tab).toMatchObject({ id: first, label: 'First', active: true, sql: '-- First', table_schemas: [] });
    expect(active_tab?.latest_query).toMatchObject({ id: inFirst.client_id, db: 'examples' });
    expect(Object.keys(queries).sort()).toEqual([inFirst.client_id, inSecond.client_id].sort());
    expect(queries[inSecond.client_id]).toMatchObject({
      id: inSecond.client_id,
      sqlEditorId: String(second),
      state: 'success',
      userId: alice.id,
    });
    expect(queries[noTab.client_id]).toBeUndefined();
    expect(queries[bobs.client_id]).toBeUndefined();
  });

  it('carries at most the 100 newest tab queries, plus each tab’s latest query', async () => {
    const carol = await loginAs(server, 'carol', ['sql_lab'], [databaseGrant('examples', examples)]);
    const tab = await newTab(carol.client, 'Busy');
    const old = await insertQuery(server, {
      database_id: examples,
      user_id: carol.id,
      sql_editor_id: String(tab),
      changed_on: '2020-01-01T00:00:00.000Z',
    });
    const oldest = await insertQuery(server, {
      database_id: examples,
      user_id: carol.id,
      sql_editor_id: String(tab),
      changed_on: '2019-01-01T00:00:00.000Z',
    });
    for (let i = 0; i < 100; i++) await insertQuery(server, { database_id: examples, user_id: carol.id, sql_editor_id: String(tab) });
    await carol.client.put(`/tabstateview/${tab}`, { latest_query_id: old.client_id });
    const { queries } = (await carol.client.get<Bootstrap>('/api/v1/sqllab/')).body.result;
    expect(Object.keys(queries)).toHaveLength(101);
    expect(queries[old.client_id]).toBeDefined();
    expect(queries[oldest.client_id]).toBeUndefined();
  });

  it('falls back to another tab when none is active', async () => {
    const dave = await loginAs(server, 'dave', ['sql_lab'], [databaseGrant('examples', examples)]);
    const id = await newTab(dave.client, 'Only');
    await server.ctx.store.db.updateTable('tab_state').set({ active: 0 }).where('id', '=', id).execute();
    const r = await dave.client.get<Bootstrap>('/api/v1/sqllab/');
    expect(r.body.result.active_tab).toMatchObject({ id, active: false });
  });

  it('needs SQL Lab access and a login', async () => {
    const gamma = await loginAs(server, 'gail', ['Gamma']);
    expect((await gamma.client.get('/api/v1/sqllab/')).status).toBe(403);
    expect((await server.client().get('/api/v1/sqllab/')).status).toBe(401);
  });
});
