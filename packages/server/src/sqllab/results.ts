/**
 * The results backend: finished query results kept for a time-to-live so the client can fetch
 * them later by resultsKey. On disk under RAMA_HOME by default, in Redis when configured.
 * Stored form: a header line (JSON: columns, statements, displayLimitReached), then the rows as
 * JSON object texts joined by ",\n" — the inside of a JSON array, so serving it is one
 * concatenation, and a row cap only scans for separators (JSON text never holds a raw newline).
 */
import { mkdir, readFile, rm, stat, writeFile, rename, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface StoredResult {
  header: string;
  /** row JSON texts joined by ROW_SEPARATOR ('' when there are no rows) */
  body: string;
}

export const ROW_SEPARATOR = ',\n';

/** The first `n` rows of a stored body, and how many rows the body holds in all (when counted). */
export function takeRows(body: string, n: number | null): { body: string; truncated: boolean } {
  if (n === null || body === '') return { body, truncated: false };
  if (n === 0) return { body: '', truncated: true };
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = body.indexOf(ROW_SEPARATOR, at + 1);
    if (at < 0) return { body, truncated: false };
  }
  return { body: body.slice(0, at), truncated: true };
}

export interface ResultsBackend {
  readonly kind: 'disk' | 'redis';
  set(key: string, value: StoredResult, ttlSeconds: number): Promise<void>;
  /** null when missing or expired */
  get(key: string): Promise<StoredResult | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Raised when the backend itself is unreachable (Redis down); the message is client-safe. */
export class ResultsBackendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultsBackendError';
  }
}

const encode = (v: StoredResult): string => `${v.header}\n${v.body}`;
function decode(text: string): StoredResult {
  const nl = text.indexOf('\n');
  if (nl < 0) return { header: text, body: '' };
  return { header: text.slice(0, nl), body: text.slice(nl + 1) };
}

const SAFE_KEY = /^[A-Za-z0-9_-]{8,128}$/;

export class DiskResultsBackend implements ResultsBackend {
  readonly kind = 'disk' as const;
  private sweeping = false;
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!SAFE_KEY.test(key)) throw new ResultsBackendError('Invalid results key');
    return join(this.dir, `${key}.jsonl`);
  }

  async set(key: string, value: StoredResult, ttlSeconds: number): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = this.file(key);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, encode(value), { mode: 0o600 });
    await writeFile(`${file}.ttl`, String(Date.now() + ttlSeconds * 1000), { mode: 0o600 });
    await rename(tmp, file);
    void this.sweep();
  }

  async get(key: string): Promise<StoredResult | null> {
    const file = this.file(key);
    try {
      const expires = Number(await readFile(`${file}.ttl`, 'utf8'));
      if (Date.now() > expires) {
        await this.delete(key);
        return null;
      }
      return decode(await readFile(file, 'utf8'));
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.ttl`, { force: true });
  }

  /** Drop expired results now and then (at most one sweep at a time). */
  private async sweep(): Promise<void> {
    if (this.sweeping || Math.random() > 0.05) return;
    this.sweeping = true;
    try {
      for (const name of await readdir(this.dir)) {
        if (!name.endsWith('.jsonl.ttl')) continue;
        const expires = Number(await readFile(join(this.dir, name), 'utf8').catch(() => '0'));
        if (Date.now() > expires) await this.delete(name.slice(0, -'.jsonl.ttl'.length)).catch(() => undefined);
      }
    } catch {
      // the folder may not exist yet
    } finally {
      this.sweeping = false;
    }
  }

  async close(): Promise<void> {}

  /** exists for tests of expiry */
  async expireNow(key: string): Promise<void> {
    await stat(this.file(key));
    await writeFile(`${this.file(key)}.ttl`, '0');
  }
}

export class RedisResultsBackend implements ResultsBackend {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // fail fast when Redis is down instead of queueing commands forever
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 3000, lazyConnect: false });
    this.redis.on('error', () => undefined);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw new ResultsBackendError('The results backend (Redis) is unavailable. Please try again later or contact your administrator.');
    }
  }

  async set(key: string, value: StoredResult, ttlSeconds: number): Promise<void> {
    await this.call(() => this.redis.set(`${this.prefix}:results:${key}`, encode(value), 'EX', ttlSeconds));
  }

  async get(key: string): Promise<StoredResult | null> {
    const text = await this.call(() => this.redis.get(`${this.prefix}:results:${key}`));
    return text === null ? null : decode(text);
  }

  async delete(key: string): Promise<void> {
    await this.call(() => this.redis.del(`${this.prefix}:results:${key}`));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createResultsBackend(home: string, redisUrl: string | null, prefix: string): ResultsBackend {
  return redisUrl ? new RedisResultsBackend(redisUrl, prefix) : new DiskResultsBackend(join(home, 'results'));
}
