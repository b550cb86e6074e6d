/**
 * The async chart job queue: in-process by default (at most RAMA_WORKER_CONCURRENCY jobs at once);
 * BullMQ on Redis when RAMA_REDIS_URL is set, with the jobs run by `rama worker` processes. The same
 * chart asked by several jobs at once runs once: jobs share the chart cache's single flight.
 *
 * Fairness (fair.ts): a user holds at most RAMA_ASYNC_MAX_QUEUED_PER_USER jobs, waiting or
 * running (counted in the process in-process, in Redis with BullMQ, so across servers), and runs
 * at most concurrency − 1 jobs at once in one process (all slots when there is one), so another
 * user's job finds a free slot. The in-process queue takes waiting jobs round-robin across users.
 * BullMQ's open-source queue is one FIFO list, so a worker defers a job of a user at their share
 * for a moment instead: its free slot then reaches other users' jobs past the backlog.
 */
import type { Queue, Worker } from 'bullmq';
import { bullmq } from '../queue/redis-modules.js';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { QueueUnavailableError, redisConnection, withTimeout } from '../queue/redis.js';
import { QueueFullError, RoundRobin, UserJobCounts } from './fair.js';
import { jobEvent, runChartJob, type ChartJob } from './jobs.js';

export const CHART_QUEUE_NAME = 'rama-chart';

/** A job a user held longer than this (a worker that died with it) no longer counts against them. */
const HELD_STALE_MS = 10 * 60 * 1000;
/** How long a worker defers a job of a user who has their share of its slots running. */
const DEFER_MS = 200;

export interface ChartJobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Throws QueueUnavailableError when the job cannot be queued, QueueFullError when its user holds too many. */
  enqueue(job: ChartJob): Promise<void>;
  close(): Promise<void>;
}

export class InProcessChartQueue implements ChartJobQueue {
  readonly kind = 'in-process' as const;
  private readonly waiting = new RoundRobin<ChartJob>();
  private readonly held: UserJobCounts;
  /** jobs running per user: one user gets at most all slots but one, so another user's job starts at once */
  private readonly running = new Map<number, number>();
  private readonly perUserRunning: number;
  private active = 0;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly concurrency: number,
    maxPerUser: number,
  ) {
    this.held = new UserJobCounts(maxPerUser);
    this.perUserRunning = Math.max(1, concurrency - 1);
  }

  enqueue(job: ChartJob): Promise<void> {
    if (this.closed) return Promise.reject(new QueueUnavailableError('The server is shutting down.'));
    try {
      this.held.take(job.userId);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    this.waiting.push(job.userId, job);
    this.pump();
    return Promise.resolve();
  }

  private pump(): void {
    const mayStart = (userId: number) => (this.running.get(userId) ?? 0) < this.perUserRunning;
    while (this.active < this.concurrency) {
      const job = this.waiting.shift(mayStart);
      if (!job) return;
      this.active++;
      this.running.set(job.userId, (this.running.get(job.userId) ?? 0) + 1);
      void runChartJob(this.ctx, job).finally(() => {
        this.active--;
        const n = this.running.get(job.userId)! - 1;
        if (n > 0) this.running.set(job.userId, n);
        else this.running.delete(job.userId);
        this.held.release(job.userId);
        this.pump();
      });
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    return Promise.resolve();
  }
}

/** The Redis set of the jobs one user holds (job id → when queued). */
const heldKey = (prefix: string, userId: number): string => `${prefix}:chart-held:${userId}`;

/** Add the job to its user's set unless they hold `limit` already (stale entries dropped first); 1 when added. */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** The job no longer counts against its user (done, failed, or never queued). */
async function releaseHeld(redis: Redis, prefix: string, job: Pick<ChartJob, 'userId' | 'jobId'>): Promise<void> {
  await withTimeout(redis.zrem(heldKey(prefix, job.userId), job.jobId), 3000).catch(() => undefined);
}

export class BullChartQueue implements ChartJobQueue {
  readonly kind = 'bullmq' as const;
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly maxPerUser: number,
  ) {}

  /** connected on first use: a server with the feature off never opens it */
  private open(): Queue {
    if (!this.queue) {
      this.connection ??= redisConnection(this.url, false);
      this.queue = new (bullmq().Queue)(CHART_QUEUE_NAME, { connection: this.connection, prefix: this.prefix });
      this.queue.on('error', () => undefined);
    }
    return this.queue;
  }

  /** Resolves once the connection is ready; rejects when Redis cannot be reached (within 3 s). */
  private async reachable(): Promise<void> {
    // the plain connection first: BullMQ is not started on a Redis that is not there
    const connection = (this.connection ??= redisConnection(this.url, false));
    if (connection.status === 'ready') return;
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        connection.once('ready', () => resolve());
        connection.once('error', (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
        connection.once('end', () => reject(new Error('Redis connection ended')));
      }),
      3000,
    );
  }

  async enqueue(job: ChartJob): Promise<void> {
    if (!(await this.take(job))) throw new QueueFullError(this.maxPerUser);
    try {
      await withTimeout(this.open().add('chart', job, { jobId: job.jobId, removeOnComplete: true, removeOnFail: 1000, attempts: 1 }), 3000);
    } catch {
      await releaseHeld(this.connection!, this.prefix, job);
      throw new QueueUnavailableError('The async chart queue (Redis) is unavailable.');
    }
  }

  /** Count the job against its user, shared by every server through Redis; false when they hold the most already. */
  private async take(job: ChartJob): Promise<boolean> {
    try {
      // a down Redis is told before BullMQ is asked (it would wait for the connection forever);
      // the request is then answered synchronously
      await this.reachable();
      const key = heldKey(this.prefix, job.userId);
      return (
        (await withTimeout(this.connection!.eval(TAKE_SCRIPT, 1, key, Date.now(), HELD_STALE_MS, this.maxPerUser, job.jobId), 3000)) === 1
      );
    } catch {
      throw new QueueUnavailableError('The async chart queue (Redis) is unavailable.');
    }
  }

  async close(): Promise<void> {
    if (this.queue) await withTimeout(this.queue.close(), 2000).catch(() => undefined);
    this.connection?.disconnect();
  }
}

