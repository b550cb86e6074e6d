import {
  deletedListPath,
  deletedRestorePath,
  versionPath,
  versionRestorePath,
  versionsPath,
  type DeletedList,
  type RestorableDeletedType,
  type VersionDetail,
  type VersionList,
  type VersionRestored,
  type VersionedType,
} from '@rama/shared';
import { api } from '../core/api';

type Ref = { type: VersionedType; id: number };
const tag = ({ type, id }: Ref) => ({ type: 'Version' as const, id: `${type}-${id}` });

/** Version history (issue 30 item 1): list, one version, restore; admins' "Recently deleted". */
export const versionApi = api.enhanceEndpoints({ addTagTypes: ['Version', 'Deleted'] }).injectEndpoints({
  endpoints: (build) => ({
    listVersions: build.query<VersionList, Ref & { page?: number; pageSize?: number }>({
      query: ({ type, id, page = 0, pageSize = 100 }) => ({ url: versionsPath(type, id), q: { page, page_size: pageSize } }),
      providesTags: (_r, _e, ref) => [tag(ref)],
    }),
    getVersion: build.query<VersionDetail, Ref & { version: number }>({
      query: ({ type, id, version }) => ({ url: versionPath(type, id, version) }),
      transformResponse: (reply: { result: VersionDetail }) => reply.result,
    }),
    restoreVersion: build.mutation<VersionRestored, Ref & { version: number }>({
      query: ({ type, id, version }) => ({ url: versionRestorePath(type, id, version), method: 'POST', body: {} }),
      transformResponse: (reply: { result: VersionRestored }) => reply.result,
      invalidatesTags: (_r, _e, ref) => [tag(ref)],
    }),
    listDeleted: build.query<DeletedList, { type: RestorableDeletedType; page: number; pageSize: number }>({
      query: ({ type, page, pageSize }) => ({ url: deletedListPath(type), q: { page, page_size: pageSize } }),
      providesTags: ['Deleted'],
    }),
    restoreDeleted: build.mutation<VersionRestored, { type: RestorableDeletedType; id: number }>({
      query: ({ type, id }) => ({ url: deletedRestorePath(type, id), method: 'POST', body: {} }),
      transformResponse: (reply: { result: VersionRestored }) => reply.result,
      invalidatesTags: ['Deleted'],
    }),
  }),
});

export const { useListVersionsQuery, useGetVersionQuery, useRestoreVersionMutation, useListDeletedQuery, useRestoreDeletedMutation } =
  versionApi;
