/**
 * Chart post-processing off the main thread. Pivoting, resampling and serialising a frame of a
 * million cells takes seconds of CPU, and every millisecond of it on the main thread is a
 * millisecond no other user is answered. Small frames run inline under a small budget (measured:
 * a 50,000-cell frame pivots and serialises in ~10–30 ms); a larger frame, a rule list of unusual
 * size, or a rule that would build more than the inline budget goes to a pool of two worker
 * threads, each running one job at a time under a time and a memory limit. The rows go over in
 * chunks, the main thread yielding between them, so even handing a job over never stalls it.
 * The pool is workers/pool.ts.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { PostProcessingError, PostProcessingLimitError, maxCellsOf } from '@rama/shared';
import { secondsOf, spawnThread, WorkerPool } from '../workers/pool.js';
import { runPostProcessing, type PostProcessJob, type PostProcessResult } from './postprocess-task.js';
import type { JobPart } from './postprocess-worker.js';

/** Too many jobs waiting for a worker: the caller answers 429 rather than hold every result in memory. */
export class PostProcessBusyError extends Error {
  constructor() {
    super('Too many charts are being computed right now. Please try again in a moment.');
    this.name = 'PostProcessBusyError';
  }
}

const POOL_SIZE = 2;
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 };

const settings = {
  /** per job, counted from when a ready worker receives it */
  timeLimitMs: 30_000,
  /** frames up to this many cells (rows × columns) run inline, and may build at most this many */
  inlineMaxCells: 50_000,
  /** rules whose JSON is longer than this run in a worker whatever the frame (long name lists cost rows × names) */
  inlineMaxRuleChars: 4_000,
  /** cells per chunk of rows sent to a worker (each chunk is copied on the main thread: ~5–10 ms) */
  chunkCells: 25_000,
  /** jobs waiting for a worker at most */
  maxQueued: 32,
  /** an idle worker is stopped after this long, giving its memory back */
  idleMs: 15_000,
};

/** Change the limits (tests; an operator setting could come later). */
export function configurePostProcessPool(changes: Partial<typeof settings>): void {
  Object.assign(settings, changes);
}

/**
 * From the TypeScript sources `@rama/shared` is the post-processing part of the shared package's
 * source (all the worker uses): transpiling the whole package would take seconds at each start.
 */
const sharedHook = (from: string): string => `
export async function resolve(specifier, context, next) {
  if (specifier === '@rama/shared') return { url: ${JSON.stringify(new URL('../../../shared/src/charts/postprocess/index.ts', from).href)}, shortCircuit: true };
  return next(specifier, context);
}`;

const overLimit = (why: string) =>
  new PostProcessingLimitError(`The post-processing of this chart ${why}. Please reduce the rows, the series or the time range.`);

/** The worker is postprocess-worker.ts (dist/chartdata/postprocess-worker.js when built). */
const pool = new WorkerPool<PostProcessJob, PostProcessResult>({
  size: POOL_SIZE,
  spawn: () => spawnThread(import.meta.url, './postprocess-worker.js', RESOURCE_LIMITS, (from) => [sharedHook(from)]),
  timeLimitMs: () => settings.timeLimitMs,
  maxQueued: () => settings.maxQueued,
  idleMs: () => settings.idleMs,
  /** Hand the job over in parts, yielding between chunks of rows; the time limit starts with the last part. */
  send: async (worker, id, job, current) => {
    const { rows, ...rest } = job;
    const post = (part: JobPart) => worker.post(part);
    post({ id, part: 'start', job: rest });
    const chunk = Math.max(1, Math.floor(settings.chunkCells / Math.max(1, rest.names.length)));
    for (let at = 0; at < rows.length; at += chunk) {
      if (!current()) return;
      post({ id, part: 'rows', rows: rows.slice(at, at + chunk) });
      await yieldToLoop();
    }
    if (current()) post({ id, part: 'run' });
  },
  settle: (m) => {
    if (m.ok) return { value: m.result as PostProcessResult };
    const error = String(m.error);
    if (m.limit) return { error: new PostProcessingLimitError(error, (m.needed as number | null) ?? Infinity) };
    return { error: m.known ? new PostProcessingError(error) : new Error(error) };
  },
  errors: {
    busy: () => new PostProcessBusyError(),
    boot: () => new Error('The post-processing worker could not be started.'),
    timeout: (ms) => overLimit(`took longer than ${secondsOf(ms)} s`),
    stopped: ({ error }) =>
      error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? overLimit('needed more memory than allowed')
        : new Error('The post-processing worker stopped.'),
    shutdown: () => new Error('The server is shutting down.'),
  },
});

/** Where a job ran (tests and logs). */
export type PostProcessPlace = 'inline' | 'worker';

/**
 * Post-process a query result without holding the event loop: inline when the frame and what it
 * builds are small, else in a worker. Rejects with PostProcessingError (a 400 for the caller),
 * PostProcessBusyError, or an Error when a worker broke.
 */
export async function postProcess(job: PostProcessJob): Promise<PostProcessResult & { place: PostProcessPlace }> {
  const cells = job.rows.length * job.names.length;
  if (cells <= settings.inlineMaxCells && JSON.stringify(job.rules).length <= settings.inlineMaxRuleChars) {
    const budget = Math.min(maxCellsOf(job.context), settings.inlineMaxCells);
    try {
      return { ...runPostProcessing({ ...job, context: { ...job.context, maxCells: budget } }), place: 'inline' };
    } catch (e) {
      if (!(e instanceof PostProcessingLimitError) || budget >= maxCellsOf(job.context)) throw e;
      // Over the real limit too: the same rule fails the same way under it, before it builds anything
      // (the rules before it stayed within the budget), and the refusal names the real limit.
      if (e.needed > maxCellsOf(job.context)) return { ...runPostProcessing(job), place: 'inline' };
      // over the inline budget only: the worker runs it under the real limit
    }
  }
  return { ...(await pool.run(job)), place: 'worker' };
}

/** Start a worker and wait until it answers (tests measure latency without a worker's boot in it). */
export async function warmPostProcessPool(): Promise<void> {
  await pool.run({ names: [], coltypes: [], rows: [], rules: [], context: {} });
}

/** Stop the workers (tests, shutdown). The pool starts again lazily on the next job. */
export function closePostProcessPool(): Promise<void> {
  return pool.close();
}
