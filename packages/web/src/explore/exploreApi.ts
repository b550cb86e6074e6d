/**
 * Explore's server calls: the bootstrap (GET /api/v1/explore/), unsaved form data per browser tab,
 * permalinks (RTK Query endpoints), and the chart data calls, which are plain functions: their
 * replies are large, never shared between components, and must be stoppable (AbortSignal).
 */
import { withHavingFiltersAsSql } from './controls/filters';
import {
  getClientError,
  getVizDefinition,
  isAsyncJobMetadata,
  type BuildQueryOptions,
  type ChartDataQueryResult,
  type ExploreBootstrap,
  type ExploreDatasource,
  type ExploreFormDataPayload,
  type ExplorePermalinkPayload,
  type QueryContext,
  type QueryFormData,
} from '@rama/shared';
import { api, request, requestWithStatus, RequestFailure } from '../core/api';
import { waitForAsyncData } from '../core/asyncEvents';
import { unexpectedStatusText } from './messages';
import { t } from '../i18n';
import { unknownVizTypeText } from '../visualizations/messages';

/** Which state the bootstrap starts from: a saved chart, a dataset, unsaved edits or a permalink. */
export type ExploreParams =
  | { slice_id: number; form_data_key?: string }
  | { datasource_id: number; datasource_type: string; viz_type?: string; form_data_key?: string }
  | { form_data_key: string; slice_id?: number }
  | { permalink_key: string };

export interface FormDataArgs {
  tabId: number;
  payload: ExploreFormDataPayload;
}

export interface FormDataUpdateArgs extends FormDataArgs {
  key: string;
}

export const exploreApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExplore: build.query<ExploreBootstrap, ExploreParams>({
      query: (params) => ({ url: '/api/v1/explore/', params: { ...params } }),
      transformResponse: (reply: { result: ExploreBootstrap }) => reply.result,
      // each visit starts from the server's state, never from an older visit's
      keepUnusedDataFor: 0,
    }),
    postFormData: build.mutation<{ key: string }, FormDataArgs>({
      query: ({ tabId, payload }) => ({ url: '/api/v1/explore/form_data', method: 'POST', params: { tab_id: tabId }, body: payload }),
    }),
    /** The reply may name a new key (the BI server answers one when the key belonged to another tab). */
    putFormData: build.mutation<{ key?: string; message?: string }, FormDataUpdateArgs>({
      query: ({ key, tabId, payload }) => ({
        url: `/api/v1/explore/form_data/${encodeURIComponent(key)}`,
        method: 'PUT',
        params: { tab_id: tabId },
        body: payload,
      }),
    }),
    createExplorePermalink: build.mutation<{ key: string; url: string }, ExplorePermalinkPayload>({
      query: (body) => ({ url: '/api/v1/explore/permalink', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetExploreQuery,
  useLazyGetExploreQuery,
  usePostFormDataMutation,
  usePutFormDataMutation,
  useCreateExplorePermalinkMutation,
} = exploreApi;

/**
 * Form data → the query context its viz type's buildQuery makes: what Explore runs, and what a
 * dashboard runs for a chart saved without one. Throws 'Unknown visualization type: …' (for a
 * retired legacy type: "This chart type was retired; here is the closest: …").
 */
export function buildQueryContext(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const def = getVizDefinition(formData.viz_type);
  if (!def) throw new Error(unknownVizTypeText(formData.viz_type));
  // a Simple filter on a metric (clause HAVING) is queried as its SQL condition
  const queried = withHavingFiltersAsSql(formData);
  const built = def.buildQuery(queried, options);
  // the query context keeps the form data as the user wrote it
  if (queried === formData || !built.form_data) return built;
  return { ...built, form_data: { ...built.form_data, adhoc_filters: formData.adhoc_filters } };
}

export interface ChartDataReply {
  result: ChartDataQueryResult[];
}

export interface ChartDataOptions {
  signal?: AbortSignal;
  /** bypass the cache (`?force=true`, and `force` in the body) */
  force?: boolean;
  timeoutMs?: number;
  /** more query parameters (a dashboard sends `form_data={"slice_id":…}` and `dashboard_id`) */
  params?: Record<string, string | number>;
}

export interface PostChartDataOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  params?: Record<string, string | number | boolean>;
}

/**
 * POST /api/v1/chart/data, the one way the app asks for chart data (spec section 7 "Chart data"):
 * 200 is the result; 202 is an accepted async job, awaited through the async event channel (an
 * abort drops its listener); any other status is 'Received unexpected response status (...)'.
 */
export async function postChartData<T = ChartDataReply>(body: unknown, options: PostChartDataOptions = {}): Promise<T> {
  const { status, body: reply } = await requestWithStatus<unknown>({
    url: '/api/v1/chart/data',
    method: 'POST',
    body,
    params: options.params,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  if (status === 200) return reply as T;
  if (status === 202 && isAsyncJobMetadata(reply)) return waitForAsyncData<T>(reply, { signal: options.signal });
  throw new RequestFailure(getClientError({ kind: 'response', status, body: { message: unexpectedStatusText(status) } }));
}

/** A chart's query context → its data. An abort rejects with a DOMException named AbortError. */
export function fetchChartData(queryContext: QueryContext, options: ChartDataOptions = {}): Promise<ChartDataReply> {
  const body: QueryContext = options.force ? { ...queryContext, force: true } : queryContext;
  return postChartData<ChartDataReply>(body, {
    params: options.force || options.params ? { ...options.params, ...(options.force ? { force: true } : {}) } : undefined,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

/** The SQL a query context runs (result_type 'query'): one entry per query. */
export async function fetchChartQuery(queryContext: QueryContext, signal?: AbortSignal): Promise<{ query: string; language: string }[]> {
  const reply = await postChartData<{ result: { query: string; language: string }[] }>(
    { ...queryContext, result_type: 'query', result_format: 'json' },
    { signal },
  );
  return reply.result;
}

/** A saved chart's data as it was saved (annotation layers of type EVENT / INTERVAL read these). */
export function fetchSavedChartData(chartId: number, options: ChartDataOptions = {}): Promise<ChartDataReply> {
  return request<ChartDataReply>({
    url: `/api/v1/chart/${chartId}/data/`,
    params: options.force ? { force: true } : undefined,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

export interface SamplesPage extends ChartDataQueryResult {
  page: number;
  per_page: number;
  /** every row the dataset holds, when the server counted them */
  total_count?: number;
}

export interface SamplesOptions {
  page?: number;
  perPage?: number;
  force?: boolean;
  signal?: AbortSignal;
}

/** POST /datasource/samples: a page of the dataset's rows as they are. */
export async function fetchSamples(datasourceId: number, options: SamplesOptions = {}): Promise<SamplesPage> {
  const reply = await request<{ result: SamplesPage }>({
    url: '/datasource/samples',
    method: 'POST',
    params: {
      datasource_type: 'table',
      datasource_id: datasourceId,
      per_page: options.perPage ?? 100,
      page: options.page ?? 1,
      force: options.force ? 'true' : undefined,
    },
    body: {},
    signal: options.signal,
  });
  return reply.result;
}

/** A dataset as Explore reads it (columns, metrics, time grains), fresh from the server. */
export async function fetchExploreDatasource(datasetId: number): Promise<ExploreDatasource> {
  const reply = await request<{ result: ExploreBootstrap }>({
    url: '/api/v1/explore/',
    params: { datasource_id: datasetId, datasource_type: 'table' },
  });
  if (!reply.result.dataset) throw new Error(reply.result.message ?? t('explore:message.datasetUnreadable'));
  return reply.result.dataset;
}
