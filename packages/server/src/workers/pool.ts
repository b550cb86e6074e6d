/**
 * One pool of workers (threads or child processes) for CPU work kept off the main thread: SQL
 * parsing (sql/offload.ts), template rendering (sql/template.ts), chart post-processing
 * (chartdata/postprocess-pool.ts) and bundle reading (transfer/bundle-read.ts).
 *
 * A fixed number of slots, each running one task at a time; the rest wait in a queue (bounded when
 * asked). A worker announces `{ ready: true }` once its modules are loaded, then answers each task
 * with a message carrying the task's `id`. A task over its time limit, a worker that runs out of
 * memory or stops, or one that does not boot in time fails alone: that worker is stopped and its
 * slot takes a fresh one (on the next task, or at once for a `warm` pool); other tasks go on.
 * An idle worker never keeps the process alive; a busy one does (a CLI awaiting a result).
 *
 * The pool knows nothing of the work: the caller spawns the workers (see `spawnThread` and
 * `spawnChild`, which also boot from the TypeScript sources under vitest), hands a task over
 * (`send`), reads a reply (`settle`) and names the errors its own callers expect.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { fork } from 'node:child_process';
import { TS_SOURCE_HOOKS, typescriptPath } from './ts-source-hooks.js';

/** A started worker, thread or child process, as the pool drives it. */
export interface PoolWorker {
  /** Hand a message over (may throw when the worker is gone). */
  post(message: unknown): void;
  /** Keep the process alive while this worker runs a task / let it exit while the worker idles. */
  ref(): void;
  unref(): void;
  /** Stop at once, not waiting (a failed or stuck worker). */
  kill(): void;
  /** Stop, resolving once it is gone (close). */
  stop(): Promise<void>;
  on(event: 'message', listener: (m: unknown) => void): void;
  on(event: 'error', listener: (e: Error & { code?: string }) => void): void;
  on(event: 'exit', listener: () => void): void;
  /** the end of what the worker wrote to stderr, where it is captured (a boot failure's reason) */
  stderr?(): string;
}

/** Why a worker stopped: an 'error' event (`error` set, e.g. ERR_WORKER_OUT_OF_MEMORY) or an exit. */
export interface WorkerStop {
  error?: Error & { code?: string };
  /** it had announced it was ready */
  booted: boolean;
  stderr: string;
}

export type Settled<R> = { value: R } | { error: Error };

export interface PoolOptions<T, R> {
  size: number;
  spawn(): PoolWorker;
  /** how long a new worker may take to announce it is ready (default 30 s) */
  bootLimitMs?: number;
  /** per task, counted from when a ready worker has received it (read at each task) */
  timeLimitMs(): number;
  /** tasks waiting for a worker at most (read at each task); beyond it, `errors.busy` */
  maxQueued?(): number;
  /** an idle worker is stopped after this long, giving its memory back (read each time) */
  idleMs?(): number;
  /** keep every slot's worker started, idle or not (a render should not wait for a boot) */
  warm?: boolean;
  /** a worker that cannot boot refuses every waiting task and is not restarted until the next task */
  bootFailureStops?: boolean;
  /** which waiting task runs next (index into `queue`, or -1 for none yet); default first come first served */
  pick?(queue: readonly T[], running: readonly T[]): number;
  /**
   * Hand the task over. A promise: it is handed over in parts, and the time limit starts when it
   * resolves; `current()` turns false when the worker or the task was dropped meanwhile.
   */
  send(worker: PoolWorker, id: number, task: T, current: () => boolean): void | Promise<void>;
  /** A worker's answer to the task it runs: its result or the error to reject with. */
  settle(reply: { id: number } & Record<string, unknown>, task: T): Settled<R>;
  errors: {
    /** more than `maxQueued` tasks waiting */
    busy?(): Error;
    /** a worker did not announce it was ready within `bootLimitMs` */
    boot(): Error;
    /** the task went over `ms` */
    timeout(ms: number): Error;
    /** the worker broke or exited (a send that threw counts as an 'error' event) */
    stopped(why: WorkerStop): Error;
    /** close() refused the task */
    shutdown(): Error;
  };
}

interface Job<T, R> {
  id: number;
  task: T;
  resolve: (v: R) => void;
  reject: (e: Error) => void;
}

interface Slot<T, R> {
  worker: PoolWorker | null;
  ready: boolean;
  job: Job<T, R> | null;
  /** the boot or the task time limit */
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
}

/** `ms` in seconds with one decimal, as the pools' messages say it (`${secondsOf(ms)} s`: "2.5 s"). */
export const secondsOf = (ms: number): number => Math.round(ms / 100) / 10;

export class WorkerPool<T, R> {
  private readonly slots: Slot<T, R>[];
  private queue: Job<T, R>[] = [];
  private seq = 0;
  private closed = false;

