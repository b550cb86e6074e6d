import type { ListQuery, ListReply, TagRef, UserRef } from '@rama/shared';
import { api } from '../core/api';
import { TAG_OBJECT_TYPES, type TagObjectType, type TaggedObject } from './tagRules';

const BASE = '/api/v1/tag';

export interface TagRecord extends TagRef {
  description: string | null;
  changed_by: UserRef | null;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  created_on_delta_humanized: string;
}

/** The list tag each tagged object type's lists provide (their replies carry `tags`). */
const LIST_TAGS = { chart: 'Chart', dashboard: 'Dashboard', dataset: 'Dataset', query: 'SavedQuery' } as const;

const tagged = api.enhanceEndpoints({ addTagTypes: ['Tag', 'Chart', 'Dashboard', 'Dataset', 'SavedQuery'] });
const TAGS = { type: 'Tag' as const, id: 'LIST' };
const objectTags = (type: TagObjectType, id: number) => [TAGS, { type: LIST_TAGS[type], id: 'LIST' }, { type: LIST_TAGS[type], id }];

/** The peer's tag API (TAGGING_SYSTEM): custom tags and the objects they are on. */
export const tagApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listTags: build.query<ListReply<TagRecord>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: [TAGS],
    }),
    taggedObjects: build.query<TaggedObject[], { tagIds: number[] }>({
      query: ({ tagIds }) => ({ url: `${BASE}/get_objects/?tagIds=${tagIds.join(',')}` }),
      transformResponse: (reply: { result: TaggedObject[] }) => reply.result,
      providesTags: [TAGS],
    }),
    /** The custom tags of a dashboard (its page state does not carry them). */
    dashboardTags: build.query<TagRef[], number>({
      query: (id) => ({ url: `/api/v1/dashboard/${id}` }),
      transformResponse: (reply: { result: { tags: TagRef[] } }) => reply.result.tags,
      providesTags: (_r, _e, id) => [TAGS, { type: 'Dashboard', id }],
    }),
    tagObject: build.mutation<{ result: TagRef[] }, { type: TagObjectType; id: number; names: string[] }>({
      query: ({ type, id, names }) => ({
        url: `${BASE}/${TAG_OBJECT_TYPES[type]}/${id}/`,
        method: 'POST',
        body: { properties: { tags: names } },
      }),
      invalidatesTags: (_r, _e, { type, id }) => objectTags(type, id),
    }),
    untagObject: build.mutation<{ message: string }, { type: TagObjectType; id: number; name: string }>({
      query: ({ type, id, name }) => ({ url: `${BASE}/${TAG_OBJECT_TYPES[type]}/${id}/${encodeURIComponent(name)}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { type, id }) => objectTags(type, id),
    }),
    deleteTag: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAGS, ...Object.values(LIST_TAGS).map((type) => ({ type, id: 'LIST' as const }))],
    }),
  }),
});

export const {
  useDashboardTagsQuery,
  useListTagsQuery,
  useTaggedObjectsQuery,
  useTagObjectMutation,
  useUntagObjectMutation,
  useDeleteTagMutation,
} = tagApi;
