/**
 * Redis plumbing that the BullMQ queues share (SQL Lab's async queries, async chart jobs): the
 * connection a producer or a worker opens, a bound on every Redis call a user waits for, and the
 * error a producer raises when the queue cannot be reached.
 */
import type { Redis } from 'ioredis';
import { ioredis } from './redis-modules.js';

/** The queue (Redis) cannot take a job now; the route answers that the user may retry. */
export class QueueUnavailableError extends Error {}

/** `p`, or a rejection once `ms` have passed (the timer is cleared either way). */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** A connection for a producer (`forWorker` false: fails fast) or a `rama worker` (waits for Redis). */
export function redisConnection(url: string, forWorker: boolean): Redis {
  // a producer fails fast when Redis is down; a worker waits for it to come back
  const redis = forWorker
    ? new (ioredis().Redis)(url, { maxRetriesPerRequest: null })
    : new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  return redis;
}
