/** The SQL Lab tabs repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test-support/server.js';
import { startSqlLabStore } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import type { TableSchemaTable, TabStateTable } from '../schema.js';
import {
  activeUserTab,
  deactivateUserTabs,
  deleteTab,
  deleteTableSchema,
  deleteTabTable,
  deleteTabTableSchemas,
  insertTab,
  insertTableSchema,
  tabTableSchemas,
  updateTab,
  updateTableSchema,
  userTab,
  userTabLabels,
  userTabs,
  userTableSchema,
} from './tab-state.js';

describe('metadata repositories: tab state', () => {
  let server: TestServer;
  let adminId: number;
  let ann: number;
  let dbId: number;
  const db = () => server.ctx.store.db;

  const tab = (userId: number, label: string, over: Partial<Insertable<TabStateTable>> = {}): Insertable<TabStateTable> => ({
    user_id: userId,
    label,
    active: 0,
    database_id: null,
    catalog: null,
    schema: null,
    sql: 'SELECT 1',
    query_limit: null,
    latest_query_id: null,
    autorun: 0,
    template_params: null,
    hide_left_bar: 0,
    saved_query_id: null,
    extra_json: '{}',
    created_on: nowIso(),
    changed_on: nowIso(),
    ...over,
  });
  const table = (tabId: number, name: string, over: Partial<Insertable<TableSchemaTable>> = {}): Insertable<TableSchemaTable> => ({
    tab_state_id: tabId,
    database_id: dbId,
    catalog: null,
    schema: null,
    table: name,
    description: '{}',
    expanded: 1,
    created_on: nowIso(),
    changed_on: nowIso(),
    ...over,
  });

  beforeAll(async () => {
    ({ server, adminId, ann, dbId } = await startSqlLabStore('Tab DB'));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('writes and reads a user’s tabs, one of them active', async () => {
    const first = await insertTab(db(), tab(ann, 'Untitled Query 1', { latest_query_id: 'abc', changed_on: '2030-01-01T00:00:00.000Z' }));
    const second = await insertTab(db(), tab(ann, 'Sales', { changed_on: '2030-01-02T00:00:00.000Z' }));
    const admins = await insertTab(db(), tab(adminId, 'Mine', { active: 1 }));

    expect(await userTab(db(), ann, first)).toMatchObject({ id: first, label: 'Untitled Query 1' });
    expect(await userTab(db(), adminId, first)).toBeUndefined();
    expect(await userTabs(db(), ann)).toEqual([
      { id: first, label: 'Untitled Query 1', latest_query_id: 'abc' },
      { id: second, label: 'Sales', latest_query_id: null },
    ]);
    expect((await userTabLabels(db(), ann)).sort()).toEqual(['Sales', 'Untitled Query 1']);
    // none active: the latest changed
    expect((await activeUserTab(db(), ann))?.id).toBe(second);

    await updateTab(db(), first, { active: 1, sql: 'SELECT 2' });
    expect(await activeUserTab(db(), ann)).toMatchObject({ id: first, sql: 'SELECT 2' });
    await deactivateUserTabs(db(), ann, first);
    expect((await userTab(db(), ann, first))?.active).toBe(1);
    await deactivateUserTabs(db(), ann);
    expect((await userTab(db(), ann, first))?.active).toBe(0);
    expect((await userTab(db(), adminId, admins))?.active).toBe(1);

    await deleteTab(db(), second);
    expect(await userTab(db(), ann, second)).toBeUndefined();
    expect(await activeUserTab(db(), 999_999)).toBeUndefined();
  });

  it('writes and reads the tables of a tab', async () => {
    const tabId = await insertTab(db(), tab(ann, 'Tables'));
    const a = await insertTableSchema(db(), table(tabId, 'orders', { schema: 'main' }));
    const b = await insertTableSchema(db(), table(tabId, 'users'));
    expect((await tabTableSchemas(db(), tabId)).map((t) => t.table)).toEqual(['orders', 'users']);
    expect((await userTableSchema(db(), ann, a))?.table).toBe('orders');
    expect(await userTableSchema(db(), adminId, a)).toBeUndefined();

    await updateTableSchema(db(), a, { expanded: 0 });
    expect((await userTableSchema(db(), ann, a))?.expanded).toBe(0);

    // null schema matches only a null schema
    await deleteTabTable(db(), { tabId, databaseId: dbId, catalog: null, schema: null, table: 'orders' });
    expect((await tabTableSchemas(db(), tabId)).length).toBe(2);
    await deleteTabTable(db(), { tabId, databaseId: dbId, catalog: null, schema: 'main', table: 'orders' });
    expect((await tabTableSchemas(db(), tabId)).map((t) => t.id)).toEqual([b]);

    await deleteTableSchema(db(), b);
    expect(await tabTableSchemas(db(), tabId)).toEqual([]);
    await insertTableSchema(db(), table(tabId, 'again'));
    await deleteTabTableSchemas(db(), tabId);
    expect(await tabTableSchemas(db(), tabId)).toEqual([]);
  });
});
