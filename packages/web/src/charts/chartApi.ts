import type { ChartCreate, ChartDetail, ChartListItem, ChartUpdate, FavoriteStatus, ItemReply, ListQuery, ListReply } from '@rama/shared';
import { api } from '../core/api';
import type { RelatedUser } from '../components/listState';

const BASE = '/api/v1/chart';

export interface ChartUpdateArgs {
  id: number;
  body: ChartUpdate;
}

export interface ChartFavoriteArgs {
  id: number;
  favorite: boolean;
}

/** Saved charts (spec section 7 "Charts"). */
export const chartApi = api.enhanceEndpoints({ addTagTypes: ['Chart', 'ChartFavorite'] }).injectEndpoints({
  endpoints: (build) => ({
    listCharts: build.query<ListReply<ChartListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Chart', id: 'LIST' },
        ...(reply?.result ?? []).map((chart) => ({ type: 'Chart' as const, id: chart.id })),
      ],
    }),
    getChart: build.query<ChartDetail, number>({
      query: (id) => ({ url: `${BASE}/${id}` }),
      transformResponse: (reply: ItemReply<ChartDetail>) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'Chart', id }],
    }),
    createChart: build.mutation<ItemReply<ChartCreate>, ChartCreate>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Chart', id: 'LIST' }],
    }),
    updateChart: build.mutation<ItemReply<ChartUpdate>, ChartUpdateArgs>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Chart', id },
        { type: 'Chart', id: 'LIST' },
      ],
    }),
    deleteChart: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'Chart', id },
        { type: 'Chart', id: 'LIST' },
      ],
    }),
    /** All or nothing: `DELETE /api/v1/chart/?q=!(1,2)`. */
    bulkDeleteCharts: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: [{ type: 'Chart', id: 'LIST' }],
    }),
    chartFavoriteStatus: build.query<FavoriteStatus[], number[]>({
      query: (ids) => ({ url: `${BASE}/favorite_status/`, q: ids }),
      transformResponse: (reply: { result: FavoriteStatus[] }) => reply.result,
      providesTags: (_reply, _error, ids) => ids.map((id) => ({ type: 'ChartFavorite' as const, id })),
    }),
    /** POST (star) or DELETE (unstar) `/api/v1/chart/{id}/favorites/`. */
    setChartFavorite: build.mutation<{ result: string }, ChartFavoriteArgs>({
      query: ({ id, favorite }) => ({ url: `${BASE}/${id}/favorites/`, method: favorite ? 'POST' : 'DELETE' }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'ChartFavorite', id },
        { type: 'Chart', id: 'LIST' },
      ],
    }),
    /** Users offered as owners: `GET /api/v1/chart/related/owners?q=(filter:…)`. */
    chartRelatedOwners: build.query<RelatedUser[], string>({
      query: (filter) => ({ url: `${BASE}/related/owners`, q: { filter, page: 0, page_size: 50 } }),
      transformResponse: (reply: { result: RelatedUser[] }) => reply.result,
    }),
  }),
});

export const {
  useListChartsQuery,
  useGetChartQuery,
  useCreateChartMutation,
  useUpdateChartMutation,
  useDeleteChartMutation,
  useBulkDeleteChartsMutation,
  useChartFavoriteStatusQuery,
  useSetChartFavoriteMutation,
  useChartRelatedOwnersQuery,
} = chartApi;
