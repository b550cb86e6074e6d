/** The users' preferences repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { preferencesText, upsertPreferences } from './preferences.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: preferences', () => {
  let server: TestServer;
  let adminId: number;
  const db = () => server.ctx.store.db;

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    adminId = (await userIdByUsername(db(), 'admin')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('stores one preferences text per user, replacing the one before', async () => {
    expect(await preferencesText(db(), adminId)).toBeNull();
    await upsertPreferences(db(), adminId, '{"language":"fr"}', '2030-01-01T00:00:00.000Z');
    expect(await preferencesText(db(), adminId)).toBe('{"language":"fr"}');
    await upsertPreferences(db(), adminId, '{"language":"de"}', '2030-01-02T00:00:00.000Z');
    expect(await preferencesText(db(), adminId)).toBe('{"language":"de"}');
    expect(await preferencesText(db(), 999_999)).toBeNull();
  });
});
