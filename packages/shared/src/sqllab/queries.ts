/** Client-side query lifecycle rules (sql-editor.md §4 "Query states"). Pure: (state, event) → state. */
import type { QueryRecord, QueryState, ResultColumn, StatementOutcome } from '../api/sqllab.js';
import { isInProgress } from './states.js';

/** The result payload of a query while shown: rows, columns and each statement's outcome. */
export interface QueryResults {
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  statements?: StatementOutcome[];
  displayLimitReached?: boolean;
}

/** A query as the SQL Lab store holds it: the server record plus client-only fields. */
export interface ClientQuery extends Partial<QueryRecord> {
  id: string;
  sqlEditorId: string | null;
  state: QueryState;
  progress: number;
  startDttm: number | null;
  /** result payload while shown (data rows, columns, statements) */
  results: QueryResults | null;
  errors?: { message: string; error_type: string }[];
  errorMessage: string | null;
  isDataPreview?: boolean;
  cached?: boolean;
}

export type QueryMap = Record<string, ClientQuery>;

/**
 * Start puts the query in the store (running, or pending on async databases) with no result data;
 * the editor's previous latest query (`previousId`) has its result data cleared, since only the
 * latest result of a tab is shown and it may be large.
 */
export function startQuery(queries: QueryMap, q: ClientQuery, previousId: string | null = null): QueryMap {
  const next: QueryMap = { ...queries, [q.id]: { ...q, results: null, progress: 0 } };
  const prev = previousId && previousId !== q.id ? queries[previousId] : undefined;
  if (prev && prev.results) next[prev.id] = { ...prev, results: null };
  return next;
}

/** Fetching results after the run. */
export function fetchingQuery(queries: QueryMap, id: string): QueryMap {
  const q = queries[id];
  if (!q || q.state === 'stopped') return queries;
  return { ...queries, [id]: { ...q, state: 'fetching' } };
}

/**
 * Success: progress 100, rows, end time, results key, limiting factor, temp schema/table, error
 * cleared. Ignored when the query was stopped or the result status is not success.
 */
export function querySuccess(
  queries: QueryMap,
  id: string,
  result: {
    status: string;
    query: Partial<QueryRecord>;
    data: Record<string, unknown>[];
    columns: ResultColumn[];
    statements?: StatementOutcome[];
    displayLimitReached?: boolean;
  },
): QueryMap {
  const q = queries[id];
  if (!q || q.state === 'stopped' || result.status !== 'success') return queries;
  return {
    ...queries,
    [id]: {
      ...q,
      ...result.query,
      id,
      state: 'success',
      progress: 100,
      results: {
        data: result.data,
        columns: result.columns,
        statements: result.statements,
        displayLimitReached: result.displayLimitReached,
      },
      errorMessage: null,
      errors: undefined,
    },
  };
}

/** Failed: errors, message, link and end time stored. Ignored if the query was stopped. */
export function queryFailed(
  queries: QueryMap,
  id: string,
  message: string,
  errors?: ClientQuery['errors'],
  endDttm = Date.now(),
): QueryMap {
  const q = queries[id];
  if (!q || q.state === 'stopped') return queries;
  return { ...queries, [id]: { ...q, state: 'failed', errorMessage: message, errors, endDttm } };
}

/** Stopped: results emptied; the stop time ends the run (for its duration in the history). */
export function queryStopped(queries: QueryMap, id: string, endDttm = Date.now()): QueryMap {
  const q = queries[id];
  if (!q) return queries;
  return { ...queries, [id]: { ...q, state: 'stopped', results: null, endDttm: q.endDttm ?? endDttm } };
}

/**
 * Queries refreshed from the server (polling) do not overwrite queries already stopped or failed,
 * and a server success does not override a local fetching, success or running state. "Running"
 * here is a synchronous run whose execute reply is still on its way (it brings the rows itself);
 * an async run's local "running" came from an earlier poll, so the server's success is taken and
 * its results are then fetched by key.
 */
export function refreshQueries(queries: QueryMap, fromServer: QueryRecord[]): QueryMap {
  let next = queries;
  for (const s of fromServer) {
    const local = queries[s.id];
    if (local && (local.state === 'stopped' || local.state === 'failed')) continue;
    const localRunningSync = local?.state === 'running' && !local.runAsync;
    if (local && s.state === 'success' && (local.state === 'fetching' || local.state === 'success' || localRunningSync)) continue;
    if (next === queries) next = { ...queries };
    next[s.id] = {
      ...(local ?? { results: null, sqlEditorId: s.sqlEditorId }),
      ...s,
      results: local?.results ?? null,
      errorMessage: s.errorMessage,
    } as ClientQuery;
  }
  return next;
}

/**
 * Clearing inactive queries drops running or pending queries with zero progress older than the
 * interval; other queries take their results status when a results key exists.
 */
export function clearInactiveQueries(queries: QueryMap, intervalMs: number, now: number): QueryMap {
  const next: QueryMap = {};
  for (const [id, q] of Object.entries(queries)) {
    const stale =
      (q.state === 'running' || q.state === 'pending') && q.progress === 0 && q.startDttm !== null && now - q.startDttm > intervalMs;
    if (stale) continue;
    next[id] = q.resultsKey && q.state === 'success' ? { ...q } : q;
  }
  return next;
}

/** The query still needs its results fetched by key (async runs). */
export const needsResults = (q: ClientQuery): boolean => q.state === 'success' && !q.results && Boolean(q.resultsKey);

export const inProgress = (q: ClientQuery): boolean => isInProgress(q.state);
