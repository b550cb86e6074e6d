/**
 * Async job events, one stream per channel: in memory by default (a bounded ring per channel), a
 * Redis stream per channel when RAMA_REDIS_URL is set, so that workers and several servers share
 * them (redis-events.ts). Ids are Redis stream ids (`<ms>-<seq>`) in both, increasing within a store.
 */
import { LRUCache } from 'lru-cache';
import { compareEventIds, isAfterEventId, type AsyncEvent } from '@rama/shared';

export type NewAsyncEvent = Omit<AsyncEvent, 'id'>;

/** Events a channel keeps (the stream's MAXLEN); older ones are dropped. */
export const CHANNEL_MAX_EVENTS = 1000;
/** Events one read returns at most (a poll that is further behind reads again from the last one). */
export const READ_MAX_EVENTS = 100;
/** A channel with no new event for this long is forgotten. */
export const CHANNEL_TTL_SECONDS = 24 * 3600;

export interface AsyncEventStore {
  readonly kind: 'memory' | 'redis';
  /** Append an event to its channel; the stored event (with its id). */
  publish(event: NewAsyncEvent): Promise<AsyncEvent>;
  /** The channel's events after `lastId` (from the oldest kept without one), at most READ_MAX_EVENTS. */
  read(channelId: string, lastId: string | null): Promise<AsyncEvent[]>;
  /**
   * Deliver the channel's events after `lastId` (none of the past without one), then each new one
   * as it is published, in order and once each. Returns the function that stops it.
   */
  follow(channelId: string, lastId: string | null, deliver: (event: AsyncEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** Ids like a Redis stream's: the clock's milliseconds, a sequence within one millisecond; never going back. */
export class EventIdClock {
  private ms = 0;
  private seq = 0;

  next(now = Date.now()): string {
    if (now > this.ms) {
      this.ms = now;
      this.seq = 0;
    } else {
      this.seq += 1;
    }
    return `${this.ms}-${this.seq}`;
  }
}

/**
 * Live listeners per channel, and the ordering a follower needs: events published while its
 * backlog is read are held and delivered after it, skipping any the backlog already held.
 */
export class ChannelListeners {
  private readonly byChannel = new Map<string, Set<(event: AsyncEvent) => void>>();

  get size(): number {
    return this.byChannel.size;
  }

  emit(event: AsyncEvent): void {
    for (const fn of this.byChannel.get(event.channel_id) ?? []) {
      try {
        fn(event);
      } catch {
        // one gone listener does not keep the event from the others
      }
    }
  }

  async follow(
    channelId: string,
    lastId: string | null,
    backlog: () => Promise<AsyncEvent[]>,
    deliver: (event: AsyncEvent) => void,
  ): Promise<() => void> {
    let held: AsyncEvent[] | null = [];
    let last = lastId;
    const send = (event: AsyncEvent) => {
      if (last !== null && !isAfterEventId(event.id, last)) return;
      last = event.id;
      deliver(event);
    };
    const listener = (event: AsyncEvent) => (held ? held.push(event) : send(event));
    const set = this.byChannel.get(channelId) ?? new Set();
    set.add(listener);
    this.byChannel.set(channelId, set);
    const stop = () => {
      set.delete(listener);
      if (!set.size && this.byChannel.get(channelId) === set) this.byChannel.delete(channelId);
    };
    try {
      if (lastId !== null) for (const event of await backlog()) send(event);
    } catch (e) {
      stop();
      throw e;
    }
    const pending = held;
    held = null;
    for (const event of pending) send(event);
    return stop;
  }

  clear(): void {
    this.byChannel.clear();
  }
}

export class MemoryEventStore implements AsyncEventStore {
  readonly kind = 'memory' as const;
  private readonly clock = new EventIdClock();
  private readonly channels = new LRUCache<string, AsyncEvent[]>({ max: 10_000, ttl: CHANNEL_TTL_SECONDS * 1000 });
  private readonly listeners = new ChannelListeners();
  private closed = false;

  publish(event: NewAsyncEvent): Promise<AsyncEvent> {
    const stored: AsyncEvent = { id: this.clock.next(), ...event };
    if (this.closed) return Promise.resolve(stored);
    const ring = this.channels.get(event.channel_id) ?? [];
    ring.push(stored);
    if (ring.length > CHANNEL_MAX_EVENTS) ring.splice(0, ring.length - CHANNEL_MAX_EVENTS);
    // set again: a channel's life starts over with each event
    this.channels.set(event.channel_id, ring);
    this.listeners.emit(stored);
    return Promise.resolve(stored);
  }

  read(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    const ring = this.channels.get(channelId) ?? [];
    const after = lastId === null ? ring : ring.filter((e) => compareEventIds(e.id, lastId) > 0);
    return Promise.resolve(after.slice(0, READ_MAX_EVENTS));
  }

  follow(channelId: string, lastId: string | null, deliver: (event: AsyncEvent) => void): Promise<() => void> {
    const backlog = () => Promise.resolve((this.channels.get(channelId) ?? []).filter((e) => isAfterEventId(e.id, lastId)));
    return this.listeners.follow(channelId, lastId, backlog, deliver);
  }

  close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.channels.clear();
    return Promise.resolve();
  }
}
