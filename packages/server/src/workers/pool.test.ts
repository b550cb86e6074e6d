import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { secondsOf, spawnThread, threadWorker, WorkerPool, type PoolOptions, type WorkerStop } from './pool.js';

/**
 * A thread that answers `{ id, n }` with `{ id, ok: true, out: n * 2 }`; `n: 'spin'` never answers,
 * `n: 'grow'` allocates until its heap limit, `n: 'exit'` exits.
 */
const ECHO = `
const { parentPort, workerData } = require('node:worker_threads');
const started = Date.now();
while (Date.now() - started < (workerData && workerData.bootMs || 0)) {}
parentPort.on('message', ({ id, n }) => {
  if (n === 'spin') for (;;) {}
  if (n === 'exit') process.exit(3);
  if (n === 'grow') { const keep = []; for (;;) keep.push(new Array(100000).fill(id)); }
  parentPort.postMessage({ id, ok: true, out: n * 2 });
});
parentPort.postMessage({ ready: true });
`;

const spawned: number[] = [];
const echo = (bootMs = 0) => {
  spawned.push(Date.now());
  return threadWorker(new Worker(ECHO, { eval: true, workerData: { bootMs }, resourceLimits: { maxOldGenerationSizeMb: 16 } }));
};

type Task = number | 'spin' | 'grow' | 'exit';
const stops: WorkerStop[] = [];

function pool(changes: Partial<PoolOptions<Task, number>> = {}): WorkerPool<Task, number> {
  return new WorkerPool<Task, number>({
    size: 2,
    spawn: () => echo(),
    timeLimitMs: () => 500,
    send: (w, id, n) => w.post({ id, n }),
    settle: (m) => (m.ok ? { value: m.out as number } : { error: new Error('failed') }),
    errors: {
      busy: () => new Error('busy'),
      boot: () => new Error('boot'),
      timeout: (ms) => new Error(`over ${secondsOf(ms)} s`),
      stopped: (why) => {
        stops.push(why);
        return new Error(why.error?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'stopped');
      },
      shutdown: () => new Error('shut down'),
    },
    ...changes,
  });
}

const pools: WorkerPool<Task, number>[] = [];
const make = (changes: Partial<PoolOptions<Task, number>> = {}) => {
  const p = pool(changes);
  pools.push(p);
  return p;
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  spawned.length = 0;
  stops.length = 0;
});

describe('WorkerPool', () => {
  it('runs tasks on a fixed number of workers and answers each with its own result', async () => {
    const p = make();
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => p.run(n)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(spawned.length).toBe(2);
  }, 20_000);

  it('stops a task over its time limit and replaces the worker; the other tasks go on', async () => {
    const p = make();
    const [spin, a, b] = await Promise.allSettled([p.run('spin'), p.run(1), p.run(2)]);
    expect(spin).toEqual({ status: 'rejected', reason: new Error('over 0.5 s') });
    expect([a, b]).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 4 },
    ]);
    // the stuck worker's slot takes a fresh one
    expect(await p.run(3)).toBe(6);
  }, 20_000);

  it('refuses a task with the pool’s own error when a worker runs out of memory or exits', async () => {
    const p = make({ timeLimitMs: () => 10_000 });
    await expect(p.run('grow')).rejects.toThrow('memory');
    await expect(p.run('exit')).rejects.toThrow('stopped');
    expect(stops.map((s) => s.booted)).toEqual([true, true]);
    expect(await p.run(4)).toBe(8);
  }, 30_000);

  it('bounds the queue', async () => {
    const p = make({ size: 1, maxQueued: () => 2 });
    const first = p.run(1);
    const queued = [p.run(2), p.run(3)];
    await expect(p.run(4)).rejects.toThrow('busy');
    expect(await Promise.all([first, ...queued])).toEqual([2, 4, 6]);
  }, 20_000);

  it('refuses a task whose worker does not boot in time', async () => {
    const p = make({ size: 1, spawn: () => echo(2_000), bootLimitMs: 100 });
    await expect(p.run(1)).rejects.toThrow('boot');
  }, 20_000);

  it('with bootFailureStops, a worker that cannot boot refuses every waiting task at once', async () => {
    const p = make({ size: 1, spawn: () => echo(2_000), bootLimitMs: 100, bootFailureStops: true });
    const all = await Promise.allSettled([p.run(1), p.run(2), p.run(3)]);
    expect(all.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['boot', 'boot', 'boot']);
    expect(spawned.length).toBe(1);
  }, 20_000);

  it('picks the next task as asked', async () => {
    const order: Task[] = [];
    const p = make({
      size: 1,
      // largest first
      pick: (queue) => queue.reduce<number>((best, t, i) => (best < 0 || (t as number) > (queue[best] as number) ? i : best), -1),
      send: (w, id, n) => {
        order.push(n);
        w.post({ id, n });
      },
    });
    await Promise.all([p.run(1), p.run(2), p.run(3), p.run(4)]);
    // the first one starts the worker at once; the others wait and go largest first
    expect(order).toEqual([1, 4, 3, 2]);
  }, 20_000);

  it('keeps a warm pool’s workers started, and stops idle workers after idleMs', async () => {
    const warm = make({ warm: true });
    expect(await warm.run(1)).toBe(2);
    expect(spawned.length).toBe(2);
    spawned.length = 0;
    const idle = make({ size: 1, idleMs: () => 50 });
    expect(await idle.run(1)).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await idle.run(2)).toBe(4);
    expect(spawned.length).toBe(2);
  }, 20_000);

  it('hands a task over in parts: the time limit starts when sending is done', async () => {
    const p = make({
      size: 1,
      timeLimitMs: () => 200,
      send: async (w, id, n, current) => {
        await new Promise((r) => setTimeout(r, 400));
        if (current()) w.post({ id, n });
      },
    });
    expect(await p.run(5)).toBe(10);
  }, 20_000);

  it('close() refuses running and waiting tasks, and the pool starts again on the next task', async () => {
    const p = make({ size: 1, timeLimitMs: () => 10_000 });
    const refused = Promise.allSettled([p.run('spin'), p.run(1)]);
    await new Promise((r) => setTimeout(r, 100));
    await p.close();
    const [running, waiting] = await refused;
    expect(running).toEqual({ status: 'rejected', reason: new Error('shut down') });
    expect(waiting).toEqual({ status: 'rejected', reason: new Error('shut down') });
    expect(await p.run(2)).toBe(4);
  }, 20_000);

  it('boots a thread from the TypeScript sources (ts-source-hooks) when run under vitest', async () => {
    const p = make({
      size: 1,
      timeLimitMs: () => 20_000,
      spawn: () =>
        spawnThread(new URL('../sql/offload.ts', import.meta.url).href, './parse-worker.js', {
          maxOldGenerationSizeMb: 256,
          maxYoungGenerationSizeMb: 32,
        }),
      send: (w, id) => w.post({ id, task: 'format', sql: 'select a from t', dialect: 'postgresql' }),
      settle: (m) => (m.ok ? { value: m.result as never } : { error: new Error(String(m.error)) }),
    });
    expect(await p.run(0)).toBe('SELECT\n  a\nFROM\n  t');
  }, 60_000);
});
