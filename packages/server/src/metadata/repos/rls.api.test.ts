/** The row level security repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import {
  addRuleRoles,
  addRuleTables,
  datasetDatabaseUri,
  datasetsWithDatabaseUri,
  deleteRules,
  insertRule,
  listRuleRows,
  removeRuleRoles,
  removeRuleTables,
  rolesOfRules,
  ruleById,
  ruledDatasetsOfDatabase,
  ruleIdsAmong,
  ruleNameTaken,
  ruleRowsForTables,
  ruleTableIds,
  searchDatasetsByTableName,
  tablesOfRules,
  updateRule,
  type RlsListFilter,
} from './rls.js';
import { roleIdByName } from './roles.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: row level security', () => {
  let server: TestServer;
  let adminId: number;
  let dbId: number;
  let orders: number;
  let users: number;
  let virtual: number;
  let gamma: number;
  let alpha: number;
  const db = () => server.ctx.store.db;

  const dataset = async (table_name: string, sql: string | null = null): Promise<number> => {
    const row = await db()
      .insertInto('tables')
      .values(datasetRow(table_name, dbId, { schema: 'main', sql }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const rule = (name: string, over: { filter_type?: string; clause?: string; changed_on?: string } = {}) =>
    insertRule(db(), {
      name,
      description: `${name} rule`,
      filter_type: over.filter_type ?? 'Regular',
      group_key: null,
      clause: over.clause ?? 'x = 1',
      created_on: nowIso(),
      changed_on: over.changed_on ?? nowIso(),
      created_by_fk: adminId,
      changed_by_fk: adminId,
    });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    adminId = (await userIdByUsername(db(), 'admin')) as number;
    dbId = await insertDatabase(server, 'RLS DB');
    orders = await dataset('orders');
    users = await dataset('users');
    virtual = await dataset('virtual_orders', 'SELECT * FROM orders');
    gamma = (await roleIdByName(db(), 'Gamma')) as number;
    alpha = (await roleIdByName(db(), 'Alpha')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('writes rules with their roles and datasets and reads them back', async () => {
    const id = await rule('Region');
    await addRuleRoles(db(), id, [gamma, alpha]);
    await addRuleRoles(db(), id, []);
    await addRuleTables(db(), id, [users, orders]);
    expect(await ruleById(db(), id)).toMatchObject({ id, name: 'Region', clause: 'x = 1' });
    expect(await ruleById(db(), 999_999)).toBeUndefined();
    expect(await ruleNameTaken(db(), 'Region', null)).toBe(true);
    expect(await ruleNameTaken(db(), 'Region', id)).toBe(false);
    expect((await ruleTableIds(db(), id)).sort()).toEqual([orders, users].sort());
    expect((await tablesOfRules(db(), [id])).map((t) => t.table_name)).toEqual(['orders', 'users']);
    expect((await rolesOfRules(db(), [id])).map((r) => r.name)).toEqual(['Alpha', 'Gamma']);

    const rows = await ruleRowsForTables(db(), [orders]);
    expect(rows.map((r) => r.role).sort()).toEqual(['Alpha', 'Gamma']);
    expect(rows[0]).toMatchObject({ table_id: orders, id, filter_type: 'Regular', clause: 'x = 1' });

    await updateRule(db(), id, { clause: 'y = 2' });
    await removeRuleRoles(db(), id);
    await removeRuleTables(db(), id);
    await addRuleTables(db(), id, [virtual, users]);
    expect(await ruleRowsForTables(db(), [users])).toEqual([
      { table_id: users, id, filter_type: 'Regular', group_key: null, clause: 'y = 2', role: null },
    ]);
    // one row per dataset, each once
    expect((await ruledDatasetsOfDatabase(db(), dbId)).map((d) => d.table_name).sort()).toEqual(['users', 'virtual_orders']);
    expect((await ruledDatasetsOfDatabase(db(), 999_999)).length).toBe(0);

    expect(await ruleIdsAmong(db(), [id, 999_999])).toEqual([id]);
    await deleteRules(db(), [id]);
    expect(await ruleById(db(), id)).toBeUndefined();
    expect(await ruleTableIds(db(), id)).toEqual([]);
  });

  it('lists a page of rules with filters', async () => {
    const a = await rule('Alpha 10%', { changed_on: '2030-01-01T00:00:00.000Z' });
    const b = await rule('Beta', { filter_type: 'Base', clause: 'z > 0', changed_on: '2030-01-02T00:00:00.000Z' });
    await addRuleRoles(db(), a, [gamma]);
    await addRuleTables(db(), a, [orders]);
    await addRuleTables(db(), b, [users]);
    const list = (filters: RlsListFilter[]) =>
      listRuleRows(db(), { filters, orderBy: 'f.changed_on', direction: 'desc', page: 0, pageSize: 10 });
    expect((await list([])).rows.map((r) => r.id)).toEqual([b, a]);
    expect((await list([{ col: 'name', opr: 'ct', value: '10%' }])).rows.map((r) => r.id)).toEqual([a]);
    expect((await list([{ col: 'clause', opr: 'eq', value: 'z > 0' }])).rows.map((r) => r.id)).toEqual([b]);
    expect((await list([{ col: 'filter_type', value: 'Base' }])).rows.map((r) => r.id)).toEqual([b]);
    expect((await list([{ col: 'role', id: gamma }])).rows.map((r) => r.id)).toEqual([a]);
    expect((await list([{ col: 'table', id: users }])).rows.map((r) => r.id)).toEqual([b]);
    expect((await list([{ col: 'changed_by_fk', value: adminId }])).count).toBe(2);
    expect((await list([{ col: 'created_by_fk', value: 999_999 }])).count).toBe(0);
    expect((await list([{ col: 'id_in', ids: [a] }])).rows.map((r) => r.id)).toEqual([a]);
    expect((await list([{ col: 'id_in', ids: [] }])).count).toBe(0);
    const byName = await listRuleRows(db(), { filters: [], orderBy: 'f.name', direction: 'asc', page: 1, pageSize: 1 });
    expect(byName).toMatchObject({ count: 2, rows: [{ id: b }] });
  });

  it('reads the datasets rules name, with their database', async () => {
    expect(await datasetDatabaseUri(db(), orders)).toBe('postgresql://someone@db.invalid:5432/other');
    expect(await datasetDatabaseUri(db(), 999_999)).toBeUndefined();
    expect((await datasetsWithDatabaseUri(db(), [orders, 999_999])).map((d) => d.id)).toEqual([orders]);
    const found = await searchDatasetsByTableName(db(), 'ORDERS', { page: 0, pageSize: 10 });
    expect(found).toEqual({
      count: 2,
      rows: [
        { id: orders, table_name: 'orders', schema: 'main', database_name: 'RLS DB' },
        { id: virtual, table_name: 'virtual_orders', schema: 'main', database_name: 'RLS DB' },
      ],
    });
    expect((await searchDatasetsByTableName(db(), null, { page: 0, pageSize: 1 })).count).toBe(3);
  });
});
