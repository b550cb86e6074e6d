/**
 * What a job event means to the request awaiting it (charts spec section 4, "Async delivery"), and
 * the order of event ids. Pure functions, used by the web client and the server's event stores.
 */
import type { AsyncEvent, AsyncEventError } from '../api/asyncEvent.js';
import { ErrorType } from '../errors/types.js';
import { NetworkErrorMessage } from '../errors/messages.js';
import { LISTENER_RETRY_MAX, LISTENER_RETRY_STEP_MS } from './constants.js';

export type AsyncEventAction =
  /** done: the result is fetched from its URL and the request resolves with it */
  | { kind: 'fetchResult'; url: string }
  /** error: the request rejects with the job's errors */
  | { kind: 'reject'; errors: AsyncEventError[] }
  /** any other status (pending, running): nothing happens, the request keeps waiting */
  | { kind: 'ignore' };

const NO_DETAIL: AsyncEventError = {
  message: NetworkErrorMessage.GENERIC,
  error_type: ErrorType.GENERIC_BACKEND_ERROR,
  level: 'error',
  extra: {},
};

export function asyncEventAction(event: Pick<AsyncEvent, 'status' | 'result_url' | 'errors'>): AsyncEventAction {
  switch (event.status) {
    case 'done':
      // a finished job without a result to read cannot resolve the request
      return event.result_url ? { kind: 'fetchResult', url: event.result_url } : { kind: 'reject', errors: [NO_DETAIL] };
    case 'error':
      return { kind: 'reject', errors: Array.isArray(event.errors) && event.errors.length ? event.errors : [NO_DETAIL] };
    default:
      return { kind: 'ignore' };
  }
}

/**
 * An event whose job has no listener yet (it arrived before the 202 was handled) is tried again:
 * attempt n (1-based) waits n × 100 ms; after the 6th the answer is null and a warning is logged.
 */
export function listenerRetryDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > LISTENER_RETRY_MAX) return null;
  return attempt * LISTENER_RETRY_STEP_MS;
}

function parseEventId(id: string): [number, number] | null {
  const m = /^(\d{1,20})-(\d{1,20})$/.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Order of two event ids (`<ms>-<seq>`): negative when `a` came first. Unreadable ids sort first. */
export function compareEventIds(a: string, b: string): number {
  const x = parseEventId(a);
  const y = parseEventId(b);
  if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0);
  return x[0] - y[0] || x[1] - y[1];
}

/** True when `id` is a valid event id that came after `lastId` (every valid id, without one). */
export function isAfterEventId(id: string, lastId: string | null): boolean {
  if (!parseEventId(id)) return false;
  return lastId === null || compareEventIds(id, lastId) > 0;
}
