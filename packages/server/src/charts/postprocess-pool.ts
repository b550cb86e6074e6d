/**
 * Chart post-processing off the main thread. Pivoting, resampling and serialising a frame of a
 * million cells takes seconds of CPU, and every millisecond of it on the main thread is a
 * millisecond no other user is answered. Small frames run inline under a small budget (measured:
 * a 50,000-cell frame pivots and serialises in ~10–30 ms); a larger frame, a rule list of unusual
 * size, or a rule that would build more than the inline budget goes to a pool of two worker
 * threads, each running one job at a time under a time and a memory limit. The rows go over in
 * chunks, the main thread yielding between them, so even handing a job over never stalls it.
 * Pattern and TypeScript hooks as in sql/offload.ts.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { PostProcessingError, PostProcessingLimitError, maxCellsOf } from '@rama/shared';
import { TS_SOURCE_HOOKS, typescriptPath } from '../sql/ts-source-hooks.js';
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
const BOOT_LIMIT_MS = 30_000;
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

const TS_BOOT = `
const { register } = require('node:module');
const { workerData } = require('node:worker_threads');
register('data:text/javascript,' + encodeURIComponent(workerData.hooks), { data: { typescript: workerData.typescript } });
register('data:text/javascript,' + encodeURIComponent(workerData.sharedHook));
import(workerData.entry).catch((e) => { throw e; });
`;

/**
 * From the TypeScript sources `@rama/shared` is the post-processing part of the shared package's
 * source (all the worker uses): transpiling the whole package would take seconds at each start.
 */
const sharedHook = (url: string): string => `
export async function resolve(specifier, context, next) {
  if (specifier === '@rama/shared') return { url: ${JSON.stringify(url)}, shortCircuit: true };
  return next(specifier, context);
}`;

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./postprocess-worker.js', here), { resourceLimits: RESOURCE_LIMITS });
  const workerData = {
    hooks: TS_SOURCE_HOOKS,
    typescript: typescriptPath(here),
    sharedHook: sharedHook(new URL('../../../shared/src/charts/postprocess/index.ts', here).href),
    entry: new URL('./postprocess-worker.ts', here).href,
  };
  return new Worker(TS_BOOT, { eval: true, workerData, resourceLimits: RESOURCE_LIMITS });
}

interface Job {
  id: number;
  job: PostProcessJob;
  resolve: (v: PostProcessResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply =
  | { ready: true }
  | { id: number; ok: true; result: PostProcessResult }
  | { id: number; ok: false; error: string; known: boolean; limit: boolean; needed: number | null };

const overLimit = (why: string) =>
  new PostProcessingLimitError(`The post-processing of this chart ${why}. Please reduce the rows, the series or the time range.`);

class PostProcessPool {
  private readonly slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({ worker: null, ready: false, job: null, timer: null }));
  private queue: Job[] = [];
  private seq = 0;

  run(job: PostProcessJob): Promise<PostProcessResult> {
    if (this.queue.length >= settings.maxQueued) return Promise.reject(new PostProcessBusyError());
    return new Promise<PostProcessResult>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.job = next;
      this.clearTimer(slot);
      if (!slot.worker) this.start(slot);
      else if (slot.ready) void this.send(slot);
    }
  }

  private start(slot: Slot): void {
    const w = spawnWorker();
    slot.worker = w;
    slot.ready = false;
    slot.timer = setTimeout(() => this.fail(slot, w, new Error('The post-processing worker could not be started.')), BOOT_LIMIT_MS);
    w.on('message', (m: Reply) => {
      if (slot.worker !== w) return;
      if ('ready' in m) {
        slot.ready = true;
        this.clearTimer(slot);
        if (slot.job) void this.send(slot);
        else this.idle(slot, w);
        return;
      }
      const job = slot.job;
      if (!job || m.id !== job.id) return;
      this.clearTimer(slot);
      slot.job = null;
      if (m.ok) job.resolve(m.result);
      else if (m.limit) job.reject(new PostProcessingLimitError(m.error, m.needed ?? Infinity));
      else job.reject(m.known ? new PostProcessingError(m.error) : new Error(m.error));
      this.idle(slot, w);
      this.pump();
    });
    w.on('error', (e: Error & { code?: string }) => {
      this.fail(
        slot,
        w,
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? overLimit('needed more memory than allowed')
          : new Error('The post-processing worker stopped.'),
      );
    });
    w.on('exit', () => this.fail(slot, w, new Error('The post-processing worker stopped.')));
  }

  /** Hand the job over in parts, yielding between chunks of rows; the time limit starts with the last part. */
  private async send(slot: Slot): Promise<void> {
    const { worker, job } = slot;
    if (!worker || !job) return;
    // a busy worker keeps the process alive (a CLI awaiting a result); an idle one does not
    worker.ref();
    const { rows, ...rest } = job.job;
    const post = (part: JobPart) => worker.postMessage(part);
    post({ id: job.id, part: 'start', job: rest });
    const chunk = Math.max(1, Math.floor(settings.chunkCells / Math.max(1, rest.names.length)));
    for (let at = 0; at < rows.length; at += chunk) {
      if (slot.worker !== worker || slot.job !== job) return;
      post({ id: job.id, part: 'rows', rows: rows.slice(at, at + chunk) });
      await yieldToLoop();
    }
    if (slot.worker !== worker || slot.job !== job) return;
    slot.timer = setTimeout(
      () => this.fail(slot, worker, overLimit(`took longer than ${Math.round(settings.timeLimitMs / 100) / 10} s`)),
      settings.timeLimitMs,
    );
    post({ id: job.id, part: 'run' });
  }

  /** An idle worker lets the process exit and is stopped after a while, handing its heap back. */
  private idle(slot: Slot, w: Worker): void {
    w.unref();
    this.clearTimer(slot);
    slot.timer = setTimeout(() => {
      if (slot.worker === w && !slot.job) this.drop(slot, w);
    }, settings.idleMs);
    slot.timer.unref();
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  private drop(slot: Slot, w: Worker): void {
    this.clearTimer(slot);
    slot.worker = null;
    slot.ready = false;
    void w.terminate();
  }

  /** Drop the slot's worker (terminated, replaced on the next job) and refuse its job. */
  private fail(slot: Slot, w: Worker, error: Error): void {
    if (slot.worker !== w) return;
    const job = slot.job;
    slot.job = null;
    this.drop(slot, w);
    job?.reject(error);
    this.pump();
  }

  async close(): Promise<void> {
    const queued = this.queue;
    this.queue = [];
    const workers: Worker[] = [];
    for (const slot of this.slots) {
      this.clearTimer(slot);
      if (slot.worker) workers.push(slot.worker);
      slot.worker = null;
      slot.ready = false;
      slot.job?.reject(new Error('The server is shutting down.'));
      slot.job = null;
    }
    for (const job of queued) job.reject(new Error('The server is shutting down.'));
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const pool = new PostProcessPool();

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
