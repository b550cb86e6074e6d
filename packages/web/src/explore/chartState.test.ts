import { describe, expect, it } from 'vitest';
import type { ChartDataQueryResult, ClientError } from '@rama/shared';
import { annotationFailure, chartReducer, initialChartState, withAnnotationData, type ChartState } from './chartState';
import { reply } from '../visualizations/testReplies';

const result = (over: Partial<ChartDataQueryResult> = {}) => reply([{ a: 1 }], ['a'], [0], { query: 'SELECT 1', ...over });

const run = (...events: Parameters<typeof chartReducer>[1][]): ChartState => events.reduce(chartReducer, initialChartState);

describe('chart status (spec section 4 "Chart status")', () => {
  it('is loading when an update starts, and the old alert goes', () => {
    const failed = run({ type: 'updateFailed', message: 'boom', at: 1 });
    const s = chartReducer(failed, { type: 'updateStarted', at: 2 });
    expect(s.chartStatus).toBe('loading');
    expect(s.chartAlert).toBeNull();
  });
  it('is success when an update succeeds, with the results kept', () => {
    const s = run({ type: 'updateStarted', at: 1 }, { type: 'updateSucceeded', queriesResponse: [result()], at: 2 });
    expect(s.chartStatus).toBe('success');
    expect(s.queriesResponse?.[0].rowcount).toBe(1);
  });
  it('is failed when a query of the reply failed, showing its message', () => {
    const s = run(
      { type: 'updateStarted', at: 1 },
      { type: 'updateSucceeded', queriesResponse: [result({ status: 'failed', error: 'no such column: x' })], at: 2 },
    );
    expect(s.chartStatus).toBe('failed');
    expect(s.chartAlert).toBe('no such column: x');
  });
  it('is failed when an update fails, with the server message', () => {
    const s = run(
      { type: 'updateStarted', at: 1 },
      { type: 'updateFailed', message: 'Received unexpected response status (202) while fetching chart data', at: 2 },
    );
    expect(s.chartStatus).toBe('failed');
    expect(s.chartAlert).toBe('Received unexpected response status (202) while fetching chart data');
  });
  it("is stopped when the user stops, with 'Updating chart was stopped'", () => {
    const s = run({ type: 'updateStarted', at: 1 }, { type: 'updateStopped', at: 2 });
    expect(s.chartStatus).toBe('stopped');
    expect(s.chartAlert).toBe('Updating chart was stopped');
  });
  it('leaves no trace for a silent abort', () => {
    const loading = run({ type: 'updateStarted', at: 1 });
    expect(chartReducer(loading, { type: 'updateAborted' })).toBe(loading);
  });
  it('is rendered when rendering succeeds, and failed with the render message when it fails', () => {
    const ok = run({ type: 'updateSucceeded', queriesResponse: [result()], at: 1 }, { type: 'renderSucceeded' });
    expect(ok.chartStatus).toBe('rendered');
    const bad = chartReducer(ok, { type: 'renderFailed', message: 'x is undefined' });
    expect(bad.chartStatus).toBe('failed');
    expect(bad.chartAlert).toBe('An error occurred while rendering the visualization: x is undefined');
  });
  it('a render report of an older draw does not turn a loading chart into rendered', () => {
    const loading = run({ type: 'updateStarted', at: 1 });
    expect(chartReducer(loading, { type: 'renderSucceeded' }).chartStatus).toBe('loading');
  });
  it('a dataset reload clears failed charts that carry a stack trace', () => {
    const withTrace = run({ type: 'updateFailed', message: 'Unexpected error', stackTrace: 'Traceback …', at: 1 });
    const s = chartReducer(withTrace, { type: 'datasourceReloaded' });
    expect(s.chartStackTrace).toBeNull();
    const noTrace = run({ type: 'updateFailed', message: 'boom', at: 1 });
    expect(chartReducer(noTrace, { type: 'datasourceReloaded' })).toBe(noTrace);
  });
});

describe('annotation queries (spec section 4 "Annotation query")', () => {
  it('success stores the data and clears the error', () => {
    const s = run(
      { type: 'annotationStarted', name: 'Releases', requestId: 'a' },
      { type: 'annotationFailed', name: 'Releases', requestId: 'a', message: 'Network error.' },
      { type: 'annotationStarted', name: 'Releases', requestId: 'b' },
      { type: 'annotationSucceeded', name: 'Releases', requestId: 'b', data: [{ x: 1 }] },
    );
    expect(s.annotationData.Releases).toEqual([{ x: 1 }]);
    expect(s.annotationError.Releases).toBeUndefined();
    expect(s.annotationQuery.Releases).toBeUndefined();
  });
  it('a newer start for the same annotation wins over the older one', () => {
    const s = run(
      { type: 'annotationStarted', name: 'L', requestId: 'old' },
      { type: 'annotationStarted', name: 'L', requestId: 'new' },
      { type: 'annotationSucceeded', name: 'L', requestId: 'old', data: [{ stale: true }] },
    );
    expect(s.annotationData.L).toBeUndefined();
    expect(s.annotationQuery.L).toBe('new');
  });
  it("failure records 'Network error.' without a response and 'Query timeout' on a timeout", () => {
    const err = (over: Partial<ClientError>): ClientError => ({
      message: 'x',
      status: 500,
      errorType: null,
      hints: [],
      fieldErrors: null,
      errors: [],
      ...over,
    });
    expect(annotationFailure(err({ status: null, message: 'Network error' }))).toBe('Network error.');
    expect(annotationFailure(err({ status: null, message: 'Request timed out' }))).toBe('Query timeout');
    expect(annotationFailure(err({ status: 500, message: 'Boom' }))).toBe('Boom');
    // "A 'no data' error counts as success"
    expect(annotationFailure(err({ status: 400, message: 'No data' }))).toBeNull();
  });
  it('passes annotation data to the renderer on the first query, keyed by layer name', () => {
    const out = withAnnotationData([result(), result()], { Releases: [{ x: 1 }] });
    expect(out?.[0].annotation_data).toEqual([{ Releases: [{ x: 1 }] }]);
    expect(out?.[1].annotation_data).toBeUndefined();
  });
  it("keeps the server's NATIVE layers' annotation data beside the saved-chart layers' data", () => {
    const fromServer = { ...result(), annotation_data: [{ Holidays: { records: [{ start_dttm: 1 }] } }] } as ReturnType<typeof result>;
    const out = withAnnotationData([fromServer], { Releases: [{ x: 1 }] });
    expect(out?.[0].annotation_data).toEqual([{ Holidays: { records: [{ start_dttm: 1 }] }, Releases: [{ x: 1 }] }]);
  });
});
