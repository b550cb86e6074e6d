/**
 * The async query queue: in-process by default; BullMQ on Redis when RAMA_REDIS_URL is set, with
 * the jobs run by `rama worker` processes. A job carries only the query id; the prepared run is
 * in the query record.
 */
import type { Queue, Worker } from 'bullmq';
import { bullmq } from '../queue/redis-modules.js';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { QueueUnavailableError, redisConnection, withTimeout } from '../queue/redis.js';
import type { PreparedRun } from './prepare.js';
import { getQueryById, transitionQuery } from '../metadata/repos/queries.js';
import type { QueryRunner } from './runner.js';

export const QUEUE_NAME = 'rama-sql';
/** how long an async query may wait for a worker before it is failed */
export const QUEUE_WAIT_MS = 10 * 60 * 1000;

export interface QueryQueue {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(queryId: number): Promise<void>;
  close(): Promise<void>;
}

/** Run one queued query by id (used by both queues). */
export async function runQueuedQuery(ctx: AppContext, runner: QueryRunner, queryId: number): Promise<void> {
  const row = await getQueryById(ctx.store.db, queryId);
  if (!row || row.status !== 'pending' || !row.prepared) return;
  let prepared: PreparedRun;
  try {
    prepared = JSON.parse(row.prepared) as PreparedRun;
  } catch {
    await transitionQuery(ctx.store.db, queryId, 'failed', {
      error_message: 'The query could not be read by the worker.',
      end_time: Date.now(),
    });
    return;
  }
  await runner.run(row, prepared, { timeoutMs: ctx.config.sqllabAsyncTimeLimit * 1000 });
}

export class InProcessQueue implements QueryQueue {
  readonly kind = 'in-process' as const;
  private readonly jobs: number[] = [];
  private active = 0;
  constructor(
    private readonly ctx: AppContext,
    private readonly runner: QueryRunner,
    private readonly concurrency: number,
  ) {}

  async enqueue(queryId: number): Promise<void> {
    this.runner.leased.add(queryId);
    this.jobs.push(queryId);
    this.pump();
  }

  private pump(): void {
    while (this.active < this.concurrency && this.jobs.length) {
      const id = this.jobs.shift()!;
      this.active++;
      runQueuedQuery(this.ctx, this.runner, id)
        .catch((e: unknown) => this.ctx.log.error({ err: e, queryId: id }, 'async query failed'))
        .finally(() => {
          this.runner.leased.delete(id);
          this.active--;
          this.pump();
        });
    }
  }

  async close(): Promise<void> {
    this.jobs.length = 0;
  }
}

export class BullQueue implements QueryQueue {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  private readonly queue: Queue;
  constructor(url: string, prefix: string) {
    this.connection = redisConnection(url, false);
    this.queue = new (bullmq().Queue)(QUEUE_NAME, { connection: this.connection, prefix });
    this.queue.on('error', () => undefined);
  }

  async enqueue(queryId: number): Promise<void> {
    try {
      // BullMQ waits for the connection forever; a producer must answer the user instead
      await withTimeout(
        this.queue.add('run', { queryId }, { jobId: `q${queryId}`, removeOnComplete: true, removeOnFail: 1000, attempts: 1 }),
        3000,
      );
    } catch {
      throw new QueueUnavailableError('The async query queue (Redis) is unavailable. Run the query synchronously, or try again later.');
    }
  }

  async close(): Promise<void> {
    await withTimeout(this.queue.close(), 2000).catch(() => undefined);
    this.connection.disconnect();
  }
}

/** A `rama worker` process: takes jobs from Redis and runs them; a stalled job is not retried. */
export function startBullWorker(ctx: AppContext, runner: QueryRunner, url: string, concurrency: number): Worker {
  const prefix = ctx.config.redisPrefix;
  const { Worker: BullWorker } = bullmq();
  const worker = new BullWorker<{ queryId: number }>(QUEUE_NAME, async (job) => runQueuedQuery(ctx, runner, job.data.queryId), {
    connection: redisConnection(url, true),
    prefix,
    concurrency,
    maxStalledCount: 0,
  });
  worker.on('error', (e) => ctx.log.warn({ err: e }, 'worker connection error'));
  return worker;
}
