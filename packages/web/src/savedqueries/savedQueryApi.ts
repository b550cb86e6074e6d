import type { ItemReply, ListQuery, ListReply, ScheduledSavedQueryRecord, SavedQueryWrite } from '@rama/shared';
import { api } from '../core/api';

const BASE = '/api/v1/saved_query';

export interface SavedQueryEdit {
  id: number;
  body: Pick<Partial<SavedQueryWrite>, 'label' | 'description'>;
}

/** A saved query as the list shows it: with its schedule's state (issue 26 item 6). */
export type SavedQueryRecord = ScheduledSavedQueryRecord;

const savedQueryTagged = api.enhanceEndpoints({ addTagTypes: ['SavedQuery'] });

export const savedQueryApi = savedQueryTagged.injectEndpoints({
  endpoints: (build) => ({
    listSavedQueries: build.query<ListReply<SavedQueryRecord>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'SavedQuery', id: 'LIST' },
        ...(reply?.result ?? []).map((sq) => ({ type: 'SavedQuery' as const, id: sq.id })),
      ],
    }),
    editSavedQuery: build.mutation<ItemReply<SavedQueryRecord>, SavedQueryEdit>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'SavedQuery', id },
        { type: 'SavedQuery', id: 'LIST' },
      ],
    }),
    /** Pause, resume or remove a schedule: the saved query's extra_json with its schedule_info changed. */
    setSavedQueryExtra: build.mutation<ItemReply<SavedQueryRecord>, { id: number; extra_json: string }>({
      query: ({ id, extra_json }) => ({ url: `${BASE}/${id}`, method: 'PUT', body: { extra_json } }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'SavedQuery', id },
        { type: 'SavedQuery', id: 'LIST' },
      ],
    }),
    deleteSavedQuery: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'SavedQuery', id: 'LIST' }],
    }),
    /** All or nothing: `DELETE /api/v1/saved_query/?q=!(1,2)`. */
    bulkDeleteSavedQueries: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: [{ type: 'SavedQuery', id: 'LIST' }],
    }),
  }),
});

export const {
  useListSavedQueriesQuery,
  useEditSavedQueryMutation,
  useSetSavedQueryExtraMutation,
  useDeleteSavedQueryMutation,
  useBulkDeleteSavedQueriesMutation,
} = savedQueryApi;

/** Where SQL Lab opens a saved query (the SQL Lab page reads the parameter). */
export function savedQuerySqlLabPath(id: number): string {
  return `/sqllab/?savedQueryId=${id}`;
}
