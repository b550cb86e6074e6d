import type { ListQuery, ListReply, QueryState } from '@rama/shared';
import { api } from '../core/api';
import type { TableRef } from '../components/TableTags';

/** One row of `GET /api/v1/query/` (the server's query history list). */
export interface QueryHistoryItem {
  id: number;
  client_id: string;
  changed_on: string;
  database: { id: number; database_name: string };
  catalog: string | null;
  schema: string | null;
  sql: string;
  executed_sql: string | null;
  sql_tables: TableRef[];
  rows: number | null;
  status: QueryState;
  tab_name: string | null;
  sql_editor_id: string | null;
  user: { id: number; first_name: string; last_name: string; username: string } | null;
  /** epoch milliseconds */
  start_time: number | null;
  end_time: number | null;
  tmp_table_name: string | null;
  error_message: string | null;
  results_key: string | null;
  tracking_url: string | null;
}

export const queryHistoryApi = api.enhanceEndpoints({ addTagTypes: ['QueryHistory'] }).injectEndpoints({
  endpoints: (build) => ({
    listQueryHistory: build.query<ListReply<QueryHistoryItem>, ListQuery>({
      query: (q) => ({ url: '/api/v1/query/', q }),
      providesTags: [{ type: 'QueryHistory', id: 'LIST' }],
    }),
  }),
});

export const { useListQueryHistoryQuery } = queryHistoryApi;

/** Where SQL Lab opens a past query in a new editor tab (the SQL Lab page reads the parameter). */
export function querySqlLabPath(id: number): string {
  return `/sqllab/?queryId=${id}`;
}
