/**
 * The results backend: finished query results kept for a time-to-live so the client can fetch
 * them later by resultsKey. On disk under RAMA_HOME by default, in Redis when configured.
 *
 * A result is written while the rows arrive and read back as a stream, so no side ever holds a
 * whole result: a small meta text (JSON: columns, statements, row count, limits) and the rows as
 * JSON object texts joined by ",\n" — the inside of a JSON array, so serving it is a copy, and a
 * row cap only counts newlines (JSON text never holds a raw newline). Rows are stored gzip-
 * compressed (level 1: zstd has no Node 20 binding here; see docs/decisions.md); in Redis as parts
 * of at most PART_BYTES each, so no single value is large.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { constants, createGunzip, createGzip, gunzip as gunzipCb, gzip as gzipCb, type Gzip, type ZlibOptions } from 'node:zlib';
import type { Redis } from 'ioredis';
import { ioredis } from '../queue/redis-modules.js';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

export const ROW_SEPARATOR = ',\n';
/** uncompressed text per Redis part */
const PART_BYTES = 2 * 1024 * 1024;
const GZIP_OPTIONS = { level: 1, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY } as const;
/**
 * rows text queued for compression before a writer waits (the work overlaps with reading rows).
 * Kept short: what waits in the queue (the text's Buffers, the batch behind it) outlives V8's
 * young generation and is then freed only by a full collection. With 8 MB queued, a 1M-row
 * result left 60-70 MB of dead Buffers and as much dead heap between full collections.
 */
const WRITE_AHEAD_BYTES = 1024 * 1024;

/** Writes one result: rows text as it comes, then the meta text, which makes it visible. */
export interface ResultWriter {
  /** append rows text (already joined; the writer adds separators between calls) */
  write(rowsText: string): Promise<void>;
  /** store the meta and make the result readable */
  finish(meta: string): Promise<void>;
  /** drop what was written */
  abort(): Promise<void>;
}

export interface StoredResult {
  meta: string;
  /** the rows text, in order, as chunks */
  rows: AsyncIterable<string>;
}

export interface ResultsBackend {
  readonly kind: 'disk' | 'redis';
  create(key: string, ttlSeconds: number): ResultWriter;
  /** null when missing or expired */
  open(key: string): Promise<StoredResult | null>;
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

/**
 * The first `n` rows of a rows-text stream (all when `n` is null), chunk by chunk; `state.truncated`
 * tells afterwards whether rows were left out. Stops reading the source once `n` rows were seen.
 */
export async function* takeRowsStream(
  source: AsyncIterable<string>,
  n: number | null,
  state: { truncated: boolean },
): AsyncGenerator<string> {
  if (n === null) {
    yield* source;
    return;
  }
  let seen = 0;
  // the last character of the text so far is held back: it may be the comma of a separator that
  // a cut must leave out
  let held = '';
  for await (const piece of source) {
    if (!piece) continue;
    if (n === 0) {
      state.truncated = true;
      return;
    }
    const chunk = held + piece;
    // the held character was counted already
    let at = held.length - 1;
    while ((at = chunk.indexOf('\n', at + 1)) >= 0) {
      seen++;
      if (seen === n) {
        // the row separator is ",\n": cut before its comma
        if (at > 1) yield chunk.slice(0, at - 1);
        state.truncated = true;
        return;
      }
    }
    if (chunk.length > 1) yield chunk.slice(0, -1);
    held = chunk.slice(-1);
  }
  if (held) yield held;
}

/** Collect a rows stream into one text (tests and small results). */
export async function readAll(source: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of source) out += chunk;
  return out;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new ResultsBackendError('Invalid results key');
  return key;
}

/** Resolve when `stream` can take more, so a slow disk holds the producer back. */
function writeWithBackpressure(stream: Gzip, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else stream.once('drain', resolve);
  });
}

interface DiskMeta {
  meta: string;
  expires: number;
  bytes: number;
  created: number;
}

export class DiskResultsBackend implements ResultsBackend {
  readonly kind = 'disk' as const;
  private sweeping = false;
  private writesSinceSweep = 0;

