import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setGuestToken } from '../core/api';

// An embedded dashboard's guest (issue 25): every call carries the latest guest token, no CSRF
// token is fetched, and a 401 goes to the page's handler instead of the login page.

describe('requests of a guest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('carry the latest token and report a refusal instead of redirecting to the login page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/embedded/abc', search: '', assign } });
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      const status = url.endsWith('/refused') ? 401 : 200;
      return Promise.resolve(new Response(JSON.stringify({ result: 'ok', message: 'no' }), { status }));
    });
    const refused = vi.fn();

    setGuestToken('X-GuestToken', 'first', refused);
    await request({ url: '/api/v1/dashboard/1' });
    // the host refreshes the token: the next call uses the new one
    setGuestToken('X-GuestToken', 'second', refused);
    await request({ url: '/api/v1/dashboard/1/permalink', method: 'POST', body: {} });
    await expect(request({ url: '/refused' })).rejects.toThrow();

    expect(calls.map((c) => [c.url, c.headers['X-GuestToken']])).toEqual([
      ['/api/v1/dashboard/1', 'first'],
      ['/api/v1/dashboard/1/permalink', 'second'],
      ['/refused', 'second'],
    ]);
    // no CSRF token fetched nor sent: a guest has no session
    expect(calls.some((c) => c.url.includes('csrf_token'))).toBe(false);
    expect(calls[1].headers['X-CSRFToken']).toBeUndefined();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });
});
