/**
 * The filter config modal's save (spec section 7 "PUT /api/v1/dashboard/{id}/filters: filter
 * changes; response result"): the changes go, the dashboard's whole filter list comes back.
 */
import type { FilterChanges, FilterConfigItem } from '@rama/shared';
import { api } from '../../../core/api';

export const filtersConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateDashboardFilters: build.mutation<FilterConfigItem[], { id: number; changes: FilterChanges }>({
      query: ({ id, changes }) => ({ url: `/api/v1/dashboard/${id}/filters`, method: 'PUT', body: changes }),
      transformResponse: (reply: { result: FilterConfigItem[] }) => reply.result,
    }),
  }),
});

export const { useUpdateDashboardFiltersMutation } = filtersConfigApi;
