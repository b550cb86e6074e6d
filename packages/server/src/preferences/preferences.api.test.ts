/**
 * /api/v1/me/preferences/ (issue 30 item 3): a signed-in user's own preferences, defaulting to
 * "follow the system"; a PUT is validated (known fields and values only, bounded) and changes only
 * the caller's row; anonymous visitors (even with a Public role) and API clients without a login get 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPreferences } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

type Reply = { result: UserPreferences };
const PATH = '/api/v1/me/preferences/';

let server: TestServer;
let admin: Client;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_ROLE_LIKE: 'Gamma' }, { examples: false });
  admin = await server.admin();
  alice = (await loggedInUser(server, admin, 'pref_alice', ['Gamma'])).client;
  bob = (await loggedInUser(server, admin, 'pref_bob', ['Gamma'])).client;
});
afterAll(async () => server?.close());

describe('GET/PUT /api/v1/me/preferences/', () => {
  it('answers the default, "follow the system", before anything is stored', async () => {
    const r = await alice.get<Reply>(PATH);
    expect(r.status, r.text).toBe(200);
    expect(r.body.result).toEqual({ theme: 'system', language: null });
    expect(r.headers.get('cache-control')).toContain('no-store');
  });

  it('stores the choice per user: alice picks dark, bob keeps the default, a new login still sees dark', async () => {
    const put = await alice.put<Reply>(PATH, { theme: 'dark' });
    expect(put.status, put.text).toBe(200);
    expect(put.body.result).toEqual({ theme: 'dark', language: null });
    expect((await alice.get<Reply>(PATH)).body.result.theme).toBe('dark');
    expect((await bob.get<Reply>(PATH)).body.result.theme).toBe('system');

    const again = server.client();
    expect((await again.login('pref_alice', 'test-password-123')).status).toBe(200);
    expect((await again.get<Reply>(PATH)).body.result.theme).toBe('dark');

    // a second PUT replaces the stored value (the upsert path)
    expect((await alice.put<Reply>(PATH, { theme: 'light' })).body.result.theme).toBe('light');
    expect((await alice.get<Reply>(PATH)).body.result.theme).toBe('light');

    // the language (issue 30 item 4) is kept beside the theme; null goes back to the browser's
    expect((await alice.put<Reply>(PATH, { language: 'de' })).body.result).toEqual({ theme: 'light', language: 'de' });
    expect((await alice.get<Reply>(PATH)).body.result.language).toBe('de');
    expect((await bob.get<Reply>(PATH)).body.result.language).toBeNull();
    expect((await alice.put<Reply>(PATH, { language: null })).body.result.language).toBeNull();
  });

  it('refuses unknown values, unknown fields, an empty body and an oversized one', async () => {
    for (const body of [{ theme: 'sepia' }, { theme: 'dark', user_id: 1 }, {}, { theme: 3 }, { language: 'es' }, { language: 7 }]) {
      const r = await bob.put(PATH, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const big = await bob.put(PATH, { theme: 'dark', pad: 'x'.repeat(10_000) });
    expect([400, 413]).toContain(big.status);
    expect((await bob.get<Reply>(PATH)).body.result.theme).toBe('system');
  });

  it('asks for a login: an anonymous visitor with the Public role gets 401 and stores nothing', async () => {
    const anon = server.client();
    expect((await anon.get(PATH)).status).toBe(401);
    const put = await anon.put(PATH, { theme: 'dark' });
    expect([400, 401]).toContain(put.status);
    const rows = await server.ctx.store.db
      .withTables<{ user_preferences: { user_id: number } }>()
      .selectFrom('user_preferences')
      .select('user_id')
      .execute();
    // alice only: bob's refused PUTs and the anonymous one left no row
    expect(rows).toHaveLength(1);
  });

  it('needs the CSRF token with a session cookie', async () => {
    const r = await fetch(`${server.url}${PATH}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: alice.cookieHeaderValue },
      body: JSON.stringify({ theme: 'dark' }),
    });
    expect(r.status).toBe(400);
    expect((await alice.get<Reply>(PATH)).body.result.theme).toBe('light');
  });
});
