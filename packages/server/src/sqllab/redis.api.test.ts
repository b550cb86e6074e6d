/**
 * Production mode: results in Redis, async queries through BullMQ run by a separate `rama worker`
 * process. Also: a worker killed with SIGKILL mid-query leaves no query running, and a down Redis
 * gives a clear error without losing anything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIfService, pgTestUrl } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

type Q = { id: string; state: string; resultsKey: string | null; errorMessage: string | null };

let server: TestServer;
let admin: Client;
let pgId: number;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const env = {
    ...process.env,
    RAMA_HOME: server.ctx.config.home,
    RAMA_SECRET_KEY: server.ctx.config.secretKey,
    RAMA_METADATA_URL: server.ctx.config.metadataUrl,
    RAMA_REDIS_URL: REDIS,
    RAMA_REDIS_PREFIX: server.ctx.config.redisPrefix,
    RAMA_QUERY_LEASE_SECONDS: '2',
    RAMA_LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [CLI, 'worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  workers.push(child);
  return child;
}

async function waitFor(c: Client, id: string, pred: (q: Q) => boolean, ms: number): Promise<Q | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const u = await c.get<{ result: Q[] }>('/api/v1/query/updated_since?q=(last_updated_ms:0)');
    const q = u.body.result.find((x) => x.id === id);
    if (q && pred(q)) return q;
    await new Promise((r) => setTimeout(r, 150));
  }
  return undefined;
}

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'with Redis and rama worker',
  () => {
    beforeAll(async () => {
      if (!existsSync(CLI)) throw new Error('packages/server/dist/cli.js is missing: build first (npm test builds it)');
      server = await startTestServer({ RAMA_REDIS_URL: REDIS, RAMA_QUERY_LEASE_SECONDS: '2' }, { examples: false });
      admin = await server.admin();
      const r = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'pg async',
        sqlalchemy_uri: pgTestUrl,
        allow_run_async: true,
      });
      pgId = r.body.id;
    }, 60_000);

    afterAll(async () => {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await server?.close();
    });

    it('runs an async query in a separate worker process and serves results from Redis', async () => {
      startWorker();
      const r = await admin.post<{ query: Q }>('/api/v1/sqllab/execute/', {
        database_id: pgId,
        sql: 'SELECT 41 + 1 AS answer',
        runAsync: true,
      });
      expect(r.status).toBe(202);
      expect(r.body.query.state).toBe('pending');
      const done = await waitFor(admin, r.body.query.id, (q) => q.state === 'success', 20_000);
      expect(done?.resultsKey).toBeTruthy();
      expect(server.ctx.sqllab.results.kind).toBe('redis');
      const res = await admin.get<{ data: unknown[] }>(`/api/v1/sqllab/results/?q=(key:'${done!.resultsKey}')`);
      expect(res.body.data).toEqual([{ answer: 42 }]);
    }, 30_000);

    it('stops a query running in the worker, inside the database', async () => {
      const r = await admin.post<{ query: Q }>('/api/v1/sqllab/execute/', {
        database_id: pgId,
        sql: 'SELECT pg_sleep(20)',
        runAsync: true,
      });
      expect(await waitFor(admin, r.body.query.id, (q) => q.state === 'running', 10_000)).toBeTruthy();
      await admin.post('/api/v1/query/stop', { client_id: r.body.query.id });
      const stopped = await waitFor(admin, r.body.query.id, (q) => q.state === 'stopped', 5_000);
      expect(stopped).toBeTruthy();
    }, 30_000);

    it('a worker killed with SIGKILL mid-query leaves the query failed, not running', async () => {
      // the earlier workers must be gone before the query is queued: a worker killed but not yet
      // dead can take the job and die with it, leaving it to BullMQ's stalled-job check (30 s)
      const alive = workers.filter((w) => w.exitCode === null && w.signalCode === null);
      const exited = alive.map((w) => new Promise((res) => w.once('exit', res)));
      for (const w of alive) w.kill('SIGKILL');
      await Promise.all(exited);
      const worker = startWorker();
      const r = await admin.post<{ query: Q }>('/api/v1/sqllab/execute/', {
        database_id: pgId,
        sql: 'SELECT pg_sleep(15)',
        runAsync: true,
      });
      // a new worker boots from the TypeScript sources first: on a loaded machine that alone can take 15 s
      expect(await waitFor(admin, r.body.query.id, (q) => q.state === 'running', 40_000)).toBeTruthy();
      worker.kill('SIGKILL');
      const failed = await waitFor(admin, r.body.query.id, (q) => q.state === 'failed', 10_000);
      expect(failed?.errorMessage).toMatch(/interrupted/);
    }, 70_000);
  },
);

await describeIfService({ name: 'PostgreSQL', url: pgTestUrl, defaultPort: 5432, envVar: 'RAMA_TEST_PG_URL' }, 'with Redis down', () => {
  it('async execute answers a clear 503 and sync queries still run', async () => {
    const down = await startTestServer({ RAMA_REDIS_URL: 'redis://127.0.0.1:6390/0' }, { examples: false });
    try {
      const a = await down.admin();
      const db = await a.post<{ id: number }>('/api/v1/database/', {
        database_name: 'pg',
        sqlalchemy_uri: pgTestUrl,
        allow_run_async: true,
      });
      const r = await a.post<{ errors: { message: string }[] }>('/api/v1/sqllab/execute/', {
        database_id: db.body.id,
        sql: 'SELECT 1',
        runAsync: true,
      });
      expect(r.status).toBe(503);
      expect(r.body.errors[0].message).toMatch(/queue \(Redis\) is unavailable/);
      const sync = await a.post<{ data: unknown[] }>('/api/v1/sqllab/execute/', { database_id: db.body.id, sql: 'SELECT 1 AS one' });
      expect(sync.status).toBe(200);
      expect(sync.body.data).toEqual([{ one: 1 }]);
      const list = await a.get<{ count: number }>('/api/v1/database/');
      expect(list.body.count).toBe(1);
    } finally {
      await down.close();
    }
  }, 30_000);
});
