import type { DashboardCreate, DashboardListItem, FavoriteStatus, ItemReply, ListQuery, ListReply } from '@rama/shared';
import { api, buildUrl, toClientError } from '../core/api';
import { downloadFile, timestampedFileName } from '../components/download';
import type { RelatedUser } from '../components/listState';

const BASE = '/api/v1/dashboard';

export interface DashboardFavoriteArgs {
  id: number;
  /** true stars the dashboard, false unstars it */
  on: boolean;
}

/** `GET /api/v1/dashboard/export/?q=!(1,2)`: a zip of the dashboards with their charts and datasets. */
export const dashboardExportUrl = (ids: number[]): string => buildUrl(`${BASE}/export/`, ids);

/**
 * Dashboards (spec section 7 "Dashboards"): the list, create, delete, favorites and export. The
 * dashboard page's own endpoints (dashboardPageApi.ts) use the same tags.
 */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['Dashboard', 'DashboardFavorite'] }).injectEndpoints({
  endpoints: (build) => ({
    listDashboards: build.query<ListReply<DashboardListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Dashboard', id: 'LIST' },
        ...(reply?.result ?? []).map((d) => ({ type: 'Dashboard' as const, id: d.id })),
      ],
    }),
    /** `POST /api/v1/dashboard/`; an empty body makes an untitled draft owned by the user. */
    createDashboard: build.mutation<ItemReply<DashboardCreate>, DashboardCreate>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Dashboard', id: 'LIST' }],
    }),
    deleteDashboard: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'Dashboard', id },
        { type: 'Dashboard', id: 'LIST' },
      ],
    }),
    /** All or nothing: `DELETE /api/v1/dashboard/?q=!(1,2)`. */
    bulkDeleteDashboards: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: (_reply, _error, ids) => [
        { type: 'Dashboard', id: 'LIST' },
        ...ids.map((id) => ({ type: 'Dashboard' as const, id })),
      ],
    }),
    /** `GET /api/v1/dashboard/favorite_status/?q=!(1,2)` → `{result: [{id, value}]}`. */
    dashboardFavoriteStatus: build.query<FavoriteStatus[], number[]>({
      query: (ids) => ({ url: `${BASE}/favorite_status/`, q: ids }),
      transformResponse: (reply: { result: FavoriteStatus[] }) => reply.result,
      providesTags: (_reply, _error, ids) => ids.map((id) => ({ type: 'DashboardFavorite' as const, id })),
    }),
    /** POST (star) or DELETE (unstar) `/api/v1/dashboard/{id}/favorites/`. */
    setDashboardFavorite: build.mutation<{ result: string }, DashboardFavoriteArgs>({
      query: ({ id, on }) => ({ url: `${BASE}/${id}/favorites/`, method: on ? 'POST' : 'DELETE' }),
      // the list is read again: its favorite filter may now leave the dashboard out (or in)
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'DashboardFavorite', id },
        { type: 'Dashboard', id: 'LIST' },
      ],
    }),
    /** Users offered by the list's owner filter: `GET /api/v1/dashboard/related/owners?q=(filter:…)`. */
    dashboardRelatedOwners: build.query<RelatedUser[], string>({
      query: (filter) => ({ url: `${BASE}/related/owners`, q: { filter, page: 0, page_size: 100 } }),
      transformResponse: (reply: { result: RelatedUser[] }) => reply.result,
    }),
    /** Saves the export zip of these dashboards (a file, so nothing is cached); resolves to the file's name. */
    exportDashboards: build.mutation<string, number[]>({
      queryFn: async (ids) => {
        try {
          return { data: await downloadFile(dashboardExportUrl(ids), timestampedFileName('dashboard_export', 'zip')) };
        } catch (error) {
          return { error: toClientError(error) };
        }
      },
    }),
  }),
});

export const {
  useListDashboardsQuery,
  useLazyListDashboardsQuery,
  useCreateDashboardMutation,
  useDeleteDashboardMutation,
  useBulkDeleteDashboardsMutation,
  useDashboardFavoriteStatusQuery,
  useSetDashboardFavoriteMutation,
  useDashboardRelatedOwnersQuery,
  useExportDashboardsMutation,
} = dashboardApi;
