/**
 * `rama start` on SIGTERM: stops accepting, cancels running queries inside their databases and
 * exits within 10 seconds, even with a query that would run for a minute.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeIfService, pgTestUrl, postgresService } from '../test-support/services.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

await describeIfService(postgresService, 'shutdown', () => {
  it('SIGTERM stops a running query in its database and the process exits within 10 s', async () => {
    if (!existsSync(CLI)) throw new Error('packages/server/dist/cli.js is missing: build first (npm test builds it)');
    const home = mkdtempSync(join(tmpdir(), 'rama-shutdown-'));
    const port = 19000 + Math.floor(Math.random() * 500);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      RAMA_HOME: home,
      RAMA_PORT: String(port),
      RAMA_ADMIN_PASSWORD: 'shutdown-admin-pw-1',
      RAMA_LOG_LEVEL: 'warn',
    };
    delete env.UV_THREADPOOL_SIZE; // `rama start` sizes its own pool
    execFileSync(process.execPath, [CLI, 'init', '--skip-examples'], { env, stdio: 'ignore' });
    // its own process group, so the clean-up below reaches the child it re-runs itself in
    const proc = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; i < 300; i++) {
        if (
          await fetch(`${url}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = await fetch(`${url}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'shutdown-admin-pw-1', provider: 'db' }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const db = await fetch(`${url}/api/v1/database/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ database_name: 'pg', sqlalchemy_uri: pgTestUrl }),
      });
      const { id } = (await db.json()) as { id: number };
      const marker = `shutdown_${process.pid}_${Date.now()}`;
      const running = fetch(`${url}/api/v1/sqllab/execute/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ database_id: id, sql: `SELECT pg_sleep(60) AS ${marker}` }),
      }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => null,
      );
      await new Promise((r) => setTimeout(r, 1000));
      const t0 = Date.now();
      proc.kill('SIGTERM');
      const code = await exited;
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(code).toBe(0);
      const reply = await running;
      if (reply) expect(reply.text).toContain('shutting down');
      const c = new pg.Client({ connectionString: pgTestUrl });
      await c.connect();
      const act = await c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%${marker}%' AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      await c.end();
      expect(act.rows[0].n).toBe(0);
    } finally {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
