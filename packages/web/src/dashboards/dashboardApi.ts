import type { DashboardCreate, DashboardListItem, ItemReply, ListQuery, ListReply } from '@rama/shared';
import { api } from '../app/api';

const BASE = '/api/v1/dashboard';

/** Dashboards: what the Explore save modal needs (list to add to, create by title). */
export const dashboardApi = api.enhanceEndpoints({ addTagTypes: ['Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    listDashboards: build.query<ListReply<DashboardListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Dashboard', id: 'LIST' },
        ...(reply?.result ?? []).map((d) => ({ type: 'Dashboard' as const, id: d.id })),
      ],
    }),
    createDashboard: build.mutation<ItemReply<DashboardCreate>, DashboardCreate>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Dashboard', id: 'LIST' }],
    }),
  }),
});

export const { useListDashboardsQuery, useLazyListDashboardsQuery, useCreateDashboardMutation } = dashboardApi;
