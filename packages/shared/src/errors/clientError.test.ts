import { describe, expect, it } from 'vitest';
import { getClientError, isCsrfFailure } from './clientError.js';

describe('getClientError (sql-editor.md section 8, general network errors)', () => {
  it("maps 'Failed to fetch' to 'Network error'", () => {
    expect(getClientError({ kind: 'network' }).message).toBe('Network error');
  });

  it("maps a timeout to 'Request timed out' with issues 1000 and 1001", () => {
    const err = getClientError({ kind: 'timeout' });
    expect(err.message).toBe('Request timed out');
    expect(err.hints).toEqual(['Issue 1000 - The dataset is too large to query.', 'Issue 1001 - The database is under an unusual load.']);
  });

  it('maps a CSRF failure to the session-timed-out message', () => {
    expect(getClientError({ kind: 'csrf' }).message).toBe('Your session timed out, please refresh your page and try again.');
  });

  it('uses the first error message of an errors body', () => {
    const err = getClientError({
      kind: 'response',
      status: 422,
      body: { errors: [{ message: 'Connection refused', error_type: 'CONNECTION_HOST_DOWN_ERROR', level: 'error', extra: {} }] },
    });
    expect(err.message).toBe('Connection refused');
    expect(err.errorType).toBe('CONNECTION_HOST_DOWN_ERROR');
    expect(err.errors).toHaveLength(1);
  });

  it('uses a string message', () => {
    expect(getClientError({ kind: 'response', status: 401, body: { message: 'Invalid login. Please try again.' } }).message).toBe(
      'Invalid login. Please try again.',
    );
  });

  it('reads per-field validation messages', () => {
    const err = getClientError({ kind: 'response', status: 400, body: { message: { sqlalchemy_uri: ['Invalid URI'] } } });
    expect(err.fieldErrors).toEqual({ sqlalchemy_uri: ['Invalid URI'] });
    expect(err.message).toBe('sqlalchemy_uri: Invalid URI');
  });

  it("gives 'Unexpected error: ...' for a body with a stack trace", () => {
    const err = getClientError({ kind: 'response', status: 500, body: { message: 'boom', stack: 'Error: boom\n    at x (a.js:1:1)' } });
    expect(err.message).toBe('Unexpected error: boom');
  });

  it('uses the status text when the body has no message', () => {
    expect(getClientError({ kind: 'response', status: 503, body: '<html>down</html>' }).message).toBe('Service unavailable');
    expect(getClientError({ kind: 'response', status: 404, body: {} }).message).toBe('Not found');
    expect(getClientError({ kind: 'response', status: 599, body: null }).message).toBe('Network error');
  });

  it("falls back to 'Unknown error'", () => {
    expect(getClientError({ kind: 'response', status: 299, body: null }).message).toBe('Unknown error');
  });
});

describe('isCsrfFailure', () => {
  it('recognises a 400 or 403 whose text mentions CSRF', () => {
    expect(isCsrfFailure(400, '{"message":"The CSRF token is missing."}')).toBe(true);
    expect(isCsrfFailure(403, 'Invalid csrf token')).toBe(true);
    expect(isCsrfFailure(400, '{"message":{"name":["required"]}}')).toBe(false);
    expect(isCsrfFailure(500, 'CSRF')).toBe(false);
  });
});
