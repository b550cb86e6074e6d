/**
 * Running the chart (issue 11 part 3): buildQuery → POST /api/v1/chart/data, stoppable; the
 * annotation layers' own queries beside it. One query runs at a time: a new run aborts the old one
 * silently, Stop aborts it with 'Updating chart was stopped' (the server cancels the query when the
 * request goes away).
 */
import { useCallback, useEffect, useRef } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { type ChartDataQueryResult, type QueryFormData } from '@rama/shared';
import { toClientError } from '../core/api';
import { useAppDispatch } from '../core/hooks';
import { chartErrorHints } from '@rama/shared';
import { annotationFailure } from './chartState';
import { buildQueryContext, fetchChartData } from './exploreApi';
import { exploreActions } from './exploreSlice';
import { useChartDataTimeoutMs } from './chartTimeout';
import { fetchAnnotationData, queriedAnnotationLayers } from './annotationLayers';
import { unexpectedStatusText } from './messages';

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** A reply without a result list is not chart data. */
export function resultsOf(reply: unknown): ChartDataQueryResult[] | null {
  const result = reply && typeof reply === 'object' ? (reply as { result?: unknown }).result : undefined;
  return Array.isArray(result) ? (result as ChartDataQueryResult[]) : null;
}

export interface RunOptions {
  force?: boolean;
  ownState?: Record<string, unknown>;
}

export interface ChartRunner {
  run(formData: QueryFormData, options?: RunOptions): void;
  stop(): void;
}

export function useChartRunner(): ChartRunner {
  const dispatch = useAppDispatch();
  // the server's chart time limit plus a few seconds (RAMA_WEBSERVER_TIMEOUT)
  const timeoutMs = useChartDataTimeoutMs();
  const current = useRef<{ controller: AbortController; stopped: boolean } | null>(null);
  const annotations = useRef(new Map<string, AbortController>());

  const runAnnotations = useCallback(
    (formData: QueryFormData, force: boolean) => {
      for (const layer of queriedAnnotationLayers(formData.annotation_layers)) {
        // "A new start aborts a running one for the same annotation"
        annotations.current.get(layer.name)?.abort();
        const controller = new AbortController();
        annotations.current.set(layer.name, controller);
        const requestId = nanoid();
        dispatch(exploreActions.chartEvent({ type: 'annotationStarted', name: layer.name, requestId }));
        // the layer's overrides take the main chart's time range, grain or shift
        fetchAnnotationData(layer, formData, { signal: controller.signal, force, timeoutMs })
          .then((data) => {
            dispatch(
              exploreActions.chartEvent({
                type: 'annotationSucceeded',
                name: layer.name,
                requestId,
                data: Object.freeze(data) as typeof data,
              }),
            );
          })
          .catch((e: unknown) => {
            if (isAbort(e)) return;
            const message = annotationFailure(toClientError(e));
            dispatch(
              exploreActions.chartEvent(
                message === null
                  ? { type: 'annotationSucceeded', name: layer.name, requestId, data: [] }
                  : { type: 'annotationFailed', name: layer.name, requestId, message },
              ),
            );
          })
          .finally(() => {
            if (annotations.current.get(layer.name) === controller) annotations.current.delete(layer.name);
          });
      }
    },
    [dispatch, timeoutMs],
  );

  const run = useCallback(
    (formData: QueryFormData, options: RunOptions = {}) => {
      current.current?.controller.abort();
      const job = { controller: new AbortController(), stopped: false };
      current.current = job;
      dispatch(exploreActions.queryStarted());
      let queryContext;
      try {
        queryContext = buildQueryContext(formData, { ownState: options.ownState });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        dispatch(exploreActions.chartEvent({ type: 'updateFailed', message, at: Date.now() }));
        return;
      }
      runAnnotations(formData, Boolean(options.force));
      fetchChartData(queryContext, { signal: job.controller.signal, force: options.force, timeoutMs })
        .then((reply) => {
          // the renderer measures rama:chart-render from here
          performance.mark('rama:chart-data');
          if (current.current !== job) return;
          const results = resultsOf(reply);
          if (!results) {
            // a 200 without a result list (an async job's 202 is awaited by fetchChartData)
            dispatch(
              exploreActions.chartEvent({
                type: 'updateFailed',
                message: unexpectedStatusText(200),
                at: Date.now(),
              }),
            );
            return;
          }
          // frozen up front, so the store does not walk every row to freeze it
          dispatch(exploreActions.querySucceeded(formData, Object.freeze(results) as ChartDataQueryResult[]));
        })
        .catch((e: unknown) => {
          if (isAbort(e)) {
            dispatch(exploreActions.chartEvent(job.stopped ? { type: 'updateStopped', at: Date.now() } : { type: 'updateAborted' }));
            return;
          }
          if (current.current !== job) return;
          const error = toClientError(e);
          const stackTrace = error.errors.find((x) => typeof x.extra.stacktrace === 'string')?.extra.stacktrace as string | undefined;
          dispatch(
            exploreActions.chartEvent({
              type: 'updateFailed',
              message: error.message,
              hints: chartErrorHints(error),
              stackTrace: stackTrace ?? null,
              at: Date.now(),
            }),
          );
        })
        .finally(() => {
          if (current.current === job) current.current = null;
        });
    },
    [dispatch, runAnnotations, timeoutMs],
  );

  const stop = useCallback(() => {
    const job = current.current;
    if (!job) return;
    job.stopped = true;
    job.controller.abort();
  }, []);

  // leaving the page stops whatever still runs
  useEffect(
    () => () => {
      current.current?.controller.abort();
      for (const controller of annotations.current.values()) controller.abort();
    },
    [],
  );

  return { run, stop };
}