/**
 * A `rama worker`'s consumer of chart jobs. A job whose worker died mid-run is taken up once more
 * by another; one that stalls again is failed, and its channel gets an error event. One user's
 * jobs take at most concurrency − 1 of its slots (all of them when it has one): a further job of
 * theirs waits DEFER_MS in the delayed set, so a free slot reaches other users' jobs behind it.
 */
export function startChartWorker(ctx: AppContext, url: string, concurrency: number): Worker<ChartJob> {
  const prefix = ctx.config.redisPrefix;
  const redis = redisConnection(url, true);
  const running = new UserJobCounts(Math.max(1, concurrency - 1));
  const { Worker: BullWorker } = bullmq();
  const worker = new BullWorker<ChartJob>(
    CHART_QUEUE_NAME,
    async (job, token) => {
      const { userId } = job.data;
      try {
        running.take(userId);
      } catch {
        await job.moveToDelayed(Date.now() + DEFER_MS, token);
        throw new (bullmq().DelayedError)();
      }
      try {
        await runChartJob(ctx, job.data);
      } finally {
        running.release(userId);
        await releaseHeld(redis, prefix, job.data);
      }
    },
    { connection: redisConnection(url, true), prefix, concurrency, maxStalledCount: 1 },
  );
  worker.on('error', (e) => ctx.log.warn({ err: e }, 'chart worker connection error'));
  worker.on('failed', (job) => {
    if (!job) return;
    void releaseHeld(redis, prefix, job.data);
    const errors = [
      {
        message: 'The worker running this chart stopped. Try again.',
        error_type: 'ASYNC_WORKERS_ERROR',
        level: 'error' as const,
        extra: {},
      },
    ];
    ctx.asyncQueries.events
      .publish(jobEvent(job.data, 'error', { errors }))
      .catch((e: unknown) => ctx.log.error({ err: e, jobId: job.data.jobId }, 'the async chart job event could not be published'));
  });
  worker.on('closed', () => redis.disconnect());
  return worker;
}
