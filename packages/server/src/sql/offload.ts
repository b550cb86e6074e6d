/**
 * SQL analysis off the main thread. node-sql-parser and sql-formatter take time that grows faster
 * than the text (a 20 KB UNION takes ~250 ms to parse, a 100 KB one seconds), and every millisecond
 * they run on the main thread is a millisecond no other request is answered. Small inputs run
 * inline (measured: ~8 ms at 1 KB, ~15 ms at 2 KB); larger ones go to a pool of two worker threads,
 * each running one job at a time under a time limit. A job over the limit is refused with a clear
 * message and its worker replaced; other jobs are not affected.
 */
import { TS_SOURCE_HOOKS, typescriptPath } from './ts-source-hooks.js';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { runTask, type TaskDialects, type TaskName, type TaskResults } from './offload-tasks.js';
import type { SqlSyntax } from '../engines/types.js';
import type { ScriptCheck } from './statements.js';
import { MAX_TABLES_SQL_LENGTH, type SqlTableRef } from './tables.js';

/** The SQL could not be analysed in time or in memory; callers answer 400 (INVALID_SQL_ERROR). */
export class SqlAnalysisError extends Error {
  constructor(
    message: string,
    /** 'limit': over the time or memory limit (the SQL itself is the problem); 'failed': the analyser broke; 'shutdown' */
    readonly reason: 'limit' | 'failed' | 'shutdown',
  ) {
    super(message);
    this.name = 'SqlAnalysisError';
  }
}

const POOL_SIZE = 2;
const BOOT_LIMIT_MS = 30_000;
const RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

const settings = {
  /** per job, counted from when a ready worker receives it */
  timeLimitMs: 10_000,
  /** inputs up to this length (and shallow, see `small`) run inline: each such call stays within a few ms */
  inlineMaxChars: 500,
};

/** Change the limits (tests; an operator setting could come later). */
export function configureOffload(changes: Partial<typeof settings>): void {
  Object.assign(settings, changes);
}

const tooComplex = (why: string) =>
  new SqlAnalysisError(
    `The SQL is too large or too complex to analyse (${why}). Please shorten the query or split it into smaller statements.`,
    'limit',
  );

/**
 * The worker module. Built (dist/sql/offload.js) it is the compiled parse-worker.js beside this
 * file. Run from the TypeScript sources (vitest), the worker registers the hooks of
 * ts-source-hooks.ts first.
 */
const TS_BOOT = `
const { register } = require('node:module');
const { workerData } = require('node:worker_threads');
register('data:text/javascript,' + encodeURIComponent(workerData.hooks), { data: { typescript: workerData.typescript } });
import(workerData.entry).catch((e) => { throw e; });
`;

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./parse-worker.js', here), { resourceLimits: RESOURCE_LIMITS });
  const typescript = typescriptPath(here);
  const entry = new URL('./parse-worker.ts', here).href;
  return new Worker(TS_BOOT, { eval: true, workerData: { hooks: TS_SOURCE_HOOKS, typescript, entry }, resourceLimits: RESOURCE_LIMITS });
}

interface Job {
  id: number;
  task: TaskName;
  sql: string;
  dialect: TaskDialects[TaskName];
  background: boolean;
  resolve: (v: never) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply = { ready: true } | { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

class ParsePool {
  private readonly slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({ worker: null, ready: false, job: null, timer: null }));
  private queue: Job[] = [];
  private seq = 0;

  run<T extends TaskName>(task: T, sql: string, dialect: TaskDialects[T], background: boolean): Promise<TaskResults[T]> {
    return new Promise<TaskResults[T]>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, task, sql, dialect, background, resolve: resolve as (v: never) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      // at most one background job runs at a time, so a worker stays free for a user who waits
      const backgroundRunning = this.slots.some((s) => s.job?.background);
      let index = this.queue.findIndex((j) => !j.background);
      if (index < 0 && !backgroundRunning) index = this.shortestBackgroundJob();
      if (index < 0) return;
      const [job] = this.queue.splice(index, 1);
      slot.job = job;
      if (!slot.worker) this.start(slot);
      else if (slot.ready) this.send(slot);
    }
  }

  /** Background work goes shortest first: many small answers are worth more than one big one. */
  private shortestBackgroundJob(): number {
    let best = -1;
    this.queue.forEach((j, i) => {
      if (j.background && (best < 0 || j.sql.length < this.queue[best].sql.length)) best = i;
    });
    return best;
  }