  constructor(private readonly opts: PoolOptions<T, R>) {
    this.slots = Array.from({ length: opts.size }, () => ({ worker: null, ready: false, job: null, timer: null, idleTimer: null }));
  }

  /** Run a task on the next free worker. */
  run(task: T): Promise<R> {
    this.closed = false;
    const { maxQueued, errors } = this.opts;
    if (maxQueued && errors.busy && this.queue.length >= maxQueued()) return Promise.reject(errors.busy());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, task, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const { warm, pick } = this.opts;
    if (warm) for (const slot of this.slots) if (!slot.worker) this.start(slot);
    while (this.queue.length > 0) {
      const free = (s: Slot<T, R>) => s.job === null && (!warm || s.worker !== null);
      const slot = this.slots.find((s) => free(s) && s.ready) ?? this.slots.find(free);
      if (!slot) return;
      const index = pick
        ? pick(
            this.queue.map((j) => j.task),
            this.slots.flatMap((s) => (s.job ? [s.job.task] : [])),
          )
        : 0;
      if (index < 0) return;
      const [job] = this.queue.splice(index, 1);
      slot.job = job;
      this.clearIdle(slot);
      if (!slot.worker) this.start(slot);
      else if (slot.ready) this.send(slot);
    }
  }

  private start(slot: Slot<T, R>): void {
    const w = this.opts.spawn();
    slot.worker = w;
    slot.ready = false;
    slot.timer = setTimeout(() => this.fail(slot, w, this.opts.errors.boot()), this.opts.bootLimitMs ?? 30_000);
    // while it boots, the boot timer (or the task's caller) is what keeps the process alive
    w.unref();
    w.on('message', (m) => {
      if (slot.worker !== w || m === null || typeof m !== 'object') return;
      if ('ready' in m) {
        slot.ready = true;
        this.clearTimer(slot);
        if (slot.job) this.send(slot);
        else this.idle(slot, w);
        return;
      }
      const job = slot.job;
      const reply = m as { id: number } & Record<string, unknown>;
      if (!job || reply.id !== job.id) return;
      this.clearTimer(slot);
      slot.job = null;
      this.idle(slot, w);
      const settled = this.opts.settle(reply, job.task);
      if ('value' in settled) job.resolve(settled.value);
      else job.reject(settled.error);
      this.pump();
    });
    const stopped = (error?: Error & { code?: string }) => {
      if (slot.worker === w) this.fail(slot, w, this.opts.errors.stopped({ error, booted: slot.ready, stderr: w.stderr?.() ?? '' }));
    };
    w.on('error', (error) => stopped(error));
    w.on('exit', () => stopped());
  }

  private send(slot: Slot<T, R>): void {
    const { worker, job } = slot;
    if (!worker || !job) return;
    worker.ref();
    const current = () => slot.worker === worker && slot.job === job;
    const arm = () => {
      if (!current()) return;
      const limit = this.opts.timeLimitMs();
      slot.timer = setTimeout(() => this.fail(slot, worker, this.opts.errors.timeout(limit)), limit);
    };
    const broke = (e: unknown) => {
      const error = e instanceof Error ? e : new Error(String(e));
      this.fail(slot, worker, this.opts.errors.stopped({ error, booted: true, stderr: worker.stderr?.() ?? '' }));
    };
    let sent: void | Promise<void>;
    try {
      sent = this.opts.send(worker, job.id, job.task, current);
    } catch (e) {
      broke(e);
      return;
    }
    if (sent instanceof Promise) sent.then(arm, broke);
    else arm();
  }

