/**
 * Fairness of the async chart queue on BullMQ (production mode): the per-user limit is counted in
 * Redis, so two servers share it; a worker runs at most concurrency − 1 jobs of one user and
 * defers the rest, so another user's job gets past a flood's backlog. A's jobs are slow for real:
 * a PostgreSQL dataset whose SQL sleeps. The worker runs in this process (the same code
 * `rama worker` starts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { AsyncJobMetadata, QueryContext } from '@rama/shared';
import { describeIfService, pgTestUrl } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';
import { examplesDataset } from '../test-support/datasets.js';
import { chartContext, pollEvent } from '../test-support/async.js';
import { BullChartQueue, startChartWorker } from './queue.js';
import { QueueFullError } from './fair.js';
import type { ChartJob } from './jobs.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const CAP = 6;
const SLEEP_S = 2.5;

const job = (userId: number, n: number): ChartJob => ({
  jobId: `job-${userId}-${n}-${Math.random().toString(36).slice(2)}`,
  channelId: '00000000-0000-4000-8000-000000000000',
  userId,
  queryContext: { datasource: { id: 1, type: 'table' }, queries: [] } as QueryContext,
  force: false,
});

async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'fair async chart queue on BullMQ',
  () => {
    const prefix = `rama-test-fair-${process.pid}-${Date.now()}`;
    let server: TestServer;
    let admin: Client;
    let worker: Worker<ChartJob> | null = null;

    beforeAll(async () => {
      server = await startTestServer({ RAMA_REDIS_URL: REDIS, GLOBAL_ASYNC_QUERIES: 'true', RAMA_ASYNC_MAX_QUEUED_PER_USER: String(CAP) });
      admin = await server.admin();
    }, 60_000);

    afterAll(async () => {
      await worker?.close();
      await server?.close();
      await dropKeys(prefix);
      await dropKeys(server.ctx.config.redisPrefix);
    });

    it('two servers share one per-user limit; another user is not limited by it', async () => {
      // no worker consumes this queue: every job stays held
      const servers = [new BullChartQueue(REDIS, prefix, CAP), new BullChartQueue(REDIS, prefix, CAP)];
      try {
        for (let i = 0; i < CAP; i++) await servers[i % 2].enqueue(job(1, i));
        await expect(servers[0].enqueue(job(1, CAP))).rejects.toBeInstanceOf(QueueFullError);
        await expect(servers[1].enqueue(job(1, CAP + 1))).rejects.toThrow(`You have ${CAP} charts waiting to load already.`);
        await servers[1].enqueue(job(2, 0));
      } finally {
        for (const q of servers) await q.close();
      }
    });

    it("a worker defers a flooding user's jobs past its share, so another user's chart runs at once", async () => {
      const db = await admin.post<{ id: number }>('/api/v1/database/', { database_name: 'pg sleepy', sqlalchemy_uri: pgTestUrl });
      expect(db.status, db.text).toBe(201);
      const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database: db.body.id,
        schema: 'public',
        table_name: 'sleepy',
        sql: `SELECT 1 AS n FROM pg_sleep(${SLEEP_S})`,
      });
      expect(ds.status, ds.text).toBe(201);
      const flights = await examplesDataset(server, admin, 'flights');
      const { client: carol } = await loggedInUser(server, admin, 'carol', ['Admin']);
      worker = startChartWorker(server.ctx, REDIS, 2);

      const flood = (i: number) => ({
        ...chartContext(ds.body.id, { columns: ['n'], metrics: ['count'], row_limit: 100 + i }),
        force: true,
      });
      const answers: number[] = [];
      for (let i = 0; i < CAP + 1; i++) answers.push((await admin.post('/api/v1/chart/data', flood(i))).status);
      expect(answers).toEqual([...Array<number>(CAP).fill(202), 429]);

      const started = performance.now();
      const accepted = await carol.post<AsyncJobMetadata>('/api/v1/chart/data', chartContext(flights, { row_limit: 7 }));
      expect(accepted.status, accepted.text).toBe(202);
      const event = await pollEvent(carol, accepted.body.job_id, 20_000);
      const latency = performance.now() - started;
      expect(event.status).toBe('done');
      console.info(`[fairness/bullmq] another user's chart: ${latency.toFixed(0)} ms behind ${CAP} jobs of ${SLEEP_S} s`);
      // FIFO with two slots would need CAP / 2 × SLEEP_S = 7.5 s
      expect(latency).toBeLessThan(SLEEP_S * 1000);
      // the result, stored in Redis with its scope, is carol's only
      expect((await carol.get(event.result_url!)).status).toBe(200);
      expect((await admin.get(event.result_url!)).status).toBe(404);
    }, 60_000);
  },
);
