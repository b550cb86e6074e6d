/** The SQL Lab query records repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test-support/server.js';
import { startSqlLabStore } from '../../test-support/sqllab-fixtures.js';
import { nowIso } from '../db.js';
import type { QueryTable } from '../schema.js';
import {
  deleteTabQuery,
  failOrphans,
  fillQueryTables,
  getQueryByClientId,
  getQueryById,
  getQueryByResultsKey,
  insertQuery,
  linkQueryToTab,
  listQueryRows,
  queriesChangedSince,
  queryWithDatabaseName,
  recentTabQueries,
  renewLeases,
  setQueryTables,
  transitionQuery,
  unlinkTabQueries,
  userQueriesByClientIds,
  userQueryByClientId,
} from './queries.js';

describe('metadata repositories: queries', () => {
  let server: TestServer;
  let adminId: number;
  let ann: number;
  let dbId: number;
  let n = 0;
  const db = () => server.ctx.store.db;

  const values = (over: Partial<Insertable<QueryTable>> = {}): Insertable<QueryTable> => {
    n += 1;
    return {
      client_id: `repoq${String(n).padStart(6, '0')}`,
      database_id: dbId,
      user_id: adminId,
      status: 'running',
      tab_name: null,
      sql_editor_id: null,
      catalog: null,
      schema: null,
      sql: 'SELECT 1',
      executed_sql: 'SELECT 1',
      prepared: null,
      template_params: null,
      limit: 10,
      limiting_factor: 'UNKNOWN',
      select_as_cta: 0,
      ctas_method: 'TABLE',
      tmp_table_name: null,
      tmp_schema_name: null,
      run_async: 0,
      progress: 0,
      rows: null,
      error_message: null,
      error_type: null,
      results_key: null,
      start_time: Date.now(),
      start_running_time: null,
      end_time: null,
      extra_json: '{}',
      worker_id: null,
      lease_until: null,
      changed_on: nowIso(),
      ...over,
    };
  };

  beforeAll(async () => {
    ({ server, adminId, ann, dbId } = await startSqlLabStore('Repo DB'));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('inserts and reads a query by id, client id and results key', async () => {
    const row = await insertQuery(db(), values({ results_key: 'repo-key-1' }));
    expect(row.id).toBeGreaterThan(0);
    expect(row.status).toBe('running');
    expect(await getQueryById(db(), row.id)).toEqual(row);
    expect(await getQueryByClientId(db(), row.client_id)).toEqual(row);
    expect(await getQueryByResultsKey(db(), 'repo-key-1')).toEqual(row);
    expect(await getQueryById(db(), 999_999)).toBeUndefined();
    expect(await getQueryByClientId(db(), 'nope')).toBeUndefined();
    expect(await getQueryByResultsKey(db(), 'nope')).toBeUndefined();
    expect(await queryWithDatabaseName(db(), row.id)).toMatchObject({ id: row.id, database_name: 'Repo DB' });
    expect(await queryWithDatabaseName(db(), 999_999)).toBeUndefined();
  });

  it('writes the tables a query reads, filling only where empty', async () => {
    const row = await insertQuery(db(), values());
    await fillQueryTables(db(), row.id, '["a"]');
    expect((await getQueryById(db(), row.id))?.sql_tables).toBe('["a"]');
    await fillQueryTables(db(), row.id, '["b"]');
    expect((await getQueryById(db(), row.id))?.sql_tables).toBe('["a"]');
    await setQueryTables(db(), row.id, '["c"]');
    expect((await getQueryById(db(), row.id))?.sql_tables).toBe('["c"]');
  });

  it('moves states only from the allowed ones, renews leases and fails orphans', async () => {
    const row = await insertQuery(db(), values({ lease_until: 1 }));
    expect(await transitionQuery(db(), row.id, 'success', { rows: 3 })).toBe(true);
    expect(await getQueryById(db(), row.id)).toMatchObject({ status: 'success', rows: 3 });
    // final states stay final
    expect(await transitionQuery(db(), row.id, 'failed')).toBe(false);
    expect((await getQueryById(db(), row.id))?.status).toBe('success');

    const live = await insertQuery(db(), values({ lease_until: 5 }));
    await renewLeases(db(), [live.id, row.id], 10);
    await renewLeases(db(), [], 10);
    // bigint columns come back as text from PostgreSQL
    expect(Number((await getQueryById(db(), live.id))?.lease_until)).toBe(10);
    expect(Number((await getQueryById(db(), row.id))?.lease_until)).toBe(1);

    const orphan = await insertQuery(db(), values({ lease_until: 100 }));
    expect(await failOrphans(db(), 50)).toBe(1); // `live` (lease 10) only
    expect((await getQueryById(db(), live.id))?.status).toBe('failed');
    expect((await getQueryById(db(), orphan.id))?.status).toBe('running');
    expect(await failOrphans(db(), 200)).toBeGreaterThanOrEqual(1);
    const failed = await getQueryById(db(), orphan.id);
    expect(failed).toMatchObject({ status: 'failed', error_type: 'ASYNC_WORKERS_ERROR' });
    expect(Number(failed?.end_time)).toBe(200);
  });

  it('lists a page of queries with filters, order and the joined names', async () => {
    const mine = await insertQuery(db(), values({ user_id: ann, sql: 'SELECT 100% off', status: 'success', sql_editor_id: '7' }));
    const all = await listQueryRows(db(), { userId: null, filters: [], orderBy: null, direction: 'asc', page: 0, pageSize: 100 });
    expect(all.count).toBeGreaterThanOrEqual(5);
    expect(all.rows[0].id).toBe(mine.id); // newest change first
    const own = await listQueryRows(db(), { userId: ann, filters: [], orderBy: null, direction: 'asc', page: 0, pageSize: 10 });
    expect(own.count).toBe(1);
    expect(own.rows[0]).toMatchObject({ id: mine.id, database_name: 'Repo DB', username: 'ann', first_name: 'Ann' });
    const filtered = await listQueryRows(db(), {
      userId: null,
      filters: [
        { col: 'sql', text: '100%' },
        { col: 'status_in', value: ['success'] },
        { col: 'status', value: 'success' },
        { col: 'database_id', value: dbId },
        { col: 'user_id', value: ann },
        { col: 'sql_editor_id', value: '7' },
        { col: 'start_time', op: '>', value: 0 },
        { col: 'changed_on', op: '<', value: '9999' },
      ],
      orderBy: 'dbs.database_name',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(filtered.rows.map((r) => r.id)).toEqual([mine.id]);
    const paged = await listQueryRows(db(), { userId: null, filters: [], orderBy: 'query.id', direction: 'asc', page: 1, pageSize: 1 });
    expect(paged.rows).toHaveLength(1);
    expect(paged.rows[0].id).toBe(all.rows.map((r) => r.id).sort((a, b) => a - b)[1]);
  });

  it('finds the queries a user changed since a time, oldest first', async () => {
    const first = await insertQuery(db(), values({ user_id: ann, changed_on: '2030-01-01T00:00:00.000Z' }));
    const second = await insertQuery(db(), values({ user_id: ann, changed_on: '2030-01-02T00:00:00.000Z' }));
    const rows = await queriesChangedSince(db(), ann, '2029-12-31T00:00:00.000Z');
    expect(rows.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(await queriesChangedSince(db(), adminId, '2029-12-31T00:00:00.000Z')).toEqual([]);
  });

  it('links, reads, unlinks and deletes the queries of a tab', async () => {
    const a = await insertQuery(db(), values({ user_id: ann, sql_editor_id: '41', changed_on: '2031-01-01T00:00:00.000Z' }));
    const b = await insertQuery(db(), values({ user_id: ann, sql_editor_id: '42', changed_on: '2031-01-02T00:00:00.000Z' }));
    const other = await insertQuery(db(), values({ user_id: adminId, sql_editor_id: '41' }));
    expect((await recentTabQueries(db(), ann, ['41', '42'], 10)).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await recentTabQueries(db(), ann, ['41', '42'], 1)).map((r) => r.id)).toEqual([b.id]);
    expect((await userQueriesByClientIds(db(), ann, [a.client_id, other.client_id])).map((r) => r.id)).toEqual([a.id]);
    expect((await userQueryByClientId(db(), ann, a.client_id))?.id).toBe(a.id);
    expect(await userQueryByClientId(db(), adminId, a.client_id)).toBeUndefined();

    expect(await linkQueryToTab(db(), ann, a.client_id, '42')).toBe(true);
    expect(await linkQueryToTab(db(), ann, other.client_id, '42')).toBe(false);
    expect((await getQueryById(db(), a.id))?.sql_editor_id).toBe('42');

    await unlinkTabQueries(db(), '42');
    expect((await getQueryById(db(), a.id))?.sql_editor_id).toBeNull();
    expect((await getQueryById(db(), b.id))?.sql_editor_id).toBeNull();
    expect((await getQueryById(db(), other.id))?.sql_editor_id).toBe('41');

    await deleteTabQuery(db(), ann, '41', other.client_id); // not ann's: stays
    expect(await getQueryById(db(), other.id)).toBeDefined();
    await deleteTabQuery(db(), adminId, '41', other.client_id);
    expect(await getQueryById(db(), other.id)).toBeUndefined();
  });
});
