/**
 * Awaiting async jobs (charts spec section 4, "Async delivery"): the first 202 opens a websocket
 * to the server's event channel; a closed socket is reconnected up to 6 times 2.5 s apart, then the
 * page polls GET /api/v1/async_event/ every 500 ms (while a job is awaited). Each awaited job has a
 * listener keyed by its job id; an event that arrives before its listener is retried 6 times at
 * growing 100 ms steps, then a warning is logged. `done` fetches the result URL; `error` rejects.
 */
import {
  ASYNC_EVENT_ID_PATTERN,
  ASYNC_EVENT_POLLING_PATH,
  ASYNC_EVENT_WEBSOCKET_PATH,
  ASYNC_POLLING_DELAY_MS,
  IDLE_TRANSPORT,
  LAST_ASYNC_EVENT_ID_KEY,
  WEBSOCKET_CLOSE_REFUSED,
  asyncEventAction,
  asyncWebsocketUrl,
  getClientError,
  isAfterEventId,
  listenerRetryDelay,
  nextTransport,
  type AsyncEvent,
  type AsyncJobMetadata,
  type AsyncTransport,
  type TransportInput,
} from '@rama/shared';
import { request, RequestFailure } from './api';

/** The part of a browser WebSocket this client uses. */
export interface SocketLike {
  addEventListener(type: 'open' | 'close' | 'error', fn: (event: { code?: number }) => void): void;
  addEventListener(type: 'message', fn: (event: { data: unknown }) => void): void;
  close(): void;
  readonly readyState: number;
}

export interface AsyncEventDeps {
  /** opens a socket to the URL; null where the browser has none */
  openSocket: ((url: string) => SocketLike) | null;
  websocketUrl(lastId: string | null): string;
  fetchEvents(lastId: string | null): Promise<AsyncEvent[]>;
  fetchResult(url: string, signal?: AbortSignal): Promise<unknown>;
  loadLastId(): string | null;
  saveLastId(id: string): void;
  warn(...args: unknown[]): void;
}

/**
 * A socket that has never seen an event resumes from the start of the channel (`0-0`): the job's
 * event may be published before the socket is open, and the channel's history is short.
 */
const CHANNEL_START = '0-0';

const abortError = () => new DOMException('The request was stopped', 'AbortError');

export class AsyncEventClient {
  private transport: AsyncTransport = IDLE_TRANSPORT;
  private readonly listeners = new Map<string, (event: AsyncEvent) => void>();
  private readonly retries = new Map<string, number>();
  private lastId: string | null;
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private polling = false;

  constructor(private readonly deps: AsyncEventDeps) {
    this.lastId = deps.loadLastId();
  }

  /** The transport in use (for tests and diagnostics). */
  get state(): AsyncTransport {
    return this.transport;
  }

