/**
 * The hints under a failed query or chart (issue 26 item 7): a timeout, whether the database or the
 * server stopped the query (SQLLAB_TIMEOUT_ERROR, state `timed_out`, 408/504) or the browser gave up
 * waiting ('Request timed out'), gets the two issue hints of the spec's network errors section.
 */
import type { ClientError } from './clientError.js';
import { NetworkErrorMessage } from './messages.js';
import { ErrorType } from './types.js';

/** Error types that mean "took too long". */
const TIMEOUT_TYPES: ReadonlySet<string> = new Set([
  ErrorType.SQLLAB_TIMEOUT_ERROR,
  ErrorType.FRONTEND_TIMEOUT_ERROR,
  ErrorType.BACKEND_TIMEOUT_ERROR,
  ErrorType.CONNECTION_DATABASE_TIMEOUT,
]);

export interface FailedQueryView {
  state: string;
  errorMessage?: string | null;
  errorType?: string | null;
  errors?: readonly { error_type: string }[];
}

export function isTimeoutFailure(q: FailedQueryView): boolean {
  if (q.state === 'timed_out') return true;
  if (q.errorType && TIMEOUT_TYPES.has(q.errorType)) return true;
  if (q.errors?.some((e) => TIMEOUT_TYPES.has(e.error_type))) return true;
  return q.errorMessage === NetworkErrorMessage.TIMEOUT;
}

/** The hint lines under a failed query's message: the timeout issue codes, or none. */
export function failureHints(q: FailedQueryView): string[] {
  return isTimeoutFailure(q) ? [...NetworkErrorMessage.TIMEOUT_HINTS] : [];
}

/**
 * The lines a failed chart shows under its message: for a timeout (the request's, or the server's
 * 408/504 or timeout error type) the issue hints 1000 and 1001 — the server's own `issue_codes`
 * when it sent some; otherwise the error's own hints, if any.
 */
export function chartErrorHints(error: ClientError): string[] {
  if (error.hints.length > 0) return [...error.hints];
  const timedOut =
    error.status === 408 ||
    error.status === 504 ||
    (error.errorType !== null && TIMEOUT_TYPES.has(error.errorType)) ||
    error.errors.some((e) => TIMEOUT_TYPES.has(e.error_type));
  if (!timedOut) return [];
  const sent = error.errors.flatMap((e) => (Array.isArray(e.extra.issue_codes) ? (e.extra.issue_codes as unknown[]) : []));
  const messages = sent
    .map((c) => (c !== null && typeof c === 'object' ? (c as { message?: unknown }).message : null))
    .filter((m): m is string => typeof m === 'string' && m !== '');
  return messages.length > 0 ? [...new Set(messages)] : [...NetworkErrorMessage.TIMEOUT_HINTS];
}
