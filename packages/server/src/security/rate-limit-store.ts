/**
 * Where the request limiters (the login throttle above all) keep their counters. One process:
 * in memory. Several servers behind a balancer: in Redis, shared, so attempts split across the
 * servers are counted together (14 failed logins spread over two servers must still meet the
 * limit). A Redis that is down does not lock everybody out of logging in: the limiter lets the
 * request through and the failure is logged (the password check and its argon2 cost remain).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { ioredis } from '../queue/redis-modules.js';

export interface RateLimitStore {
  options: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
}

export function rateLimitStore(config: { redisUrl: string | null; redisPrefix: string }, log: FastifyBaseLogger): RateLimitStore {
  if (!config.redisUrl) return { options: {}, close: () => Promise.resolve() };
  const redis = new (ioredis().Redis)(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (!warned) log.warn({ err: err.message }, 'rate limit: Redis is unreachable, limits are not counted until it is back');
    warned = true;
  });
  redis.on('ready', () => (warned = false));
  return {
    options: { redis, nameSpace: `${config.redisPrefix}:ratelimit:`, skipOnError: true },
    close: async () => {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
