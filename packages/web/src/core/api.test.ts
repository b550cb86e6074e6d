import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, request, resetCsrfToken, RequestFailure } from './api';

type Handler = (url: string, init: RequestInit) => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return Promise.resolve(handler(url, init));
  });
  return calls;
}

function headerOf(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

async function failureOf(promise: Promise<unknown>): Promise<RequestFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RequestFailure)) throw new Error('expected a RequestFailure');
  return error;
}

const assign = vi.fn();

beforeEach(() => {
  resetCsrfToken();
  assign.mockReset();
  vi.stubGlobal('window', { location: { pathname: '/databaseview/list/', search: '?x=1', assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request (the API client)', () => {
  it('sends the CSRF token on state-changing calls only', async () => {
    const calls = stubFetch((url) => (url.includes('csrf_token') ? json(200, { result: 'tok-1' }) : json(200, { ok: true })));
    await request({ url: '/api/v1/database/', method: 'POST', body: { a: 1 } });
    await request({ url: '/api/v1/database/' });
    const post = calls.find((c) => c.init.method === 'POST');
    const get = calls.filter((c) => c.init.method === 'GET' && !c.url.includes('csrf_token'));
    expect(post && headerOf(post.init, 'X-CSRFToken')).toBe('tok-1');
    expect(get).toHaveLength(1);
    expect(headerOf(get[0].init, 'X-CSRFToken')).toBeUndefined();
  });

  it('fetches a fresh token and retries once when the server rejects the token', async () => {
    let tokens = 0;
    let posts = 0;
    stubFetch((url) => {
      if (url.includes('csrf_token')) return json(200, { result: `tok-${++tokens}` });
      posts += 1;
      return posts === 1
        ? json(400, {
            errors: [{ message: 'The CSRF token is missing or invalid.', error_type: 'FRONTEND_CSRF_ERROR', level: 'error', extra: {} }],
          })
        : json(200, { message: 'OK' });
    });
    await expect(request({ url: '/api/v1/database/1', method: 'DELETE' })).resolves.toEqual({ message: 'OK' });
    expect(tokens).toBe(2);
    expect(posts).toBe(2);
  });

  it('shows the session-timed-out message when the retry fails on CSRF too', async () => {
    stubFetch((url) => (url.includes('csrf_token') ? json(200, { result: 't' }) : json(400, { message: 'CSRF token invalid' })));
    const failure = await failureOf(request({ url: '/logout/', method: 'POST' }));
    expect(failure.message).toBe('Your session timed out, please refresh your page and try again.');
  });

  it('sends an ended session (401) to the login page with the current path as next', async () => {
    stubFetch(() => json(401, { message: 'Not authorized' }));
    const failure = await failureOf(request({ url: '/api/v1/database/' }));
    expect(failure.clientError.status).toBe(401);
    expect(assign).toHaveBeenCalledWith('/login/?next=%2Fdatabaseview%2Flist%2F%3Fx%3D1');
  });

  it('does not redirect when a 401 is an expected answer (login)', async () => {
    stubFetch(() => json(401, { message: 'Invalid login. Please try again.' }));
    const failure = await failureOf(request({ url: '/login/', method: 'POST', skipSessionCheck: true }));
    expect(failure.message).toBe('Invalid login. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("turns a failed fetch into 'Network error'", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failureOf(request({ url: '/api/v1/database/' }))).message).toBe('Network error');
  });

  it("turns a timeout into 'Request timed out' with the issue hints", async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const failure = await failureOf(request({ url: '/api/v1/database/', timeoutMs: 5 }));
    expect(failure.message).toBe('Request timed out');
    expect(failure.clientError.hints).toHaveLength(2);
  });

  it('rison-encodes q', () => {
    expect(buildUrl('/api/v1/database/', { page: 0, order_direction: 'asc' })).toBe(
      `/api/v1/database/?q=${encodeURIComponent('(order_direction:asc,page:0)')}`,
    );
  });
});
