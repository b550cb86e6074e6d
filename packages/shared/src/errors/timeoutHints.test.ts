import { describe, expect, it } from 'vitest';
import { failureHints, isTimeoutFailure } from './timeoutHints.js';

const HINTS = ['Issue 1000 - The dataset is too large to query.', 'Issue 1001 - The database is under an unusual load.'];

describe('failureHints', () => {
  it('gives the issue hints for a query the server timed out', () => {
    expect(failureHints({ state: 'timed_out', errorMessage: 'The query exceeded the 2 seconds timeout.' })).toEqual(HINTS);
    expect(failureHints({ state: 'failed', errorMessage: 'too long', errors: [{ error_type: 'SQLLAB_TIMEOUT_ERROR' }] })).toEqual(HINTS);
    expect(failureHints({ state: 'failed', errorType: 'SQLLAB_TIMEOUT_ERROR' })).toEqual(HINTS);
  });

  it('gives them for a request the browser stopped waiting for', () => {
    expect(failureHints({ state: 'failed', errorMessage: 'Request timed out' })).toEqual(HINTS);
    expect(failureHints({ state: 'failed', errors: [{ error_type: 'FRONTEND_TIMEOUT_ERROR' }] })).toEqual(HINTS);
  });

  it('gives none for other failures', () => {
    expect(failureHints({ state: 'failed', errorMessage: 'Catalog Error: Table with name nope does not exist!' })).toEqual([]);
    expect(failureHints({ state: 'failed', errors: [{ error_type: 'GENERIC_DB_ENGINE_ERROR' }] })).toEqual([]);
    expect(isTimeoutFailure({ state: 'stopped', errorMessage: 'Query was stopped.' })).toBe(false);
  });

  it('returns a copy the caller may change', () => {
    const hints = failureHints({ state: 'timed_out' });
    hints.pop();
    expect(failureHints({ state: 'timed_out' })).toEqual(HINTS);
  });
});
