import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermalinkValue } from '@rama/shared';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { databaseGrant, insertDatabase, loginAs, type TestUser } from '../test-support/sqllab-fixtures.js';

type Created = { key: string; url: string };
/** where users reach Rama, as configured; never what a request's Host header claims */
const PUBLIC_URL = 'https://bi.example.com/rama';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let examples: number;
let finance: number;

beforeAll(async () => {
  server = await startTestServer({ RAMA_PUBLIC_URL: PUBLIC_URL });
  examples = server.examplesId!;
  finance = await insertDatabase(server, 'finance');
  alice = await loginAs(server, 'alice', ['sql_lab'], [databaseGrant('examples', examples), databaseGrant('finance', finance)]);
  bob = await loginAs(server, 'bob', ['sql_lab'], [databaseGrant('examples', examples)]);
});

afterAll(async () => {
  await server?.close();
});

const state = {
  dbId: 0,
  schema: 'main',
  sql: 'SELECT origin, count(*) FROM flights GROUP BY 1',
  autorun: true,
  templateParams: '{"x": 1}',
};

describe('sharing a query', () => {
  it('returns an unguessable key and the page URL, and reads the state back under key and kv:key', async () => {
    const r = await alice.client.post<Created>('/api/v1/sqllab/permalink', { ...state, dbId: examples, name: 'Origins' });
    expect(r.status).toBe(201);
    expect(r.body.key).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(r.body.url).toBe(`${PUBLIC_URL}/sqllab/p/${r.body.key}`);
    const expected: PermalinkValue = {
      name: 'Origins',
      dbId: examples,
      catalog: null,
      schema: 'main',
      autorun: true,
      sql: state.sql,
      templateParams: '{"x": 1}',
    };
    const got = await alice.client.get<PermalinkValue>(`/api/v1/sqllab/permalink/${r.body.key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(expected);
    const kv = await alice.client.get<PermalinkValue>(`/api/v1/sqllab/permalink/kv:${r.body.key}`);
    expect(kv.body).toEqual(expected);
  });

  it('names an unnamed query "Shared query" and fills the optional fields', async () => {
    const r = await alice.client.post<Created>('/api/v1/sqllab/permalink', { dbId: examples, sql: 'SELECT 1' });
    const got = await alice.client.get<PermalinkValue>(`/api/v1/sqllab/permalink/${r.body.key}`);
    expect(got.body).toEqual({
      name: 'Shared query',
      dbId: examples,
      catalog: null,
      schema: null,
      autorun: false,
      sql: 'SELECT 1',
      templateParams: null,
    });
  });

  it('gives distinct keys that do not reveal a sequence', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 20; i++)
      keys.push((await alice.client.post<Created>('/api/v1/sqllab/permalink', { dbId: examples, sql: `SELECT ${i}` })).body.key);
    expect(new Set(keys).size).toBe(20);
    const shared = keys.reduce((prefix, k) => {
      let n = 0;
      while (n < prefix.length && prefix[n] === k[n]) n++;
      return prefix.slice(0, n);
    });
    expect(shared.length).toBeLessThan(4);
    // a neighbouring key is not a permalink
    const last = keys[keys.length - 1];
    const neighbour = last.slice(0, -1) + (last.endsWith('A') ? 'B' : 'A');
    expect((await alice.client.get(`/api/v1/sqllab/permalink/${neighbour}`)).status).toBe(404);
  });

  it('builds the URL from the configured public URL, never from the Host header', async () => {
    // fetch cannot set Host: log in as a script does (bearer token) and post with node:http
    const login = await server
      .client()
      .post<{ access_token: string }>('/api/v1/security/login', { username: 'alice', password: 'alice-password-1' });
    const post = (headers: Record<string, string>) => {
      const body = JSON.stringify({ dbId: examples, sql: 'SELECT 1' });
      return new Promise<Created>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: new URL(server.url).port,
            path: '/api/v1/sqllab/permalink',
            method: 'POST',
            headers: {
              ...headers,
              authorization: `Bearer ${login.body.access_token}`,
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            let out = '';
            res.on('data', (c: Buffer) => (out += c.toString()));
            res.on('end', () => resolve(JSON.parse(out) as Created));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    const cases: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'evil.example:443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      { host: 'bi.example.com.evil.example', forwarded: 'host=evil.example;proto=http' },
    ];
    for (const headers of cases) {
      const reply = await post(headers);
      expect(reply.key, JSON.stringify(headers)).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(reply.url.startsWith(`${PUBLIC_URL}/`), reply.url).toBe(true);
      expect(reply.url).toBe(`${PUBLIC_URL}/sqllab/p/${reply.key}`);
      expect(reply.url).not.toContain('evil');
    }
  });
});

describe('reading a permalink', () => {
  let financeKey: string;
  let examplesKey: string;

  beforeAll(async () => {
    financeKey = (await alice.client.post<Created>('/api/v1/sqllab/permalink', { dbId: finance, sql: 'SELECT * FROM ledger' })).body.key;
    examplesKey = (await alice.client.post<Created>('/api/v1/sqllab/permalink', { dbId: examples, sql: 'SELECT * FROM flights' })).body.key;
  });

  it('another user with access to the database may open it', async () => {
    const r = await bob.client.get<PermalinkValue>(`/api/v1/sqllab/permalink/${examplesKey}`);
    expect(r.status).toBe(200);
    expect(r.body.sql).toBe('SELECT * FROM flights');
  });

  it('a reader without access to its database gets the same 404 as for an unknown key', async () => {
    const unknown = await bob.client.get('/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found' });
    const forbidden = await bob.client.get(`/api/v1/sqllab/permalink/${financeKey}`);
    expect(forbidden.status).toBe(404);
    expect(forbidden.body).toEqual(unknown.body);
    for (const odd of ['kv:', 'short', 'kv:kv:' + financeKey, encodeURIComponent('../../etc')]) {
      expect((await bob.client.get(`/api/v1/sqllab/permalink/${odd}`)).status, odd).toBe(404);
    }
  });

  it('cannot be created for a database the user may not use', async () => {
    const r = await bob.client.post('/api/v1/sqllab/permalink', { dbId: finance, sql: 'SELECT 1' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { dbId: ['Database does not exist'] } });
    const missing = await bob.client.post('/api/v1/sqllab/permalink', { dbId: 999_999, sql: 'SELECT 1' });
    expect(missing.body).toEqual(r.body);
  });

  it('validates the payload', async () => {
    const r = await alice.client.post('/api/v1/sqllab/permalink', { dbId: examples });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: { sql: ['Missing data for required field.'] } });
  });

  it('needs SqlLabPermalink permissions and a login', async () => {
    const gamma = await loginAs(server, 'gail', ['Gamma'], [databaseGrant('examples', examples)]);
    const read = await gamma.client.get(`/api/v1/sqllab/permalink/${examplesKey}`);
    expect(read.status).toBe(403);
    expect((await gamma.client.post('/api/v1/sqllab/permalink', { dbId: examples, sql: 'SELECT 1' })).status).toBe(403);
    expect((await server.client().get(`/api/v1/sqllab/permalink/${examplesKey}`)).status).toBe(401);
  });
});
