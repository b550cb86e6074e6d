import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfToken, RequestFailure } from '../core/api';
import { waitForAsyncData } from '../core/asyncEvents';
import { postChartData } from './exploreApi';

vi.mock('../core/asyncEvents', () => ({ waitForAsyncData: vi.fn(() => Promise.resolve({ result: [{ data: [{ async: true }] }] })) }));

function reply(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(url.includes('csrf_token') ? reply(200, { result: 'tok' }) : reply(status, body)),
  );
}

const job = { channel_id: 'c', job_id: 'j', user_id: 1, status: 'pending', errors: [], result_url: null };

beforeEach(() => {
  resetCsrfToken();
  vi.stubGlobal('window', { location: { pathname: '/explore/', search: '', assign: vi.fn() } });
  vi.mocked(waitForAsyncData).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('POST /api/v1/chart/data (§7 Chart data)', () => {
  it('200 gives the result', async () => {
    answer(200, { result: [{ data: [{ a: 1 }] }] });
    await expect(postChartData({ queries: [] })).resolves.toEqual({ result: [{ data: [{ a: 1 }] }] });
    expect(waitForAsyncData).not.toHaveBeenCalled();
  });

  it('202 is an async job that is then awaited, stoppable with the request', async () => {
    answer(202, job);
    const controller = new AbortController();
    await expect(postChartData({ queries: [] }, { signal: controller.signal })).resolves.toEqual({ result: [{ data: [{ async: true }] }] });
    expect(waitForAsyncData).toHaveBeenCalledWith(job, { signal: controller.signal });
  });

  it("other statuses give 'Received unexpected response status (...) while fetching chart data'", async () => {
    answer(201, { result: [] });
    const error = await postChartData({ queries: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailure);
    expect((error as RequestFailure).message).toBe('Received unexpected response status (201) while fetching chart data');
  });
});
