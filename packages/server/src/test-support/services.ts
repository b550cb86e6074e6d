/**
 * External services for tests (PostgreSQL, MariaDB/MySQL): where they are, and whether to run
 * the tests that need them. Off CI a missing service skips those tests with a clear message;
 * on CI (`CI` set) it fails them, so CI never silently skips (DESIGN.md, Testing).
 */
import { connect } from 'node:net';
import { describe, it } from 'vitest';

export const pgTestUrl = process.env.RAMA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const mysqlTestUrl = process.env.RAMA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** host and port of a URL, for messages and the probe (no credentials). */
export function serviceAddress(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: u.port ? Number(u.port) : defaultPort };
}

/** True when a TCP connection to host:port opens within `timeoutMs`. */
export function tcpReachable(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface ServiceSpec {
  /** shown in messages: `PostgreSQL` */
  name: string;
  url: string;
  defaultPort: number;
  /** the environment variable that points at the service */
  envVar: string;
}

export const postgresService: ServiceSpec = { name: 'PostgreSQL', url: pgTestUrl, defaultPort: 5432, envVar: 'RAMA_TEST_PG_URL' };
export const mysqlService: ServiceSpec = { name: 'MariaDB/MySQL', url: mysqlTestUrl, defaultPort: 3306, envVar: 'RAMA_TEST_MYSQL_URL' };

/**
 * Register `describe(title, fn)` when the service answers. Otherwise: on CI, a failing test that
 * says what is missing; elsewhere, a skipped suite whose title says why. Use with top-level await:
 *
 *     await describeIfService(postgresService, 'postgres engine', () => { … });
 */
export async function describeIfService(service: ServiceSpec, title: string, fn: () => void): Promise<void> {
  const { host, port } = serviceAddress(service.url, service.defaultPort);
  if (await tcpReachable(host, port)) {
    describe(title, fn);
    return;
  }
  const why = `${service.name} is not reachable at ${host}:${port} (set ${service.envVar})`;
  if (process.env.CI) {
    describe(title, () => {
      it(`needs ${service.name}`, () => {
        throw new Error(`${why}; CI must provide it.`);
      });
    });
    return;
  }
  console.warn(`[tests] skipping "${title}": ${why}`);
  describe.skip(`${title} — skipped: ${why}`, fn);
}
