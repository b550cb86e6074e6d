import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AsyncEvent, AsyncJobMetadata } from '@rama/shared';
import { AsyncEventClient, type AsyncEventDeps, type SocketLike } from './asyncEvents';
import { RequestFailure } from './api';

type Listener = (event: { code?: number; data: unknown }) => void;

/** A WebSocket the test drives: open it, push a message, or close it as the server would. */
class FakeSocket implements SocketLike {
  readyState = 0;
  private readonly handlers = new Map<string, Listener[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: Listener): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  private fire(type: string, event: { code?: number; data: unknown } = { data: undefined }) {
    for (const fn of this.handlers.get(type) ?? []) fn(event);
  }
  open() {
    this.readyState = 1;
    this.fire('open');
  }
  push(event: AsyncEvent) {
    this.fire('message', { data: JSON.stringify(event) });
  }
  close(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.fire('close', { code, data: undefined });
  }
}

const job = (id: string): AsyncJobMetadata => ({
  channel_id: 'c1',
  job_id: id,
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
});

let seq = 0;
const event = (jobId: string, over: Partial<AsyncEvent> = {}): AsyncEvent => ({
  ...job(jobId),
  id: `1700000000000-${++seq}`,
  status: 'done',
  result_url: `/api/v1/chart/data/${jobId}`,
  ...over,
});

interface Harness {
  client: AsyncEventClient;
  sockets: FakeSocket[];
  polls: (string | null)[];
  /** what the next poll answers */
  pollReply: AsyncEvent[];
  fetchResult: Mock<AsyncEventDeps['fetchResult']>;
  warn: Mock<AsyncEventDeps['warn']>;
  saved: string[];
}

function harness(opts: { websocket?: boolean; lastId?: string | null } = {}): Harness {
  const h: Omit<Harness, 'client'> = {
    sockets: [] as FakeSocket[],
    polls: [] as (string | null)[],
    pollReply: [] as AsyncEvent[],
    saved: [] as string[],
    fetchResult: vi.fn<AsyncEventDeps['fetchResult']>((url) => Promise.resolve({ result: [{ from: url }] })),
    warn: vi.fn<AsyncEventDeps['warn']>(),
  };
  const deps: AsyncEventDeps = {
    openSocket:
      opts.websocket === false
        ? null
        : (url) => {
            const s = new FakeSocket(url);
            h.sockets.push(s);
            return s;
          },
    websocketUrl: (lastId) => `ws://rama.test/api/v1/async_event/ws${lastId ? `?last_id=${lastId}` : ''}`,
    fetchEvents: (lastId) => {
      h.polls.push(lastId);
      const reply = h.pollReply;
      h.pollReply = [];
      return Promise.resolve(reply);
    },
    fetchResult: h.fetchResult,
    loadLastId: () => opts.lastId ?? null,
    saveLastId: (id) => h.saved.push(id),
    warn: h.warn,
  };
  return Object.assign(h, { client: new AsyncEventClient(deps) });
}

let h: Harness;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  h?.client.close();
  vi.useRealTimers();
});

