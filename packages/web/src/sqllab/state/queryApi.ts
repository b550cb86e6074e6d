/** Running queries and reading their rows: replies parsed losslessly, so big integers survive. */
import type { AsyncExecuteReply, ExecutePayload, QueryRecord, QueryResultReply } from '@rama/shared';
import { request } from '../../core/api';
import { parseResultJson } from '../../components/ResultGrid/gridModel';

const lossless = (text: string): unknown => parseResultJson(text);

/** The execute reply: rows (200) or the pending async query (202). */
export type ExecuteReply = QueryResultReply | AsyncExecuteReply;
export const isResultReply = (r: ExecuteReply): r is QueryResultReply => 'data' in r && Array.isArray((r as QueryResultReply).data);

export function executeQuery(payload: ExecutePayload, search: string, timeoutMs: number): Promise<ExecuteReply> {
  // the page's query string goes along (templates may read url parameters)
  const query = search.startsWith('?') ? search : search ? `?${search}` : '';
  return request<ExecuteReply>({ url: `/api/v1/sqllab/execute/${query}`, method: 'POST', body: payload, parse: lossless, timeoutMs });
}

export function fetchResults(key: string, rows: number | null, timeoutMs: number): Promise<QueryResultReply> {
  return request<QueryResultReply>({
    url: '/api/v1/sqllab/results/',
    q: rows === null ? { key } : { key, rows },
    parse: lossless,
    timeoutMs: timeoutMs > 0 ? timeoutMs : undefined,
  });
}

export const queriesUpdatedSince = (lastUpdatedMs: number) =>
  request<{ result: QueryRecord[] }>({ url: '/api/v1/query/updated_since', q: { last_updated_ms: lastUpdatedMs }, parse: lossless });
