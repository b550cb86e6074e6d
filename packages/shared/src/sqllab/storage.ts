/** Local storage rules for SQL Lab state (sql-editor.md §4 "Tab persistence"). */
import { LOCAL_STORAGE_QUERY_MAX_AGE_MS, LOCAL_STORAGE_QUERY_MAX_KB } from '../constants.js';
import type { QueryMap } from './queries.js';

/**
 * Whether a value serialized as JSON would exceed `limitKb` kilobytes (UTF-16 code units counted
 * as bytes). Walks the value and stops as soon as the limit is passed, so a 100k-row result costs
 * about as much as its first megabyte, not a full JSON.stringify on the page's main thread.
 */
export function exceedsKb(value: unknown, limitKb: number): boolean {
  const limit = limitKb * 1024;
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        size += v.length + 2;
        break;
      case 'number':
      case 'bigint':
        size += String(v).length;
        break;
      case 'boolean':
        size += v ? 4 : 5;
        break;
      case 'object':
        if (v === null) size += 4;
        else if (Array.isArray(v)) {
          size += 1 + v.length; // brackets and commas
          for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
        } else {
          size += 1;
          for (const key in v) {
            const item = (v as Record<string, unknown>)[key];
            if (item === undefined || typeof item === 'function') continue;
            size += key.length + 4; // quotes, colon, comma
            stack.push(item);
          }
        }
        break;
      default:
        break; // undefined and functions are left out of JSON
    }
    if (size > limit) return true;
  }
  return false;
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
    const tooBig = q.results ? exceedsKb(q.results, LOCAL_STORAGE_QUERY_MAX_KB) : false;
    out[id] = tooOld || tooBig ? { ...q, results: null } : q;
  }
  return out;
}

/** SQL Lab's share of the browser's local storage (sql-editor.md §9): 5120 KB, warned at 90 %. */
export const LOCAL_STORAGE_MAX_USAGE_KB = 5120;
export const LOCAL_STORAGE_WARNING_THRESHOLD = 0.9;
/** at most one storage warning per 8 s */
export const LOCAL_STORAGE_WARNING_THROTTLE_MS = 8000;

/** KB a stored string takes (UTF-16: two bytes per code unit), rounded up to a tenth. */
export function storedKb(serialized: string): number {
  return Math.ceil((serialized.length * 2) / 102.4) / 10;
}

/**
 * The warning to show, or null: once use passes the threshold, and not again within the throttle
 * window after the last one shown (`lastWarnedAt` is null when none was).
 */
export function storageUsageWarning(usedKb: number, lastWarnedAt: number | null, now: number): string | null {
  if (usedKb <= LOCAL_STORAGE_MAX_USAGE_KB * LOCAL_STORAGE_WARNING_THRESHOLD) return null;
  if (lastWarnedAt !== null && now - lastWarnedAt < LOCAL_STORAGE_WARNING_THROTTLE_MS) return null;
  const used = usedKb.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return (
    `SQL Lab keeps your tabs, queries and results in this browser's local storage, which is nearly full: ` +
    `${used} KB of ${LOCAL_STORAGE_MAX_USAGE_KB} KB are in use. Close some query tabs so SQL Lab keeps working ` +
    `(save a query first to open it again later), and close any other SQL Lab windows before you do.`
  );
}