  /** Resolves with the job's result (what result_url answers); rejects with its error, or an AbortError when `signal` aborts. */
  waitForAsyncData<T>(job: AsyncJobMetadata, options: { signal?: AbortSignal } = {}): Promise<T> {
    const { signal } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const drop = () => {
        // stopping a request drops its listener: a late event for it is not awaited any more
        if (this.listeners.get(job.job_id) === listener) this.listeners.delete(job.job_id);
        reject(abortError());
      };
      signal?.addEventListener('abort', drop, { once: true });
      const listener = (event: AsyncEvent) => {
        const action = asyncEventAction(event);
        if (action.kind === 'ignore') return;
        this.listeners.delete(job.job_id);
        if (action.kind === 'reject') {
          signal?.removeEventListener('abort', drop);
          reject(new RequestFailure(getClientError({ kind: 'response', status: 202, body: { errors: action.errors } })));
          return;
        }
        this.deps
          .fetchResult(action.url, signal)
          .then((result) => resolve(result as T), reject)
          .finally(() => signal?.removeEventListener('abort', drop));
      };
      this.listeners.set(job.job_id, listener);
      this.step({ type: 'jobAccepted', websocketAvailable: this.deps.openSocket !== null });
      this.schedulePoll();
    });
  }

  /** Events as they arrive (socket message or poll): new ones only, each given to its job's listener. */
  receive(events: AsyncEvent[]): void {
    for (const event of events) {
      if (!isAfterEventId(event.id, this.lastId)) continue;
      this.lastId = event.id;
      this.deps.saveLastId(event.id);
      this.dispatch(event);
    }
  }

  private dispatch(event: AsyncEvent): void {
    const listener = this.listeners.get(event.job_id);
    if (listener) {
      this.retries.delete(event.job_id);
      listener(event);
      return;
    }
    // the event can come before the 202's handler registered its listener
    const attempt = (this.retries.get(event.job_id) ?? 0) + 1;
    const delay = listenerRetryDelay(attempt);
    if (delay === null) {
      this.retries.delete(event.job_id);
      this.deps.warn('listener not found for job_id', event.job_id);
      return;
    }
    this.retries.set(event.job_id, attempt);
    setTimeout(() => this.dispatch(event), delay);
  }

  private step(input: TransportInput): void {
    const { state, effect } = nextTransport(this.transport, input);
    this.transport = state;
    switch (effect.type) {
      case 'connect':
        this.connect();
        break;
      case 'scheduleReconnect':
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = null;
          this.step({ type: 'reconnectDue' });
        }, effect.delayMs);
        break;
      case 'startPolling':
        this.deps.warn('WebSocket not available, falling back to async polling');
        this.schedulePoll(0);
        break;
      case 'none':
        break;
    }
  }

  private connect(): void {
    const open = this.deps.openSocket;
    if (!open) return;
    let socket: SocketLike;
    try {
      socket = open(this.deps.websocketUrl(this.lastId ?? CHANNEL_START));
    } catch (e) {
      this.deps.warn(e);
      this.step({ type: 'socketClosed', refused: false });
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket === socket) this.step({ type: 'socketOpened' });
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.step({ type: 'socketClosed', refused: event.code === WEBSOCKET_CLOSE_REFUSED });
    });
    socket.addEventListener('error', () => {
      // a failed socket is closed, which reconnects it
      if (socket.readyState < 2) socket.close();
    });
    socket.addEventListener('message', (event) => {
      try {
        this.receive([JSON.parse(String(event.data)) as AsyncEvent]);
      } catch (e) {
        this.deps.warn(e);
      }
    });
  }

  /** Polling runs while a job is awaited; it starts again with the next one. */
  private schedulePoll(delayMs = ASYNC_POLLING_DELAY_MS): void {
    if (this.transport.kind !== 'polling' || this.pollTimer !== null || this.polling || !this.listeners.size) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.poll();
    }, delayMs);
  }

  private async poll(): Promise<void> {
    if (!this.listeners.size) return;
    this.polling = true;
    try {
      this.receive(await this.deps.fetchEvents(this.lastId));
    } catch (e) {
      this.deps.warn(e);
    } finally {
      this.polling = false;
    }
    this.schedulePoll();
  }

  /** Stop every timer and socket (a test's end; the page's own client lives as long as the page). */
  close(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.listeners.clear();
    this.transport = IDLE_TRANSPORT;
  }
}

function browserDeps(): AsyncEventDeps {
  return {
    openSocket: typeof WebSocket === 'undefined' ? null : (url) => new WebSocket(url),
    websocketUrl: (lastId) => asyncWebsocketUrl(window.location.protocol, window.location.host, ASYNC_EVENT_WEBSOCKET_PATH, lastId),
    fetchEvents: async (lastId) =>
      (await request<{ result: AsyncEvent[] }>({ url: ASYNC_EVENT_POLLING_PATH, params: { last_id: lastId } })).result,
    fetchResult: (url, signal) => request<unknown>({ url, signal }),
    loadLastId: () => {
      try {
        const stored = window.localStorage.getItem(LAST_ASYNC_EVENT_ID_KEY);
        return stored && new RegExp(ASYNC_EVENT_ID_PATTERN).test(stored) ? stored : null;
      } catch {
        return null;
      }
    },
    saveLastId: (id) => {
      try {
        window.localStorage.setItem(LAST_ASYNC_EVENT_ID_KEY, id);
      } catch {
        // private mode: a reload may see a few old events again, which no listener takes
      }
    },
    warn: (...args) => console.warn(...args),
  };
}

let pageClient: AsyncEventClient | null = null;

/** Await an accepted job (the 202 body) with the page's one event client. */
export function waitForAsyncData<T>(job: AsyncJobMetadata, options: { signal?: AbortSignal } = {}): Promise<T> {
  pageClient ??= new AsyncEventClient(browserDeps());
  return pageClient.waitForAsyncData<T>(job, options);
}
