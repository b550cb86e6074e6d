/**
 * How a dashboard's charts load (issue 12 part 3): at most a few chart queries in flight for the
 * whole page, in the order the charts asked; a chart asks only once it is near the viewport (one
 * shared IntersectionObserver, a viewport of margin above and below); the page marks
 * `rama:dashboard-all-rendered` once every chart near the viewport has settled.
 */
import type { ChartStatus } from '@rama/shared';

/** Chart queries in flight at once for the whole page. */
export const MAX_CONCURRENT_CHART_QUERIES = 6;
/** How far outside the viewport a chart still loads: one viewport height above and below. */
export const NEAR_VIEWPORT_MARGIN = '100% 0px 100% 0px';

interface QueuedJob {
  key: number;
  run: () => Promise<void>;
}

/** A FIFO of jobs with a concurrency limit. A job queued again for the same key replaces the waiting one. */
export class ChartLoadQueue {
  private readonly waiting: QueuedJob[] = [];
  private running = 0;
  private readonly listeners = new Set<() => void>();

  constructor(readonly limit: number = MAX_CONCURRENT_CHART_QUERIES) {}

  /** Queue a job; the returned function takes it off the queue if it has not started (a started job runs on). */
  enqueue(key: number, run: () => Promise<void>): () => void {
    const existing = this.waiting.findIndex((j) => j.key === key);
    const job: QueuedJob = { key, run };
    if (existing >= 0) this.waiting.splice(existing, 1, job);
    else this.waiting.push(job);
    this.pump();
    this.notify();
    return () => {
      const i = this.waiting.indexOf(job);
      if (i >= 0) {
        this.waiting.splice(i, 1);
        this.notify();
      }
    };
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.waiting.length + this.running;
  }

  get active(): number {
    return this.running;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    while (this.running < this.limit && this.waiting.length > 0) {
      const job = this.waiting.shift() as QueuedJob;
      this.running += 1;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        this.running -= 1;
        this.pump();
        this.notify();
      };
      try {
        job.run().then(done, done);
      } catch {
        done();
      }
    }
  }
}

/** Calls back when an element comes near the viewport or leaves it; one observer for the page. */
export class ViewportWatcher {
  private readonly callbacks = new Map<Element, (near: boolean) => void>();
  private readonly observer: IntersectionObserver | null;

  constructor(rootMargin: string = NEAR_VIEWPORT_MARGIN) {
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) this.callbacks.get(entry.target)?.(entry.isIntersecting);
            },
            { rootMargin },
          );
  }

  observe(element: Element, callback: (near: boolean) => void): () => void {
    this.callbacks.set(element, callback);
    // without IntersectionObserver every chart counts as near
    if (this.observer) this.observer.observe(element);
    else callback(true);
    return () => {
      this.callbacks.delete(element);
      this.observer?.unobserve(element);
    };
  }

  disconnect(): void {
    this.observer?.disconnect();
    this.callbacks.clear();
  }
}

const SETTLED: ReadonlySet<ChartStatus> = new Set<ChartStatus>(['rendered', 'failed', 'stopped']);

/**
 * Every chart near the viewport (in the active tabs) has been drawn or has failed, and no query is
 * waiting or running: what `rama:dashboard-all-rendered` marks. A page without charts near the
 * viewport has nothing to wait for only when it has no charts at all.
 */
export function allChartsSettled(args: {
  nearChartIds: Iterable<number>;
  statusOf: (chartId: number) => ChartStatus | null | undefined;
  queueSize: number;
  chartCount: number;
}): boolean {
  if (args.queueSize > 0) return false;
  let seen = 0;
  for (const id of args.nearChartIds) {
    seen += 1;
    const status = args.statusOf(id);
    if (!status || !SETTLED.has(status)) return false;
  }
  return seen > 0 || args.chartCount === 0;
}

/** The charts near the viewport right now (each chart reports itself), for the all-rendered mark. */
export class NearCharts {
  private readonly near = new Set<number>();
  private readonly listeners = new Set<() => void>();

  set(chartId: number, isNear: boolean): void {
    if (isNear === this.near.has(chartId)) return;
    if (isNear) this.near.add(chartId);
    else this.near.delete(chartId);
    for (const listener of this.listeners) listener();
  }

  ids(): ReadonlySet<number> {
    return this.near;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
