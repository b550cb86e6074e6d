/**
 * The console of `npm start` (issue 27 item 3): Fastify's two JSON lines a request are gone; at the
 * default level a request writes nothing unless it failed (≥ 500) or was slow, and then one human
 * line with its method, address, status and time. Debug (or RAMA_LOG_FORMAT=json) keeps JSON lines,
 * one for every request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { buildApp, humanLogLine, jsonLogs } from './app.js';

const homes: string[] = [];
const apps: FastifyInstance[] = [];

async function appWithLog(level: string): Promise<{ app: FastifyInstance; lines: string[] }> {
  const home = mkdtempSync(join(tmpdir(), 'rama-log-'));
  homes.push(home);
  const config = loadConfig({ RAMA_HOME: home, RAMA_SECRET_KEY: 'test-secret-key-0123456789-abcdefghijklmnop', RAMA_LOG_LEVEL: level });
  const lines: string[] = [];
  const { app } = await buildApp({
    config,
    logStream: { write: (text: string) => lines.push(...text.split('\n').filter((l) => l.length > 0)) },
  });
  app.get('/api/v1/test/boom', async () => {
    throw new Error('the disk is on fire');
  });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

describe('request logging at the default level', () => {
  it('writes no line for ordinary requests, whatever their number', async () => {
    const { app, lines } = await appWithLog('info');
    lines.length = 0;
    for (let i = 0; i < 20; i++) {
      const r = await app.inject({ method: 'GET', url: i % 2 ? '/health' : '/api/v1/nothing-here' });
      expect([200, 404]).toContain(r.statusCode);
    }
    expect(lines).toEqual([]);
  });

  it('writes one human line with method, address, status and time for a 500, its stack under it', async () => {
    const { app, lines } = await appWithLog('info');
    lines.length = 0;
    const r = await app.inject({ method: 'GET', url: '/api/v1/test/boom?x=1' });
    expect(r.statusCode).toBe(500);
    const requestLines = lines.filter((l) => l.includes('/api/v1/test/boom'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\d\d:\d\d:\d\d ERROR GET \/api\/v1\/test\/boom\?x=1 500 \d+ ms/);
    expect(lines.every((l) => !l.startsWith('{'))).toBe(true);
    expect(lines.some((l) => l.includes('Error: the disk is on fire'))).toBe(true);
  });
});

describe('request logging at debug', () => {
  it('writes one JSON line for every request, with its status and time', async () => {
    const { app, lines } = await appWithLog('debug');
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => typeof e.statusCode === 'number');
    expect(entries.map((e) => [e.method, e.url, e.statusCode])).toEqual([
      ['GET', '/health', 200],
      ['GET', '/api/v1/nothing-here', 404],
    ]);
    expect(entries.every((e) => typeof e.responseTime === 'number')).toBe(true);
  });
});

describe('the log format', () => {
  it('is JSON at debug and trace or when RAMA_LOG_FORMAT=json, human otherwise', () => {
    expect(jsonLogs('info', {})).toBe(false);
    expect(jsonLogs('warn', {})).toBe(false);
    expect(jsonLogs('debug', {})).toBe(true);
    expect(jsonLogs('trace', {})).toBe(true);
    expect(jsonLogs('info', { RAMA_LOG_FORMAT: 'json' })).toBe(true);
  });

  it('turns a startup entry into one short line with its extra fields', () => {
    const line = humanLogLine(
      JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 28, 9, 5, 7), pid: 1, hostname: 'h', msg: 'shutting down', signal: 'SIGINT' }),
    );
    expect(line).toBe('09:05:07 INFO  shutting down signal=SIGINT\n');
  });
});
