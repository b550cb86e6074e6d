import { ErrorType } from '@rama/shared';
import { EngineError } from '../engines/types.js';
import { HttpError, typedError } from '../http/errors.js';
import { ConnectionFailedError } from './connections.js';
import { QueryCancelledError, QueryTimeoutError } from './executor.js';

/**
 * The HTTP status of a failure the database reported, decided by what failed and never by who
 * asked: the database could not be reached or refused the login → 422 (the request was fine, the
 * database's settings are not); it refused what was asked (SQL, a catalog, a table) → 400, as a
 * failed SQL Lab query. A missing table is 404 only where that table is what the request names.
 */
function engineStatus(e: EngineError, about: 'table' | null): number {
  if (e instanceof ConnectionFailedError || e.errorType.startsWith('CONNECTION_')) return 422;
  if (about === 'table' && e.errorType === 'TABLE_DOES_NOT_EXIST_ERROR') return 404;
  return 400;
}

/**
 * The one client answer for a failed run, metadata call or test connection of a caller that has
 * no query record (browsing, test connection, dataset columns, export, estimate, chart data): the
 * engine's message and type, a timeout as 408, never driver internals. `about: 'table'` when the
 * request names one table (its metadata), whose absence is then the request's 404.
 */
export function executionHttpError(e: unknown, opts: { about?: 'table' } = {}): Error {
  if (e instanceof HttpError) return e;
  if (e instanceof QueryTimeoutError) return typedError(408, e.message, ErrorType.SQLLAB_TIMEOUT_ERROR);
  if (e instanceof QueryCancelledError) return typedError(400, e.message, ErrorType.QUERY_CANCELLED);
  if (e instanceof EngineError) return typedError(engineStatus(e, opts.about ?? null), e.message, e.errorType as ErrorType);
  return e instanceof Error ? e : new Error(String(e));
}

/** The database says the named table does not exist (a caller may answer that in its own words). */
export const isMissingTable = (e: unknown): boolean => e instanceof EngineError && e.errorType === 'TABLE_DOES_NOT_EXIST_ERROR';
