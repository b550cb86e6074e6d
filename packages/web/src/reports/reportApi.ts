import type {
  ItemReply,
  ListQuery,
  ListReply,
  ReportCreate,
  ReportCreationMethod,
  ReportDetail,
  ReportExecutionLog,
  ReportListItem,
  ReportPut,
} from '@rama/shared';
import { api } from '../core/api';
import type { RelatedUser } from '../components/listState';

const BASE = '/api/v1/report';

/** The reports a user set up from one chart's or one dashboard's menu (the header's "Manage email report"). */
export interface AttachedReportsArgs {
  creationMethod: Extract<ReportCreationMethod, 'charts' | 'dashboards'>;
  /** the chart's or the dashboard's id */
  resourceId: number;
  userId: number;
}

export interface ReportUpdateArgs {
  id: number;
  body: ReportPut;
}

export interface ReportActiveArgs {
  id: number;
  active: boolean;
}

export interface ReportLogArgs {
  id: number;
  page: number;
  pageSize: number;
}

/**
 * The rison filters of the header's lookup (spec section 7 "Reports": on `chart_id` or
 * `dashboard_id`, `creation_method` and `created_by`), as the BI server's web client sends them.
 */
export function attachedReportsQuery({ creationMethod, resourceId, userId }: AttachedReportsArgs): ListQuery {
  return {
    filters: [
      { col: creationMethod === 'charts' ? 'chart_id' : 'dashboard_id', opr: 'eq', value: resourceId },
      { col: 'creation_method', opr: 'eq', value: creationMethod },
      { col: 'created_by', opr: 'rel_o_m', value: userId },
    ],
  };
}

/**
 * Alerts and reports (spec section 7 "Reports"; issue 14 part 5). What the page headers show is
 * also filed in the reports slice (reportsSlice.ts), which listens to these endpoints.
 */
export const reportApi = api.enhanceEndpoints({ addTagTypes: ['Report', 'ReportLog'] }).injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<ListReply<ReportListItem>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: (reply) => [
        { type: 'Report', id: 'LIST' },
        ...(reply?.result ?? []).map((r) => ({ type: 'Report' as const, id: r.id })),
      ],
    }),
    attachedReports: build.query<ListReply<ReportListItem>, AttachedReportsArgs>({
      query: (args) => ({ url: `${BASE}/`, q: attachedReportsQuery(args) }),
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    getReport: build.query<ReportDetail, number>({
      query: (id) => ({ url: `${BASE}/${id}` }),
      transformResponse: (reply: ItemReply<ReportDetail>) => reply.result,
      providesTags: (_reply, _error, id) => [{ type: 'Report', id }],
    }),
    createReport: build.mutation<ItemReply<unknown>, ReportCreate>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    /** The modal's full body. */
    updateReport: build.mutation<ItemReply<unknown>, ReportUpdateArgs>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Report', id },
        { type: 'Report', id: 'LIST' },
      ],
    }),
    /** Activate or deactivate: `PUT {active}` alone. */
    setReportActive: build.mutation<ItemReply<unknown>, ReportActiveArgs>({
      query: ({ id, active }) => ({ url: `${BASE}/${id}`, method: 'PUT', body: { active } satisfies ReportPut }),
      invalidatesTags: (_reply, _error, { id }) => [
        { type: 'Report', id },
        { type: 'Report', id: 'LIST' },
      ],
    }),
    deleteReport: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, id) => [
        { type: 'Report', id },
        { type: 'Report', id: 'LIST' },
      ],
    }),
    /** All or nothing: `DELETE /api/v1/report/?q=!(1,2)`. */
    bulkDeleteReports: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: (_reply, _error, ids) => [{ type: 'Report', id: 'LIST' }, ...ids.map((id) => ({ type: 'Report' as const, id }))],
    }),
    /** One page of a report's runs, the latest schedule slot first. */
    reportLogs: build.query<ListReply<ReportExecutionLog>, ReportLogArgs>({
      query: ({ id, page, pageSize }) => ({
        url: `${BASE}/${id}/log/`,
        q: { order_column: 'scheduled_dttm', order_direction: 'desc', page, page_size: pageSize },
      }),
      providesTags: (_reply, _error, { id }) => [{ type: 'ReportLog', id }],
    }),
    /** Users offered as owners and by the list's owner filters: `GET /api/v1/report/related/owners?q=(filter:…)`. */
    reportRelatedOwners: build.query<RelatedUser[], string>({
      query: (filter) => ({ url: `${BASE}/related/owners`, q: { filter, page: 0, page_size: 100 } }),
      transformResponse: (reply: { result: RelatedUser[] }) => reply.result,
    }),
  }),
});

export const {
  useListReportsQuery,
  useAttachedReportsQuery,
  useGetReportQuery,
  useCreateReportMutation,
  useUpdateReportMutation,
  useSetReportActiveMutation,
  useDeleteReportMutation,
  useBulkDeleteReportsMutation,
  useReportLogsQuery,
  useReportRelatedOwnersQuery,
} = reportApi;
