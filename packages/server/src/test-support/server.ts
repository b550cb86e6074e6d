import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import type { AppContext } from '../context.js';
import { ensureAdmin } from '../accounts/users.js';
import { examplesPath } from '../examples/load.js';
import { registerExamplesDatabase } from '../examples/register.js';

export const ADMIN_PASSWORD = 'admin-test-password-1';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** An HTTP client that logs in like the web app (session cookie + CSRF) or like a script (bearer). */
export class Client {
  private cookies = new Map<string, string>();
  private csrf: string | null = null;
  bearer: string | null = null;

  constructor(readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (method !== 'GET' && opts.csrf !== false && this.csrf && !this.bearer) headers['x-csrftoken'] = this.csrf;
    let payload: string | undefined = opts.raw;
    if (body !== undefined && payload === undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    return this.send<T>(method, path, headers, payload);
  }

  /**
   * POST a form as a browser does: FormData goes multipart (what `navigator.sendBeacon` sends),
   * URLSearchParams urlencoded. Session cookies go along; no CSRF header unless `csrf: true`.
   */
  async postForm<T = unknown>(
    path: string,
    form: FormData | URLSearchParams,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (opts.csrf === true && this.csrf) headers['x-csrftoken'] = this.csrf;
    return this.send<T>('POST', path, headers, form);
  }

  private async send<T>(
    method: string,
    path: string,
    headers: Record<string, string>,
    payload: string | FormData | URLSearchParams | undefined,
  ): Promise<Reply<T>> {
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string>; raw?: string }) {
    return this.request<T>('POST', path, body, opts);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Session login through /login/, then fetch the CSRF token as the web app does. */
  async login(username: string, password: string): Promise<Reply> {
    const r = await this.post('/login/', { username, password });
    if (r.status === 200) {
      const t = await this.get<{ result: string }>('/api/v1/security/csrf_token/');
      this.csrf = t.body.result;
    }
    return r;
  }

  hasCookie(name: string): boolean {
    return this.cookies.has(name);
  }

  /** A cookie's value as the server set it (undefined when it has none). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Set a cookie as if the server had (a test hands one client's cookie to another). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie header this client sends (for a websocket opened beside it). */
  get cookieHeaderValue(): string {
    return this.cookieHeader();
  }
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  examplesId: number | null;
  client(): Client;
  admin(): Promise<Client>;
  close(): Promise<void>;
}

/** Metadata store for this test run: SQLite (default) or a fresh PostgreSQL database per server. */
async function metadataUrl(home: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const target = process.env.RAMA_TEST_METADATA;
  if (!target || target === 'sqlite') return { url: `sqlite://${join(home, 'rama.db')}`, drop: async () => undefined };
  const base = new URL(target);
  const name = `rama_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', base).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(`/${name}`, base).toString();
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: new URL('/postgres', base).toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestServer(env: Record<string, string> = {}, opts: { examples?: boolean } = {}): Promise<TestServer> {
  const home = mkdtempSync(join(tmpdir(), 'rama-api-'));
  const meta = await metadataUrl(home);
  const config = loadConfig({
    RAMA_HOME: home,
    RAMA_SECRET_KEY: 'test-secret-key-0123456789-abcdefghijklmnop',
    RAMA_METADATA_URL: meta.url,
    RAMA_LOGIN_RATE_LIMIT: '1000',
    // test runs may share one Redis: each server gets its own queue and results keys
    RAMA_REDIS_PREFIX: `rama-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    ...env,
  });
  const { app, ctx } = await buildApp({ config, logger: false });
  await ensureAdmin(ctx.store.db, 'admin', ADMIN_PASSWORD);
  let examplesId: number | null = null;
  const examplesHome = process.env.RAMA_TEST_EXAMPLES_HOME;
  if (opts.examples !== false && examplesHome) examplesId = await registerExamplesDatabase(ctx, examplesPath(examplesHome));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  // links and report captures go to the address the test server really listens on
  if (!env.RAMA_PUBLIC_URL) config.publicUrl = url;
  return {
    url,
    app,
    ctx,
    examplesId,
    client: () => new Client(url),
    admin: async () => {
      const c = new Client(url);
      const r = await c.login('admin', ADMIN_PASSWORD);
      if (r.status !== 200) throw new Error(`admin login failed: ${r.status} ${r.text}`);
      return c;
    },
    close: async () => {
      await app.close();
      await meta.drop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
