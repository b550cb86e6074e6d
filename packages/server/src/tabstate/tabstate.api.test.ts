import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TabStateRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import {
  databaseGrant,
  formBody,
  insertDatabase,
  insertQuery,
  loginAs,
  postForm,
  putForm,
  type TestUser,
} from '../test-support/sqllab-fixtures.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let examples: number;
let finance: number;

beforeAll(async () => {
  server = await startTestServer();
  examples = server.examplesId!;
  finance = await insertDatabase(server, 'finance');
  alice = await loginAs(server, 'alice', ['sql_lab'], [databaseGrant('examples', examples)]);
  bob = await loginAs(server, 'bob', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

/** The web client's tab, as kept in its store. */
function clientTab(overrides: Record<string, unknown> = {}) {
  return {
    id: 'x1Yz9',
    name: 'Untitled Query 1',
    dbId: examples,
    catalog: null,
    schema: 'main',
    sql: 'SELECT * FROM flights',
    selectedText: null,
    queryLimit: 1000,
    maxRow: 100000,
    autorun: false,
    templateParams: '{"origin": "SEA"}',
    latestQueryId: null,
    remoteId: null,
    hideLeftBar: false,
    cursorPosition: { row: 0, column: 0 },
    northPercent: 30,
    southPercent: 70,
    inLocalStorage: true,
    loaded: true,
    updatedAt: 1716381375000,
    version: 1,
    ...overrides,
  };
}

async function newTab(c: Client, overrides: Record<string, unknown> = {}): Promise<number> {
  const r = await postForm<{ id: number }>(c, '/tabstateview/', { queryEditor: JSON.stringify(clientTab(overrides)) });
  expect(r.status).toBe(200);
  return r.body.id;
}

const getTab = (c: Client, id: number) => c.get<TabStateRecord>(`/tabstateview/${id}`);

describe('saving a tab', () => {
  it('stores the client tab from a form post and reads it back as the server tab state', async () => {
    const saved = (await alice.client.post<{ id: number }>('/api/v1/saved_query/', { db_id: examples, label: 'saved', sql: 'SELECT 1' }))
      .body.id;
    const r = await postForm<{ id: number }>(alice.client, '/tabstateview/', {
      queryEditor: JSON.stringify(clientTab({ name: 'Flights', remoteId: saved, hideLeftBar: true })),
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number) });
    const tab = await getTab(alice.client, r.body.id);
    expect(tab.status).toBe(200);
    expect(tab.body).toEqual({
      id: r.body.id,
      user_id: alice.id,
      label: 'Flights',
      active: true,
      database_id: examples,
      catalog: null,
      schema: 'main',
      sql: 'SELECT * FROM flights',
      query_limit: 1000,
      latest_query: null,
      autorun: false,
      template_params: '{"origin": "SEA"}',
      hide_left_bar: true,
      saved_query: { id: saved },
      extra_json: { updatedAt: 1716381375000, version: 1 },
      table_schemas: [],
    });
  });

  it('accepts a JSON body, with the tab as an object or as JSON text', async () => {
    const asObject = await alice.client.post<{ id: number }>('/tabstateview/', { queryEditor: clientTab({ name: 'json object' }) });
    expect(asObject.status).toBe(200);
    expect((await getTab(alice.client, asObject.body.id)).body.label).toBe('json object');
    const asText = await alice.client.post<{ id: number }>('/tabstateview/', {
      queryEditor: JSON.stringify(clientTab({ name: 'json text' })),
    });
    expect((await getTab(alice.client, asText.body.id)).body.label).toBe('json text');
  });

  it('names an unnamed tab after the highest "Untitled Query N"', async () => {
    const carol = await loginAs(server, 'carol', ['sql_lab'], [databaseGrant('examples', examples)]);
    await newTab(carol.client, { name: 'Untitled Query 4' });
    const id = await newTab(carol.client, { name: undefined });
    expect((await getTab(carol.client, id)).body.label).toBe('Untitled Query 5');
  });

  it('drops references the user cannot resolve instead of failing the migration', async () => {
    const id = await newTab(alice.client, { dbId: finance, remoteId: 999_999 });
    const tab = await getTab(alice.client, id);
    expect(tab.body.database_id).toBeNull();
    expect(tab.body.saved_query).toBeNull();
  });

  it('names the field that is wrong', async () => {
    const missing = await postForm(alice.client, '/tabstateview/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: { queryEditor: ['Missing data for required field.'] } });
    const badJson = await alice.client.request('POST', '/tabstateview/', undefined, {
      raw: 'queryEditor=%7Bnot-json',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ message: { queryEditor: ['Not a valid JSON value.'] } });
    const badType = await postForm(alice.client, '/tabstateview/', {
      queryEditor: JSON.stringify(clientTab({ dbId: 'examples', queryLimit: -1 })),
    });
    expect(badType.body).toEqual({
      message: { 'queryEditor.dbId': ['Not a valid integer.'], 'queryEditor.queryLimit': ['Must be greater than or equal to 0.'] },
    });
  });

  it('makes the new tab the active one', async () => {
    const dave = await loginAs(server, 'dave', ['sql_lab'], [databaseGrant('examples', examples)]);
    const first = await newTab(dave.client);
    const second = await newTab(dave.client);
    expect((await getTab(dave.client, first)).body.active).toBe(false);
    expect((await getTab(dave.client, second)).body.active).toBe(true);
    const r = await dave.client.post(`/tabstateview/${first}/activate`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: first });
    expect((await getTab(dave.client, first)).body.active).toBe(true);
    expect((await getTab(dave.client, second)).body.active).toBe(false);
  });
});

describe('updating a tab', () => {
  let id: number;

  beforeAll(async () => {
    id = await newTab(alice.client);
  });

  it('applies form fields, each JSON-encoded, one per changed key', async () => {
    const r = await putForm(alice.client, `/tabstateview/${id}`, {
      sql: 'SELECT 2',
      query_limit: 50,
      label: 'Renamed',
      autorun: true,
      hide_left_bar: true,
      schema: null,
      template_params: '{}',
      extra_json: JSON.stringify({ updatedAt: 1716381999000, version: 1 }),
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id });
    const tab = (await getTab(alice.client, id)).body;
    expect(tab).toMatchObject({
      sql: 'SELECT 2',
      query_limit: 50,
      label: 'Renamed',
      autorun: true,
      hide_left_bar: true,
      schema: null,
      template_params: '{}',
    });
    expect(tab.extra_json).toEqual({ updatedAt: 1716381999000, version: 1 });
    // untouched keys keep their values
    expect(tab.database_id).toBe(examples);
  });

  it('applies a JSON body with the same keys', async () => {
    const r = await alice.client.put(`/tabstateview/${id}`, { sql: 'SELECT 3', extra_json: { version: 1 }, database_id: null });
    expect(r.status).toBe(200);
    const tab = (await getTab(alice.client, id)).body;
    expect(tab).toMatchObject({ sql: 'SELECT 3', extra_json: { version: 1 }, database_id: null });
  });

  it('accepts the CSRF token of a form in its body without taking it for a field', async () => {
    const token = (await alice.client.get<{ result: string }>('/api/v1/security/csrf_token/')).body.result;
    const raw = `${formBody({ sql: 'SELECT 2.5' }).raw}&csrf_token=${encodeURIComponent(token)}`;
    const r = await alice.client.request('PUT', `/tabstateview/${id}`, undefined, {
      raw,
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(200);
    expect((await getTab(alice.client, id)).body.sql).toBe('SELECT 2.5');
  });

  it('refuses unknown fields, bad JSON and bad values, naming them, and changes nothing', async () => {
    const unknown = await putForm(alice.client, `/tabstateview/${id}`, { sql: 'SELECT 4', user_id: bob.id, active: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: { user_id: ['Unknown field.'], active: ['Unknown field.'] } });
    const badJson = await alice.client.request('PUT', `/tabstateview/${id}`, undefined, {
      raw: 'sql=SELECT%205',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ message: { sql: ['Not a valid JSON value.'] } });
    const badValues = await putForm(alice.client, `/tabstateview/${id}`, {
      query_limit: 'many',
      autorun: 'yes',
      extra_json: '[1]',
      label: '',
    });
    expect(badValues.body).toEqual({
      message: {
        query_limit: ['Not a valid integer.'],
        autorun: ['Not a valid boolean.'],
        extra_json: ['Not a valid JSON object.'],
        label: ['Field cannot be empty.'],
      },
    });
    const noDb = await putForm(alice.client, `/tabstateview/${id}`, { database_id: finance });
    expect(noDb.body).toEqual({ message: { database_id: ['Database does not exist'] } });
    const bobsSaved = (await bob.client.post<{ id: number }>('/api/v1/saved_query/', { db_id: examples, label: 'bob', sql: 'SELECT 1' }))
      .body.id;
    const notMine = await putForm(alice.client, `/tabstateview/${id}`, { saved_query_id: bobsSaved });
    expect(notMine.body).toEqual({ message: { saved_query_id: ['Saved query does not exist'] } });
    expect((await getTab(alice.client, id)).body.sql).toBe('SELECT 2.5');
  });

  it('links a saved query, and shows the latest query of the tab’s user only', async () => {
    const saved = (await alice.client.post<{ id: number }>('/api/v1/saved_query/', { db_id: examples, label: 'link me', sql: 'SELECT 1' }))
      .body.id;
    expect((await putForm(alice.client, `/tabstateview/${id}`, { saved_query_id: saved })).status).toBe(200);
    expect((await getTab(alice.client, id)).body.saved_query).toEqual({ id: saved });

    const query = await insertQuery(server, { database_id: examples, user_id: alice.id, sql_editor_id: String(id), sql: 'SELECT 42' });
    expect((await putForm(alice.client, `/tabstateview/${id}`, { sql: 'SELECT 42', latest_query_id: query.client_id })).status).toBe(200);
    const tab = (await getTab(alice.client, id)).body;
    expect(tab.latest_query).toMatchObject({
      id: query.client_id,
      queryId: query.id,
      dbId: examples,
      db: 'examples',
      sql: 'SELECT 42',
      state: 'success',
      sqlEditorId: String(id),
      user: 'alice',
    });

    const bobs = await insertQuery(server, { database_id: examples, user_id: bob.id, sql: 'SELECT secret' });
    await putForm(alice.client, `/tabstateview/${id}`, { latest_query_id: bobs.client_id });
    expect((await getTab(alice.client, id)).body.latest_query).toBeNull();
  });
});

describe('a tab belongs to its user', () => {
  it('another user gets the same 404 as for a missing tab, and changes nothing', async () => {
    const id = await newTab(alice.client, { name: 'private' });
    const table = await postForm<{ id: number }>(alice.client, '/tableschemaview/', {
      table: JSON.stringify({ dbId: examples, queryEditorId: String(id), schema: 'main', name: 'flights' }),
    });
    const missing = await bob.client.get('/tabstateview/999999');
    expect(missing.status).toBe(404);
    const r = await bob.client.get(`/tabstateview/${id}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual(missing.body);
    expect((await putForm(bob.client, `/tabstateview/${id}`, { sql: 'DROP TABLE x' })).status).toBe(404);
    expect((await bob.client.post(`/tabstateview/${id}/activate`)).status).toBe(404);
    expect((await bob.client.delete(`/tabstateview/${id}`)).status).toBe(404);
    expect((await postForm(bob.client, `/tabstateview/${id}/migrate_query`, { queryId: 'abc' })).status).toBe(404);
    expect((await bob.client.delete(`/tabstateview/${id}/query/abc`)).status).toBe(404);
    const bobTable = await postForm(bob.client, '/tableschemaview/', {
      table: JSON.stringify({ dbId: examples, queryEditorId: id, schema: 'main', name: 'airports' }),
    });
    expect(bobTable.status).toBe(404);
    expect((await postForm(bob.client, `/tableschemaview/${table.body.id}/expanded`, { expanded: false })).status).toBe(404);
    expect((await bob.client.delete(`/tableschemaview/${table.body.id}`)).status).toBe(404);
    const still = (await getTab(alice.client, id)).body;
    expect(still.sql).toBe('SELECT * FROM flights');
    expect(still.table_schemas.map((t) => [t.table, t.expanded])).toEqual([['flights', true]]);
  });

  it('needs the tab state permissions and a login', async () => {
    const gamma = await loginAs(server, 'gail', ['Gamma'], [databaseGrant('examples', examples)]);
    const r = await postForm(gamma.client, '/tabstateview/', { queryEditor: JSON.stringify(clientTab()) });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You do not have permission to edit this tab state' });
    expect((await gamma.client.get('/tabstateview/1')).status).toBe(403);
    expect((await postForm(gamma.client, '/tableschemaview/', { table: '{}' })).status).toBe(403);
    expect((await server.client().get('/tabstateview/1')).status).toBe(401);
  });

  it('refuses a session form post without the CSRF token', async () => {
    const r = await alice.client.request('POST', '/tabstateview/', undefined, {
      ...formBody({ queryEditor: JSON.stringify(clientTab()) }),
      csrf: false,
    });
    expect(r.status).toBe(400);
  });
});

describe('queries of a tab', () => {
  it('migrates a query into a tab and deletes it from there', async () => {
    const id = await newTab(alice.client);
    const q = await insertQuery(server, { database_id: examples, user_id: alice.id });
    const r = await postForm(alice.client, `/tabstateview/${id}/migrate_query`, { queryId: q.client_id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id });
    const row = await server.ctx.store.db.selectFrom('query').select('sql_editor_id').where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(row.sql_editor_id).toBe(String(id));

    // someone else's query cannot be pulled in
    const bobs = await insertQuery(server, { database_id: examples, user_id: bob.id });
    expect((await alice.client.post(`/tabstateview/${id}/migrate_query`, { queryId: bobs.client_id })).status).toBe(404);
    const missing = await postForm(alice.client, `/tabstateview/${id}/migrate_query`, {});
    expect(missing.body).toEqual({ message: { queryId: ['Missing data for required field.'] } });

    const del = await alice.client.delete(`/tabstateview/${id}/query/${q.client_id}`);
    expect(del.status).toBe(200);
    expect(await server.ctx.store.db.selectFrom('query').select('id').where('id', '=', q.id).executeTakeFirst()).toBeUndefined();
    // deleting again is harmless
    expect((await alice.client.delete(`/tabstateview/${id}/query/${q.client_id}`)).status).toBe(200);
    // bob's query is never deleted through alice's tab
    await server.ctx.store.db
      .updateTable('query')
      .set({ sql_editor_id: String(id) })
      .where('id', '=', bobs.id)
      .execute();
    await alice.client.delete(`/tabstateview/${id}/query/${bobs.client_id}`);
    expect(await server.ctx.store.db.selectFrom('query').select('id').where('id', '=', bobs.id).executeTakeFirst()).toBeDefined();
  });
});

describe('closing a tab', () => {
  it('removes the tab and its table schemas, and unlinks its queries from it', async () => {
    const id = await newTab(alice.client);
    await postForm(alice.client, '/tableschemaview/', {
      table: JSON.stringify({ dbId: examples, queryEditorId: id, schema: 'main', name: 'flights' }),
    });
    await postForm(alice.client, '/tableschemaview/', {
      table: JSON.stringify({ dbId: examples, queryEditorId: id, schema: 'main', name: 'airports' }),
    });
    const q = await insertQuery(server, { database_id: examples, user_id: alice.id, sql_editor_id: String(id) });
    const r = await alice.client.delete(`/tabstateview/${id}`);
    expect(r.status).toBe(200);
    expect((await getTab(alice.client, id)).status).toBe(404);
    const db = server.ctx.store.db;
    expect(await db.selectFrom('table_schema').select('id').where('tab_state_id', '=', id).execute()).toEqual([]);
    const query = await db.selectFrom('query').select(['sql_editor_id']).where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(query.sql_editor_id).toBeNull();
    expect((await alice.client.delete(`/tabstateview/${id}`)).status).toBe(404);
  });
});
