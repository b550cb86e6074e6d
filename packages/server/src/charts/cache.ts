/**
 * The chart data cache: stored query payloads (JSON text) under a key derived from the compiled
 * query, with a time limit. In memory (an LRU bounded in bytes) by default, Redis when configured,
 * so that several servers share it. `once` is the single flight: concurrent requests for the same
 * key on a cold cache compute it once — in one process through a shared promise, across processes
 * through a short Redis lock the others wait on while polling the cache.
 */
import { LRUCache } from 'lru-cache';
import { Redis } from 'ioredis';

export interface CacheEntry {
  /** the payload's JSON text */
  value: string;
  /** when it was stored (ISO, as `cached_dttm`) */
  storedAt: string;
}

export interface ChartCacheStore {
  get(key: string): Promise<CacheEntry | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** take the cross-process compute lock; true when this caller holds it */
  lock(key: string, ttlMs: number): Promise<boolean>;
  unlock(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryChartCache implements ChartCacheStore {
  private readonly lru: LRUCache<string, CacheEntry>;

  constructor(maxBytes: number) {
    this.lru = new LRUCache<string, CacheEntry>({
      maxSize: maxBytes,
      sizeCalculation: (e, k) => Math.max(1, e.value.length * 2 + k.length),
      ttlAutopurge: false,
    });
  }

  get(key: string): Promise<CacheEntry | null> {
    return Promise.resolve(this.lru.get(key) ?? null);
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    // an entry larger than the whole cache is not kept (LRUCache would refuse it anyway)
    if (value.length * 2 < this.lru.maxSize) this.lru.set(key, { value, storedAt: isoNow() }, { ttl: ttlSeconds * 1000 });
    return Promise.resolve();
  }

  /** one process: the in-process single flight is the whole story */
  lock(): Promise<boolean> {
    return Promise.resolve(true);
  }

  unlock(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.lru.clear();
    return Promise.resolve();
  }
}

export class RedisChartCache implements ChartCacheStore {
  private readonly redis: Redis;
  private readonly token = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // a down Redis is reported per request (the query runs uncached), not as a crash
    this.redis.on('error', () => undefined);
  }

  private k(key: string): string {
    return `${this.prefix}:chart:${key}`;
  }

  async get(key: string): Promise<CacheEntry | null> {
    try {
      const raw = await this.redis.get(this.k(key));
      if (raw === null) return null;
      const nl = raw.indexOf('\n');
      return { storedAt: raw.slice(0, nl), value: raw.slice(nl + 1) };
    } catch {
      return null;
    }
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(this.k(key), `${isoNow()}\n${value}`, 'EX', Math.max(1, ttlSeconds));
    } catch {
      // an unavailable cache costs speed, not answers
    }
  }

  async lock(key: string, ttlMs: number): Promise<boolean> {
    try {
      return (await this.redis.set(`${this.k(key)}:lock`, this.token, 'PX', ttlMs, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  async unlock(key: string): Promise<void> {
    try {
      // only our own lock: it may have expired and been taken by another process since
      await this.redis.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
        1,
        `${this.k(key)}:lock`,
        this.token,
      );
    } catch {
      // expires on its own
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}

const isoNow = (): string => new Date().toISOString().slice(0, 19);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a computing process holds the lock; others wait for the value up to this long. */
const LOCK_MS = 120_000;
const POLL_MS = 25;

/** Single flight over a cache store: one computation per key at a time, in this process and across processes. */
export class SingleFlight {
  private readonly inflight = new Map<string, Promise<CacheEntry & { fresh: boolean }>>();

  constructor(private readonly store: ChartCacheStore) {}

  /**
   * The cached entry, or the one computed now by `compute` (stored for `ttlSeconds`). With
   * `force`, the cache is not read, but concurrent forced requests still share one computation.
   */
  once(
    key: string,
    opts: { force: boolean; ttlSeconds: number },
    compute: () => Promise<string>,
  ): Promise<CacheEntry & { fresh: boolean }> {
    const running = this.inflight.get(key);
    if (running) return running;
    const p = this.compute(key, opts, compute).finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async compute(
    key: string,
    opts: { force: boolean; ttlSeconds: number },
    compute: () => Promise<string>,
  ): Promise<CacheEntry & { fresh: boolean }> {
    const deadline = Date.now() + LOCK_MS;
    for (;;) {
      if (!opts.force) {
        const hit = await this.store.get(key);
        if (hit) return { ...hit, fresh: false };
      }
      if (await this.store.lock(key, LOCK_MS)) {
        try {
          if (!opts.force) {
            // another process may have stored it between our read and our lock
            const hit = await this.store.get(key);
            if (hit) return { ...hit, fresh: false };
          }
          const value = await compute();
          if (opts.ttlSeconds > 0) await this.store.set(key, value, opts.ttlSeconds);
          return { value, storedAt: isoNow(), fresh: true };
        } finally {
          await this.store.unlock(key);
        }
      }
      // another process computes it: wait for its value (or for its lock to lapse)
      if (Date.now() > deadline) throw new Error('Timed out waiting for another server to compute this chart.');
      await sleep(POLL_MS);
      opts = { ...opts, force: false };
    }
  }
}
