/** The saved queries repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import type { Insertable } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertDatabase } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import type { SavedQueryTable } from '../schema.js';
import {
  deleteSavedQueries,
  insertSavedQuery,
  listSavedQueryRows,
  savedQueriesOf,
  savedQueryByUuid,
  savedQueryExists,
  savedQueryIdsOf,
  savedQueryLabels,
  savedQueryOf,
  updateSavedQuery,
} from './saved-queries.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: saved queries', () => {
  let server: TestServer;
  let adminId: number;
  let dbId: number;
  let n = 0;
  const db = () => server.ctx.store.db;

  const values = (over: Partial<Insertable<SavedQueryTable>> = {}): Insertable<SavedQueryTable> => {
    n += 1;
    const now = nowIso();
    return {
      uuid: crypto.randomUUID(),
      user_id: adminId,
      db_id: dbId,
      catalog: null,
      schema: 'main',
      label: `Query ${n}`,
      description: '',
      sql: 'SELECT 1',
      template_parameters: null,
      extra_json: '{}',
      rows: null,
      last_run: null,
      created_on: now,
      changed_on: now,
      created_by_fk: adminId,
      changed_by_fk: adminId,
      ...over,
    };
  };

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    adminId = (await userIdByUsername(db(), 'admin')) as number;
    dbId = await insertDatabase(server, 'Saved DB');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('inserts, reads by id, owner and uuid, updates and deletes', async () => {
    const row = await insertSavedQuery(db(), values({ label: 'Sales' }));
    const other = await insertSavedQuery(db(), values({ user_id: null }));
    expect(row).toMatchObject({ label: 'Sales', user_id: adminId });
    expect(await savedQueryOf(db(), row.id, null)).toEqual(row);
    expect(await savedQueryOf(db(), row.id, adminId)).toEqual(row);
    expect(await savedQueryOf(db(), other.id, adminId)).toBeUndefined();
    expect(await savedQueryOf(db(), other.id, null)).toEqual(other);
    expect(await savedQueryByUuid(db(), row.uuid)).toEqual(row);
    expect(await savedQueryByUuid(db(), crypto.randomUUID())).toBeNull();
    expect(await savedQueryExists(db(), other.id, null)).toBe(true);
    expect(await savedQueryExists(db(), other.id, adminId)).toBe(false);
    expect(await savedQueryExists(db(), 999_999, null)).toBe(false);

    expect((await savedQueriesOf(db(), [other.id, row.id], null)).map((r) => r.id)).toEqual([row.id, other.id]);
    expect((await savedQueriesOf(db(), [other.id, row.id], adminId)).map((r) => r.id)).toEqual([row.id]);
    expect((await savedQueryIdsOf(db(), [row.id, other.id, 999_999], adminId)).sort()).toEqual([row.id]);
    expect((await savedQueryIdsOf(db(), [row.id, other.id], null)).length).toBe(2);
    expect(await savedQueryLabels(db(), [row.id])).toEqual([{ id: row.id, label: 'Sales' }]);

    await updateSavedQuery(db(), row.id, { label: 'Revenue', description: 'money' });
    expect(await savedQueryOf(db(), row.id, null)).toMatchObject({ label: 'Revenue', description: 'money' });

    await deleteSavedQueries(db(), [row.id, other.id]);
    expect(await savedQueryOf(db(), row.id, null)).toBeUndefined();
    expect(await savedQueryOf(db(), other.id, null)).toBeUndefined();
  });

  it('lists a page with filters and order', async () => {
    const a = await insertSavedQuery(
      db(),
      values({ label: 'Alpha 50%', sql: 'SELECT a', schema: 's1', changed_on: '2030-01-01T00:00:00.000Z' }),
    );
    const b = await insertSavedQuery(db(), values({ label: 'Beta', description: 'about alpha', changed_on: '2030-01-02T00:00:00.000Z' }));
    const c = await insertSavedQuery(db(), values({ label: 'Gamma', user_id: null, created_by_fk: null }));
    const list = (filters: Parameters<typeof listSavedQueryRows>[1]['filters'], userId: number | null = null) =>
      listSavedQueryRows(db(), { userId, filters, orderBy: 'sq.changed_on', direction: 'desc', page: 0, pageSize: 10 });

    expect((await list([])).count).toBe(3);
    expect((await list([], adminId)).rows.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await list([{ col: 'all_text', text: 'ALPHA' }])).rows.map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await list([{ col: 'label_ct', text: '50%' }])).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await list([{ col: 'label', value: 'Gamma' }])).rows.map((r) => r.id)).toEqual([c.id]);
    expect((await list([{ col: 'schema', value: 's1' }])).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await list([{ col: 'db_id', value: dbId }])).count).toBe(3);
    expect((await list([{ col: 'created_by_fk', value: adminId }])).count).toBe(2);
    expect((await list([{ col: 'id', value: c.id }])).rows.map((r) => r.id)).toEqual([c.id]);
    expect((await list([{ col: 'id_in', ids: [a.id, c.id] }])).count).toBe(2);
    expect((await list([{ col: 'id_in', ids: [] }])).count).toBe(0);
    expect((await list([{ col: 'where', condition: sql<SqlBool>`sq.label = ${'Beta'}` }])).rows.map((r) => r.id)).toEqual([b.id]);

    const byDatabase = await listSavedQueryRows(db(), {
      userId: null,
      filters: [],
      orderBy: 'd.database_name',
      direction: 'asc',
      page: 1,
      pageSize: 2,
    });
    expect(byDatabase.count).toBe(3);
    expect(byDatabase.rows.map((r) => r.id)).toEqual([c.id]); // same database: by id ascending
  });
});