  constructor(
    private readonly dir: string,
    /** total bytes kept on disk; the oldest results are dropped first when over it */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  private rowsFile(key: string): string {
    return join(this.dir, `${checkKey(key)}.rows.gz`);
  }
  private metaFile(key: string): string {
    return join(this.dir, `${checkKey(key)}.meta.json`);
  }

  create(key: string, ttlSeconds: number): ResultWriter {
    const rowsFile = this.rowsFile(key);
    const tmp = `${rowsFile}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
    let gz: Gzip | null = null;
    let file: WriteStream | null = null;
    let done: Promise<void> | null = null;
    let first = true;
    const open = async () => {
      if (gz) return gz;
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      // zlib passes stream options on to its Transform
      gz = createGzip({ ...GZIP_OPTIONS, writableHighWaterMark: WRITE_AHEAD_BYTES } as ZlibOptions);
      file = createWriteStream(tmp, { mode: 0o600 });
      const f = file;
      done = new Promise<void>((resolve, reject) => {
        f.once('finish', resolve);
        f.once('error', reject);
        gz?.once('error', reject);
      });
      // a failure before finish() is reported there; never as an unhandled rejection
      done.catch(() => undefined);
      gz.pipe(file);
      return gz;
    };
    return {
      write: async (text) => {
        if (!text) return;
        const stream = await open();
        await writeWithBackpressure(stream, first ? text : ROW_SEPARATOR + text);
        first = false;
      },
      finish: async (meta) => {
        const stream = await open();
        stream.end();
        await done;
        const bytes = (await stat(tmp)).size;
        await rename(tmp, rowsFile);
        const m: DiskMeta = { meta, expires: Date.now() + ttlSeconds * 1000, bytes, created: Date.now() };
        await writeFile(this.metaFile(key), JSON.stringify(m), { mode: 0o600 });
        if (++this.writesSinceSweep >= 20 || bytes > this.maxBytes / 20) void this.sweep();
      },
      abort: async () => {
        if (gz) {
          gz.destroy();
          file?.destroy();
        }
        await rm(tmp, { force: true });
      },
    };
  }

  private async readMeta(key: string): Promise<DiskMeta | null> {
    try {
      return JSON.parse(await readFile(this.metaFile(key), 'utf8')) as DiskMeta;
    } catch {
      return null;
    }
  }

  async open(key: string): Promise<StoredResult | null> {
    const m = await this.readMeta(key);
    if (!m) return null;
    if (Date.now() > m.expires) {
      await this.delete(key);
      return null;
    }
    const rowsFile = this.rowsFile(key);
    async function* rows(): AsyncGenerator<string> {
      const source = createReadStream(rowsFile).pipe(createGunzip());
      source.setEncoding('utf8');
      try {
        for await (const chunk of source) yield chunk as string;
      } finally {
        source.destroy();
      }
    }
    return { meta: m.meta, rows: rows() };
  }

  async delete(key: string): Promise<void> {
    await rm(this.metaFile(key), { force: true });
    await rm(this.rowsFile(key), { force: true });
  }

  /** Drop expired results, then the oldest while the folder holds more than the cap. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    this.writesSinceSweep = 0;
    try {
      const kept: { key: string; bytes: number; created: number }[] = [];
      for (const name of await readdir(this.dir)) {
        if (name.endsWith('.tmp')) {
          // a write that died with its process
          const st = await stat(join(this.dir, name)).catch(() => null);
          if (st && Date.now() - st.mtimeMs > 3600_000) await rm(join(this.dir, name), { force: true });
          continue;
        }
        if (!name.endsWith('.meta.json')) continue;
        const key = name.slice(0, -'.meta.json'.length);
        const m = await this.readMeta(key);
        if (!m || Date.now() > m.expires) await this.delete(key).catch(() => undefined);
        else kept.push({ key, bytes: m.bytes, created: m.created });
      }
      let total = kept.reduce((s, k) => s + k.bytes, 0);
      kept.sort((a, b) => a.created - b.created);
      for (const k of kept) {
        if (total <= this.maxBytes) break;
        await this.delete(k.key).catch(() => undefined);
        total -= k.bytes;
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
    const m = await this.readMeta(key);
    if (!m) throw new Error('no such result');
    await writeFile(this.metaFile(key), JSON.stringify({ ...m, expires: 0 }));
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
    this.redis = new (ioredis().Redis)(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 3000,
      lazyConnect: false,
    });
    this.redis.on('error', () => undefined);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw new ResultsBackendError('The results backend (Redis) is unavailable. Please try again later or contact your administrator.');
    }
  }

  private base(key: string): string {
    return `${this.prefix}:results:${checkKey(key)}`;
  }

  create(key: string, ttlSeconds: number): ResultWriter {
    const base = this.base(key);
    let buffer = '';
    let parts = 0;
    let first = true;
    const flush = async () => {
      if (!buffer) return;
      const data = await gzip(buffer, GZIP_OPTIONS);
      buffer = '';
      const n = parts++;
      await this.call(() => this.redis.set(`${base}:part:${n}`, data, 'EX', ttlSeconds));
    };
    return {
      write: async (text) => {
        if (!text) return;
        buffer += first ? text : ROW_SEPARATOR + text;
        first = false;
        if (buffer.length >= PART_BYTES) await flush();
      },
      finish: async (meta) => {
        await flush();
        await this.call(() => this.redis.set(`${base}:meta`, JSON.stringify({ meta, parts }), 'EX', ttlSeconds));
      },
      abort: async () => {
        const keys = Array.from({ length: parts }, (_, i) => `${base}:part:${i}`);
        if (keys.length) await this.redis.del(...keys).catch(() => undefined);
      },
    };
  }

  async open(key: string): Promise<StoredResult | null> {
    const base = this.base(key);
    const text = await this.call(() => this.redis.get(`${base}:meta`));
    if (text === null) return null;
    const { meta, parts } = JSON.parse(text) as { meta: string; parts: number };
    const redis = this.redis;
    const call = this.call.bind(this);
    async function* rows(): AsyncGenerator<string> {
      for (let i = 0; i < parts; i++) {
        const data = await call(() => redis.getBuffer(`${base}:part:${i}`));
        // a part that expired between the meta read and now: the result is gone
        if (data === null)
          throw new ResultsBackendError('Data could not be retrieved from the results backend. You need to re-run the original query.');
        yield (await gunzip(data)).toString('utf8');
      }
    }
    return { meta, rows: rows() };
  }

  async delete(key: string): Promise<void> {
    const base = this.base(key);
    const text = await this.call(() => this.redis.get(`${base}:meta`));
    const parts = text ? (JSON.parse(text) as { parts: number }).parts : 0;
    await this.call(() => this.redis.del(`${base}:meta`, ...Array.from({ length: parts }, (_, i) => `${base}:part:${i}`)));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createResultsBackend(
  home: string,
  redisUrl: string | null,
  prefix: string,
  maxBytes = Number.POSITIVE_INFINITY,
): ResultsBackend {
  return redisUrl ? new RedisResultsBackend(redisUrl, prefix) : new DiskResultsBackend(join(home, 'results'), maxBytes);
}
