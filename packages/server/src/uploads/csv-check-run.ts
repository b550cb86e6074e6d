/**
 * The CSV byte check (csv-check.ts) off the main thread: it reads the whole file, a few hundred
 * milliseconds for 50 MB, while the engine loads it. A pool of two worker threads, stopped when
 * idle; a check that breaks or runs over its time counts as a failed check (the upload then loads
 * the exact way), never as a failed upload.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { secondsOf, spawnThread, WorkerPool } from '../workers/pool.js';
import type { CsvCheckOptions, CsvCheckResult } from './csv-check.js';

const POOL_SIZE = 2;
// the check holds one megabyte of the file and the record that crosses it (bounded by
// maxRecordBytes), outside the heap; it makes almost no objects
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

const settings = {
  /** per file, from when a ready worker receives it (a 2 GB file reads in well under a minute) */
  timeLimitMs: 5 * 60_000,
  idleMs: 60_000,
};

interface Job {
  path: string;
  options: CsvCheckOptions;
}

class CheckBroke extends Error {}

/** The worker is csv-check-worker.ts (dist/uploads/csv-check-worker.js when built). */
const pool = new WorkerPool<Job, CsvCheckResult>({
  size: POOL_SIZE,
  spawn: () => spawnThread(import.meta.url, './csv-check-worker.js', RESOURCE_LIMITS),
  timeLimitMs: () => settings.timeLimitMs,
  idleMs: () => settings.idleMs,
  send: (worker, id, job) => worker.post({ id, path: job.path, options: job.options }),
  settle: (m) => (m.ok ? { value: m.result as CsvCheckResult } : { error: new CheckBroke(String(m.error)) }),
  errors: {
    boot: () => new CheckBroke('the check could not be started'),
    timeout: (ms) => new CheckBroke(`the check took longer than ${secondsOf(ms)} s`),
    stopped: () => new CheckBroke('the check stopped'),
    shutdown: () => new CheckBroke('the server is shutting down'),
  },
});

/** The check of the file at `path` (whole on disk); a check that could not run is a failed one. */
export function checkCsvFile(path: string, options: CsvCheckOptions): Promise<CsvCheckResult> {
  return pool.run({ path, options }).catch((e: unknown) => ({ ok: false, reason: e instanceof Error ? e.message : String(e) }));
}

/** Stop the workers (tests, shutdown); the pool starts again on the next check. */
export function closeCsvCheck(): Promise<void> {
  return pool.close();
}
