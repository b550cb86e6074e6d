import type { ItemReply, ListQuery, ListReply, UserRef } from '@rama/shared';
import { api } from '../core/api';

const BASE = '/api/v1/annotation_layer';

export interface AnnotationLayerRecord {
  id: number;
  name: string;
  descr: string | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

export interface AnnotationLayerWrite {
  name: string;
  descr: string | null;
}

export interface AnnotationRecord {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
}

export interface AnnotationWrite {
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['AnnotationLayer', 'Annotation'] });
const LAYERS = { type: 'AnnotationLayer' as const, id: 'LIST' };
const annotationsOf = (layerId: number) => ({ type: 'Annotation' as const, id: layerId });

/** The BI server's native annotation API: layers, and each layer's annotations. */
export const annotationApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    listAnnotationLayers: build.query<ListReply<AnnotationLayerRecord>, ListQuery>({
      query: (q) => ({ url: `${BASE}/`, q }),
      providesTags: [LAYERS],
    }),
    getAnnotationLayer: build.query<ItemReply<{ id: number; name: string; descr: string | null }>, number>({
      query: (id) => ({ url: `${BASE}/${id}` }),
      providesTags: [LAYERS],
    }),
    createAnnotationLayer: build.mutation<{ id: number }, AnnotationLayerWrite>({
      query: (body) => ({ url: `${BASE}/`, method: 'POST', body }),
      invalidatesTags: [LAYERS],
    }),
    updateAnnotationLayer: build.mutation<{ id: number }, { id: number; body: AnnotationLayerWrite }>({
      query: ({ id, body }) => ({ url: `${BASE}/${id}`, method: 'PUT', body }),
      invalidatesTags: [LAYERS],
    }),
    deleteAnnotationLayer: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/${id}`, method: 'DELETE' }),
      invalidatesTags: [LAYERS],
    }),
    bulkDeleteAnnotationLayers: build.mutation<{ message: string }, number[]>({
      query: (ids) => ({ url: `${BASE}/`, method: 'DELETE', q: ids }),
      invalidatesTags: [LAYERS],
    }),
    listAnnotations: build.query<ListReply<AnnotationRecord>, { layerId: number; q: ListQuery }>({
      query: ({ layerId, q }) => ({ url: `${BASE}/${layerId}/annotation/`, q }),
      providesTags: (_r, _e, { layerId }) => [annotationsOf(layerId)],
    }),
    createAnnotation: build.mutation<{ id: number }, { layerId: number; body: AnnotationWrite }>({
      query: ({ layerId, body }) => ({ url: `${BASE}/${layerId}/annotation/`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { layerId }) => [annotationsOf(layerId)],
    }),
    updateAnnotation: build.mutation<{ id: number }, { layerId: number; id: number; body: AnnotationWrite }>({
      query: ({ layerId, id, body }) => ({ url: `${BASE}/${layerId}/annotation/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { layerId }) => [annotationsOf(layerId)],
    }),
    deleteAnnotations: build.mutation<{ message: string }, { layerId: number; ids: number[] }>({
      query: ({ layerId, ids }) => ({ url: `${BASE}/${layerId}/annotation/`, method: 'DELETE', q: ids }),
      invalidatesTags: (_r, _e, { layerId }) => [annotationsOf(layerId)],
    }),
  }),
});

export const {
  useListAnnotationLayersQuery,
  useGetAnnotationLayerQuery,
  useCreateAnnotationLayerMutation,
  useUpdateAnnotationLayerMutation,
  useDeleteAnnotationLayerMutation,
  useBulkDeleteAnnotationLayersMutation,
  useListAnnotationsQuery,
  useCreateAnnotationMutation,
  useUpdateAnnotationMutation,
  useDeleteAnnotationsMutation,
} = annotationApi;
