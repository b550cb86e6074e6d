/**
 * The async chart job queue: in-process by default (at most RAMA_WORKER_CONCURRENCY jobs at once);
 * BullMQ on Redis when RAMA_REDIS_URL is set, with the jobs run by `rama worker` processes. The same
 * chart asked by several jobs at once runs once: jobs share the chart cache's single flight.
 */
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { QueueUnavailableError, redisConnection, withTimeout } from '../sqllab/queue.js';
import { jobEvent, runChartJob, type ChartJob } from './jobs.js';

export const CHART_QUEUE_NAME = 'rama-chart';

export interface ChartJobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Throws QueueUnavailableError when the job cannot be queued. */
  enqueue(job: ChartJob): Promise<void>;
  close(): Promise<void>;
}

export class InProcessChartQueue implements ChartJobQueue {
  readonly kind = 'in-process' as const;
  private readonly jobs: ChartJob[] = [];
  private active = 0;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly concurrency: number,
  ) {}

  enqueue(job: ChartJob): Promise<void> {
    if (this.closed) return Promise.reject(new QueueUnavailableError('The server is shutting down.'));
    this.jobs.push(job);
    this.pump();
    return Promise.resolve();
  }

  private pump(): void {
    while (this.active < this.concurrency && this.jobs.length) {
      const job = this.jobs.shift()!;
      this.active++;
      void runChartJob(this.ctx, job).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  close(): Promise<void> {
    this.closed = true;
    this.jobs.length = 0;
    return Promise.resolve();
  }
}

export class BullChartQueue implements ChartJobQueue {
  readonly kind = 'bullmq' as const;
  private connection: Redis | null = null;
  private queue: Queue | null = null;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {}

  /** connected on first use: a server with the feature off never opens it */
  private open(): Queue {
    if (!this.queue) {
      this.connection ??= redisConnection(this.url, false);
      this.queue = new Queue(CHART_QUEUE_NAME, { connection: this.connection, prefix: this.prefix });
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
    try {
      // a down Redis is told before BullMQ is asked (it would wait for the connection forever);
      // the request is then answered synchronously
      await this.reachable();
      await withTimeout(this.open().add('chart', job, { jobId: job.jobId, removeOnComplete: true, removeOnFail: 1000, attempts: 1 }), 3000);
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
 * by another; one that stalls again is failed, and its channel gets an error event.
 */
export function startChartWorker(ctx: AppContext, url: string, concurrency: number): Worker<ChartJob> {
  const worker = new Worker<ChartJob>(CHART_QUEUE_NAME, (job) => runChartJob(ctx, job.data), {
    connection: redisConnection(url, true),
    prefix: ctx.config.redisPrefix,
    concurrency,
    maxStalledCount: 1,
  });
  worker.on('error', (e) => ctx.log.warn({ err: e }, 'chart worker connection error'));
  worker.on('failed', (job) => {
    if (!job) return;
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
  return worker;
}
