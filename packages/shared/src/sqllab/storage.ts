/** Local storage rules for SQL Lab state (sql-editor.md §4 "Tab persistence"). */
import { LOCAL_STORAGE_QUERY_MAX_AGE_MS, LOCAL_STORAGE_QUERY_MAX_KB } from '../constants.js';
import type { QueryMap } from './queries.js';

/** Estimated size of a value serialized as JSON, in kilobytes (UTF-16 code units counted as bytes). */
export function sizeKb(value: unknown): number {
  try {
    return (JSON.stringify(value)?.length ?? 0) / 1024;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Query results kept in local storage are dropped when older than 1 day (864e5 ms) or when their
 * estimated size exceeds 1024 KB; the query record stays (its results can be fetched by key).
 */
export function pruneQueriesForStorage(queries: QueryMap, now: number): QueryMap {
  const out: QueryMap = {};
  for (const [id, q] of Object.entries(queries)) {
    const age = now - (q.endDttm ?? q.startDttm ?? now);
    const tooOld = age > LOCAL_STORAGE_QUERY_MAX_AGE_MS;
    const tooBig = q.results ? sizeKb(q.results) > LOCAL_STORAGE_QUERY_MAX_KB : false;
    out[id] = tooOld || tooBig ? { ...q, results: null } : q;
  }
  return out;
}
