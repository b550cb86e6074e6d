import type { AppContext } from '../context.js';
import { createResultsBackend, type ResultsBackend } from './results.js';
import { QueryRunner } from './runner.js';
import { BullQueue, InProcessQueue, type QueryQueue } from './queue.js';

declare module '../context.js' {
  interface AppContext {
    /** SQL Lab: results backend, query runner and async queue (sqllab/runtime.ts) */
    sqllab: SqlLabRuntime;
  }
}

/** The SQL Lab machinery one process holds: results backend, runner and async queue. */
export interface SqlLabRuntime {
  results: ResultsBackend;
  runner: QueryRunner;
  queue: QueryQueue;
  close(): Promise<void>;
}

export function createSqlLabRuntime(ctx: Omit<AppContext, 'sqllab'>, opts: { startTimers: boolean }): SqlLabRuntime {
  // the context is completed with this runtime right after; the runner only reads it later
  const cfg = ctx.config;
  const results = createResultsBackend(cfg.home, cfg.redisUrl, cfg.redisPrefix, cfg.resultsStoreMaxBytes);
  const runner = new QueryRunner(ctx as AppContext, results, cfg.resultsTtl);
  const queue: QueryQueue = cfg.redisUrl
    ? new BullQueue(cfg.redisUrl, cfg.redisPrefix)
    : new InProcessQueue(ctx as AppContext, runner, cfg.workerConcurrency);
  if (opts.startTimers) runner.start();
  return {
    results,
    runner,
    queue,
    async close() {
      runner.stopTimers();
      await queue.close();
      await results.close();
    },
  };
}
