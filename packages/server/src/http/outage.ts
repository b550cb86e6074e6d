/**
 * A server outlives an outage of a service it depends on (Redis above all). A client library
 * that lets a failed connection attempt escape as an unhandled promise rejection (seen with a
 * Redis that is down) would otherwise stop the whole process under Node's default. Such a
 * rejection is logged as a warning and serving goes on; any other unhandled rejection is a bug
 * and still ends the process, as Node would.
 */
import type { FastifyBaseLogger } from 'fastify';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** A failed connection to another service (a Node network error), not a bug of ours. */
export function isConnectionFailure(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const code = (reason as { code?: unknown }).code;
  return typeof code === 'string' && NETWORK_CODES.has(code);
}

export function surviveConnectionFailures(log: Pick<FastifyBaseLogger, 'warn' | 'fatal'>): void {
  process.on('unhandledRejection', (reason) => {
    if (isConnectionFailure(reason)) {
      const r = reason as { code: string; address?: string; port?: number };
      log.warn({ code: r.code, address: r.address, port: r.port }, 'a connection to a service failed; serving goes on');
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}
