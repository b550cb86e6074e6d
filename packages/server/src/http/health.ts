/**
 * `/health` says OK only when the process can actually serve: the event loop is not stalled and
 * Node's libuv thread pool (file reads, password hashing, DuckDB) picks up work within a short
 * deadline. A process whose pool is starved answers 503 instead of a cheerful OK.
 */
import { stat } from 'node:fs/promises';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const POOL_DEADLINE_MS = 1000;
const LOOP_DELAY_LIMIT_MS = 1000;

export class HealthProbe {
  private readonly loop: IntervalHistogram;

  constructor() {
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
  }

  /** null when healthy, else what is wrong */
  async check(): Promise<string | null> {
    // the worst stall since the last check
    const maxDelayMs = this.loop.max / 1e6;
    this.loop.reset();
    if (maxDelayMs > LOOP_DELAY_LIMIT_MS) return `the event loop stalled for ${Math.round(maxDelayMs)} ms`;
    // fs.stat runs on a pool thread: if none is free within the deadline, the pool is starved
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), POOL_DEADLINE_MS)));
    const outcome = await Promise.race([
      stat('.').then(
        () => 'ok' as const,
        () => 'ok' as const,
      ),
      deadline,
    ]);
    clearTimeout(timer);
    return outcome === 'late' ? `the thread pool did not answer within ${POOL_DEADLINE_MS} ms` : null;
  }

  /** forget stalls so far (startup work is not a health problem) */
  reset(): void {
    this.loop.reset();
  }

  close(): void {
    this.loop.disable();
  }
}
