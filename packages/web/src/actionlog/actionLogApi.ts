import type { ListQuery, ListReply, LogRecord } from '@rama/shared';
import { api } from '../core/api';

export const actionLogApi = api.enhanceEndpoints({ addTagTypes: ['ActionLog'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/v1/log/`: the event log, admins only. */
    listActionLog: build.query<ListReply<LogRecord>, ListQuery>({
      query: (q) => ({ url: '/api/v1/log/', q }),
      providesTags: [{ type: 'ActionLog', id: 'LIST' }],
    }),
  }),
});

export const { useListActionLogQuery } = actionLogApi;
