/**
 * Reading an import bundle off the main thread. Unzipping and parsing YAML take time that grows
 * with the upload (the `yaml` package reads about 1 MB a second), and while they run on the main
 * thread nobody else is answered. Every upload goes to a pool of two worker threads, each reading
 * one bundle at a time under a memory and a time limit; a bundle over a limit is refused with a
 * clear message and its worker replaced, other imports are not affected. The per-file limits
 * (yaml-limits.ts) make a hostile file fail in milliseconds; these catch the rest.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { TS_SOURCE_HOOKS, typescriptPath } from '../sql/ts-source-hooks.js';
import { BundleError, type BundleDocs } from './bundle-files.js';
import { YAML_LIMITS, type YamlLimits } from './yaml-limits.js';

/** The bundle could not be read within the pool's limits (the route answers 422). */
export class BundleReadError extends Error {}

const POOL_SIZE = 2;
const BOOT_LIMIT_MS = 30_000;
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 };

const settings = {
  /** per bundle, counted from when a ready worker receives it */
  timeLimitMs: 30_000,
  limits: YAML_LIMITS,
};

/** Change the limits (tests). */
export function configureBundleReader(changes: Partial<typeof settings>): void {
  Object.assign(settings, changes);
}

/** Run from the TypeScript sources (vitest), the worker registers ts-source-hooks first (as sql/offload.ts does). */
const TS_BOOT = `
const { register } = require('node:module');
const { workerData } = require('node:worker_threads');
register('data:text/javascript,' + encodeURIComponent(workerData.hooks), { data: { typescript: workerData.typescript } });
import(workerData.entry).catch((e) => { throw e; });
`;

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./bundle-worker.js', here), { resourceLimits: RESOURCE_LIMITS });
  const workerData = { hooks: TS_SOURCE_HOOKS, typescript: typescriptPath(here), entry: new URL('./bundle-worker.ts', here).href };
  return new Worker(TS_BOOT, { eval: true, workerData, resourceLimits: RESOURCE_LIMITS });
}

interface Job {
  id: number;
  name: string;
  data: Uint8Array;
  limits: YamlLimits;
  resolve: (files: BundleDocs) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply = { ready: true } | { id: number; ok: true; files: BundleDocs } | { id: number; ok: false; bundle: boolean; error: string };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

class BundlePool {
  private readonly slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({ worker: null, ready: false, job: null, timer: null }));
  private queue: Job[] = [];
  private seq = 0;

  read(name: string, data: Uint8Array): Promise<BundleDocs> {
    return new Promise<BundleDocs>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, name, data, limits: settings.limits, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job || !this.queue.length) continue;
      slot.job = this.queue.shift() as Job;
      if (!slot.worker) this.start(slot);
      else if (slot.ready) this.send(slot);
    }
  }

  private start(slot: Slot): void {
    const w = spawnWorker();
    slot.worker = w;
    slot.ready = false;
    slot.timer = setTimeout(() => this.fail(slot, w, new BundleReadError('The bundle reader could not be started.')), BOOT_LIMIT_MS);
    w.on('message', (m: Reply) => {
      if (slot.worker !== w) return;
      if ('ready' in m) {
        slot.ready = true;
        this.clearTimer(slot);
        if (slot.job) this.send(slot);
        else w.unref();
        return;
      }
      const job = slot.job;
      if (!job || m.id !== job.id) return;
      this.clearTimer(slot);
      slot.job = null;
      w.unref();
      if (m.ok) job.resolve(m.files);
      else job.reject(m.bundle ? new BundleError(m.error) : new BundleReadError(m.error));
      this.pump();
    });
    w.on('error', (e: Error & { code?: string }) =>
      this.fail(
        slot,
        w,
        new BundleReadError(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'The bundle needs too much memory to read. Please import it in smaller parts.'
            : 'The bundle reader stopped unexpectedly.',
        ),
      ),
    );
    w.on('exit', () => this.fail(slot, w, new BundleReadError('The bundle reader stopped unexpectedly.')));
  }

  private send(slot: Slot): void {
    const { worker, job } = slot;
    if (!worker || !job) return;
    // a busy worker keeps the process alive; an idle one does not
    worker.ref();
    const limit = settings.timeLimitMs;
    slot.timer = setTimeout(
      () =>
        this.fail(
          slot,
          worker,
          new BundleReadError(`The bundle took longer than ${seconds(limit)} to read. Please import it in smaller parts.`),
        ),
      limit,
    );
    worker.postMessage({ id: job.id, name: job.name, data: job.data, limits: job.limits });
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Drop the slot's worker (terminated, replaced on the next bundle) and refuse its bundle. */
  private fail(slot: Slot, w: Worker, error: Error): void {
    if (slot.worker !== w) return;
    this.clearTimer(slot);
    slot.worker = null;
    slot.ready = false;
    const job = slot.job;
    slot.job = null;
    void w.terminate();
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
      slot.job?.reject(new BundleReadError('The server is shutting down.'));
      slot.job = null;
    }
    for (const job of queued) job.reject(new BundleReadError('The server is shutting down.'));
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const pool = new BundlePool();

/**
 * The upload's YAML files, each read within the limits (or carrying why not). BundleError: not a
 * zip, or one that unpacks too large; BundleReadError: over the pool's time or memory limit.
 */
export function readBundle(name: string, data: Uint8Array): Promise<BundleDocs> {
  return pool.read(name, data);
}

/** Stop the workers (tests, shutdown); the pool starts again on the next bundle. */
export function closeBundleReader(): Promise<void> {
  return pool.close();
}
