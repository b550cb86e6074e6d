/**
 * Asynchronous chart delivery (GLOBAL_ASYNC_QUERIES): a chart data request the cache cannot answer
 * becomes a job (202) whose outcome reaches the browser as an event of its channel. One per process;
 * the event store and the queue are opened on first use.
 */
import { randomUUID } from 'node:crypto';
import { ErrorType, type AsyncJobMetadata, type QueryContext } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { ChartDataReply } from '../chartdata/engine.js';
import type { Principal } from '../security/principal.js';
import { typedError } from '../http/errors.js';
import { QueueUnavailableError } from '../queue/redis.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChannelSigner, requestChannel, setChannelCookie } from './channel.js';
import { MemoryEventStore, type AsyncEventStore } from './events.js';
import { RedisEventStore } from './redis-events.js';
import { BullChartQueue, InProcessChartQueue, type ChartJobQueue } from './queue.js';
import { QueueFullError } from './fair.js';

export type ChartSubmission = { kind: 'reply'; reply: ChartDataReply } | { kind: 'job'; job: AsyncJobMetadata };

/** Only full JSON results go async (files and the other result types answer at once), as in the BI server. */
export function deliversAsync(qc: QueryContext): boolean {
  return (qc.result_format ?? 'json') === 'json' && (qc.result_type ?? 'full') === 'full';
}

declare module '../context.js' {
  interface AppContext {
    /** asynchronous chart delivery (GLOBAL_ASYNC_QUERIES): job queue and event channels */
    asyncQueries: AsyncQueries;
  }
}

export class AsyncQueries {
  readonly signer: ChannelSigner;
  private eventStore: AsyncEventStore | null = null;
  private jobQueue: ChartJobQueue | null = null;

  constructor(private readonly ctx: AppContext) {
    this.signer = new ChannelSigner(ctx.config.secretKey);
  }

  /** The feature flag, read per request. */
  get enabled(): boolean {
    return this.ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES === true;
  }

  /** Whether `/api/v1/chart/data` answers this query context through a job (the feature on, full JSON results). */
  delivers(qc: QueryContext): boolean {
    return this.enabled && deliversAsync(qc);
  }

  /**
   * `submitChartData` for an HTTP request: the job goes to the browser's channel (its cookie), and a
   * browser that had no channel cookie gets one with the job's 202 reply.
   */
  async submitFromRequest(
    req: FastifyRequest,
    reply: FastifyReply,
    user: Principal,
    qc: QueryContext,
    opts: { force: boolean; signal?: AbortSignal },
  ): Promise<ChartSubmission> {
    const { channelId, fresh } = requestChannel(this.signer, req, user.id);
    const out = await this.submitChartData(user, qc, { ...opts, channelId });
    if (out.kind === 'job' && fresh) setChannelCookie(this.signer, reply, this.ctx.config, { channelId, userId: user.id });
    return out;
  }

  get events(): AsyncEventStore {
    const { redisUrl, redisPrefix } = this.ctx.config;
    this.eventStore ??= redisUrl ? new RedisEventStore(redisUrl, redisPrefix) : new MemoryEventStore();
    return this.eventStore;
  }

  get queue(): ChartJobQueue {
    const { redisUrl, redisPrefix, workerConcurrency, asyncMaxQueuedPerUser } = this.ctx.config;
    this.jobQueue ??= redisUrl
      ? new BullChartQueue(redisUrl, redisPrefix, asyncMaxQueuedPerUser)
      : new InProcessChartQueue(this.ctx, workerConcurrency, asyncMaxQueuedPerUser);
    return this.jobQueue;
  }

  /**
   * A chart data request with the feature on: the cached reply when the cache holds every query
   * (never with `force`), else a queued job. Invalid input and missing access fail here, at once,
   * as they would synchronously. When the queue is down, the chart is answered synchronously; when
   * the user holds RAMA_ASYNC_MAX_QUEUED_PER_USER jobs already, 429.
   */
  async submitChartData(
    user: Principal,
    qc: QueryContext,
    opts: { force: boolean; channelId: string; signal?: AbortSignal },
  ): Promise<ChartSubmission> {
    const force = opts.force || qc.force === true;
    // guests (embedded dashboards) and anonymous visitors have no user row to bind a job, its
    // channel and its result to: their chart data is answered synchronously
    if (user.kind) return { kind: 'reply', reply: await this.ctx.charts.data(user, qc, { force, signal: opts.signal }) };
    const cached = await this.ctx.charts.cachedReply(user, qc, { force });
    if (cached) return { kind: 'reply', reply: cached };
    const job = { jobId: randomUUID(), channelId: opts.channelId, userId: user.id, queryContext: qc, force };
    try {
      await this.queue.enqueue(job);
    } catch (e) {
      if (e instanceof QueueFullError) throw typedError(429, e.message, ErrorType.RATE_LIMIT_ERROR, { limit: e.limit });
      if (!(e instanceof QueueUnavailableError)) throw e;
      this.ctx.log.warn({ err: e }, 'async chart queue unavailable: answering synchronously');
      return { kind: 'reply', reply: await this.ctx.charts.data(user, qc, { force, signal: opts.signal }) };
    }
    return {
      kind: 'job',
      job: { channel_id: job.channelId, job_id: job.jobId, user_id: user.id, status: 'pending', errors: [], result_url: null },
    };
  }

  async close(): Promise<void> {
    await this.jobQueue?.close();
    await this.eventStore?.close();
  }
}
