/** The metadata store on PostgreSQL (runs with RAMA_TEST_METADATA=postgresql://…, as `npm test` does). */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/server.js';

const onPostgres = Boolean(process.env.RAMA_TEST_METADATA && process.env.RAMA_TEST_METADATA !== 'sqlite');

describe.skipIf(!onPostgres)('metadata store on PostgreSQL', () => {
  it('keeps serving when the database ends its idle connections (restart, admin command)', async () => {
    const server = await startTestServer({}, { examples: false });
    try {
      const admin = await server.admin();
      expect((await admin.get('/api/v1/database/')).status).toBe(200);
      const url = new URL(server.ctx.config.metadataUrl);
      const name = url.pathname.slice(1);
      const c = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
      await c.connect();
      const ended = await c.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await c.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      // the process is still up (an unhandled pool error would have ended it) and queries work again
      expect((await admin.get('/api/v1/database/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