  /** An idle worker lets the process exit, and is stopped after `idleMs` where set. */
  private idle(slot: Slot<T, R>, w: PoolWorker): void {
    w.unref();
    this.clearIdle(slot);
    const idleMs = this.opts.idleMs?.();
    if (idleMs === undefined) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.worker === w && !slot.job) this.drop(slot, w);
    }, idleMs);
    slot.idleTimer.unref();
  }

  private clearTimer(slot: Slot<T, R>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  private clearIdle(slot: Slot<T, R>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  private drop(slot: Slot<T, R>, w: PoolWorker): void {
    this.clearTimer(slot);
    this.clearIdle(slot);
    slot.worker = null;
    slot.ready = false;
    w.kill();
  }

  /** Stop the slot's worker and refuse its task (only that one); a fresh worker takes the slot. */
  private fail(slot: Slot<T, R>, w: PoolWorker, error: Error): void {
    if (slot.worker !== w) return;
    const booted = slot.ready;
    const job = slot.job;
    slot.job = null;
    this.drop(slot, w);
    job?.reject(error);
    if (this.closed) return;
    if (!booted && this.opts.bootFailureStops) {
      // not restarted in a loop: the next task tries again
      const queued = this.queue;
      this.queue = [];
      for (const j of queued) j.reject(error);
      return;
    }
    this.pump();
  }

  /** Refuse every task, running or waiting, and stop the workers. The pool starts again on the next task. */
  async close(): Promise<void> {
    this.closed = true;
    const queued = this.queue;
    this.queue = [];
    const stopped: Promise<void>[] = [];
    for (const slot of this.slots) {
      this.clearTimer(slot);
      this.clearIdle(slot);
      const { worker, job } = slot;
      slot.worker = null;
      slot.ready = false;
      slot.job = null;
      job?.reject(this.opts.errors.shutdown());
      if (worker) stopped.push(worker.stop());
    }
    for (const job of queued) job.reject(this.opts.errors.shutdown());
    await Promise.all(stopped);
  }
}

/** A worker thread as the pool drives it. */
export function threadWorker(w: Worker): PoolWorker {
  return {
    post: (m) => w.postMessage(m),
    ref: () => w.ref(),
    unref: () => w.unref(),
    kill: () => void w.terminate(),
    stop: () => w.terminate().then(() => undefined),
    on: (event: string, listener: (...args: never[]) => void) => void w.on(event, listener as (...args: unknown[]) => void),
  };
}

/** A child process (IPC channel) as the pool drives it; the last 4,000 characters of its stderr are kept. */
export function childWorker(child: ChildProcess): PoolWorker {
  let stderrTail = '';
  const stderr = child.stderr as (Readable & { unref?: () => void }) | null;
  stderr?.setEncoding('utf8');
  stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  stderr?.unref?.();
  const channel = () => child.channel as { ref?: () => void; unref?: () => void } | undefined;
  return {
    post: (m) => {
      child.send(m as Parameters<ChildProcess['send']>[0]);
    },
    ref: () => {
      child.ref();
      channel()?.ref?.();
    },
    unref: () => {
      child.unref();
      channel()?.unref?.();
    },
    kill: () => void child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // referenced until it is gone, so that awaiting close() keeps the process alive until then
      child.ref();
      child.kill('SIGKILL');
      await gone;
    },
    on: (event: string, listener: (...args: never[]) => void) => void child.on(event, listener as (...args: unknown[]) => void),
    stderr: () => stderrTail,
  };
}

/**
 * Run from the TypeScript sources (vitest), a thread registers the hooks of ts-source-hooks.ts
 * first, then any further hook modules (`extraHooks`, module sources), then imports its entry.
 */
const TS_BOOT = `
const { register } = require('node:module');
const { workerData } = require('node:worker_threads');
register('data:text/javascript,' + encodeURIComponent(workerData.hooks), { data: { typescript: workerData.typescript } });
for (const hook of workerData.extraHooks) register('data:text/javascript,' + encodeURIComponent(hook));
import(workerData.entry).catch((e) => { throw e; });
`;

/**
 * A worker thread running `entry` (a module path relative to `from`, given as `./x.js`): the
 * compiled module when `from` is built JavaScript, else its .ts source through ts-source-hooks.
 */
export function spawnThread(
  from: string,
  entry: string,
  resourceLimits: ResourceLimits,
  extraHooks: (from: string) => string[] = () => [],
): PoolWorker {
  if (!from.endsWith('.ts')) return threadWorker(new Worker(new URL(entry, from), { resourceLimits }));
  const workerData = {
    hooks: TS_SOURCE_HOOKS,
    typescript: typescriptPath(from),
    extraHooks: extraHooks(from),
    entry: new URL(entry.replace(/\.js$/, '.ts'), from).href,
  };
  return threadWorker(new Worker(TS_BOOT, { eval: true, workerData, resourceLimits }));
}

/**
 * A child process running `entry` (relative to `from`, as `./x.js`) with a JSON IPC channel and
 * only stderr kept: the compiled module with `builtArgv` added, or its .ts source through
 * ts-source-hooks.
 */
export function spawnChild(
  from: string,
  entry: string,
  opts: { execArgv: string[]; builtArgv: string[]; env: NodeJS.ProcessEnv },
): PoolWorker {
  const options = {
    env: opts.env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'] as ('ignore' | 'pipe' | 'ipc')[],
    serialization: 'json' as const,
  };
  if (!from.endsWith('.ts')) {
    return childWorker(fork(fileURLToPath(new URL(entry, from)), [], { ...options, execArgv: [...opts.execArgv, ...opts.builtArgv] }));
  }
  const typescript = typescriptPath(from);
  const boot = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(TS_SOURCE_HOOKS)}), { data: { typescript: ${JSON.stringify(typescript)} } });`;
  return childWorker(
    fork(fileURLToPath(new URL(entry.replace(/\.js$/, '.ts'), from)), [], {
      ...options,
      execArgv: [...opts.execArgv, '--import', `data:text/javascript,${encodeURIComponent(boot)}`],
    }),
  );
}
