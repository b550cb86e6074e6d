/**
 * The chart's state and its transitions (spec section 3 "Chart state", section 4 "Chart status"
 * and "Annotation query"), as a pure reducer over events so every rule is unit-tested.
 */
import { type ChartDataQueryResult, type ChartStatus, type ClientError } from '@rama/shared';
import { ExploreMessage } from './messages';
import { t } from '../i18n';

export interface ChartState {
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  /** lines under the alert: the issue hints of a timeout ('Issue 1000 - …', 'Issue 1001 - …') */
  chartAlertHints: string[];
  chartStackTrace: string | null;
  queriesResponse: ChartDataQueryResult[] | null;
  /** keyed by annotation layer name: the rows of the annotation chart's first query */
  annotationData: Record<string, AnnotationRows>;
  annotationError: Record<string, string>;
  /** the request id running per annotation layer (a newer start replaces it) */
  annotationQuery: Record<string, string>;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
}

export type AnnotationRows = Record<string, unknown>[];

export const initialChartState: ChartState = {
  chartStatus: null,
  chartAlert: null,
  chartAlertHints: [],
  chartStackTrace: null,
  queriesResponse: null,
  annotationData: {},
  annotationError: {},
  annotationQuery: {},
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
};

export type ChartEvent =
  | { type: 'updateStarted'; at: number }
  | { type: 'updateSucceeded'; queriesResponse: ChartDataQueryResult[]; at: number }
  | {
      type: 'updateFailed';
      message: string;
      /** lines shown under the message (chartErrorHints) */
      hints?: string[];
      stackTrace?: string | null;
      queriesResponse?: ChartDataQueryResult[] | null;
      at: number;
    }
  | { type: 'updateStopped'; at: number }
  /** a fetch aborted because a newer one replaced it: no trace in the state */
  | { type: 'updateAborted' }
  | { type: 'renderSucceeded' }
  | { type: 'renderFailed'; message: string }
  | { type: 'datasourceReloaded' }
  | { type: 'annotationStarted'; name: string; requestId: string }
  | { type: 'annotationSucceeded'; name: string; requestId: string; data: AnnotationRows }
  | { type: 'annotationFailed'; name: string; requestId: string; message: string }
  | { type: 'reset' };

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/** The first failed query's error, when the reply carries one. */
export function failedQueryMessage(results: ChartDataQueryResult[]): string | null {
  const failed = results.find((r) => r.status === 'failed' || (r.error !== null && r.error !== undefined && r.error !== ''));
  if (!failed) return null;
  return failed.errors?.[0]?.message ?? failed.error ?? ExploreMessage.GENERIC;
}

export function chartReducer(state: ChartState, event: ChartEvent): ChartState {
  switch (event.type) {
    // "loading when an update starts"
    case 'updateStarted':
      return {
        ...state,
        chartStatus: 'loading',
        chartAlert: null,
        chartAlertHints: [],
        chartStackTrace: null,
        chartUpdateStartTime: event.at,
        chartUpdateEndTime: null,
      };
    // "success when an update succeeds"
    case 'updateSucceeded': {
      const message = failedQueryMessage(event.queriesResponse);
      if (message !== null)
        return {
          ...state,
          chartStatus: 'failed',
          chartAlert: message,
          chartAlertHints: [],
          queriesResponse: event.queriesResponse,
          chartUpdateEndTime: event.at,
        };
      return {
        ...state,
        chartStatus: 'success',
        chartAlert: null,
        chartAlertHints: [],
        queriesResponse: event.queriesResponse,
        chartUpdateEndTime: event.at,
      };
    }
    // "failed when an update ... fails"
    case 'updateFailed':
      return {
        ...state,
        chartStatus: 'failed',
        chartAlert: event.message,
        chartAlertHints: event.hints ?? [],
        chartStackTrace: event.stackTrace ?? null,
        queriesResponse: event.queriesResponse ?? state.queriesResponse,
        chartUpdateEndTime: event.at,
      };
    // "stopped when the user stops the update; alert text 'Updating chart was stopped'"
    case 'updateStopped':
      return { ...state, chartStatus: 'stopped', chartAlert: ExploreMessage.STOPPED, chartAlertHints: [], chartUpdateEndTime: event.at };
    // "An abort is silent"
    case 'updateAborted':
      return state;
    // "rendered when rendering succeeds"
    case 'renderSucceeded':
      return state.chartStatus === 'success' ? { ...state, chartStatus: 'rendered' } : state;
    // "failed when ... a render fails"
    case 'renderFailed':
      return {
        ...state,
        chartStatus: 'failed',
        chartAlert: t('explore:message.renderFailed', { error: event.message }),
        chartAlertHints: [],
      };
    // "A dataset reload clears failed charts that carry a stack trace"
    case 'datasourceReloaded':
      return state.chartStatus === 'failed' && state.chartStackTrace
        ? { ...state, chartStackTrace: null, chartAlert: null, chartAlertHints: [] }
        : state;
    // "A new start aborts a running one for the same annotation" (the runner aborts its fetch)
    case 'annotationStarted':
      return { ...state, annotationQuery: { ...state.annotationQuery, [event.name]: event.requestId } };
    // "Success stores the data and clears the error"
    case 'annotationSucceeded':
      if (state.annotationQuery[event.name] !== event.requestId) return state;
      return {
        ...state,
        annotationData: { ...state.annotationData, [event.name]: event.data },
        annotationError: without(state.annotationError, event.name),
        annotationQuery: without(state.annotationQuery, event.name),
      };
    // "Failure stores the error"
    case 'annotationFailed':
      if (state.annotationQuery[event.name] !== event.requestId) return state;
      return {
        ...state,
        annotationData: without(state.annotationData, event.name),
        annotationError: { ...state.annotationError, [event.name]: event.message },
        annotationQuery: without(state.annotationQuery, event.name),
      };
    case 'reset':
      return initialChartState;
  }
}

const NO_DATA = /no data/i;

/**
 * How an annotation query's failure is recorded: 'Network error.' without a response, 'Query
 * timeout' on a timeout, else the server's message; null when it counts as success ('no data').
 */
export function annotationFailure(error: ClientError): string | null {
  if (NO_DATA.test(error.message)) return null;
  if (error.status === null)
    return error.message === 'Request timed out' ? ExploreMessage.ANNOTATION_TIMEOUT : ExploreMessage.ANNOTATION_NETWORK;
  if (error.status === 504 || error.status === 408) return ExploreMessage.ANNOTATION_TIMEOUT;
  return error.message;
}

/** The results the renderer draws: annotation data keyed by layer name rides on the first query. */
export function withAnnotationData(
  results: ChartDataQueryResult[] | null,
  annotationData: Record<string, AnnotationRows>,
): ChartDataQueryResult[] | null {
  if (!results || results.length === 0) return results;
  const names = Object.keys(annotationData);
  if (names.length === 0) return results;
  // the BI server's shape: annotation_data is one object keyed by layer name (typed as a list of such objects)
  const byName: Record<string, unknown> = {};
  for (const name of names) byName[name] = annotationData[name];
  const [first, ...rest] = results;
  // the server's own annotation data (NATIVE layers) stays beside the saved-chart layers' data
  const server = first.annotation_data as unknown;
  const fromServer: Record<string, unknown> = Array.isArray(server)
    ? Object.assign({}, ...(server as Record<string, unknown>[]))
    : server && typeof server === 'object'
      ? (server as Record<string, unknown>)
      : {};
  return [{ ...first, annotation_data: [{ ...fromServer, ...byName }] }, ...rest];
}
