/**
 * The dashboard page's server calls (spec section 7 "Dashboards" and "Permalinks"): the dashboard,
 * its charts and their datasets (loaded side by side), the PUT bodies, save as a copy, permalinks
 * and the label colour sync. They sit with the other dashboard endpoints, below the page, because
 * the report dialog (reports/) reads a dashboard too.
 */
import type {
  DashboardChart,
  DashboardColors,
  DashboardCopied,
  DashboardCopy,
  DashboardDetail,
  DashboardPermalinkCreated,
  DashboardPermalinkState,
  DashboardPermalinkValue,
  DashboardPut,
  DashboardUpdated,
  ExploreDatasource,
} from '@rama/shared';
import { api } from '../core/api';

const BASE = '/api/v1/dashboard';

export const dashboardPageApi = api.enhanceEndpoints({ addTagTypes: ['Dashboard', 'DashboardCharts'] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardDetail, string>({
      query: (idOrSlug) => ({ url: `${BASE}/${encodeURIComponent(idOrSlug)}` }),
      transformResponse: (reply: { result: DashboardDetail }) => reply.result,
      providesTags: (reply) => (reply ? [{ type: 'Dashboard', id: reply.id }] : []),
    }),
    getDashboardCharts: build.query<DashboardChart[], string>({
      query: (idOrSlug) => ({ url: `${BASE}/${encodeURIComponent(idOrSlug)}/charts` }),
      transformResponse: (reply: { result: DashboardChart[] }) => reply.result,
      providesTags: ['DashboardCharts'],
    }),
    getDashboardDatasets: build.query<ExploreDatasource[], string>({
      query: (idOrSlug) => ({ url: `${BASE}/${encodeURIComponent(idOrSlug)}/datasets` }),
      transformResponse: (reply: { result: ExploreDatasource[] }) => reply.result,
      providesTags: ['DashboardCharts'],
    }),
    updateDashboard: build.mutation<DashboardUpdated, { id: number; body: DashboardPut }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, error, { id }) =>
        error ? [] : [{ type: 'Dashboard', id }, { type: 'Dashboard', id: 'LIST' }, 'DashboardCharts'],
    }),
    copyDashboard: build.mutation<DashboardCopied, { id: number; body: DashboardCopy }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}/copy/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Dashboard', id: 'LIST' }],
    }),
    createDashboardPermalink: build.mutation<DashboardPermalinkCreated, { id: number; state: DashboardPermalinkState }>({
      query: ({ id, state }) => ({ url: `${BASE}/${id}/permalink`, method: 'POST', body: state }),
    }),
    getDashboardPermalink: build.query<DashboardPermalinkValue, string>({
      query: (key) => ({ url: `${BASE}/permalink/${encodeURIComponent(key)}` }),
      keepUnusedDataFor: 0,
    }),
    /** Shared label colours: `mark_updated=false` keeps the dashboard's modified time. */
    updateDashboardColors: build.mutation<DashboardUpdated, { id: number; markUpdated: boolean; body: DashboardColors }>({
      query: ({ id, markUpdated, body }) => ({
        url: `${BASE}/${id}/colors`,
        method: 'PUT',
        params: { mark_updated: markUpdated },
        body,
      }),
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useLazyGetDashboardQuery,
  useGetDashboardChartsQuery,
  useGetDashboardDatasetsQuery,
  useUpdateDashboardMutation,
  useCopyDashboardMutation,
  useCreateDashboardPermalinkMutation,
  useGetDashboardPermalinkQuery,
  useUpdateDashboardColorsMutation,
} = dashboardPageApi;
