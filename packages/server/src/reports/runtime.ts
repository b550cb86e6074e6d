import type { AppContext } from '../context.js';
import { ReportRunner } from './runner.js';
import { ReportScheduler } from './scheduler.js';
import { Screenshotter } from './screenshot.js';

declare module '../context.js' {
  interface AppContext {
    /** reports and alerts: captures, runs and (where this process schedules) the scheduler */
    reports: ReportsRuntime;
  }
}

/** The report machinery one process holds: the browser for captures, the runner and the scheduler. */
export interface ReportsRuntime {
  screenshots: Screenshotter;
  runner: ReportRunner;
  scheduler: ReportScheduler;
  startScheduler(): void;
  close(): Promise<void>;
}

/** Created with every context; the scheduler ticks once `startScheduler` is called (`rama start`, `rama worker`). */
export function createReportsRuntime(ctx: AppContext): ReportsRuntime {
  const screenshots = new Screenshotter(ctx);
  const runner = new ReportRunner(ctx, screenshots);
  const scheduler = new ReportScheduler(ctx, runner);
  return {
    startScheduler() {
      if (ctx.config.featureFlags.ALERT_REPORTS !== false) scheduler.start();
    },
    screenshots,
    runner,
    scheduler,
    async close() {
      await scheduler.stop();
      await screenshots.close();
    },
  };
}
