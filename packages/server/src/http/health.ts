/**
 * `/health` says OK unless the process cannot serve: its event loop has lagged for a while, or
 * Node's libuv thread pool (file reads, password hashing, DuckDB) does not pick up work within a
 * deadline right now. One heavy request that stalls the loop once is a spike, not ill health: an
 * orchestrator restarting a process for it would give any user a way to restart servers. So the
 * loop's delay is sampled once a second and reported only when every one of the last few samples
 * was over the limit. A loop blocked outright never answers at all, which the orchestrator's own
 * timeout catches.
 */
import { stat } from 'node:fs/promises';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export interface LagRule {
  /** a sample whose worst event-loop delay is over this is lagging */
  limitMs: number;
  /** consecutive lagging samples (one a second) before the process is reported unhealthy */
  consecutive: number;
}

export const LAG_RULE: LagRule = { limitMs: 1000, consecutive: 5 };
const SAMPLE_MS = 1000;
const POOL_DEADLINE_MS = 1000;

/**
 * What is wrong with the event loop, or null: each sample is the worst delay (ms) of one interval,
 * oldest first, and the loop is starved only when each of the last `consecutive` samples lagged.
 */
export function sustainedLag(samples: readonly number[], rule: LagRule = LAG_RULE): string | null {
  if (samples.length < rule.consecutive) return null;
  const recent = samples.slice(-rule.consecutive);
  if (!recent.every((ms) => ms > rule.limitMs)) return null;
  return `the event loop has lagged by more than ${rule.limitMs} ms in each of the last ${rule.consecutive} seconds (at least ${Math.round(Math.min(...recent))} ms)`;
}

export class HealthProbe {
  private readonly loop: IntervalHistogram;
  private samples: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly rule: LagRule = LAG_RULE) {
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
    this.timer = setInterval(() => {
      this.samples.push(this.loop.max / 1e6);
      this.loop.reset();
      if (this.samples.length > this.rule.consecutive) this.samples.shift();
    }, SAMPLE_MS);
    // sampling never keeps a process alive
    this.timer.unref();
  }

  /** null when healthy, else what is wrong */
  async check(): Promise<string | null> {
    const lag = sustainedLag(this.samples, this.rule);
    if (lag) return lag;
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
    this.samples = [];
  }

  close(): void {
    clearInterval(this.timer);
    this.loop.disable();
  }
}
