/**
 * The chart cache's single flight across processes, on a real Redis: two stores (as two servers
 * would hold) and many concurrent requests for one cold key compute it once; the in-memory store
 * does the same within a process and honours its time limit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeIfService } from '../test-support/services.js';
import { MemoryChartCache, RedisChartCache, SingleFlight } from './cache.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const prefix = `rama-test-cache-${process.pid}-${Date.now()}`;

const slowCompute = (counter: { n: number }, value: string) => async () => {
  counter.n++;
  await new Promise((r) => setTimeout(r, 150));
  return value;
};

describe('in-memory chart cache', () => {
  it('computes a cold key once for concurrent requests and serves it afterwards', async () => {
    const flight = new SingleFlight(new MemoryChartCache(1024 * 1024));
    const counter = { n: 0 };
    const all = await Promise.all(
      Array.from({ length: 50 }, () => flight.once('k', { force: false, ttlSeconds: 60 }, slowCompute(counter, '{"a":1}'))),
    );
    expect(counter.n).toBe(1);
    expect(all.filter((e) => e.fresh)).toHaveLength(50);
    const later = await flight.once('k', { force: false, ttlSeconds: 60 }, slowCompute(counter, '{"a":2}'));
    expect(later).toMatchObject({ value: '{"a":1}', fresh: false });
    const forced = await flight.once('k', { force: true, ttlSeconds: 60 }, slowCompute(counter, '{"a":3}'));
    expect(forced).toMatchObject({ value: '{"a":3}', fresh: true });
    expect(counter.n).toBe(2);
  });

  it('forgets an entry after its time limit and keeps nothing larger than itself', async () => {
    const store = new MemoryChartCache(1024 * 1024);
    await store.set('short', 'x', 1);
    expect(await store.get('short')).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get('short')).toBeNull();
    await store.set('huge', 'y'.repeat(1024 * 1024), 60);
    expect(await store.get('huge')).toBeNull();
  });
});

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'Redis chart cache',
  () => {
    const stores = [new RedisChartCache(REDIS, prefix), new RedisChartCache(REDIS, prefix)];
    afterAll(async () => {
      for (const s of stores) await s.close();
    });

    it('computes a cold key once across two servers', async () => {
      const flights = stores.map((s) => new SingleFlight(s));
      const counter = { n: 0 };
      const key = `cold-${Date.now()}`;
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => flights[i % 2].once(key, { force: false, ttlSeconds: 60 }, slowCompute(counter, '{"v":42}'))),
      );
      expect(counter.n).toBe(1);
      expect(new Set(replies.map((r) => r.value))).toEqual(new Set(['{"v":42}']));
      // the other server reads what the first stored
      expect((await stores[1].get(key))?.value).toBe('{"v":42}');
      expect((await stores[0].get(key))?.storedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    });

    it('a failed computation releases the lock so the next request computes again', async () => {
      const flight = new SingleFlight(stores[0]);
      const key = `fail-${Date.now()}`;
      await expect(flight.once(key, { force: false, ttlSeconds: 60 }, () => Promise.reject(new Error('engine down')))).rejects.toThrow(
        'engine down',
      );
      const ok = await new SingleFlight(stores[1]).once(key, { force: false, ttlSeconds: 60 }, () => Promise.resolve('{"ok":true}'));
      expect(ok).toMatchObject({ value: '{"ok":true}', fresh: true });
    });
  },
);
