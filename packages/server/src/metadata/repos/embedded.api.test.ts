/** The dashboard embeddings repository against a real metadata store (SQLite, or PostgreSQL with RAMA_TEST_METADATA). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { nowIso } from '../db.js';
import { deleteEmbeddingOfDashboard, embeddingByUuid, embeddingOfDashboard, embeddingsByUuids, saveEmbedding } from './embedded.js';
import { userIdByUsername } from './users.js';

describe('metadata repositories: dashboard embeddings', () => {
  let server: TestServer;
  let admin: number;
  const db = () => server.ctx.store.db;
  /** A dashboard made through the API; its id. */
  const dashboard = async (title: string) => {
    const r = await (await server.admin()).post<{ id: number }>('/api/v1/dashboard/', { dashboard_title: title, owners: [] });
    expect(r.status).toBe(201);
    return r.body.id;
  };

  beforeAll(async () => {
    server = await startTestServer({}, { examples: false });
    admin = (await userIdByUsername(db(), 'admin')) as number;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("creates, changes, reads and deletes a dashboard's embedding", async () => {
    const [first, second] = [await dashboard('First'), await dashboard('Second')];
    expect(await embeddingOfDashboard(db(), first)).toBeUndefined();

    await saveEmbedding(db(), first, {
      allowed_domains: '["https://a.example"]',
      changed_on: '2024-01-01T00:00:00.000Z',
      changed_by_fk: admin,
    });
    const created = await embeddingOfDashboard(db(), first);
    expect(created).toMatchObject({ dashboard_id: first, allowed_domains: '["https://a.example"]', changed_by_fk: admin });
    const uuid = created!.uuid;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    // saving again keeps the uuid
    await saveEmbedding(db(), first, { allowed_domains: '[]', changed_on: '2024-01-02T00:00:00.000Z', changed_by_fk: null });
    expect(await embeddingOfDashboard(db(), first)).toEqual({
      uuid,
      dashboard_id: first,
      allowed_domains: '[]',
      changed_on: '2024-01-02T00:00:00.000Z',
      changed_by_fk: null,
    });
    expect(await embeddingByUuid(db(), uuid)).toMatchObject({ dashboard_id: first });
    expect(await embeddingByUuid(db(), randomUUID())).toBeUndefined();

    await saveEmbedding(db(), second, { allowed_domains: '[]', changed_on: nowIso(), changed_by_fk: null });
    const secondUuid = (await embeddingOfDashboard(db(), second))!.uuid;
    expect(secondUuid).not.toBe(uuid);
    const both = await embeddingsByUuids(db(), [uuid, secondUuid, randomUUID()]);
    expect([...both].sort((a, b) => a.dashboard_id - b.dashboard_id)).toEqual(
      [
        { uuid, dashboard_id: first },
        { uuid: secondUuid, dashboard_id: second },
      ].sort((a, b) => a.dashboard_id - b.dashboard_id),
    );

    await deleteEmbeddingOfDashboard(db(), first);
    expect(await embeddingOfDashboard(db(), first)).toBeUndefined();
    expect(await embeddingByUuid(db(), uuid)).toBeUndefined();
    expect(await embeddingOfDashboard(db(), second)).toBeDefined();
    // nothing to delete: nothing happens
    await deleteEmbeddingOfDashboard(db(), first);
  });
});
