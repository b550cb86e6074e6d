/**
 * ioredis and BullMQ, required when a Redis is configured instead of imported at start: a server
 * with the in-process queue and memory caches never uses them, and together they are some 230
 * modules (about 10 MB of an idle server). Both are CommonJS, so they are required synchronously:
 * the stores open their connections in constructors.
 */
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type * as BullMQ from 'bullmq';

const require = createRequire(import.meta.url);

/** ioredis (its module is cached by Node after the first call) */
export function ioredis(): typeof IORedis {
  return require('ioredis') as typeof IORedis;
}

/** BullMQ (which requires ioredis itself) */
export function bullmq(): typeof BullMQ {
  return require('bullmq') as typeof BullMQ;
}