  private start(slot: Slot): void {
    const w = spawnWorker();
    slot.worker = w;
    slot.ready = false;
    slot.timer = setTimeout(
      () => this.fail(slot, w, new SqlAnalysisError('The SQL analyser could not be started.', 'failed')),
      BOOT_LIMIT_MS,
    );
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
      if (m.ok) job.resolve(m.result as never);
      else job.reject(new SqlAnalysisError(`The SQL could not be analysed: ${m.error}`, 'failed'));
      this.pump();
    });
    w.on('error', (e: Error & { code?: string }) => {
      this.fail(
        slot,
        w,
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooComplex('it needed too much memory')
          : new SqlAnalysisError('The SQL analyser stopped unexpectedly.', 'failed'),
      );
    });
    w.on('exit', () => this.fail(slot, w, new SqlAnalysisError('The SQL analyser stopped unexpectedly.', 'failed')));
  }

  private send(slot: Slot): void {
    const { worker, job } = slot;
    if (!worker || !job) return;
    // a busy worker keeps the process alive (a CLI awaiting a result); an idle one does not
    worker.ref();
    slot.timer = setTimeout(
      () => this.fail(slot, worker, tooComplex(`it took longer than ${Math.round(settings.timeLimitMs / 100) / 10} s`)),
      settings.timeLimitMs,
    );
    worker.postMessage({ id: job.id, task: job.task, sql: job.sql, dialect: job.dialect });
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }

  /** Drop the slot's worker (terminated, replaced on the next job) and refuse its job. */
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
      slot.job?.reject(new SqlAnalysisError('The SQL analyser was shut down.', 'shutdown'));
      slot.job = null;
    }
    for (const job of queued) job.reject(new SqlAnalysisError('The SQL analyser was shut down.', 'shutdown'));
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const pool = new ParsePool();

function run<T extends TaskName>(
  task: T,
  sql: string,
  dialect: TaskDialects[T],
  opts: { inline: boolean; background?: boolean },
): Promise<TaskResults[T]> {
  if (opts.inline) {
    try {
      return Promise.resolve(runTask(task, sql, dialect));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new SqlAnalysisError('The SQL could not be analysed.', 'failed'));
    }
  }
  return pool.run(task, sql, dialect, opts.background ?? false);
}

/**
 * Inline only text that cannot be slow to parse: short, and nested at most three brackets deep —
 * the parser's grammars backtrack, and some nestings (MySQL's CAST(CAST(…)) at ~2.3× per level)
 * take seconds in a few hundred characters. Brackets inside strings count too (conservative).
 */
const small = (sql: string) => {
  if (sql.length > settings.inlineMaxChars) return false;
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql.charCodeAt(i);
    if (ch === 40 && ++depth > INLINE_MAX_DEPTH) return false;
    if (ch === 41 && depth > 0) depth--;
  }
  return true;
};
const INLINE_MAX_DEPTH = 3;

/** `checkScript` (split, classify, parse errors) without blocking the event loop on large SQL. */
export function checkScriptAsync(sql: string, syntax: SqlSyntax): Promise<ScriptCheck> {
  return run('check', sql, syntax, { inline: small(sql) });
}

/**
 * `sqlTables` without blocking the event loop. `background` work (filling in stored values) waits
 * behind requests a user is waiting for and takes at most one worker.
 */
export function sqlTablesAsync(sql: string, parserDialect: string | null, opts: { background?: boolean } = {}): Promise<SqlTableRef[]> {
  const background = opts.background ?? false;
  // beyond the parsed length sqlTables answers [] at once; background work never runs inline, so
  // a batch of small ones cannot add up to a long pause
  const inline = (!background && small(sql)) || sql.length > MAX_TABLES_SQL_LENGTH || !sql.trim();
  return run('tables', sql, parserDialect, { inline, background });
}

/** sql-formatter (keywords upper case) in the given language; unreadable text comes back unchanged. */
export function formatSqlAsync(sql: string, language: string): Promise<string> {
  return run('format', sql, language, { inline: small(sql) });
}

/** Stop the workers (server shutdown, tests). The pool starts again lazily on the next call. */
export function closeOffload(): Promise<void> {
  return pool.close();
}
