/** The action log repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertLogs, listLogRows, logWithUsername, type LogListFilter } from './logs.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: logs', () => {
  let server: TestServer;
  let adminId: number;
  const db = () => server.ctx.store.db;
  const row = (
    action: string,
    over: { user_id?: number | null; dttm?: string; duration_ms?: number | null; dashboard_id?: number | null } = {},
  ) => ({
    action,
    user_id: over.user_id === undefined ? adminId : over.user_id,
    json: '{}',
    dttm: over.dttm ?? '2030-01-01T00:00:00.000Z',
    dashboard_id: over.dashboard_id ?? null,
    slice_id: null,
    duration_ms: over.duration_ms ?? null,
    referrer: null,
  });

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    adminId = (await userIdByUsername(db(), 'admin')) as number;
    // no other test writes logs into this server's store; requests may, so rows are found by action
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('appends batches and lists them with filters, order and usernames', async () => {
    await insertLogs(
      db(),
      [
        row('repo_open_50%', { duration_ms: 30, dttm: '2030-01-01T00:00:00.000Z' }),
        row('repo_close', { duration_ms: null, dttm: '2030-01-02T00:00:00.000Z', dashboard_id: 7 }),
        row('repo_anon', { user_id: null, duration_ms: 10, dttm: '2030-01-03T00:00:00.000Z' }),
      ],
      2,
    );
    await insertLogs(db(), [], 2);
    const list = (filters: LogListFilter[], orderBy: 'dttm' | 'duration_ms' = 'dttm', direction: 'asc' | 'desc' = 'asc') =>
      listLogRows(db(), { filters: [{ col: 'action_ct', text: 'repo_' }, ...filters], orderBy, direction, page: 0, pageSize: 10 });

    const all = await list([]);
    expect(all.count).toBe(3);
    expect(all.rows.map((r) => r.action)).toEqual(['repo_open_50%', 'repo_close', 'repo_anon']);
    expect(all.rows.map((r) => r.username)).toEqual(['admin', 'admin', null]);
    expect((await list([{ col: 'action', value: 'repo_close' }])).rows.map((r) => r.dashboard_id)).toEqual([7]);
    expect((await list([{ col: 'action_ct', text: '50%' }])).count).toBe(1);
    expect((await list([{ col: 'username_ct', text: 'ADM' }])).count).toBe(2);
    expect((await list([{ col: 'user_id', value: adminId }])).count).toBe(2);
    expect((await list([{ col: 'dashboard_id', value: 7 }])).count).toBe(1);
    expect((await list([{ col: 'slice_id', value: 7 }])).count).toBe(0);
    expect((await list([{ col: 'duration_ms', op: '>', value: 20 }])).rows.map((r) => r.action)).toEqual(['repo_open_50%']);
    expect((await list([{ col: 'dttm', op: '<', value: '2030-01-02T12:00:00.000Z' }])).count).toBe(2);
    // rows without a duration come last, whichever the direction
    expect((await list([], 'duration_ms', 'desc')).rows.map((r) => r.duration_ms)).toEqual([30, 10, null]);
    expect((await list([], 'duration_ms', 'asc')).rows.map((r) => r.duration_ms)).toEqual([10, 30, null]);

    const one = await logWithUsername(db(), all.rows[0].id);
    expect(one).toMatchObject({ id: all.rows[0].id, action: 'repo_open_50%', username: 'admin' });
    expect(await logWithUsername(db(), 999_999)).toBeUndefined();
  });
});
