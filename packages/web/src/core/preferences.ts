import type { UserPreferences, UserPreferencesUpdate } from '@rama/shared';
import { api, unwrapResult } from './api';

export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<UserPreferences, void>({
      query: () => ({ url: '/api/v1/me/preferences/' }),
      transformResponse: unwrapResult<UserPreferences>,
    }),
    updatePreferences: build.mutation<UserPreferences, UserPreferencesUpdate>({
      query: (body) => ({ url: '/api/v1/me/preferences/', method: 'PUT', body }),
      transformResponse: unwrapResult<UserPreferences>,
      // the reply is the stored whole: it replaces the cached one without a second GET
      async onQueryStarted(update, { dispatch, queryFulfilled }) {
        const patch = dispatch(preferencesApi.util.updateQueryData('getPreferences', undefined, (draft) => ({ ...draft, ...update })));
        try {
          const { data } = await queryFulfilled;
          void dispatch(preferencesApi.util.upsertQueryData('getPreferences', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetPreferencesQuery, useUpdatePreferencesMutation } = preferencesApi;
