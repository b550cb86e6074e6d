/**
 * GLOBAL_ASYNC_QUERIES in production mode: chart jobs go through BullMQ to a separate `rama worker`
 * process, whose events reach the server through Redis streams (polling and websocket). A down
 * Redis answers the chart synchronously instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncJobMetadata } from '@rama/shared';
import { describeIfService } from '../test-support/services.js';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { chartContext, latestEventId, openSocket, pollEvent, type ChartReply } from '../test-support/async.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

let server: TestServer;
let admin: Client;
let flights: number;
let worker: ChildProcess | null = null;

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'async charts with Redis and rama worker',
  () => {
    beforeAll(async () => {
      if (!existsSync(CLI)) throw new Error('packages/server/dist/cli.js is missing: build first (npm test builds it)');
      server = await startTestServer({ RAMA_REDIS_URL: REDIS, GLOBAL_ASYNC_QUERIES: 'true' });
      admin = await server.admin();
      const r = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database: server.examplesId,
        schema: 'main',
        table_name: 'flights',
      });
      expect(r.status, r.text).toBe(201);
      flights = r.body.id;
      worker = spawn(process.execPath, [CLI, 'worker'], {
        env: {
          ...process.env,
          RAMA_HOME: server.ctx.config.home,
          RAMA_SECRET_KEY: server.ctx.config.secretKey,
          RAMA_METADATA_URL: server.ctx.config.metadataUrl,
          RAMA_REDIS_URL: REDIS,
          RAMA_REDIS_PREFIX: server.ctx.config.redisPrefix,
          RAMA_LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    }, 60_000);

    afterAll(async () => {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((r) => worker!.once('exit', r));
        worker.kill('SIGTERM');
        await exited;
      }
      await server?.close();
    });

    it('a worker process runs the job; its event arrives by websocket and by polling; the result is the synchronous one', async () => {
      expect(server.ctx.asyncQueries.events.kind).toBe('redis');
      const body = chartContext(flights, { filters: [{ col: 'origin', op: 'IN', val: ['SFO', 'OAK'] }] });
      await admin.get('/api/v1/async_event/');
      const socket = await openSocket(server, admin, `?last_id=${await latestEventId(admin)}`);
      expect(socket.opened).toBe(true);

      const accepted = await admin.post<AsyncJobMetadata>('/api/v1/chart/data', body);
      expect(accepted.status, accepted.text).toBe(202);
      const pushed = await socket.next((e) => e.job_id === accepted.body.job_id, 30_000);
      socket.close();
      expect(pushed.status).toBe('done');
      const polled = await pollEvent(admin, accepted.body.job_id);
      expect(polled).toEqual(pushed);
      // the query ran in the worker, not in this server
      expect(server.ctx.charts.queriesRun).toBe(0);

      const result = await admin.get<ChartReply>(pushed.result_url!);
      expect(result.status, result.text).toBe(200);
      server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
      const sync = await admin.post<ChartReply>('/api/v1/chart/data', { ...body, force: true });
      server.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
      expect(result.body.result[0].data).toEqual(sync.body.result[0].data);

      // the result is in the shared cache now: answered at once
      const cached = await admin.post<ChartReply>('/api/v1/chart/data', body);
      expect(cached.status).toBe(200);
      expect(cached.body.result[0].is_cached).toBe(true);
    }, 60_000);

    it('an error in the worker arrives as an error event', async () => {
      const body = chartContext(flights, {
        filters: [{ col: 'origin', op: 'IN', val: ['SEA'] }],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(CAST(origin AS INTEGER))', label: 'broken' }],
      });
      const accepted = await admin.post<AsyncJobMetadata>('/api/v1/chart/data', body);
      expect(accepted.status).toBe(202);
      const event = await pollEvent(admin, accepted.body.job_id);
      expect(event.status).toBe('error');
      expect(event.errors[0].message).toMatch(/Could not convert string 'SEA'/);
    }, 30_000);
  },
);

describe('with Redis down', () => {
  it('a chart is answered synchronously (200) instead of waiting for a queue that cannot take it', async () => {
    const down = await startTestServer({ RAMA_REDIS_URL: 'redis://127.0.0.1:6390/0', GLOBAL_ASYNC_QUERIES: 'true' });
    try {
      const a = await down.admin();
      const ds = await a.post<{ id: number }>('/api/v1/dataset/', { database: down.examplesId, schema: 'main', table_name: 'flights' });
      const r = await a.post<ChartReply>('/api/v1/chart/data', chartContext(ds.body.id));
      expect(r.status, r.text).toBe(200);
      expect(r.body.result[0].colnames).toEqual(['origin', 'count']);
    } finally {
      await down.close();
    }
  }, 30_000);
});
