/**
 * Async job events in Redis: one stream per channel (XADD with MAXLEN ~ 1000, read with XRANGE
 * after the last id) and one stream of every channel's events, which a server with open websockets
 * reads with a blocking XREAD to push new events wherever they were published (a worker, another
 * server). Keys carry RAMA_REDIS_PREFIX.
 */
import type { Redis } from 'ioredis';
import { ioredis } from '../queue/redis-modules.js';
import type { AsyncEvent } from '@rama/shared';
import {
  CHANNEL_MAX_EVENTS,
  CHANNEL_TTL_SECONDS,
  ChannelListeners,
  READ_MAX_EVENTS,
  type AsyncEventStore,
  type NewAsyncEvent,
} from './events.js';

/** Events the all-channels stream keeps: enough for a server's reader that was briefly away. */
const ALL_MAX_EVENTS = 10_000;
const BLOCK_MS = 5000;
const RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The id right after `id` (XRANGE's start is inclusive). */
function nextId(id: string): string {
  const [ms, seq] = id.split('-');
  return `${ms}-${BigInt(seq) + 1n}`;
}

function fieldOf(fields: string[], name: string): string | null {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return null;
}

function parseEvent(id: string, data: string | null): AsyncEvent | null {
  if (data === null) return null;
  try {
    const body = JSON.parse(data) as Omit<AsyncEvent, 'id'>;
    return typeof body.channel_id === 'string' && typeof body.job_id === 'string' ? { id, ...body } : null;
  } catch {
    return null;
  }
}

export class RedisEventStore implements AsyncEventStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private reader: Redis | null = null;
  private readerReady: Promise<void> | null = null;
  private readonly listeners = new ChannelListeners();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {
    // a down Redis fails a command after one reconnect attempt instead of holding it
    this.redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
    this.redis.on('error', () => undefined);
  }

  private channelKey(channelId: string): string {
    return `${this.prefix}:async:channel:${channelId}`;
  }

  private get allKey(): string {
    return `${this.prefix}:async:all`;
  }

  async publish(event: NewAsyncEvent): Promise<AsyncEvent> {
    const data = JSON.stringify(event);
    const key = this.channelKey(event.channel_id);
    const id = (await this.redis.call('XADD', key, 'MAXLEN', '~', String(CHANNEL_MAX_EVENTS), '*', 'data', data)) as string;
    const results = await this.redis
      .pipeline()
      .expire(key, CHANNEL_TTL_SECONDS)
      .call('XADD', this.allKey, 'MAXLEN', '~', String(ALL_MAX_EVENTS), '*', 'id', id, 'data', data)
      .exec();
    const failed = results?.find(([err]) => err);
    if (failed?.[0]) throw failed[0];
    return { id, ...event };
  }

  read(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    return this.range(channelId, lastId, READ_MAX_EVENTS);
  }

  private async range(channelId: string, lastId: string | null, count: number): Promise<AsyncEvent[]> {
    const entries = await this.redis.xrange(this.channelKey(channelId), lastId ? nextId(lastId) : '-', '+', 'COUNT', count);
    return entries.map(([id, fields]) => parseEvent(id, fieldOf(fields, 'data'))).filter((e): e is AsyncEvent => e !== null);
  }

  async follow(channelId: string, lastId: string | null, deliver: (event: AsyncEvent) => void): Promise<() => void> {
    // the reader knows where the all-channels stream stands before the backlog is read, so an
    // event published in between is in one or the other (a repeat is dropped by its id)
    await this.startReader();
    return this.listeners.follow(channelId, lastId, () => this.range(channelId, lastId, CHANNEL_MAX_EVENTS), deliver);
  }

  private startReader(): Promise<void> {
    if (this.readerReady) return this.readerReady;
    const reader = new (ioredis().Redis)(this.url, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
    reader.on('error', () => undefined);
    this.reader = reader;
    const ready = reader.xrevrange(this.allKey, '+', '-', 'COUNT', 1).then((tail) => {
      void this.readLoop(reader, tail[0]?.[0] ?? '0-0');
    });
    this.readerReady = ready;
    ready.catch(() => {
      // Redis is away: the next follower tries again
      if (this.readerReady === ready) this.readerReady = null;
      if (this.reader === reader) this.reader = null;
      reader.disconnect();
    });
    return ready;
  }

  private async readLoop(reader: Redis, start: string): Promise<void> {
    let last = start;
    while (!this.closed && this.reader === reader) {
      try {
        const reply = await reader.xread('COUNT', 100, 'BLOCK', BLOCK_MS, 'STREAMS', this.allKey, last);
        for (const [, entries] of reply ?? []) {
          for (const [entryId, fields] of entries) {
            last = entryId;
            const event = parseEvent(fieldOf(fields, 'id') ?? '', fieldOf(fields, 'data'));
            if (event) this.listeners.emit(event);
          }
        }
      } catch {
        if (this.closed) return;
        await sleep(RETRY_MS);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.reader?.disconnect();
    this.reader = null;
    this.redis.disconnect();
  }
}
