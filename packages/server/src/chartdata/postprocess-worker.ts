/**
 * A post-processing worker (see postprocess-pool.ts). A job arrives in parts so that the main
 * thread never copies a whole result in one go: `start` (everything but the rows), `rows` chunks,
 * then `run`. It answers `{ id, ok, result }` or `{ id, ok: false, error, limit }`, one job at a
 * time, after announcing `{ ready: true }` once its modules are loaded.
 */
import { parentPort } from 'node:worker_threads';
import { PostProcessingError, PostProcessingLimitError } from '@rama/shared';
import { runPostProcessing, type PostProcessJob } from './postprocess-task.js';

export type JobPart =
  | { id: number; part: 'start'; job: Omit<PostProcessJob, 'rows'> }
  | { id: number; part: 'rows'; rows: unknown[][] }
  | { id: number; part: 'run' };

const port = parentPort;
if (port) {
  let current: { id: number; job: PostProcessJob } | null = null;
  port.on('message', (m: JobPart) => {
    if (m.part === 'start') {
      current = { id: m.id, job: { ...m.job, rows: [] } };
      return;
    }
    if (!current || current.id !== m.id) return;
    if (m.part === 'rows') {
      for (const r of m.rows) current.job.rows.push(r);
      return;
    }
    const { id, job } = current;
    current = null;
    try {
      port.postMessage({ id, ok: true, result: runPostProcessing(job) });
    } catch (e) {
      // only a rule's own refusal goes back word for word; anything else is reported without internals
      const known = e instanceof PostProcessingError;
      port.postMessage({
        id,
        ok: false,
        error: known ? e.message : 'The post-processing failed.',
        known,
        limit: e instanceof PostProcessingLimitError,
        needed: e instanceof PostProcessingLimitError ? e.needed : null,
      });
    }
  });
  port.postMessage({ ready: true });
}
