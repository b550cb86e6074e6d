/**
 * SQL analysis off the main thread. node-sql-parser and sql-formatter take time that grows faster
 * than the text (a 20 KB UNION takes ~250 ms to parse, a 100 KB one seconds), and every millisecond
 * they run on the main thread is a millisecond no other request is answered. Small inputs run
 * inline (measured: ~8 ms at 1 KB, ~15 ms at 2 KB); larger ones go to a pool of two worker threads,
 * each running one job at a time under a time limit. A job over the limit is refused with a clear
 * message and its worker replaced; other jobs are not affected.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { secondsOf, spawnThread, WorkerPool } from '../workers/pool.js';
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

interface Job {
  task: TaskName;
  sql: string;
  dialect: TaskDialects[TaskName];
  background: boolean;
}

/** Background work goes shortest first: many small answers are worth more than one big one. */
function shortestBackgroundJob(queue: readonly Job[]): number {
  let best = -1;
  queue.forEach((j, i) => {
    if (j.background && (best < 0 || j.sql.length < queue[best].sql.length)) best = i;
  });
  return best;
}

/** The worker is parse-worker.ts (dist/sql/parse-worker.js when built). */
const pool = new WorkerPool<Job, unknown>({
  size: POOL_SIZE,
  spawn: () => spawnThread(import.meta.url, './parse-worker.js', RESOURCE_LIMITS),
  timeLimitMs: () => settings.timeLimitMs,
  // at most one background job runs at a time, so a worker stays free for a user who waits
  pick: (queue, running) => {
    const index = queue.findIndex((j) => !j.background);
    if (index >= 0 || running.some((j) => j.background)) return index;
    return shortestBackgroundJob(queue);
  },
  send: (worker, id, job) => worker.post({ id, task: job.task, sql: job.sql, dialect: job.dialect }),
  settle: (m) =>
    m.ok ? { value: m.result } : { error: new SqlAnalysisError(`The SQL could not be analysed: ${String(m.error)}`, 'failed') },
  errors: {
    boot: () => new SqlAnalysisError('The SQL analyser could not be started.', 'failed'),
    timeout: (ms) => tooComplex(`it took longer than ${secondsOf(ms)} s`),
    stopped: ({ error }) =>
      error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? tooComplex('it needed too much memory')
        : new SqlAnalysisError('The SQL analyser stopped unexpectedly.', 'failed'),
    shutdown: () => new SqlAnalysisError('The SQL analyser was shut down.', 'shutdown'),
  },
});

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
  return pool.run({ task, sql, dialect, background: opts.background ?? false }) as Promise<TaskResults[T]>;
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
