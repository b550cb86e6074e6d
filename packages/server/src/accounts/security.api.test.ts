import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../test-support/server.js';
import { describeIfService } from '../test-support/services.js';

const REDIS = process.env.RAMA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
});
afterAll(async () => server?.close());

describe('health and pages', () => {
  it('GET /health answers OK without login', async () => {
    const r = await server.client().get('/health');
    expect(r.status).toBe(200);
    expect(r.text).toBe('OK');
  });

  it('an unknown API route is a JSON 404', async () => {
    const r = await server.client().get('/api/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Not found' });
  });
});

describe('session login', () => {
  it('a wrong password and an unknown user get the same 401 message', async () => {
    const a = await server.client().post('/login/', { username: 'admin', password: 'wrong-password' });
    const b = await server.client().post('/login/', { username: 'nobody-here', password: 'wrong-password' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual({ message: 'Invalid login. Please try again.' });
    expect(b.body).toEqual(a.body);
  });

  it('a missing field is a 400 naming the field', async () => {
    const r = await server.client().post('/login/', { username: 'admin' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { password: ['Missing data for required field.'] } });
  });

  it('malformed JSON is a 400 with a clear message and no stack', async () => {
    const r = await server.client().post('/login/', undefined, { raw: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Request body is not valid JSON.' });
  });

  it('sets an HttpOnly SameSite=Lax session cookie with a new id at every login', async () => {
    const c = server.client();
    const r1 = await c.post('/login/', { username: 'admin', password: ADMIN_PASSWORD });
    expect(r1.status).toBe(200);
    const cookie1 = r1.headers.getSetCookie().find((x) => x.startsWith('rama_session='));
    expect(cookie1).toMatch(/HttpOnly/i);
    expect(cookie1).toMatch(/SameSite=Lax/i);
    const r2 = await c.post('/login/', { username: 'admin', password: ADMIN_PASSWORD });
    const cookie2 = r2.headers.getSetCookie().find((x) => x.startsWith('rama_session='));
    expect(cookie2?.split(';')[0]).not.toBe(cookie1?.split(';')[0]);
  });

  it('/api/v1/me/ needs a login and then returns the user with roles', async () => {
    expect((await server.client().get('/api/v1/me/')).status).toBe(401);
    const c = await server.admin();
    const me = await c.get<{ result: { username: string; roles: Record<string, unknown> } }>('/api/v1/me/');
    expect(me.status).toBe(200);
    expect(me.body.result.username).toBe('admin');
    expect(Object.keys(me.body.result.roles)).toContain('Admin');
    const roles = await c.get<{ result: { roles: Record<string, [string, string][]> } }>('/api/v1/me/roles/');
    expect(roles.body.result.roles.Admin).toContainEqual(['can_write', 'Database']);
  });

  it('state-changing requests with a session cookie need the CSRF token', async () => {
    const c = await server.admin();
    const without = await c.post('/api/v1/security/users/', { username: 'x' }, { csrf: false });
    expect(without.status).toBe(400);
    expect(JSON.stringify(without.body)).toMatch(/CSRF/);
    const forged = await c.post('/api/v1/security/users/', { username: 'x' }, { csrf: false, headers: { 'x-csrftoken': 'forged-token' } });
    expect(forged.status).toBe(400);
  });

  it('CSRF tokens fetched at once right after login all work (the secret exists from login on)', async () => {
    const c = server.client();
    expect((await c.post('/login/', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const [a, b] = await Promise.all([
      c.get<{ result: string }>('/api/v1/security/csrf_token/'),
      c.get<{ result: string }>('/api/v1/security/csrf_token/'),
    ]);
    for (const token of [a.body.result, b.body.result]) {
      const r = await c.post('/api/v1/sqllab/format_sql/', { sql: 'select 1' }, { csrf: false, headers: { 'x-csrftoken': token } });
      expect(r.status).toBe(200);
    }
  });

  it('logout ends the session', async () => {
    const c = await server.admin();
    expect((await c.post('/logout/')).status).toBe(200);
    expect((await c.get('/api/v1/me/')).status).toBe(401);
  });
});

describe('API login for scripts', () => {
  it('returns access and refresh tokens that work as Bearer without CSRF', async () => {
    const c = server.client();
    const r = await c.post<{ access_token: string; refresh_token: string }>('/api/v1/security/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
      provider: 'db',
      refresh: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.access_token).toBeTruthy();
    expect(r.body.refresh_token).toBeTruthy();
    c.bearer = r.body.access_token;
    expect((await c.get('/api/v1/me/')).status).toBe(200);
    // a refresh token is not an access token
    c.bearer = r.body.refresh_token;
    expect((await c.get('/api/v1/me/')).status).toBe(401);
    const refreshed = await c.post<{ access_token: string }>('/api/v1/security/refresh');
    expect(refreshed.status).toBe(200);
    c.bearer = refreshed.body.access_token;
    expect((await c.get('/api/v1/me/')).status).toBe(200);
  });

  it('rejects a tampered token', async () => {
    const c = server.client();
    c.bearer = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyJ9.AAAA';
    expect((await c.get('/api/v1/me/')).status).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts', async () => {
    const limited = await startTestServer({ RAMA_LOGIN_RATE_LIMIT: '3' }, { examples: false });
    try {
      const c = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await c.post('/login/', { username: 'admin', password: 'nope-nope' })).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
      const r = await c.post('/login/', { username: 'admin', password: 'nope-nope' });
      expect(r.body).toEqual({ message: 'Too many login attempts. Please wait a minute and try again.' });
      // counted per address and user name: attempts on one account do not lock out another
      const other = await limited.client().post('/login/', { username: 'someone-else', password: 'nope-nope' });
      expect(other.status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('counts /login/ and /api/v1/security/login against one limit', async () => {
    const limited = await startTestServer({ RAMA_LOGIN_RATE_LIMIT: '10' }, { examples: false });
    try {
      const c = limited.client();
      const attempt = (route: '/login/' | '/api/v1/security/login', username: string) =>
        c.post(route, route === '/login/' ? { username, password: 'nope-nope' } : { username, password: 'nope-nope', provider: 'db' });
      const tooMany = { message: 'Too many login attempts. Please wait a minute and try again.' };

      // 10 attempts split across both routes, the 11th on the session route
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? '/api/v1/security/login' : '/login/', 'admin')).status);
      expect(statuses).toEqual(Array(10).fill(401));
      const eleventh = await attempt('/login/', 'admin');
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toEqual(tooMany);
      const onApi = await attempt('/api/v1/security/login', 'admin');
      expect(onApi.status).toBe(429);
      expect(onApi.body).toEqual(tooMany);
      // the right password does not get past the limit either
      expect((await c.post('/api/v1/security/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);

      // the 11th on the API route, for another user name
      const other: number[] = [];
      for (let i = 0; i < 10; i++) other.push((await attempt(i < 7 ? '/login/' : '/api/v1/security/login', 'Someone')).status);
      expect(other).toEqual(Array(10).fill(401));
      // user names are counted case-insensitively
      const last = await attempt('/api/v1/security/login', 'someone');
      expect(last.status).toBe(429);
      expect(last.body).toEqual(tooMany);
    } finally {
      await limited.close();
    }
  });
});

describe('users and roles', () => {
  it('admin creates a Gamma user who can log in but not manage users', async () => {
    const admin = await server.admin();
    const roles = await admin.get<{ result: { id: number; name: string; permission_count: number }[] }>('/api/v1/security/roles/');
    expect(roles.body.result.map((r) => r.name)).toEqual(expect.arrayContaining(['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']));
    const gamma = roles.body.result.find((r) => r.name === 'Gamma')!;
    const created = await admin.post<{ id: number; result: { username: string; roles: { name: string }[] } }>('/api/v1/security/users/', {
      username: 'gina',
      first_name: 'Gina',
      last_name: 'Gamma',
      email: 'gina@example.com',
      password: 'gina-password-1',
      roles: [gamma.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.result.roles.map((r) => r.name)).toEqual(['Gamma']);

    const dup = await admin.post('/api/v1/security/users/', {
      username: 'gina',
      first_name: 'G',
      last_name: 'G',
      email: 'other@example.com',
      password: 'gina-password-1',
      roles: [gamma.id],
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ message: { username: ['A user with this username already exists.'] } });

    const gina = server.client();
    expect((await gina.login('gina', 'gina-password-1')).status).toBe(200);
    const list = await gina.get('/api/v1/security/users/');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ message: 'You do not have permission to edit this user' });

    const perms = await admin.get<{ result: { permission_name: string; view_menu_name: string }[] }>(
      `/api/v1/security/roles/${gamma.id}/permissions/`,
    );
    expect(perms.body.result).toContainEqual(expect.objectContaining({ permission_name: 'can_read', view_menu_name: 'Dashboard' }));
    expect(perms.body.result).not.toContainEqual(expect.objectContaining({ permission_name: 'can_write', view_menu_name: 'Database' }));

    // deactivating the user ends their sessions
    expect((await admin.put(`/api/v1/security/users/${created.body.id}`, { active: false })).status).toBe(200);
    expect((await gina.get('/api/v1/me/')).status).toBe(401);
    expect((await server.client().login('gina', 'gina-password-1')).status).toBe(401);
  });

  it('an unknown user id is a 404 and a bad id a 400', async () => {
    const admin = await server.admin();
    expect((await admin.get('/api/v1/security/users/99999')).status).toBe(404);
    expect((await admin.get('/api/v1/security/users/abc')).status).toBe(400);
  });
});

await describeIfService(
  { name: 'Redis', url: REDIS.replace(/^redis:/, 'http:'), defaultPort: 6379, envVar: 'RAMA_TEST_REDIS_URL' },
  'login rate limit across servers',
  () => {
    it('counts failed logins split across two servers sharing Redis against one limit', async () => {
      // two servers of one deployment: same Redis and prefix, each its own process state
      const env = { RAMA_LOGIN_RATE_LIMIT: '10', RAMA_REDIS_URL: REDIS, RAMA_REDIS_PREFIX: `rama-test-limit-${process.pid}-${Date.now()}` };
      const one = await startTestServer(env, { examples: false });
      const two = await startTestServer(env, { examples: false });
      try {
        const attempt = (s: TestServer) => s.client().post('/login/', { username: 'admin', password: 'nope-nope' });
        const statuses: number[] = [];
        for (let i = 0; i < 14; i++) statuses.push((await attempt(i % 2 ? two : one)).status);
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
        expect(statuses.slice(10)).toEqual(Array(4).fill(429));
      } finally {
        await one.close();
        await two.close();
      }
    });
  },
);
