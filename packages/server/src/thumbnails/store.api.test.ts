/**
 * The thumbnail store keeps its bounds (entries and bytes, the oldest going first), in memory and
 * on a real Redis, where a picture stored by one server is read by another.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeIfService } from '../test-support/services.js';
import { MemoryThumbnailStore, RedisThumbnailStore } from './store.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const prefix = `rama-test-thumbs-${process.pid}-${Date.now()}`;
const png = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('in-memory thumbnail store', () => {
  it('keeps at most its entries, dropping the oldest', async () => {
    const store = new MemoryThumbnailStore({ maxEntries: 3, maxBytes: 1024 * 1024 });
    for (const k of ['a', 'b', 'c', 'd']) await store.set(k, png(10));
    expect(await store.get('a')).toBeNull();
    expect((await store.get('d'))?.png.length).toBe(10);
    expect(store.size).toBe(3);
  });

  it('keeps at most its bytes, and nothing larger than itself', async () => {
    const store = new MemoryThumbnailStore({ maxEntries: 100, maxBytes: 1000 });
    await store.set('a', png(400));
    await store.set('b', png(400));
    await store.set('c', png(400));
    expect(await store.get('a')).toBeNull();
    expect(await store.get('c')).not.toBeNull();
    await store.set('huge', png(1001));
    expect(await store.get('huge')).toBeNull();
  });
});

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'Redis thumbnail store',
  () => {
    const bounds = { maxEntries: 3, maxBytes: 1000 };
    const stores = [new RedisThumbnailStore(REDIS, prefix, bounds), new RedisThumbnailStore(REDIS, prefix, bounds)];
    afterAll(async () => {
      for (const s of stores) await s.close();
    });

    it('serves a picture stored by one server to another, with its capture time', async () => {
      await stores[0].set('k1', png(100, 7), 1_700_000_000_000);
      const got = await stores[1].get('k1');
      expect(got?.storedAt).toBe(1_700_000_000_000);
      expect(got?.png.equals(png(100, 7))).toBe(true);
    });

    it('keeps its entry and byte bounds across servers, the oldest going first', async () => {
      const t = Date.now();
      await stores[0].set('k2', png(100), t + 1);
      await stores[1].set('k3', png(100), t + 2);
      await stores[0].set('k4', png(100), t + 3);
      // four stored, three kept: the oldest (k1) went
      expect(await stores[1].get('k1')).toBeNull();
      expect(await stores[0].count()).toBe(3);
      await stores[1].set('k5', png(800), t + 4);
      // k2 went for the entry bound; 100 + 100 + 800 (+ headers) is over 1000 bytes: k3 went too
      expect(await stores[0].get('k2')).toBeNull();
      expect(await stores[0].get('k3')).toBeNull();
      expect(await stores[0].get('k4')).not.toBeNull();
      expect((await stores[0].get('k5'))?.png.length).toBe(800);
    });

    it('lets one server at a time capture a key', async () => {
      expect(await stores[0].claim('c1', 10_000)).toBe(true);
      expect(await stores[1].claim('c1', 10_000)).toBe(false);
      await stores[1].release('c1');
      expect(await stores[1].claim('c1', 10_000)).toBe(false);
      await stores[0].release('c1');
      expect(await stores[1].claim('c1', 10_000)).toBe(true);
    });
  },
);
