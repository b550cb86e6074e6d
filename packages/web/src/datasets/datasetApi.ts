import type {
  DatasetCreate,
  DatasetCreateResult,
  DatasetDetail,
  DatasetListItem,
  DatasetUpdate,
  ItemReply,
  ListQuery,
  ListReply,
} from '@rama/shared';
import { api } from '../core/api';

const BASE = '/api/v1/dataset';

export interface DatasetUpdateArgs {
  id: number;
  body: DatasetUpdate;
  /** Read the columns from the changed source before applying the body's edits. */
  overrideColumns?: boolean;
}

export const datasetApi = api.enhanceEndpoints({ addTagTypes: ['Dataset'] }).injectEndpoints({
  endpoints: (build) => ({
    listDatasets: build.query<ListReply<DatasetListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Dataset', id: 'LIST' },
        ...(reply?.result ?? []).map((ds) => ({ type: 'Dataset' as const, id: ds.id })),
      ],
    }),
    getDataset: build.query<DatasetDetail, number>({
      query: (id) => ({ url: `${BASE}/${id}` }),
      transformResponse: (reply: ItemReply<DatasetDetail>) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'Dataset', id }],
    }),
    createDataset: build.mutation<ItemReply<DatasetCreateResult>, DatasetCreate>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Dataset', id: 'LIST' }],
    }),
    updateDataset: build.mutation<unknown, DatasetUpdateArgs>({
      query: ({ id, body, overrideColumns }) => ({
        url: `${BASE}/${id}`,
        method: 'PUT',
        body,
        params: overrideColumns ? { override_columns: true } : undefined,
      }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Dataset', id },
        { type: 'Dataset', id: 'LIST' },
      ],
    }),
    /**
     * Sync the stored columns with the source. The dataset itself is not invalidated: the open
     * editor reads it again on its own and merges it into its unsaved draft.
     */
    refreshDataset: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}/refresh`, method: 'PUT' }),
      invalidatesTags: [{ type: 'Dataset', id: 'LIST' }],
    }),
    deleteDataset: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'Dataset', id },
        { type: 'Dataset', id: 'LIST' },
      ],
    }),
    /** All or nothing: `DELETE /api/v1/dataset/?q=!(1,2)`; one dataset the user does not own refuses all. */
    bulkDeleteDatasets: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: [{ type: 'Dataset', id: 'LIST' }],
    }),
  }),
});

export const {
  useListDatasetsQuery,
  useGetDatasetQuery,
  useLazyGetDatasetQuery,
  useCreateDatasetMutation,
  useUpdateDatasetMutation,
  useRefreshDatasetMutation,
  useDeleteDatasetMutation,
  useBulkDeleteDatasetsMutation,
} = datasetApi;
