/**
 * Fair turns for report runs (issue 24 item 8): claimed runs wait in one queue per creator, and a
 * free slot goes to the next creator in turn who is under the per-creator limit, so one creator's
 * ten slow reports hold at most their own share of the slots and never starve another's.
 */

export interface QueuedRun {
  logId: number;
  /** whose turn it takes: the report's creator (null when the creator was deleted) */
  creator: number | null;
}

const keyOf = (creator: number | null) => creator ?? -1;

export class FairQueue {
  /** per creator, oldest run first; the Map's order is the turn order */
  private readonly queues = new Map<number, QueuedRun[]>();
  private readonly running = new Map<number, number>();

  constructor(private readonly perCreator: number) {}

  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  push(run: QueuedRun): void {
    const key = keyOf(run.creator);
    const q = this.queues.get(key);
    if (q) q.push(run);
    else this.queues.set(key, [run]);
  }

  /**
   * The next run to start, taken from the first creator in turn with room under the limit; that
   * creator then goes to the back of the turn order. Null when nobody waiting may start now.
   */
  next(): QueuedRun | null {
    for (const [key, q] of this.queues) {
      if ((this.running.get(key) ?? 0) >= this.perCreator) continue;
      const run = q.shift() as QueuedRun;
      this.queues.delete(key);
      if (q.length) this.queues.set(key, q);
      this.running.set(key, (this.running.get(key) ?? 0) + 1);
      return run;
    }
    return null;
  }

  /** A run taken by `next` has ended: its creator's slot is free again. */
  done(run: QueuedRun): void {
    const key = keyOf(run.creator);
    const n = (this.running.get(key) ?? 1) - 1;
    if (n > 0) this.running.set(key, n);
    else this.running.delete(key);
  }

  clear(): void {
    this.queues.clear();
  }
}
