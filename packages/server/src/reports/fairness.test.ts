/** Fair turns between report creators (issue 24 item 8), as the scheduler takes them. */
import { describe, expect, it } from 'vitest';
import { FairQueue, type QueuedRun } from './fairness.js';

/** Start runs while `slots` allow, as the scheduler's pump does; returns the log ids started. */
function fill(q: FairQueue, slots: number, started: QueuedRun[]): number[] {
  const ids: number[] = [];
  while (started.length < slots) {
    const run = q.next();
    if (!run) break;
    started.push(run);
    ids.push(run.logId);
  }
  return ids;
}

describe('FairQueue', () => {
  it("one creator's ten runs take one slot; another creator's run starts at once", () => {
    const q = new FairQueue(1);
    for (let i = 1; i <= 10; i++) q.push({ logId: i, creator: 7 });
    q.push({ logId: 100, creator: 1 });
    const running: QueuedRun[] = [];
    expect(fill(q, 2, running)).toEqual([1, 100]);
    // the second slot stays free rather than going to the creator already running one
    running.splice(1, 1).forEach((r) => q.done(r));
    expect(fill(q, 2, running)).toEqual([]);
    q.done(running.shift() as QueuedRun);
    expect(fill(q, 2, running)).toEqual([2]);
    expect(q.waiting).toBe(8);
  });

  it('takes creators in turn, not in the order their runs were claimed', () => {
    const q = new FairQueue(2);
    for (const [logId, creator] of [
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 6],
      [6, 6],
      [7, 8],
    ] as const)
      q.push({ logId, creator });
    const order: number[] = [];
    for (let run = q.next(); run; run = q.next()) {
      order.push(run.logId);
      q.done(run);
    }
    expect(order).toEqual([1, 5, 7, 2, 6, 3, 4]);
  });

  it('holds a creator at the limit and lets the others through', () => {
    const q = new FairQueue(2);
    [1, 2, 3].forEach((logId) => q.push({ logId, creator: 5 }));
    q.push({ logId: 9, creator: null });
    const running: QueuedRun[] = [];
    expect(fill(q, 4, running)).toEqual([1, 9, 2]);
    expect(q.next()).toBeNull();
    q.done(running[0]);
    expect(q.next()?.logId).toBe(3);
  });
});
