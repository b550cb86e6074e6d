import type { ItemReply, ListQuery, ListReply, RelatedReply, RlsRecord, RlsUpdate, RlsWrite } from '@rama/shared';
import { api } from '../core/api';

const BASE = '/api/v1/rowlevelsecurity';

export interface RelatedOption {
  value: number;
  text: string;
}

const rlsTagged = api.enhanceEndpoints({ addTagTypes: ['RowLevelSecurity'] });

/** The BI server's row level security API: rules, and the roles and datasets they may name. */
export const rlsApi = rlsTagged.injectEndpoints({
  endpoints: (build) => ({
    listRlsRules: build.query<ListReply<RlsRecord>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: [{ type: 'RowLevelSecurity', id: 'LIST' }],
    }),
    createRlsRule: build.mutation<{ id: number; result: RlsWrite }, RlsWrite>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'RowLevelSecurity', id: 'LIST' }],
    }),
    updateRlsRule: build.mutation<ItemReply<RlsUpdate>, { id: number; body: RlsUpdate }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'RowLevelSecurity', id: 'LIST' }],
    }),
    deleteRlsRule: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'RowLevelSecurity', id: 'LIST' }],
    }),
    /** All or nothing: `DELETE /api/v1/rowlevelsecurity/?q=!(1,2)`. */
    bulkDeleteRlsRules: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: [{ type: 'RowLevelSecurity', id: 'LIST' }],
    }),
    /** `related/roles` or `related/tables` whose names contain `filter` (first 100). */
    rlsRelated: build.query<RelatedOption[], { column: 'roles' | 'tables'; filter: string }>({
      query: ({ column, filter }) => ({ url: `${BASE}/related/${column}`, q: { filter, page: 0, page_size: 100 } }),
      transformResponse: (reply: RelatedReply) => reply.result.map(({ value, text }) => ({ value, text })),
    }),
  }),
});

export const {
  useListRlsRulesQuery,
  useCreateRlsRuleMutation,
  useUpdateRlsRuleMutation,
  useDeleteRlsRuleMutation,
  useBulkDeleteRlsRulesMutation,
  useRlsRelatedQuery,
} = rlsApi;
