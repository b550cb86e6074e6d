/**
 * The chart data cache: stored query payloads (JSON text) under a key derived from the compiled
 * query, with a time limit. In memory (an LRU bounded in bytes) by default, Redis when configured,
 * so that several servers share it. `once` is the single flight: concurrent requests for the same
 * key on a cold cache compute it once — in one process through a shared promise, across processes
 * through a short Redis lock the others wait on while polling the cache.
 *
 * Each entry carries its scope (the datasource it was computed from, and the user when the result
 * is that user's own): a read by key alone (`GET /api/v1/chart/data/<key>`, an async result URL)
 * is answered only to a caller the scope admits. An entry without a scope is never read by key.
 */
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import { ioredis } from '../queue/redis-modules.js';

/** Who may read an entry by its key: callers who may read the datasource (and are the user, when one is named). */
export interface CacheScope {
  datasourceType: string;
  datasourceId: number;
  /** the only user it is served to: a result that differs per user, or an async job's own reply */
  userId: number | null;
  /** hash of the row level security clauses the result was computed under (cache-scope.ts) */
  rls?: string;
}

export interface CacheEntry {
  /** the payload's JSON text */
  value: string;
  /** when it was stored (ISO, as `cached_dttm`) */
  storedAt: string;
  /** null: stored without one, so never served by key */
  scope: CacheScope | null;
}

export interface ChartCacheStore {
  get(key: string): Promise<CacheEntry | null>;
  set(key: string, value: string, ttlSeconds: number, scope?: CacheScope | null): Promise<void>;
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

  set(key: string, value: string, ttlSeconds: number, scope: CacheScope | null = null): Promise<void> {
    // an entry larger than the whole cache is not kept (LRUCache would refuse it anyway)
    if (value.length * 2 < this.lru.maxSize) this.lru.set(key, { value, storedAt: isoNow(), scope }, { ttl: ttlSeconds * 1000 });
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
    this.redis = new (ioredis().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
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
      // `<stored at>\n<scope JSON or empty>\n<value>`
      const nl = raw.indexOf('\n');
      const nl2 = raw.indexOf('\n', nl + 1);
      if (nl < 0 || nl2 < 0) return null;
      return { storedAt: raw.slice(0, nl), scope: parseScope(raw.slice(nl + 1, nl2)), value: raw.slice(nl2 + 1) };
    } catch {
      return null;
    }
  }

  async set(key: string, value: string, ttlSeconds: number, scope: CacheScope | null = null): Promise<void> {
    try {
      const head = `${isoNow()}\n${scope ? JSON.stringify(scope) : ''}\n`;
      await this.redis.set(this.k(key), head + value, 'EX', Math.max(1, ttlSeconds));
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

/** A stored scope, or null when it is absent or not of the expected shape (then the entry is not served by key). */
function parseScope(text: string): CacheScope | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<CacheScope> | null;
    if (!v || typeof v.datasourceType !== 'string' || !Number.isInteger(v.datasourceId)) return null;
    const userId = v.userId ?? null;
    if (userId !== null && !Number.isInteger(userId)) return null;
    const scope: CacheScope = { datasourceType: v.datasourceType, datasourceId: v.datasourceId!, userId };
    if (typeof v.rls === 'string') scope.rls = v.rls;
    return scope;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a computing process holds the lock; others wait for the value up to this long. */
const LOCK_MS = 120_000;
const POLL_MS = 25;

export interface FlightOptions {
  force: boolean;
  ttlSeconds: number;
  /** stored with the entry: who may read it by key */
  scope?: CacheScope | null;
}

/** Single flight over a cache store: one computation per key at a time, in this process and across processes. */
export class SingleFlight {
  private readonly inflight = new Map<string, Promise<CacheEntry & { fresh: boolean }>>();

  constructor(private readonly store: ChartCacheStore) {}

  /**
   * The cached entry, or the one computed now by `compute` (stored for `ttlSeconds`). With
   * `force`, the cache is not read, but concurrent forced requests still share one computation.
   */
  once(key: string, opts: FlightOptions, compute: () => Promise<string>): Promise<CacheEntry & { fresh: boolean }> {
    const running = this.inflight.get(key);
    if (running) return running;
    const p = this.compute(key, opts, compute).finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async compute(key: string, opts: FlightOptions, compute: () => Promise<string>): Promise<CacheEntry & { fresh: boolean }> {
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
          const scope = opts.scope ?? null;
          if (opts.ttlSeconds > 0) await this.store.set(key, value, opts.ttlSeconds, scope);
          return { value, storedAt: isoNow(), scope, fresh: true };
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
