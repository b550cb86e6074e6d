/**
 * Sessions end when they should: a password change, a deactivation, a role change or a deleted
 * user ends every session and token of that user at once; logout ends its own session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, type Client, type TestServer } from '../test-support/server.js';

let server: TestServer;
let admin: Client;
let gammaId: number;
let alphaId: number;

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  admin = await server.admin();
  const roles = await admin.get<{ result: { id: number; name: string }[] }>('/api/v1/security/roles/');
  gammaId = roles.body.result.find((r) => r.name === 'Gamma')!.id;
  alphaId = roles.body.result.find((r) => r.name === 'Alpha')!.id;
});
afterAll(async () => server?.close());

/** Everything a user can be logged in with: a browser session and a script's token pair. */
interface LoggedIn {
  id: number;
  browser: Client;
  /** the raw session cookie, to replay it after the client forgot it */
  cookie: string;
  access: string;
  refresh: string;
}

async function createUser(username: string, password: string): Promise<number> {
  const r = await admin.post<{ id: number }>('/api/v1/security/users/', {
    username,
    first_name: username,
    last_name: 'Tester',
    email: `${username}@example.com`,
    password,
    roles: [gammaId],
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function logIn(id: number, username: string, password: string): Promise<LoggedIn> {
  const browser = server.client();
  const session = await browser.login(username, password);
  expect(session.status).toBe(200);
  const cookie = session.headers
    .getSetCookie()
    .find((c) => c.startsWith('rama_session='))!
    .split(';')[0];
  const api = await server
    .client()
    .post<{ access_token: string; refresh_token: string }>('/api/v1/security/login', { username, password, provider: 'db', refresh: true });
  expect(api.status).toBe(200);
  return { id, browser, cookie, access: api.body.access_token, refresh: api.body.refresh_token };
}

const meWithBearer = async (token: string) => {
  const c = server.client();
  c.bearer = token;
  return (await c.get('/api/v1/me/')).status;
};
const refreshWith = async (token: string) => {
  const c = server.client();
  c.bearer = token;
  return (await c.post('/api/v1/security/refresh')).status;
};
const meWithCookie = async (cookie: string) => (await fetch(`${server.url}/api/v1/me/`, { headers: { cookie } })).status;

/** Every way the user was logged in answers 401 now. */
async function expectAllEnded(u: LoggedIn): Promise<void> {
  expect(await meWithBearer(u.access), 'access token').toBe(401);
  expect(await refreshWith(u.refresh), 'refresh token').toBe(401);
  expect((await u.browser.get('/api/v1/me/')).status, 'session').toBe(401);
  expect(await meWithCookie(u.cookie), 'replayed session cookie').toBe(401);
}

async function expectAllWork(u: LoggedIn): Promise<void> {
  expect(await meWithBearer(u.access), 'access token').toBe(200);
  expect(await refreshWith(u.refresh), 'refresh token').toBe(200);
  expect((await u.browser.get('/api/v1/me/')).status, 'session').toBe(200);
}

describe('an admin change ends every session and token of the user', () => {
  it('a password change: the old tokens and session answer 401; the new password logs in', async () => {
    const id = await createUser('pat', 'pat-password-1');
    const before = await logIn(id, 'pat', 'pat-password-1');
    await expectAllWork(before);
    // a token minted by refresh before the change dies with the rest
    const c = server.client();
    c.bearer = before.refresh;
    const minted = (await c.post<{ access_token: string }>('/api/v1/security/refresh')).body.access_token;

    expect((await admin.put(`/api/v1/security/users/${id}`, { password: 'pat-password-2' })).status).toBe(200);
    await expectAllEnded(before);
    expect(await meWithBearer(minted)).toBe(401);
    expect((await server.client().login('pat', 'pat-password-1')).status).toBe(401);

    const after = await logIn(id, 'pat', 'pat-password-2');
    await expectAllWork(after);
  });

  it('a deactivation: everything ends, and stays ended after the user is active again', async () => {
    const id = await createUser('dee', 'dee-password-1');
    const before = await logIn(id, 'dee', 'dee-password-1');
    expect((await admin.put(`/api/v1/security/users/${id}`, { active: false })).status).toBe(200);
    await expectAllEnded(before);
    expect((await server.client().login('dee', 'dee-password-1')).status).toBe(401);

    expect((await admin.put(`/api/v1/security/users/${id}`, { active: true })).status).toBe(200);
    await expectAllEnded(before);
    await expectAllWork(await logIn(id, 'dee', 'dee-password-1'));
  });

  it('a role change: the old tokens and session end; a new login carries the new role', async () => {
    const id = await createUser('roy', 'roy-password-1');
    const before = await logIn(id, 'roy', 'roy-password-1');
    expect((await admin.put(`/api/v1/security/users/${id}`, { roles: [alphaId] })).status).toBe(200);
    await expectAllEnded(before);
    const after = await logIn(id, 'roy', 'roy-password-1');
    await expectAllWork(after);
    const me = await after.browser.get<{ result: { roles: Record<string, unknown> } }>('/api/v1/me/');
    expect(Object.keys(me.body.result.roles)).toEqual(['Alpha']);
  });

  it('an edit that changes none of those (same roles sent back) leaves the user logged in', async () => {
    const id = await createUser('ed', 'ed-password-1');
    const u = await logIn(id, 'ed', 'ed-password-1');
    expect((await admin.put(`/api/v1/security/users/${id}`, { first_name: 'Edward', roles: [gammaId], active: true })).status).toBe(200);
    await expectAllWork(u);
  });

  it('deleting the user ends everything; a new user of the same name starts afresh', async () => {
    const id = await createUser('del', 'del-password-1');
    const before = await logIn(id, 'del', 'del-password-1');
    expect((await admin.delete(`/api/v1/security/users/${id}`)).status).toBe(200);
    await expectAllEnded(before);
    const rows = await server.ctx.store.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    expect(rows).toEqual([]);

    const again = await createUser('del', 'del-password-2');
    expect(again).not.toBe(id);
    await expectAllEnded(before);
    await expectAllWork(await logIn(again, 'del', 'del-password-2'));
  });

  it("another user's sessions are not touched", async () => {
    const adminTokens = await server
      .client()
      .post<{ access_token: string }>('/api/v1/security/login', { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' });
    const id = await createUser('other', 'other-password-1');
    expect((await admin.put(`/api/v1/security/users/${id}`, { password: 'other-password-2', active: false })).status).toBe(200);
    expect((await admin.get('/api/v1/me/')).status).toBe(200);
    expect(await meWithBearer(adminTokens.body.access_token)).toBe(200);
  });
});

describe('logout', () => {
  it('ends the session it belongs to: the same cookie replayed later is 401', async () => {
    const id = await createUser('lou', 'lou-password-1');
    const u = await logIn(id, 'lou', 'lou-password-1');
    const second = await logIn(id, 'lou', 'lou-password-1');
    expect(await meWithCookie(u.cookie)).toBe(200);
    const out = await u.browser.post('/logout/');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^rama_session=;/.test(c))).toBe(true);
    expect(await meWithCookie(u.cookie)).toBe(401);
    expect((await u.browser.get('/api/v1/me/')).status).toBe(401);
    // only that session: the user's other session and tokens go on
    expect(await meWithCookie(second.cookie)).toBe(200);
    expect(await meWithBearer(u.access)).toBe(200);
  });

  it('needs the CSRF token (a forged cross-site logout does nothing)', async () => {
    const id = await createUser('cy', 'cy-password-1');
    const u = await logIn(id, 'cy', 'cy-password-1');
    expect((await u.browser.post('/logout/', undefined, { csrf: false })).status).toBe(400);
    expect(await meWithCookie(u.cookie)).toBe(200);
  });
});
