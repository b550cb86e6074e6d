/**
 * The report scheduler (issue 14 part 2). Each minute it finds the slots due for every active
 * report and claims each by inserting its execution log row: the (report, slot) key is unique in
 * the metadata store, so however many schedulers race, exactly one wins a slot and runs it. It
 * also turns runs stuck in Working past their timeout into Error, and prunes old logs. Claimed runs
 * start in fair turns between the reports' creators, each under a per-creator limit (issue 24
 * item 8), so one user's slow reports cannot hold every slot.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { REPORT_RUN_ERRORS, dueSlots, isWorkingTimedOut, logRetentionCutoff } from '@rama/shared';
import type { AppContext } from '../context.js';
import type { ReportRunner } from './runner.js';
import { FairQueue, type QueuedRun } from './fairness.js';
import {
  activeReportSchedules,
  finishWorkingRun,
  insertRunUnlessLogged,
  otherWorkingRun,
  pruneRuns,
  reportLogRetentions,
  runsScheduledAfter,
  workingRuns,
} from '../metadata/repos/reports.js';

/** how far back a tick looks for a due slot it has not seen (a late tick still runs its slot) */
export const SLOT_LOOKBACK_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 3_600_000;

export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running = 0;
  private readonly waiting: FairQueue;
  private readonly inFlight = new Set<Promise<unknown>>();
  private lastPrune = 0;
  private stopped = false;
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly ctx: AppContext,
    private readonly runner: ReportRunner,
    private readonly concurrency = ctx.config.reports.concurrency,
  ) {
    this.waiting = new FairQueue(ctx.config.reports.concurrencyPerOwner);
  }

  private get db() {
    return this.ctx.store.db;
  }

  /** Tick a second after every minute boundary (slots are whole minutes). */
  start(): void {
    const schedule = () => {
      if (this.stopped) return;
      const delay = 60_000 - (Date.now() % 60_000) + 1000;
      this.timer = setTimeout(() => {
        this.tick().catch((e: unknown) => this.ctx.log.error({ err: e }, 'report scheduler tick failed'));
        schedule();
      }, delay);
      this.timer.unref();
    };
    schedule();
  }

  /** Runs Working for longer than their report's working_timeout become Error (their worker died). */
  async failStuck(now = new Date()): Promise<number> {
    const rows = await workingRuns(this.db);
    let failed = 0;
    for (const row of rows) {
      const start = row.start_dttm ? Date.parse(row.start_dttm) : 0;
      if (!isWorkingTimedOut(start, row.working_timeout, now.getTime())) continue;
      const changed = await finishWorkingRun(this.db, row.id, {
        state: 'Error',
        end_dttm: now.toISOString(),
        error_message: REPORT_RUN_ERRORS.workingTimeout,
      });
      failed += changed ? 1 : 0;
    }
    return failed;
  }

  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    const reports = await reportLogRetentions(this.db);
    for (const r of reports) {
      const cutoff = logRetentionCutoff(r.log_retention, now.getTime());
      if (!cutoff) continue;
      await pruneRuns(this.db, r.id, cutoff.toISOString());
    }
  }

  /**
   * Claim one slot: insert its log row, Working, unless another scheduler did first (the unique
   * key). A report whose previous run is still working gets this slot logged as an Error instead.
   * Returns the claimed row's id when this scheduler is to run it.
   */
  async claim(reportId: number, slot: Date, now = new Date()): Promise<number | null> {
    const scheduled = slot.toISOString();
    const previous = await otherWorkingRun(this.db, reportId, scheduled);
    const id = await insertRunUnlessLogged(this.db, {
      uuid: randomUUID(),
      report_schedule_id: reportId,
      scheduled_dttm: scheduled,
      start_dttm: now.toISOString(),
      end_dttm: previous ? now.toISOString() : null,
      state: previous ? 'Error' : 'Working',
      error_message: previous ? REPORT_RUN_ERRORS.previousWorking : null,
      worker: this.workerId,
    });
    if (id === null || previous) return null;
    return id;
  }

  /** One pass: fail stuck runs, claim every due slot and start the claimed runs. Returns the claimed log ids. */
  async tick(now = new Date()): Promise<number[]> {
    await this.failStuck(now);
    const reports = await activeReportSchedules(this.db);
    const after = new Date(now.getTime() - SLOT_LOOKBACK_MS);
    const due = reports.flatMap((r) =>
      dueSlots(r.crontab, r.timezone, after, now, 1).map((slot) => ({ id: r.id, slot, creator: r.created_by_fk })),
    );
    const claimed: QueuedRun[] = [];
    if (due.length) {
      // slots already logged (by this or another scheduler) are skipped without an insert
      const seen = new Set(
        (await runsScheduledAfter(this.db, after.toISOString())).map((l) => `${l.report_schedule_id}|${l.scheduled_dttm}`),
      );
      for (const d of due) {
        if (seen.has(`${d.id}|${d.slot.toISOString()}`)) continue;
        const logId = await this.claim(d.id, d.slot, now);
        if (logId !== null) claimed.push({ logId, creator: d.creator });
      }
    }
    for (const run of claimed) this.waiting.push(run);
    this.pump();
    await this.prune(now).catch((e: unknown) => this.ctx.log.warn({ err: e }, 'report log pruning failed'));
    return claimed.map((c) => c.logId);
  }

  private pump(): void {
    while (this.running < this.concurrency && !this.stopped) {
      const run = this.waiting.next();
      if (!run) break;
      this.running++;
      const p = this.runner
        .execute(run.logId)
        .catch((e: unknown) => this.ctx.log.error({ err: e, log: run.logId }, 'report run crashed'))
        .finally(() => {
          this.running--;
          this.waiting.done(run);
          this.inFlight.delete(p);
          this.pump();
        });
      this.inFlight.add(p);
    }
  }

  /** Resolves when every claimed run of this scheduler has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size || this.waiting.waiting) await Promise.all([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.waiting.clear();
    await Promise.all([...this.inFlight]);
  }
}
