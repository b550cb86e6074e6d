/** Choices the dashboard dialogs offer: roles (with DASHBOARD_RBAC), as the BI server's `related/roles` answers them. */
import { api } from '../../core/api';

export interface RelatedOption {
  value: number;
  text: string;
}

export const dashboardDialogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/v1/dashboard/related/roles?q=(filter:…)` → `{count, result: [{value, text}]}` */
    dashboardRelatedRoles: build.query<RelatedOption[], string>({
      query: (filter) => ({ url: '/api/v1/dashboard/related/roles', q: { filter, page: 0, page_size: 100 } }),
      transformResponse: (reply: { result: RelatedOption[] }) => reply.result,
    }),
  }),
});

export const { useDashboardRelatedRolesQuery } = dashboardDialogsApi;
