/**
 * One async chart job: the query context runs for its user through the same chart data path as a
 * synchronous request (compiler, cache, single flight), which leaves the result in the cache; the
 * job's channel then gets a `done` event naming the result's URL, or an `error` event carrying the
 * errors the synchronous request would have answered.
 */
import { ErrorType, FORBIDDEN_EDIT_MESSAGE, formatMessage, type AsyncEventError, type QueryContext } from '@rama/shared';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { loadPrincipal } from '../security/principal.js';
import type { NewAsyncEvent } from './events.js';

/** What a queued job carries: small, and enough for any worker to run it. */
export interface ChartJob {
  jobId: string;
  channelId: string;
  userId: number;
  queryContext: QueryContext;
  /** `?force=true` on the request (the query context's own `force` counts too) */
  force: boolean;
}

const INTERNAL_ERROR = 'An internal error occurred. The details were logged on the server.';

const oneError = (message: string, errorType: string, extra: Record<string, unknown> = {}): AsyncEventError[] => [
  { message, error_type: errorType, level: 'error', extra },
];

/** The errors a failed job reports: those of the synchronous reply, never a stack or driver internals. */
export function jobErrors(e: unknown, log: AppContext['log']): AsyncEventError[] {
  if (e instanceof HttpError) {
    const { errors, message } = e.body as { errors?: unknown; message?: unknown };
    if (Array.isArray(errors) && errors.length) return errors as AsyncEventError[];
    if (typeof message === 'string') return oneError(message, ErrorType.GENERIC_BACKEND_ERROR);
    if (message && typeof message === 'object') {
      // per-field validation messages, as one line
      const text = Object.entries(message as Record<string, unknown>)
        .map(([field, m]) => `${field}: ${Array.isArray(m) ? m.join(' ') : String(m)}`)
        .join('; ');
      return oneError(text, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, { messages: message });
    }
  }
  log.error({ err: e }, 'async chart job failed');
  return oneError(INTERNAL_ERROR, ErrorType.GENERIC_BACKEND_ERROR);
}

export function jobEvent(job: ChartJob, status: NewAsyncEvent['status'], fields: Partial<NewAsyncEvent> = {}): NewAsyncEvent {
  return {
    channel_id: job.channelId,
    job_id: job.jobId,
    user_id: job.userId,
    status,
    errors: [],
    result_url: null,
    ...fields,
  };
}

/** Run one job and publish its outcome. Never throws: a failure is the job's error event. */
export async function runChartJob(ctx: AppContext, job: ChartJob): Promise<void> {
  let outcome: NewAsyncEvent;
  try {
    // the user as they are now: a deactivated user or a revoked permission stops the job
    const user = await loadPrincipal(ctx.store.db, job.userId);
    if (!user) throw new HttpError(401, { message: 'Not authorized' });
    if (!user.can('can_read', 'Chart')) throw new HttpError(403, { message: formatMessage(FORBIDDEN_EDIT_MESSAGE, 'chart') });
    const key = await ctx.charts.loadIntoCache(user, job.queryContext, { force: job.force });
    outcome = jobEvent(job, 'done', { result_url: `/api/v1/chart/data/${key}` });
  } catch (e) {
    outcome = jobEvent(job, 'error', { errors: jobErrors(e, ctx.log) });
  }
  try {
    await ctx.asyncQueries.events.publish(outcome);
  } catch (e) {
    ctx.log.error({ err: e, jobId: job.jobId }, 'the async chart job event could not be published');
  }
}
