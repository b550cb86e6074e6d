/**
 * What SQL Lab's result pane shows under a failed query (issue 26 item 7): a timeout, whether the
 * server stopped the query (SQLLAB_TIMEOUT_ERROR, state `timed_out`) or the browser gave up waiting
 * ('Request timed out'), gets the two issue hints of the spec's network errors section.
 */
import { NetworkErrorMessage } from '../errors/messages.js';
import { ErrorType } from '../errors/types.js';

/** Error types that mean "took too long". */
const TIMEOUT_TYPES: ReadonlySet<string> = new Set([
  ErrorType.SQLLAB_TIMEOUT_ERROR,
  ErrorType.FRONTEND_TIMEOUT_ERROR,
  ErrorType.BACKEND_TIMEOUT_ERROR,
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
