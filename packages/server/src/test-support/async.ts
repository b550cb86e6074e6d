/** Helpers for the async delivery API tests: a chart query context, polling for a job's event, a websocket client. */
import WebSocket from 'ws';
import type { AsyncEvent } from '@rama/shared';
import type { Client, Reply, TestServer } from './server.js';

export interface ChartReply {
  result: { colnames: string[]; data: Record<string, unknown>[]; is_cached: boolean; cache_key: string | null }[];
}

/** A query context as the web client builds it: count of flights per origin. */
export function chartContext(datasetId: number, overrides: Record<string, unknown> = {}) {
  return {
    datasource: { id: datasetId, type: 'table' },
    force: false,
    queries: [
      {
        time_range: 'No filter',
        filters: [] as unknown[],
        extras: { having: '', where: '' },
        columns: ['origin'] as unknown[],
        metrics: ['count'] as unknown[],
        row_limit: 1000,
        order_desc: true,
        ...overrides,
      },
    ] as Record<string, unknown>[],
    form_data: { datasource: `${datasetId}__table`, viz_type: 'table' },
    result_format: 'json',
    result_type: 'full',
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll GET /api/v1/async_event/ as the web client does until the job's event arrives. */
export async function pollEvent(client: Client, jobId: string, timeoutMs = 20_000): Promise<AsyncEvent> {
  const end = Date.now() + timeoutMs;
  let lastId: string | null = null;
  while (Date.now() < end) {
    const query: string = lastId ? `?last_id=${lastId}` : '';
    const r: Reply<{ result: AsyncEvent[] }> = await client.get<{ result: AsyncEvent[] }>(`/api/v1/async_event/${query}`);
    if (r.status !== 200) throw new Error(`polling answered ${r.status}: ${r.text}`);
    for (const e of r.body.result) {
      if (e.job_id === jobId) return e;
      lastId = e.id;
    }
    await sleep(50);
  }
  throw new Error(`no event for job ${jobId} within ${timeoutMs} ms`);
}

/** The newest event id of the client's channel ('0-0' when it has none): where a websocket resumes. */
export async function latestEventId(client: Client): Promise<string> {
  let last = '0-0';
  for (;;) {
    const r = await client.get<{ result: AsyncEvent[] }>(`/api/v1/async_event/?last_id=${last}`);
    if (!r.body.result.length) return last;
    last = r.body.result.at(-1)!.id;
  }
}

export interface TestSocket {
  /** the server accepted the upgrade */
  opened: boolean;
  /** the close code, once closed */
  closed: Promise<number>;
  /** the close code, or an error naming what the socket did if it has not closed within `timeoutMs` */
  closedWithin(timeoutMs?: number): Promise<number>;
  /** the first message (past or future) matching `pred` */
  next(pred: (e: AsyncEvent) => boolean, timeoutMs?: number): Promise<AsyncEvent>;
  close(): void;
}

/** Open the async event websocket with a client's cookies (none for null); resolves once it opened or closed. */
export function openSocket(
  server: TestServer,
  client: Client | null,
  query = '',
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const url = `${server.url.replace(/^http/, 'ws')}/api/v1/async_event/ws${query}`;
  const ws = new WebSocket(url, {
    headers: { ...(client ? { cookie: client.cookieHeaderValue } : {}), ...headers },
    // a server that never answers the upgrade fails the test with a reason instead of hanging it
    handshakeTimeout: 15_000,
  });
  // what the socket did, with times, for the message of a test that waited in vain
  const started = Date.now();
  const timeline: string[] = [];
  const note = (what: string) => timeline.push(`${Date.now() - started} ms ${what}`);
  ws.on('upgrade', () => note('upgraded'));
  ws.on('open', () => note('open'));
  ws.on('unexpected-response', (_req, res) => note(`HTTP ${res.statusCode}`));
  ws.on('error', (e) => note(`error ${e.message}`));
  ws.on('close', (code) => note(`closed ${code}`));
  const messages: AsyncEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as AsyncEvent);
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: TestSocket = {
    opened: false,
    closed,
    closedWithin(timeoutMs = 20_000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: not closed within ${timeoutMs} ms (${timeline.join(', ')})`)), timeoutMs);
      });
      return Promise.race([closed, late]).finally(() => clearTimeout(timer));
    },
    next(pred, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(pred);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms (got ${messages.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve) => {
    ws.on('open', () => {
      socket.opened = true;
      resolve(socket);
    });
    ws.on('error', () => resolve(socket));
    void closed.then(() => resolve(socket));
  });
}
