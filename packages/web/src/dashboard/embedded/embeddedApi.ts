/**
 * The embedding API (issue 25 part 3, the BI server's contract): a dashboard's embedding
 * (`/api/v1/dashboard/{id}/embedded`: read, enable or change the allowed domains, deactivate) and
 * an embedding by its uuid (`/api/v1/embedded_dashboard/{uuid}`, what the embedded page checks its
 * guest token against).
 */
import type { EmbeddedDashboard, EmbeddedDashboardPut, EmbeddedDashboardReply } from '@rama/shared';
import { api } from '../../core/api';

export const embeddedApi = api.enhanceEndpoints({ addTagTypes: ['EmbeddedDashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    getEmbeddedByUuid: build.query<EmbeddedDashboard, string>({
      query: (uuid) => ({ url: `/api/v1/embedded_dashboard/${encodeURIComponent(uuid)}`, skipSessionCheck: true }),
      transformResponse: (reply: EmbeddedDashboardReply) => reply.result,
    }),
    getDashboardEmbedding: build.query<EmbeddedDashboard, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${id}/embedded` }),
      transformResponse: (reply: EmbeddedDashboardReply) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'EmbeddedDashboard', id }],
    }),
    saveDashboardEmbedding: build.mutation<EmbeddedDashboard, { id: number; body: EmbeddedDashboardPut }>({
      query: ({ id, body }) => ({ url: `/api/v1/dashboard/${id}/embedded`, method: 'POST', body }),
      transformResponse: (reply: EmbeddedDashboardReply) => reply.result,
      invalidatesTags: (_reply, error, { id }) => (error ? [] : [{ type: 'EmbeddedDashboard', id }]),
    }),
    deleteDashboardEmbedding: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/v1/dashboard/${id}/embedded`, method: 'DELETE' }),
      invalidatesTags: (_reply, error, id) => (error ? [] : [{ type: 'EmbeddedDashboard', id }]),
    }),
  }),
});

export const {
  useGetEmbeddedByUuidQuery,
  useGetDashboardEmbeddingQuery,
  useSaveDashboardEmbeddingMutation,
  useDeleteDashboardEmbeddingMutation,
} = embeddedApi;
