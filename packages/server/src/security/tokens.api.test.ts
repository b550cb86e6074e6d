/**
 * Token checks never wait on Node's libuv thread pool: long DuckDB queries (and other pool work)
 * can hold every thread, and a bearer-authenticated request must still answer at once.
 */
import { pbkdf2, pbkdf2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
});
afterAll(async () => server?.close());

/** pbkdf2 iterations that keep one pool thread busy for about `ms` on this machine */
function iterationsFor(ms: number): number {
  const probe = 50_000;
  const t0 = performance.now();
  pbkdf2Sync('calibrate', 'salt', probe, 32, 'sha256');
  return Math.ceil((probe * ms) / Math.max(1, performance.now() - t0));
}

describe('bearer tokens and a busy thread pool', () => {
  it('a bearer request and a token refresh answer while every libuv thread is busy', async () => {
    const login = await server.client().post<{ access_token: string; refresh_token: string }>('/api/v1/security/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
      provider: 'db',
      refresh: true,
    });
    expect(login.status).toBe(200);
    const api = server.client();
    api.bearer = login.body.access_token;
    expect((await api.get('/api/v1/me/')).status).toBe(200); // warm

    // fill the pool the way long DuckDB queries would: each thread's job is short, but with every
    // thread busy at once on this machine's few cores the pool stays full for several seconds (and
    // the test waits for it at the end, so the work per thread is kept small)
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const iterations = iterationsFor(600);
    let busy = threads;
    const jobs = Array.from(
      { length: threads },
      () => new Promise<void>((resolve) => pbkdf2('hold', 'the pool', iterations, 32, 'sha256', () => resolve(void busy--))),
    );
    try {
      const t0 = performance.now();
      const me = await api.get<{ result: { username: string } }>('/api/v1/me/');
      const refresher = server.client();
      refresher.bearer = login.body.refresh_token;
      const refreshed = await refresher.post<{ access_token: string }>('/api/v1/security/refresh');
      const took = performance.now() - t0;
      const stillBusy = busy;

      expect(me.status).toBe(200);
      expect(me.body.result.username).toBe('admin');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.access_token).toBeTruthy();
      // the pool was still full when both answered, and they did not wait for it
      expect(stillBusy).toBe(threads);
      expect(took).toBeLessThan(1000);
    } finally {
      await Promise.all(jobs);
    }
  }, 90_000);
});
