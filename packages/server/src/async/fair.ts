/**
 * Fairness between users of the async chart queue: waiting jobs are taken round-robin across
 * users (one user's backlog of 200 jobs delays another user's job by at most one job per user
 * ahead of it, not by the whole backlog), one user runs at most all slots but one (so a newcomer
 * finds a free slot), and each user may hold only so many jobs at once.
 */

/** A user already holds the most jobs they may queue: answered 429. */
export class QueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`You have ${limit} charts waiting to load already. Wait for them to finish, then try again.`);
    this.name = 'QueueFullError';
  }
}

/**
 * Waiting items in one FIFO lane per user; `shift` takes the head of the lane whose turn it is
 * and sends that lane to the back of the rotation. A user who arrives joins the rotation's back.
 */
export class RoundRobin<T> {
  // a Map iterates in insertion order: deleting and re-inserting a lane moves it to the back
  private readonly lanes = new Map<number, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(userId: number, item: T): void {
    const lane = this.lanes.get(userId);
    if (lane) lane.push(item);
    else this.lanes.set(userId, [item]);
    this.count++;
  }

  /** The next item in turn, of the first user in the rotation that `eligible` admits (any user by default). */
  shift(eligible: (userId: number) => boolean = () => true): T | undefined {
    for (const [userId, lane] of this.lanes) {
      if (!eligible(userId)) continue;
      const item = lane.shift();
      this.lanes.delete(userId);
      if (lane.length) this.lanes.set(userId, lane);
      this.count--;
      return item;
    }
    return undefined;
  }

  clear(): void {
    this.lanes.clear();
    this.count = 0;
  }
}

/** Jobs each user holds (waiting or running) in this process, against a limit. */
export class UserJobCounts {
  private readonly held = new Map<number, number>();

  constructor(private readonly limit: number) {}

  /** Count one more job for the user; QueueFullError when they hold `limit` already. */
  take(userId: number): void {
    const n = this.held.get(userId) ?? 0;
    if (n >= this.limit) throw new QueueFullError(this.limit);
    this.held.set(userId, n + 1);
  }

  release(userId: number): void {
    const n = (this.held.get(userId) ?? 0) - 1;
    if (n > 0) this.held.set(userId, n);
    else this.held.delete(userId);
  }

  of(userId: number): number {
    return this.held.get(userId) ?? 0;
  }
}
