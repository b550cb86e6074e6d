/**
 * Reading an import bundle off the main thread. Unzipping and parsing YAML take time that grows
 * with the upload (the `yaml` package reads about 1 MB a second), and while they run on the main
 * thread nobody else is answered. Every upload goes to a pool of two worker threads, each reading
 * one bundle at a time under a memory and a time limit; a bundle over a limit is refused with a
 * clear message and its worker replaced, other imports are not affected. The per-file limits
 * (yaml-limits.ts) make a hostile file fail in milliseconds; these catch the rest.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { spawnThread, WorkerPool } from '../workers/pool.js';
import { BundleError, type BundleDocs } from './bundle-files.js';
import { YAML_LIMITS, type YamlLimits } from './yaml-limits.js';

/** The bundle could not be read within the pool's limits (the route answers 422). */
export class BundleReadError extends Error {}

const POOL_SIZE = 2;
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

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

interface Job {
  name: string;
  data: Uint8Array;
  limits: YamlLimits;
}

/** The worker is bundle-worker.ts (dist/transfer/bundle-worker.js when built). */
const pool = new WorkerPool<Job, BundleDocs>({
  size: POOL_SIZE,
  spawn: () => spawnThread(import.meta.url, './bundle-worker.js', RESOURCE_LIMITS),
  timeLimitMs: () => settings.timeLimitMs,
  send: (worker, id, job) => worker.post({ id, name: job.name, data: job.data, limits: job.limits }),
  settle: (m) => {
    if (m.ok) return { value: m.files as BundleDocs };
    const error = String(m.error);
    return { error: m.bundle ? new BundleError(error) : new BundleReadError(error) };
  },
  errors: {
    boot: () => new BundleReadError('The bundle reader could not be started.'),
    timeout: (ms) => new BundleReadError(`The bundle took longer than ${seconds(ms)} to read. Please import it in smaller parts.`),
    stopped: ({ error }) =>
      new BundleReadError(
        error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The bundle needs too much memory to read. Please import it in smaller parts.'
          : 'The bundle reader stopped unexpectedly.',
      ),
    shutdown: () => new BundleReadError('The server is shutting down.'),
  },
});

/**
 * The upload's YAML files, each read within the limits (or carrying why not). BundleError: not a
 * zip, or one that unpacks too large; BundleReadError: over the pool's time or memory limit.
 */
export function readBundle(name: string, data: Uint8Array): Promise<BundleDocs> {
  return pool.run({ name, data, limits: settings.limits });
}

/** Stop the workers (tests, shutdown); the pool starts again on the next bundle. */
export function closeBundleReader(): Promise<void> {
  return pool.close();
}
