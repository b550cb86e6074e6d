import { nanoid } from '@reduxjs/toolkit';
import { LOG_BATCH_DELAY_MS, LOG_BATCH_MAX_EVENTS, type LogEvent } from '@rama/shared';
import { getCsrfToken, guestTokenHeaders } from './api';

/**
 * The event log client (sql-editor.md section 7 "Event logging", section 9 "Logging"): events are
 * queued and sent in batches of at most 1024, 1000 ms after the latest event, as a beacon so a
 * batch survives the page closing.
 */

export type LogSource = 'sqlLab' | 'explore' | 'dashboard';
export type LogEventType = 'user' | 'timing';

export interface LogEventOptions {
  eventType?: LogEventType;
  /** Defaults to the area of the open page (SQL Lab, Explore, a dashboard), if any. */
  source?: LogSource;
  sourceId?: string | number;
}

/** Everything about an event that does not come from the caller; a parameter so building stays pure. */
export interface LogEventContext {
  impressionId: string;
  ts: number;
  eventId: string;
  visibility: string;
  pathname: string;
  /** The last user event's id; a timing event names it as its trigger. */
  lastUserEventId: string | null;
}

export interface LogPost {
  url: string;
  events: LogEvent[];
}

export const LOG_URL = '/rama/log/';
export const LOG_VERSION = 'v2';

/** One id per page load: every event of this page view carries it. */
export const IMPRESSION_ID = nanoid();

export function sourceOfPath(pathname: string): LogSource | undefined {
  if (pathname.startsWith('/sqllab')) return 'sqlLab';
  if (pathname.startsWith('/explore')) return 'explore';
  if (pathname.startsWith('/rama/dashboard/')) return 'dashboard';
  return undefined;
}

/** The event as posted: the caller's payload plus the fields every event carries (they win). */
export function buildLogEvent(
  eventName: string,
  payload: Record<string, unknown>,
  opts: LogEventOptions,
  context: LogEventContext,
): LogEvent {
  const eventType = opts.eventType ?? 'user';
  const source = opts.source ?? sourceOfPath(context.pathname);
  return {
    ...payload,
    ...(source ? { source } : {}),
    ...(opts.sourceId !== undefined ? { source_id: opts.sourceId } : {}),
    impression_id: context.impressionId,
    version: LOG_VERSION,
    ts: context.ts,
    event_name: eventName,
    event_type: eventType,
    event_id: context.eventId,
    visibility: context.visibility,
    ...(eventType === 'timing' && context.lastUserEventId ? { trigger_event: context.lastUserEventId } : {}),
  };
}

/** A positive integer id as the server's query string accepts it, else null. */
function idParam(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^[1-9]\d{0,8}$/.test(text) ? text : null;
}

function dashboardIdOf(event: LogEvent): string | null {
  return idParam(event.dashboard_id) ?? (event.source === 'dashboard' ? idParam(event.source_id) : null);
}

function sliceIdOf(event: LogEvent): string | null {
  return idParam(event.slice_id) ?? (event.source === 'explore' ? idParam(event.source_id) : null);
}

/**
 * A batch as the posts that carry it: `?explode=events`, plus `dashboard_id` or `slice_id` when the
 * events belong to one, so events of different dashboards (or charts) go in separate posts.
 */
export function toLogPosts(events: LogEvent[]): LogPost[] {
  const posts = new Map<string, LogPost>();
  for (const event of events) {
    const dashboardId = dashboardIdOf(event);
    const sliceId = dashboardId ? null : sliceIdOf(event);
    const url = `${LOG_URL}?explode=events${dashboardId ? `&dashboard_id=${dashboardId}` : ''}${sliceId ? `&slice_id=${sliceId}` : ''}`;
    const post = posts.get(url);
    if (post) post.events.push(event);
    else posts.set(url, { url, events: [event] });
  }
  return [...posts.values()];
}

export interface LogQueueOptions {
  delayMs?: number;
  maxBatch?: number;
}

/**
 * Debounced batching: a batch leaves `delayMs` after the latest event, holds at most `maxBatch`
 * events, and the rest of a backlog follows one batch per `delayMs`.
 */
export class LogQueue {
  private readonly queue: LogEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly delayMs: number;
  private readonly maxBatch: number;

  constructor(
    private readonly send: (events: LogEvent[]) => void,
    options: LogQueueOptions = {},
  ) {
    this.delayMs = options.delayMs ?? LOG_BATCH_DELAY_MS;
    this.maxBatch = options.maxBatch ?? LOG_BATCH_MAX_EVENTS;
  }

  get pending(): number {
    return this.queue.length;
  }

  append(event: LogEvent): void {
    this.queue.push(event);
    this.schedule();
  }

  /** Send everything now (the page is going away). */
  flush(): void {
    this.cancel();
    while (this.queue.length) this.send(this.queue.splice(0, this.maxBatch));
  }

  private schedule(): void {
    this.cancel();
    this.timer = setTimeout(() => this.handleTimer(), this.delayMs);
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private handleTimer(): void {
    this.timer = null;
    if (!this.queue.length) return;
    this.send(this.queue.splice(0, this.maxBatch));
    if (this.queue.length) this.schedule();
  }
}

function sendBeacon(post: LogPost): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const form = new FormData();
  form.append('events', JSON.stringify(post.events));
  try {
    // false when the browser would not queue it (too large for the beacon quota)
    return navigator.sendBeacon(post.url, form);
  } catch {
    return false;
  }
}

async function sendPost(post: LogPost): Promise<void> {
  const token = await getCsrfToken();
  const body = new URLSearchParams({ events: JSON.stringify(post.events) });
  await fetch(post.url, {
    method: 'POST',
    credentials: 'same-origin',
    // outlives the page like a beacon would (a guest's posts cannot be beacons: they need a header)
    keepalive: true,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
      ...(token ? { 'X-CSRFToken': token } : {}),
      ...guestTokenHeaders(),
    },
    body,
  });
}

/** A beacon where the browser has one, else a normal post; losing a log batch is never an error. */
function sendBatch(events: LogEvent[]): void {
  for (const post of toLogPosts(events)) {
    // an embedded dashboard's guest must send its token header, which a beacon cannot carry
    const guest = Object.keys(guestTokenHeaders()).length > 0;
    if (guest || !sendBeacon(post)) sendPost(post).catch(() => undefined);
  }
}

const queue = new LogQueue(sendBatch);
let lastUserEventId: string | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => queue.flush());
}

/** Record a user action (or a timing) in the event log. */
export function logEvent(eventName: string, payload: Record<string, unknown>, opts: LogEventOptions = {}): void {
  const eventId = nanoid();
  const event = buildLogEvent(eventName, payload, opts, {
    impressionId: IMPRESSION_ID,
    ts: Date.now(),
    eventId,
    visibility: typeof document !== 'undefined' ? document.visibilityState : 'visible',
    pathname: typeof window !== 'undefined' ? window.location.pathname : '/',
    lastUserEventId,
  });
  if (event.event_type === 'user') lastUserEventId = eventId;
  queue.append(event);
}
