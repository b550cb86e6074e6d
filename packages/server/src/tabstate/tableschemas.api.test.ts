import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TabStateRecord } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { databaseGrant, insertDatabase, loginAs, postForm, type TestUser } from '../test-support/sqllab-fixtures.js';

let server: TestServer;
let alice: TestUser;
let examples: number;
let finance: number;

beforeAll(async () => {
  server = await startTestServer();
  examples = server.examplesId!;
  finance = await insertDatabase(server, 'finance');
  alice = await loginAs(server, 'alice', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

async function newTab(c: Client): Promise<number> {
  const r = await postForm<{ id: number }>(c, '/tabstateview/', {
    queryEditor: JSON.stringify({ name: 'Tables', dbId: examples, schema: 'main', sql: '' }),
  });
  expect(r.status).toBe(200);
  return r.body.id;
}

const getTab = (c: Client, id: number) => c.get<TabStateRecord>(`/tabstateview/${id}`);

describe('table schemas', () => {
  const table = (tabId: number, overrides: Record<string, unknown> = {}) => ({
    id: 'tbl-1',
    dbId: examples,
    queryEditorId: String(tabId),
    catalog: null,
    schema: 'main',
    name: 'flights',
    expanded: true,
    columns: [{ name: 'origin', type: 'VARCHAR' }],
    selectStar: 'SELECT * FROM main.flights LIMIT 100',
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    dataPreviewQueryId: null,
    ...overrides,
  });

  it('adds a table to its tab, keeping the client table in description', async () => {
    const tabId = await newTab(alice.client);
    const r = await postForm<{ id: number }>(alice.client, '/tableschemaview/', { table: JSON.stringify(table(tabId)) });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number) });
    const tab = (await getTab(alice.client, tabId)).body;
    expect(tab.table_schemas).toEqual([
      {
        id: r.body.id,
        tab_state_id: tabId,
        database_id: examples,
        catalog: null,
        schema: 'main',
        table: 'flights',
        expanded: true,
        description: {
          id: 'tbl-1',
          columns: [{ name: 'origin', type: 'VARCHAR' }],
          selectStar: 'SELECT * FROM main.flights LIMIT 100',
          primaryKey: null,
          foreignKeys: [],
          indexes: [],
          dataPreviewQueryId: null,
        },
      },
    ]);
  });

  it('replaces the same table instead of adding it twice, and accepts JSON bodies', async () => {
    const tabId = await newTab(alice.client);
    await postForm(alice.client, '/tableschemaview/', { table: JSON.stringify(table(tabId)) });
    const again = await alice.client.post<{ id: number }>('/tableschemaview/', { table: table(tabId, { expanded: false }) });
    expect(again.status).toBe(200);
    await alice.client.post('/tableschemaview/', { table: JSON.stringify(table(tabId, { name: 'airports' })) });
    const tables = (await getTab(alice.client, tabId)).body.table_schemas;
    expect(tables.map((t) => [t.table, t.expanded])).toEqual([
      ['flights', false],
      ['airports', true],
    ]);
    expect(tables[0].id).toBe(again.body.id);
  });

  it('expands and collapses a table', async () => {
    const tabId = await newTab(alice.client);
    const id = (await postForm<{ id: number }>(alice.client, '/tableschemaview/', { table: JSON.stringify(table(tabId)) })).body.id;
    const collapsed = await postForm(alice.client, `/tableschemaview/${id}/expanded`, { expanded: false });
    expect(collapsed.status).toBe(200);
    expect(collapsed.body).toEqual({ id, expanded: false });
    expect((await getTab(alice.client, tabId)).body.table_schemas[0].expanded).toBe(false);
    await alice.client.post(`/tableschemaview/${id}/expanded`, { expanded: true });
    expect((await getTab(alice.client, tabId)).body.table_schemas[0].expanded).toBe(true);
    const bad = await postForm(alice.client, `/tableschemaview/${id}/expanded`, { expanded: 'maybe' });
    expect(bad.body).toEqual({ message: { expanded: ['Not a valid boolean.'] } });
  });

  it('removes a table', async () => {
    const tabId = await newTab(alice.client);
    const id = (await postForm<{ id: number }>(alice.client, '/tableschemaview/', { table: JSON.stringify(table(tabId)) })).body.id;
    expect((await alice.client.delete(`/tableschemaview/${id}`)).status).toBe(200);
    expect((await getTab(alice.client, tabId)).body.table_schemas).toEqual([]);
    expect((await alice.client.delete(`/tableschemaview/${id}`)).status).toBe(404);
  });

  it('refuses a table of a database the user may not use, or without its fields', async () => {
    const tabId = await newTab(alice.client);
    const r = await postForm(alice.client, '/tableschemaview/', { table: JSON.stringify(table(tabId, { dbId: finance })) });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { 'table.dbId': ['Database does not exist'] } });
    const bare = await postForm(alice.client, '/tableschemaview/', { table: JSON.stringify({ schema: 'main' }) });
    expect(bare.body).toEqual({
      message: {
        'table.dbId': ['Missing data for required field.'],
        'table.queryEditorId': ['Missing data for required field.'],
        'table.name': ['Missing data for required field.'],
      },
    });
  });
});
