/**
 * ioredis and BullMQ, required when a Redis is configured instead of imported at start: a server
 * with the in-process queue and memory caches never uses them, and together they are some 230
 * modules (about 10 MB of an idle server). Both are CommonJS, so they are required synchronously:
 * the stores open their connections in constructors.
 */
import type * as IORedis from 'ioredis';
import type * as BullMQ from 'bullmq';
import { lazyModule } from '../lazy-module.js';

/** ioredis */
export const ioredis = lazyModule<typeof IORedis>('ioredis');

/** BullMQ (which requires ioredis itself) */
export const bullmq = lazyModule<typeof BullMQ>('bullmq');
