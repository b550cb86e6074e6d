import type { DatasetListItem, ListQuery, ListReply } from '@rama/shared';
import { api } from '../app/api';

const BASE = '/api/v1/dataset';

export const datasetApi = api.enhanceEndpoints({ addTagTypes: ['Dataset'] }).injectEndpoints({
  endpoints: (build) => ({
    listDatasets: build.query<ListReply<DatasetListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Dataset', id: 'LIST' },
        ...(reply?.result ?? []).map((ds) => ({ type: 'Dataset' as const, id: ds.id })),
      ],
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

export const { useListDatasetsQuery, useDeleteDatasetMutation, useBulkDeleteDatasetsMutation } = datasetApi;
