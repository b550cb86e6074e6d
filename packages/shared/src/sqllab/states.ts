/**
 * Query state rules (sql-editor.md section 4): which states are still running, which are final,
 * which moves are allowed, and which limit decided a result's size. The state and limiting-factor
 * names themselves are the API's (api/sqllab.ts): the contracts name them, these rules read them.
 */
import type { LimitingFactor, QueryState } from '../api/sqllab.js';

export const IN_PROGRESS_STATES: readonly QueryState[] = ['running', 'started', 'pending', 'fetching', 'scheduled'];
export const FINAL_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export const isInProgress = (s: string): boolean => (IN_PROGRESS_STATES as readonly string[]).includes(s);
export const isFinal = (s: string): boolean => (FINAL_STATES as readonly string[]).includes(s);

/** "A run starts as pending for databases that allow async runs, else as running." */
export const initialQueryState = (runAsync: boolean): QueryState => (runAsync ? 'pending' : 'running');

/**
 * May a query in state `from` move to `to` on the server? Final states are final: a success that
 * arrives after a stop is ignored, and so is any other late transition.
 */
export function canTransition(from: string, to: QueryState): boolean {
  if (isFinal(from)) return false;
  if (from === to) return true;
  switch (to) {
    case 'running':
      return from === 'pending' || from === 'scheduled' || from === 'started';
    case 'pending':
      return from === 'started' || from === 'scheduled';
    default:
      return true;
  }
}

/**
 * The effective row limit: the smaller of the dropdown limit (queryLimit) and SQL_MAX_ROW
 * (section 9: "The row limit may not exceed the hard maximum").
 */
export function effectiveLimit(queryLimit: number | null | undefined, sqlMaxRow: number): number {
  if (queryLimit === null || queryLimit === undefined || !Number.isFinite(queryLimit) || queryLimit <= 0) return sqlMaxRow;
  return Math.min(Math.floor(queryLimit), sqlMaxRow);
}

/**
 * Which limit decided the result size. `sqlLimit` is the LIMIT written in the SQL (or null),
 * `limit` the effective dropdown limit, and `fetched` the rows the engine returned for a statement
 * run with `LIMIT limit + 1` (so `fetched > limit` means more rows were available).
 */
export function limitingFactor(sqlLimit: number | null, limit: number, fetched: number): LimitingFactor {
  if (sqlLimit !== null && sqlLimit < limit) return fetched >= sqlLimit ? 'QUERY' : 'NOT_LIMITED';
  if (sqlLimit !== null && sqlLimit === limit) return fetched >= limit ? 'QUERY_AND_DROPDOWN' : 'NOT_LIMITED';
  return fetched > limit ? 'DROPDOWN' : 'NOT_LIMITED';
}
