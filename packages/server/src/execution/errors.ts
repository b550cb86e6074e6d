import { ErrorType } from '@rama/shared';
import { EngineError } from '../engines/types.js';
import { HttpError, typedError } from '../http/errors.js';
import { QueryCancelledError, QueryTimeoutError } from './executor.js';

/**
 * The client answer for a failed run of a caller that has no query record (export, dataset
 * columns, estimate): the engine's message and type, a timeout as 408, never driver internals.
 */
export function executionHttpError(e: unknown): Error {
  if (e instanceof HttpError) return e;
  if (e instanceof QueryTimeoutError) return typedError(408, e.message, ErrorType.SQLLAB_TIMEOUT_ERROR);
  if (e instanceof QueryCancelledError) return typedError(400, e.message, ErrorType.QUERY_CANCELLED);
  if (e instanceof EngineError) return typedError(400, e.message, e.errorType as ErrorType);
  return e instanceof Error ? e : new Error(String(e));
}
