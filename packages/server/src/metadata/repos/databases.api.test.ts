/** The databases repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import type { Insertable } from 'kysely';
import type { DatabaseTable } from '../schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRow } from '../../test-support/metadata-rows.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import {
  databaseById,
  databaseByIdOrThrow,
  databasesByIds,
  sqlLabDatabases,
  databaseByName,
  databaseNameTaken,
  databaseNames,
  databaseRef,
  databaseRefOrThrow,
  databasesForImport,
  databasesMatching,
  deleteDatabase,
  examplesDatabase,
  insertDatabase,
  renameDatabasePermissions,
  setDatabaseFields,
  type DatabaseListFilter,
  type DatabaseOrderColumn,
} from './databases.js';

const NOW = '2026-01-01T00:00:00';

const values = (name: string, over: Partial<Insertable<DatabaseTable>> = {}) =>
  databaseRow(name, { created_on: NOW, changed_on: NOW, ...over });

describe('metadata repositories: databases', () => {
  let server: TestServer;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('inserts, reads, lists and changes databases', async () => {
    const alpha = await insertDatabase(db(), values('Alpha Sales', { allow_dml: 1 }));
    const beta = await insertDatabase(db(), values('beta', { is_examples: 1, changed_on: '2025-01-01T00:00:00' }));
    expect(alpha).toMatchObject({ database_name: 'Alpha Sales', allow_dml: 1 });
    expect(alpha.id).toBeGreaterThan(0);

    expect(await databaseById(db(), alpha.id)).toEqual(alpha);
    expect(await databaseById(db(), 999_999)).toBeUndefined();
    expect(await databaseByIdOrThrow(db(), beta.id)).toEqual(beta);
    await expect(databaseByIdOrThrow(db(), 999_999)).rejects.toThrow();
    expect(await databaseByName(db(), 'beta')).toEqual(beta);
    expect(await databaseByName(db(), 'gamma')).toBeUndefined();
    expect(await databaseRef(db(), alpha.id)).toEqual({
      id: alpha.id,
      database_name: 'Alpha Sales',
      sqlalchemy_uri: 'sqlite:///Alpha Sales.db',
    });
    expect(await databaseRef(db(), 999_999)).toBeUndefined();
    expect(await databaseRefOrThrow(db(), beta.id)).toEqual({
      id: beta.id,
      database_name: 'beta',
      sqlalchemy_uri: 'sqlite:///beta.db',
      allow_dml: 0,
      cache_timeout: null,
      changed_on: beta.changed_on,
    });
    await expect(databaseRefOrThrow(db(), 999_999)).rejects.toThrow();

    expect(await databaseNames(db())).toEqual(
      expect.arrayContaining([
        { id: alpha.id, database_name: 'Alpha Sales' },
        { id: beta.id, database_name: 'beta' },
      ]),
    );
    expect((await databasesForImport(db())).find((d) => d.id === beta.id)).toEqual({
      id: beta.id,
      uuid: beta.uuid,
      database_name: 'beta',
      sqlalchemy_uri: 'sqlite:///beta.db',
      password_encrypted: null,
      is_examples: 1,
    });
    expect(await examplesDatabase(db())).toEqual({ id: beta.id, sqlalchemy_uri: 'sqlite:///beta.db' });

    expect(await databaseNameTaken(db(), 'beta', null)).toBe(true);
    expect(await databaseNameTaken(db(), 'beta', beta.id)).toBe(false);
    expect(await databaseNameTaken(db(), 'beta', alpha.id)).toBe(true);
    expect(await databaseNameTaken(db(), 'gamma', null)).toBe(false);

    const ids = async (filters: DatabaseListFilter[], order: { column: DatabaseOrderColumn; direction: 'asc' | 'desc' }) =>
      (await databasesMatching(db(), filters, order)).map((r) => r.id).filter((id) => id === alpha.id || id === beta.id);
    expect(await ids([], { column: 'database_name', direction: 'asc' })).toEqual([alpha.id, beta.id]);
    expect(await ids([], { column: 'changed_on', direction: 'asc' })).toEqual([beta.id, alpha.id]);
    expect(await ids([{ column: 'database_name', exact: false, value: 'SALE' }], { column: 'id', direction: 'asc' })).toEqual([alpha.id]);
    expect(await ids([{ column: 'database_name', exact: true, value: 'SALE' }], { column: 'id', direction: 'asc' })).toEqual([]);
    expect(await ids([{ column: 'allow_dml', value: 1 }], { column: 'id', direction: 'desc' })).toEqual([alpha.id]);
    expect(await ids([{ column: 'id', value: beta.id }], { column: 'id', direction: 'asc' })).toEqual([beta.id]);

    expect((await databasesByIds(db(), [beta.id, alpha.id, 999_999])).map((d) => d.id).sort((a, b) => a - b)).toEqual([alpha.id, beta.id]);
    expect(await databasesByIds(db(), [])).toEqual([]);
    const hidden = await insertDatabase(db(), values('aa hidden', { expose_in_sqllab: 0 }));
    const listed = (await sqlLabDatabases(db())).map((d) => d.database_name);
    expect(listed).not.toContain('aa hidden');
    expect(listed.filter((n) => n === 'Alpha Sales' || n === 'beta')).toEqual(['Alpha Sales', 'beta']);
    expect((await databaseById(db(), hidden.id))?.expose_in_sqllab).toBe(0);

    await setDatabaseFields(db(), alpha.id, { database_name: 'Alpha', changed_on: '2027-01-01T00:00:00' });
    expect(await databaseById(db(), alpha.id)).toMatchObject({ database_name: 'Alpha', changed_on: '2027-01-01T00:00:00', allow_dml: 1 });
  });

  it('renames and deletes a database with its permissions', async () => {
    const row = await insertDatabase(db(), values('old'));
    const view = (permission: string, view_menu: string) =>
      db().insertInto('ab_permission_view').values({ permission, view_menu }).returning('id').executeTakeFirstOrThrow();
    const views = async () =>
      (await db().selectFrom('ab_permission_view').select(['id', 'permission', 'view_menu']).orderBy('id').execute()).filter((v) =>
        /^\[(old|new)\]/.test(v.view_menu),
      );
    const role = await db().selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow();
    await view('database_access', `[old].(id:${row.id})`);
    const sales = await view('schema_access', '[old].[sales]');
    const hr = await view('schema_access', '[old].[hr]');
    const taken = await view('schema_access', '[new].[hr]');
    await view('schema_access', '[older].[x]');
    await db().insertInto('ab_permission_view_role').values({ role_id: role.id, permission_view_id: hr.id }).execute();

    await renameDatabasePermissions(db(), {
      oldName: 'old',
      newName: 'new',
      oldView: `[old].(id:${row.id})`,
      newView: `[new].(id:${row.id})`,
    });
    const after = await views();
    expect(after.map((v) => v.view_menu)).toEqual([`[new].(id:${row.id})`, '[new].[sales]', '[new].[hr]']);
    // the free name was taken over in place; the taken one got the old view's grants
    expect(after.find((v) => v.view_menu === '[new].[sales]')?.id).toBe(sales.id);
    const grants = await db().selectFrom('ab_permission_view_role').select('permission_view_id').where('role_id', '=', role.id).execute();
    expect(grants.map((g) => g.permission_view_id)).toContain(taken.id);
    expect(grants.map((g) => g.permission_view_id)).not.toContain(hr.id);
    expect(
      await db().selectFrom('ab_permission_view').select('id').where('view_menu', '=', '[older].[x]').executeTakeFirst(),
    ).toBeDefined();

    await deleteDatabase(db(), row.id, 'new', `[new].(id:${row.id})`);
    expect(await views()).toEqual([]);
    expect(await databaseById(db(), row.id)).toBeUndefined();
    expect(
      await db().selectFrom('ab_permission_view').select('id').where('view_menu', '=', '[older].[x]').executeTakeFirst(),
    ).toBeDefined();
  });
});