describe('awaiting a job (§4 Async delivery)', () => {
  it('the first 202 opens the websocket (resuming after the last event seen); done fetches the result URL', async () => {
    h = harness({ lastId: '1600000000000-0' });
    expect(h.sockets).toHaveLength(0);
    const result = h.client.waitForAsyncData(job('j1'));
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0].url).toBe('ws://rama.test/api/v1/async_event/ws?last_id=1600000000000-0');
    h.client.waitForAsyncData(job('j2')).catch(() => undefined);
    expect(h.sockets).toHaveLength(1);
    h.sockets[0].open();
    h.sockets[0].push(event('j1'));
    await expect(result).resolves.toEqual({ result: [{ from: '/api/v1/chart/data/j1' }] });
    expect(h.saved.at(-1)).toMatch(/^1700000000000-/);
  });

  it('a socket that never saw an event starts from the beginning of the channel', () => {
    h = harness();
    void h.client.waitForAsyncData(job('j1'));
    expect(h.sockets[0].url).toBe('ws://rama.test/api/v1/async_event/ws?last_id=0-0');
  });

  it('error rejects with the job error as a sync failure would; other statuses are ignored', async () => {
    h = harness();
    const result = h.client.waitForAsyncData(job('j1'));
    const settled = vi.fn();
    result.then(settled, settled);
    h.sockets[0].open();
    h.sockets[0].push(event('j1', { status: 'running', result_url: null }));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).not.toHaveBeenCalled();
    const errors = [{ message: 'Conversion Error: no', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' as const, extra: {} }];
    h.sockets[0].push(event('j1', { status: 'error', result_url: null, errors }));
    const failure = await result.catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestFailure);
    expect((failure as RequestFailure).message).toBe('Conversion Error: no');
    expect((failure as RequestFailure).clientError.errorType).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(h.fetchResult).not.toHaveBeenCalled();
  });

  it('a result that cannot be fetched rejects', async () => {
    h = harness();
    h.fetchResult.mockImplementationOnce(() => Promise.reject(new Error('Cached data not found')));
    const result = h.client.waitForAsyncData(job('j1'));
    h.sockets[0].push(event('j1'));
    await expect(result).rejects.toThrow('Cached data not found');
  });

  it('an event that arrives before its listener is retried at 100, 200, … ms and then reaches it', async () => {
    h = harness();
    void h.client.waitForAsyncData(job('other'));
    h.sockets[0].push(event('early'));
    await vi.advanceTimersByTimeAsync(100 + 200);
    const result = h.client.waitForAsyncData(job('early'));
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toEqual({ result: [{ from: '/api/v1/chart/data/early' }] });
    expect(h.warn).not.toHaveBeenCalled();
  });

  it('an event nobody listens for is retried 6 times (2.1 s in all), then a warning is logged', async () => {
    h = harness();
    void h.client.waitForAsyncData(job('mine'));
    h.sockets[0].push(event('stranger'));
    await vi.advanceTimersByTimeAsync(100 + 200 + 300 + 400 + 500 + 599);
    expect(h.warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.warn).toHaveBeenCalledWith('listener not found for job_id', 'stranger');
  });

  it('aborting the request drops its listener: the late event is not fetched', async () => {
    h = harness();
    const controller = new AbortController();
    const result = h.client.waitForAsyncData(job('j1'), { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    h.sockets[0].push(event('j1'));
    await vi.advanceTimersByTimeAsync(2100);
    expect(h.fetchResult).not.toHaveBeenCalled();
    expect(h.warn).toHaveBeenCalledWith('listener not found for job_id', 'j1');
  });

  it('an event seen before (a replay after reconnecting) is not handled twice', async () => {
    h = harness();
    const result = h.client.waitForAsyncData(job('j1'));
    const done = event('j1');
    h.sockets[0].push(done);
    await result;
    h.sockets[0].push(done);
    await vi.advanceTimersByTimeAsync(2100);
    expect(h.fetchResult).toHaveBeenCalledTimes(1);
    expect(h.warn).not.toHaveBeenCalled();
  });
});

describe('transport: websocket, 6 reconnects at 2.5 s, then polling every 500 ms (§4, §9)', () => {
  it('a socket closed by the server is reconnected 6 times 2.5 s apart, then the page polls with the last id', async () => {
    h = harness();
    const result = h.client.waitForAsyncData(job('j1'));
    h.sockets[0].open();
    h.sockets[0].push(event('j0-stranger'));
    const lastSeen = h.saved.at(-1)!;
    // the server refuses the socket every time from now on
    h.sockets[0].close(1008);
    for (let attempt = 1; attempt <= 6; attempt++) {
      await vi.advanceTimersByTimeAsync(2499);
      expect(h.sockets).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.sockets).toHaveLength(attempt + 1);
      expect(h.sockets[attempt].url).toContain(`last_id=${lastSeen}`);
      h.sockets[attempt].open();
      h.sockets[attempt].close(1008);
    }
    expect(h.polls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2500);
    expect(h.sockets).toHaveLength(7);
    expect(h.client.state).toEqual({ kind: 'polling' });
    expect(h.warn).toHaveBeenCalledWith('WebSocket not available, falling back to async polling');
    // the first poll goes at once (a zero delay is one millisecond, as in Node)
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toEqual([lastSeen]);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.polls).toHaveLength(2);
    h.pollReply = [event('j1')];
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toEqual({ result: [{ from: '/api/v1/chart/data/j1' }] });
    // nothing awaited: polling stops, and starts again with the next job
    const polled = h.polls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.polls).toHaveLength(polled);
    void h.client.waitForAsyncData(job('j2'));
    await vi.advanceTimersByTimeAsync(500);
    expect(h.polls).toHaveLength(polled + 1);
  });

  it('a socket that worked and closed (a server restart) starts the count again', async () => {
    h = harness();
    void h.client.waitForAsyncData(job('j1'));
    for (let i = 0; i < 10; i++) {
      h.sockets.at(-1)!.open();
      h.sockets.at(-1)!.close(1001);
      await vi.advanceTimersByTimeAsync(2500);
    }
    expect(h.sockets).toHaveLength(11);
    expect(h.client.state.kind).toBe('websocket');
    expect(h.polls).toHaveLength(0);
  });

  it('polls from the first job where the browser has no websocket', async () => {
    h = harness({ websocket: false });
    const result = h.client.waitForAsyncData(job('j1'));
    h.pollReply = [event('j1')];
    await vi.advanceTimersByTimeAsync(1);
    expect(h.polls).toEqual([null]);
    await expect(result).resolves.toEqual({ result: [{ from: '/api/v1/chart/data/j1' }] });
  });
});
