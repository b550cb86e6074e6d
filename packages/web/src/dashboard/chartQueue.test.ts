import { describe, expect, it } from 'vitest';
import { ChartLoadQueue, NearCharts, allChartsSettled } from './chartQueue';

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('chart load queue (issue 12 part 3: a concurrency limit for the page)', () => {
  it('runs at most `limit` jobs at once, the others in the order they asked', async () => {
    const queue = new ChartLoadQueue(2);
    const started: number[] = [];
    const jobs = [1, 2, 3, 4].map(() => deferred());
    jobs.forEach((job, i) =>
      queue.enqueue(i + 1, () => {
        started.push(i + 1);
        return job.promise;
      }),
    );
    expect(started).toEqual([1, 2]);
    expect(queue.size).toBe(4);
    jobs[1].resolve();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    jobs[0].resolve();
    jobs[2].resolve();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    jobs[3].resolve();
    await tick();
    expect(queue.size).toBe(0);
  });

  it('a waiting job can be taken off; a job queued again for the same chart replaces the waiting one', async () => {
    const queue = new ChartLoadQueue(1);
    const blocker = deferred();
    const ran: string[] = [];
    queue.enqueue(1, () => blocker.promise);
    const cancel = queue.enqueue(2, async () => void ran.push('2'));
    queue.enqueue(3, async () => void ran.push('3 old'));
    queue.enqueue(3, async () => void ran.push('3 new'));
    cancel();
    blocker.resolve();
    await tick();
    await tick();
    expect(ran).toEqual(['3 new']);
  });

  it('a job that throws frees its slot', async () => {
    const queue = new ChartLoadQueue(1);
    const ran: number[] = [];
    queue.enqueue(1, () => Promise.reject(new Error('x')));
    queue.enqueue(2, async () => void ran.push(2));
    await tick();
    await tick();
    expect(ran).toEqual([2]);
  });
});

describe('all charts settled (the rama:dashboard-all-rendered mark)', () => {
  const statuses: Record<number, 'rendered' | 'loading' | 'failed' | null> = { 1: 'rendered', 2: 'failed', 3: 'loading', 4: null };
  const statusOf = (id: number) => statuses[id];

  it('waits for every chart near the viewport to be drawn or to fail, and for the queue to empty', () => {
    expect(allChartsSettled({ nearChartIds: [1, 2], statusOf, queueSize: 0, chartCount: 4 })).toBe(true);
    expect(allChartsSettled({ nearChartIds: [1, 2], statusOf, queueSize: 1, chartCount: 4 })).toBe(false);
    expect(allChartsSettled({ nearChartIds: [1, 3], statusOf, queueSize: 0, chartCount: 4 })).toBe(false);
    expect(allChartsSettled({ nearChartIds: [4], statusOf, queueSize: 0, chartCount: 4 })).toBe(false);
  });

  it('with no chart near, only a page without charts is done', () => {
    expect(allChartsSettled({ nearChartIds: [], statusOf, queueSize: 0, chartCount: 0 })).toBe(true);
    expect(allChartsSettled({ nearChartIds: [], statusOf, queueSize: 0, chartCount: 2 })).toBe(false);
  });

  it('near charts come and go, announcing changes only', () => {
    const near = new NearCharts();
    let calls = 0;
    near.subscribe(() => (calls += 1));
    near.set(1, true);
    near.set(1, true);
    near.set(2, false);
    expect([...near.ids()]).toEqual([1]);
    near.set(1, false);
    expect(calls).toBe(2);
  });
});
