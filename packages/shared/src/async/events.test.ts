import { describe, expect, it } from 'vitest';
import { isAsyncJobMetadata, type AsyncEvent } from '../api/asyncEvent.js';
import { asyncEventAction, compareEventIds, isAfterEventId, listenerRetryDelay } from './events.js';

const event = (over: Partial<AsyncEvent>): AsyncEvent => ({
  id: '1700000000000-0',
  channel_id: 'c1',
  job_id: 'j1',
  user_id: 1,
  status: 'pending',
  errors: [],
  result_url: null,
  ...over,
});

describe('job events (§4 Async delivery)', () => {
  it('done: the result is fetched from the result URL', () => {
    expect(asyncEventAction(event({ status: 'done', result_url: '/api/v1/chart/data/abc' }))).toEqual({
      kind: 'fetchResult',
      url: '/api/v1/chart/data/abc',
    });
  });

  it('error: the request rejects with the job errors', () => {
    const errors = [{ message: 'Binder Error: no such column', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' as const, extra: {} }];
    expect(asyncEventAction(event({ status: 'error', errors }))).toEqual({ kind: 'reject', errors });
  });

  it('an error without detail (or done without a result) still rejects, with the generic message', () => {
    const generic = {
      kind: 'reject',
      errors: [{ message: 'An error occurred', error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} }],
    };
    expect(asyncEventAction(event({ status: 'error', errors: [] }))).toEqual(generic);
    expect(asyncEventAction(event({ status: 'done', result_url: null }))).toEqual(generic);
  });

  it('other statuses are ignored', () => {
    expect(asyncEventAction(event({ status: 'pending' }))).toEqual({ kind: 'ignore' });
    expect(asyncEventAction(event({ status: 'running' }))).toEqual({ kind: 'ignore' });
  });
});

describe('an event with no listener (§4 Async delivery)', () => {
  it('is retried up to 6 times at growing steps of 100 ms, then given up', () => {
    expect([1, 2, 3, 4, 5, 6].map(listenerRetryDelay)).toEqual([100, 200, 300, 400, 500, 600]);
    expect(listenerRetryDelay(7)).toBeNull();
    expect(listenerRetryDelay(0)).toBeNull();
  });
});

describe('event ids', () => {
  it('order by time, then sequence (numerically, not as text)', () => {
    expect(compareEventIds('1700000000000-2', '1700000000000-10')).toBeLessThan(0);
    expect(compareEventIds('1700000000001-0', '1700000000000-10')).toBeGreaterThan(0);
    expect(compareEventIds('5-5', '5-5')).toBe(0);
  });

  it('an event is new when it came after the last one seen (every event when none was seen)', () => {
    expect(isAfterEventId('10-1', '10-0')).toBe(true);
    expect(isAfterEventId('10-0', '10-0')).toBe(false);
    expect(isAfterEventId('9-9', '10-0')).toBe(false);
    expect(isAfterEventId('1-0', null)).toBe(true);
    expect(isAfterEventId('not-an-id', null)).toBe(false);
  });
});

describe('the 202 body', () => {
  it('is recognised by its job and channel ids', () => {
    expect(isAsyncJobMetadata({ channel_id: 'c', job_id: 'j', user_id: 1, status: 'pending', errors: [], result_url: null })).toBe(true);
    expect(isAsyncJobMetadata({ result: [] })).toBe(false);
    expect(isAsyncJobMetadata(null)).toBe(false);
  });
});
