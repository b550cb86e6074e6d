/**
 * Where captured thumbnails are kept: bounded in entries and bytes, the oldest going first. In
 * memory (one process) without Redis; in Redis when configured, so that any server answers with a
 * picture another server captured. `claim` keeps two servers from capturing the same key at once.
 */
import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';
import { ioredis } from '../queue/redis-modules.js';

export interface StoredThumbnail {
  png: Buffer;
  /** when it was captured (ms since the epoch) */
  storedAt: number;
}

export interface ThumbnailStore {
  get(key: string): Promise<StoredThumbnail | null>;
  set(key: string, png: Buffer, storedAt?: number): Promise<void>;
  /** take the capture of `key` for `ttlMs`; true when this process holds it */
  claim(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreBounds {
  maxEntries: number;
  maxBytes: number;
}

export class MemoryThumbnailStore implements ThumbnailStore {
  private readonly lru: LRUCache<string, StoredThumbnail>;

  constructor(private readonly bounds: StoreBounds) {
    this.lru = new LRUCache<string, StoredThumbnail>({
      max: bounds.maxEntries,
      maxSize: bounds.maxBytes,
      sizeCalculation: (e, k) => Math.max(1, e.png.length + k.length),
    });
  }

  get(key: string): Promise<StoredThumbnail | null> {
    return Promise.resolve(this.lru.get(key) ?? null);
  }

  set(key: string, png: Buffer, storedAt = Date.now()): Promise<void> {
    // a picture larger than the whole store is not kept
    if (png.length + key.length <= this.bounds.maxBytes) this.lru.set(key, { png, storedAt });
    return Promise.resolve();
  }

  /** one process: the service's own queue is the whole story */
  claim(): Promise<boolean> {
    return Promise.resolve(true);
  }

  release(): Promise<void> {
    return Promise.resolve();
  }

  get size(): number {
    return this.lru.size;
  }

  close(): Promise<void> {
    this.lru.clear();
    return Promise.resolve();
  }
}

/**
 * Store the picture, index it by capture time and size, then drop the oldest until the store is
 * within its bounds again — in one script, so concurrent servers keep the totals right.
 * KEYS: data key, index (sorted set by time), sizes (hash), total bytes.
 * ARGV: member, value, time, max entries, max bytes, data key prefix.
 */
const SET_SCRIPT = `
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old then redis.call('DECRBY', KEYS[4], tonumber(old)) end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], string.len(ARGV[2]))
local total = redis.call('INCRBY', KEYS[4], string.len(ARGV[2]))
while redis.call('ZCARD', KEYS[2]) > tonumber(ARGV[4]) or total > tonumber(ARGV[5]) do
  local popped = redis.call('ZPOPMIN', KEYS[2])
  if #popped == 0 then break end
  local m = popped[1]
  local size = redis.call('HGET', KEYS[3], m)
  redis.call('HDEL', KEYS[3], m)
  if size then total = redis.call('DECRBY', KEYS[4], tonumber(size)) end
  redis.call('DEL', ARGV[6] .. m)
end
return total
`;

/** how long a call waits for a connection being opened */
const READY_WAIT_MS = 2000;

export class RedisThumbnailStore implements ThumbnailStore {
  private readonly redis: Redis;
  private readonly token = `${process.pid}-${Math.random().toString(36).slice(2)}`;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly bounds: StoreBounds,
  ) {
    this.redis = new (ioredis().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // a down Redis means no thumbnails for now (the cards keep their placeholders), not a crash
    this.redis.on('error', () => undefined);
  }

  /** Wait (briefly) for the connection a new store is still opening; commands are not queued while offline. */
  private async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, READY_WAIT_MS);
      this.redis.once('ready', done);
    });
  }

  private get base(): string {
    return `${this.prefix}:thumb`;
  }

  async get(key: string): Promise<StoredThumbnail | null> {
    try {
      await this.ready();
      const raw = await this.redis.getBuffer(`${this.base}:data:${key}`);
      if (!raw) return null;
      // `<stored at ms>\n<png>`
      const nl = raw.indexOf(10);
      if (nl < 0) return null;
      const storedAt = Number(raw.subarray(0, nl).toString('latin1'));
      return Number.isFinite(storedAt) ? { storedAt, png: raw.subarray(nl + 1) } : null;
    } catch {
      return null;
    }
  }

  async set(key: string, png: Buffer, storedAt = Date.now()): Promise<void> {
    if (png.length + key.length > this.bounds.maxBytes) return;
    const value = Buffer.concat([Buffer.from(`${storedAt}\n`, 'latin1'), png]);
    try {
      await this.ready();
      await this.redis.eval(
        SET_SCRIPT,
        4,
        `${this.base}:data:${key}`,
        `${this.base}:index`,
        `${this.base}:sizes`,
        `${this.base}:bytes`,
        key,
        value,
        storedAt,
        this.bounds.maxEntries,
        this.bounds.maxBytes,
        `${this.base}:data:`,
      );
    } catch {
      // not stored: the next request queues a capture again
    }
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    try {
      await this.ready();
      return (await this.redis.set(`${this.base}:lock:${key}`, this.token, 'PX', ttlMs, 'NX')) === 'OK';
    } catch {
      return false;
    }
  }

  async release(key: string): Promise<void> {
    try {
      await this.redis.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
        1,
        `${this.base}:lock:${key}`,
        this.token,
      );
    } catch {
      // expires on its own
    }
  }

  /** entries kept now (tests) */
  async count(): Promise<number> {
    await this.ready();
    return this.redis.zcard(`${this.base}:index`);
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
